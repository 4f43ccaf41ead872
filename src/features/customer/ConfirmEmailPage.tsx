// /wallet/confirm-email/:token — the link mailed to a new wallet e-mail: opening it attaches the
// address, on whatever device the mail was read.
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import { useConfirmCustomerEmailMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [confirm, result] = useConfirmCustomerEmailMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !result.isUninitialized) return;
    started.current = true;
    void confirm(token);
  }, [confirm, token, result.isUninitialized]);

  if (result.isUninitialized || result.isLoading) {
    return <p className="cw-muted" role="status">{CUSTOMER_TEXT.confirmingEmail}</p>;
  }
  return (
    <div className="cw-stack">
      <h1 className="cw-page-title">{result.isSuccess ? CUSTOMER_TEXT.emailConfirmedTitle : CUSTOMER_TEXT.emailConfirmFailedTitle}</h1>
      {result.isError ? <Notice tone="error">{errorText(result.error)}</Notice> : null}
      {result.data?.email ? <Notice tone="success">{CUSTOMER_TEXT.emailConfirmedText(result.data.email)}</Notice> : null}
      <Link className="cw-btn cw-btn--primary" to={CUSTOMER_ROUTES.wallet} replace>
        {CUSTOMER_TEXT.openWallet}
      </Link>
    </div>
  );
}
