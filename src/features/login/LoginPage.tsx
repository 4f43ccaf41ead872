// The sign-in screen: form, lockout countdown, and the preview image on wide screens.
// Plain elements in the antd theme's look (login-form.css), not antd: /login must load at most
// 180 KiB of JavaScript (gzip), and antd's Form, Input and Button alone weigh 96 KiB on top of React's 67.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { APP_NAME, ROUTES } from '../../constants';
import type { GoogleSignInError } from '../../api/contract/auth';
import type { SessionEndCause } from '../../api/apiSlice';
import type { MessageId } from '../../i18n/catalogue';
import { t } from '../../i18n/texts';
import { decodeToken, isTokenValid } from '../../lib/token';
import { selectSessionEndedBecause, selectToken, tokenSaved } from '../session/sessionSlice';
import { GoogleSignInButton } from './GoogleSignInButton';
import { readGoogleReturn, type GoogleReturn } from './googleSignIn';
import { ResendVerificationLink } from './ResendVerificationLink';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BrandLogo } from '../layout/BrandMark';
import { selectLockoutSecondsLeft, selectLoginFailure, selectLoginStatus } from './loginFormSlice';
import { redirectToDashboard, submitLogin } from './loginFlow';
import './login.css';
import './login-form.css';

const FAILURE_TEXT = {
  invalidCredentials: 'login.invalidCredentials',
  tooManyAttempts: 'login.tooManyAttempts',
  unexpected: 'login.unexpectedFailure',
} as const satisfies Record<string, MessageId>;

/** Why Google sent the owner back without a session (the server's `#google-error=`). */
const GOOGLE_ERROR_TEXT = {
  cancelled: 'login.google.cancelled',
  'unverified-email': 'login.google.unverifiedEmail',
  failed: 'login.google.failed',
} as const satisfies Record<GoogleSignInError, MessageId>;

/** Why the app ended a session the owner did not sign out of. */
const SESSION_ENDED_TEXT = {
  expired: 'login.sessionEnded.expired',
  'signed-out': 'login.sessionEnded.signedOut',
  'password-changed': 'login.sessionEnded.passwordChanged',
  'account-closed': 'login.sessionEnded.accountClosed',
  unknown: 'login.sessionEnded.unknown',
} as const satisfies Record<SessionEndCause, MessageId>;

/** What the verification page hands over when it sends the owner here with a dead link. */
export interface LoginPageState {
  verificationLinkInvalid?: boolean;
}

/** Public so the illustration can be swapped without a rebuild; copied to the site root by webpack. */
const PREVIEW_IMAGE = '/login-preview.svg';

/** The eye of a password field's show/hide button (antd's EyeOutlined / EyeInvisibleOutlined shapes). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9z" fill="currentColor" />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : null}
    </svg>
  );
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectLoginStatus);
  const failure = useAppSelector(selectLoginFailure);
  const secondsLeft = useAppSelector(selectLockoutSecondsLeft);
  const [passwordShown, setPasswordShown] = useState(false);
  const endedBecause = useAppSelector(selectSessionEndedBecause);
  const location = useLocation();
  const arrivedWithDeadLink = (location.state as LoginPageState | null)?.verificationLinkInvalid === true;
  const [googleReturn] = useState<GoogleReturn>(() => readGoogleReturn(location.hash));
  const googleSession = googleReturn && 'session' in googleReturn ? googleReturn.session : null;
  const googleError = googleReturn && 'error' in googleReturn ? googleReturn.error : null;

  // Back from Google: keep the session and open the dashboard as a password sign-in does (a full redirect); the
  // fragment leaves the address bar and the history entry at once.
  useEffect(() => {
    if (googleReturn === null) return;
    window.history.replaceState(window.history.state, '', ROUTES.login);
    const vendorId = googleSession ? decodeToken(googleSession)?.sub : undefined;
    if (googleSession && vendorId) {
      dispatch(tokenSaved(googleSession));
      redirectToDashboard(vendorId);
    }
  }, [googleReturn, googleSession, dispatch]);
  const [typedEmail, setTypedEmail] = useState('');

  // Signed in in another tab of this browser (its new token reaches this one, sessionTabs.ts): this tab follows
  // to the dashboard, as it followed a Logout there to this screen. Its own sign-in redirects by itself.
  const token = useAppSelector(selectToken);
  const [tokenAtOpen] = useState(token);
  useEffect(() => {
    if (status !== 'idle' || googleSession !== null || token === null || token === tokenAtOpen || !isTokenValid(token)) return;
    const vendorId = decodeToken(token)?.sub;
    if (vendorId) navigate(ROUTES.dashboard(vendorId), { replace: true });
  }, [token, tokenAtOpen, status, googleSession, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Ignored while submitting or counting down (the button is disabled then, and Enter with it).
    if (status !== 'idle') return;
    const fields = new FormData(event.currentTarget);
    setTypedEmail(String(fields.get('username') ?? '').trim());
    // No client-side checks; the server decides.
    dispatch(submitLogin({ username: String(fields.get('username') ?? ''), password: String(fields.get('password') ?? '') }));
  };
  const busy = status === 'submitting' || status === 'succeeded';

  return (
    <div className="sw-login">
      <main className="sw-login__form-panel">
        <div className="sw-login__brand">
          <BrandLogo size={36} />
        </div>
        <div className="sw-login__form-wrap">
          <h1 className="sw-login__heading">{t('login.heading')}</h1>
          <span className="sw-login__subtitle">{t('login.subtitle')}</span>

          {endedBecause !== null && failure === null && (
            <div className="sw-login__alert sw-alert sw-alert--info" role="status">
              <span className="sw-alert__icon sw-alert__icon--info" aria-hidden="true">i</span>
              <span className="sw-alert__text">{t(SESSION_ENDED_TEXT[endedBecause])}</span>
            </div>
          )}

          {googleError !== null && failure === null && (
            <div className="sw-login__alert sw-alert sw-alert--error" role="alert">
              <span className="sw-alert__icon" aria-hidden="true">×</span>
              <span className="sw-alert__text">{t(GOOGLE_ERROR_TEXT[googleError])}</span>
            </div>
          )}

          {failure !== null && (
            <div className="sw-login__alert sw-alert sw-alert--error" role="alert">
              <span className="sw-alert__icon" aria-hidden="true">×</span>
              <span className="sw-alert__text">{t(FAILURE_TEXT[failure])}</span>
            </div>
          )}

          <form name="login" className="sw-auth-form sw-form" onSubmit={onSubmit} noValidate>
            <div className="sw-form__item">
              <label className="sw-form__label" htmlFor="login_username">{t('login.username')}</label>
              {/* The username is the e-mail address: a phone offers its keyboard (with @) and leaves its first letter small. */}
              <input
                id="login_username"
                name="username"
                className="sw-input"
                inputMode="email"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                autoComplete="username"
                placeholder={t('login.usernamePlaceholder')}
              />
            </div>
            <div className="sw-form__item">
              <label className="sw-form__label" htmlFor="login_password">{t('login.password')}</label>
              <span className="sw-input sw-input--affix">
                <input
                  id="login_password"
                  name="password"
                  type={passwordShown ? 'text' : 'password'}
                  autoComplete="current-password"
                  placeholder={t('login.passwordPlaceholder')}
                />
                <button
                  type="button"
                  className="sw-input__eye"
                  aria-label={passwordShown ? t('login.hideCharacters') : t('login.showCharacters')}
                  aria-pressed={passwordShown}
                  onClick={() => setPasswordShown((shown) => !shown)}
                >
                  <EyeIcon crossed={!passwordShown} />
                </button>
              </span>
            </div>
            <div className="sw-login__forgot">
              {/* "Forgot password?" asks for a reset link. */}
              <Link className="sw-link" to={ROUTES.forgotPassword}>
                {t('login.forgotPassword')}
              </Link>
            </div>
            {/* Disabled while submitting and while the lockout counts down. */}
            <button type="submit" className={`sw-button sw-button--primary${busy ? ' is-loading' : ''}`} disabled={status !== 'idle'}>
              {busy ? <span className="sw-button__spinner" aria-hidden="true" /> : null}
              {status === 'lockedOut' ? t('login.tryAgainIn', { seconds: secondsLeft }) : t('login.submit')}
            </button>
          </form>

          {failure === 'invalidCredentials' ? (
            <ResendVerificationLink key={typedEmail} intro={t('login.resend.notVerifiedHint')} email={typedEmail} />
          ) : arrivedWithDeadLink ? (
            <ResendVerificationLink intro={t('login.resend.linkInvalid')} />
          ) : null}

          <div className="sw-divider" role="separator">
            <span>{t('login.divider')}</span>
          </div>
          <GoogleSignInButton />
          <p className="sw-login__register-hint">{t('login.noAccount')}</p>
          <button type="button" className="sw-button" onClick={() => navigate(ROUTES.register)}>
            {t('login.register')}
          </button>
        </div>
        <footer className="sw-login__footer">
          © {new Date().getFullYear()} {APP_NAME}
        </footer>
      </main>
      <aside className="sw-login__preview" aria-label={t('login.previewHeading')}>
        <img src={PREVIEW_IMAGE} alt={t('login.previewAlt')} width={560} height={460} />
        <div className="sw-login__preview-text">
          <h2>{t('login.previewHeading')}</h2>
          <p>{t('login.previewText')}</p>
        </div>
      </aside>
    </div>
  );
}
