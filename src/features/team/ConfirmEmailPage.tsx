// The link mailed to a new e-mail address: opening it makes the address the account's (one use, 24 hours).
// The link is confirmed by a POST from this page, so a mail scanner that only fetches the page confirms nothing.
import { useEffect, useRef } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { httpStatusOf } from '../../api/errorMessage';
import { PublicPage } from '../layout/PublicPage';
import { useConfirmEmailChangeMutation } from './accountApi';
import { ACCOUNT_SETTINGS_TEXT } from './accountTexts';
import '../verify/verify.css';

function problemOf(error: unknown): string {
  switch (httpStatusOf(error)) {
    case 404:
      return ACCOUNT_SETTINGS_TEXT.linkInvalid;
    case 409:
      return ACCOUNT_SETTINGS_TEXT.emailTaken;
    case 410:
      return ACCOUNT_SETTINGS_TEXT.linkUsed;
    default:
      return ACCOUNT_SETTINGS_TEXT.confirmFailed;
  }
}

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [confirm, { data, error, isUninitialized, isLoading }] = useConfirmEmailChangeMutation();
  // Once per page: the link works once, and a second request would answer "already used".
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    void confirm(token);
  }, [confirm, token]);

  const signIn = (
    <Button type="primary" onClick={() => navigate(ROUTES.login)}>
      {ACCOUNT_SETTINGS_TEXT.goToSignIn}
    </Button>
  );
  return (
    <PublicPage>
      {isUninitialized || isLoading ? (
        <Spin description={ACCOUNT_SETTINGS_TEXT.confirming}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : data ? (
        <Result status="success" title={ACCOUNT_SETTINGS_TEXT.emailConfirmed(data.email)} extra={signIn} />
      ) : (
        <Result status="warning" title={problemOf(error)} extra={signIn} />
      )}
    </PublicPage>
  );
}
