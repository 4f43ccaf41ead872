// Account Settings' sessions: where the person is signed in (browser and system, signed in at, last seen; this
// browser marked), with Sign out for each and Sign out everywhere. A browser signed out elsewhere is refused at its
// next request, and an open live feed closes within 20 s.
import { App, Button, Card, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { useAppDispatch } from '../../app/hooks';
import { serverErrorMessage } from '../../api/errorMessage';
import type { OpenSession } from '../../api/contract/account';
import { intlLocale } from '../../i18n/texts';
import { formatShortDateTime } from '../../lib/format';
import { loggedOut } from '../session/sessionSlice';
import { useEndOpenSessionMutation, useGetOpenSessionsQuery } from './accountApi';
import { ACCOUNT_SETTINGS_TEXT } from './accountTexts';
import { useSignOutEverywhereMutation } from './teamApi';
import { ACCOUNT_TEXT } from './texts';

export function SessionsCard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { data, refetch } = useGetOpenSessionsQuery();
  const [endSession] = useEndOpenSessionMutation();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();

  const leave = () => {
    dispatch(loggedOut());
    navigate(ROUTES.login, { replace: true });
  };

  const everywhere = async () => {
    try {
      await signOutEverywhere().unwrap();
      leave();
    } catch (error) {
      void message.error(serverErrorMessage(error, ACCOUNT_TEXT.signOutFailed));
    }
  };

  const signOut = async (session: OpenSession) => {
    try {
      await endSession(session.id).unwrap();
      if (session.current) {
        leave();
        return;
      }
      void message.success(ACCOUNT_SETTINGS_TEXT.sessionSignedOut);
      void refetch();
    } catch {
      void message.error(ACCOUNT_SETTINGS_TEXT.sessionSignOutFailed);
    }
  };

  const locale = intlLocale();
  return (
    <Card title={ACCOUNT_TEXT.sessions} className="sw-account-card" data-testid="account-sessions">
      <p>{ACCOUNT_SETTINGS_TEXT.sessionsIntro}</p>
      <ul className="sw-account-sessions">
        {(data?.sessions ?? []).map((session) => (
          <li key={session.id} data-testid="open-session" className="sw-account-sessions__row">
            <div>
              <strong>{ACCOUNT_SETTINGS_TEXT.device(session.browser, session.system)}</strong>{' '}
              {session.current ? <Tag color="green">{ACCOUNT_SETTINGS_TEXT.thisBrowser}</Tag> : null}
              <div className="sw-account-sessions__times">
                {ACCOUNT_SETTINGS_TEXT.sessionTimes(formatShortDateTime(session.signedInAt, locale), formatShortDateTime(session.lastSeenAt, locale))}
              </div>
            </div>
            <Button size="small" onClick={() => void signOut(session)}>
              {ACCOUNT_SETTINGS_TEXT.signOutSession}
            </Button>
          </li>
        ))}
      </ul>
      <p>{ACCOUNT_TEXT.sessionsText}</p>
      <Button danger loading={isLoading} onClick={() => void everywhere()}>
        {ACCOUNT_TEXT.signOutEverywhere}
      </Button>
    </Card>
  );
}
