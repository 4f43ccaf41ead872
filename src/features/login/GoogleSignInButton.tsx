// "Continue with Google" on the sign-in screen, shown only when the server has Google sign-in configured.
// Plain elements like the rest of /login (no antd there).
import { t } from '../../i18n/texts';
import { useGoogleSignInStatusQuery } from '../session/authApi';
import { startGoogleSignIn } from './googleSignIn';

export function GoogleSignInButton() {
  const { data } = useGoogleSignInStatusQuery();
  if (!data?.enabled) return null;
  return (
    <button type="button" className="sw-button sw-login__google" onClick={startGoogleSignIn}>
      <span aria-hidden="true" className="sw-login__google-mark">G</span>
      {t('login.google.button')}
    </button>
  );
}
