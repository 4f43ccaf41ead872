// /wallet/recover/:token — the mailed sign-in link: this phone joins the wallet, then shows the cards.
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import { useCompleteRecoveryMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice } from './Notice';

export default function RecoverPage() {
  const { token = '' } = useParams();
  const [complete, result] = useCompleteRecoveryMutation(token);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !result.isUninitialized) return;
    started.current = true;
    void complete(token);
  }, [complete, token, result.isUninitialized]);

  if (result.isUninitialized || result.isLoading) {
    return <p className="cw-muted" role="status">{CUSTOMER_TEXT.recoverOpening}</p>;
  }
  return (
    <div className="cw-stack">
      <h1 className="cw-page-title">{result.isSuccess ? CUSTOMER_TEXT.recoverDoneTitle : CUSTOMER_TEXT.recoverFailedTitle}</h1>
      {result.isError ? <Notice tone="error">{errorText(result.error)}</Notice> : null}
      {result.data?.merged && result.data.merged.cards > 0 ? (
        <Notice tone="success">{CUSTOMER_TEXT.recoverMerged(result.data.merged.cards, result.data.merged.stamps)}</Notice>
      ) : null}
      <Link className="cw-btn cw-btn--primary" to={CUSTOMER_ROUTES.wallet} replace>
        {CUSTOMER_TEXT.openWallet}
      </Link>
    </div>
  );
}
