// /wallet/recover/:token — the mailed sign-in link: this phone joins the wallet, then shows the cards.
// A link asked for on another phone would take this phone's cards along, or sign this phone in to someone
// else's wallet: the server refuses that until the customer confirms it here (someone may have forwarded their
// own link to collect other people's stamps).
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import { useCompleteRecoveryMutation } from './api/hooks';
import { errorBody, errorText } from './customerErrors';
import { Notice } from './Notice';

/** The server's reason when the link comes from another phone and this phone's cards would move. */
const MERGE_UNCONFIRMED = 'merge-unconfirmed';
/** The server's reason when the link comes from another phone and this phone has no cards to move. */
const SIGN_IN_UNCONFIRMED = 'sign-in-unconfirmed';

export default function RecoverPage() {
  const { token = '' } = useParams();
  const [complete, result] = useCompleteRecoveryMutation(token);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !result.isUninitialized) return;
    started.current = true;
    void complete({ token });
  }, [complete, token, result.isUninitialized]);
  // The confirming button goes away once pressed, so the focus would fall to the page: it goes to the answer's
  // heading instead, where a screen reader then starts reading.
  const [confirmed, setConfirmed] = useState(false);
  const answerHeading = useRef<HTMLHeadingElement>(null);
  const settled = !result.isUninitialized && !result.isLoading;
  useEffect(() => {
    if (confirmed && settled) answerHeading.current?.focus();
  }, [confirmed, settled]);
  const confirm = () => {
    setConfirmed(true);
    void complete({ token, confirmMerge: true });
  };

  if (result.isUninitialized || result.isLoading) {
    return <p className="cw-muted" role="status">{CUSTOMER_TEXT.recoverOpening}</p>;
  }
  const body = result.isError ? (errorBody(result.error) as { reason?: string } | null) : null;
  if (body?.reason === MERGE_UNCONFIRMED) {
    return (
      <div className="cw-stack">
        <h1 className="cw-page-title">{CUSTOMER_TEXT.recoverConfirmTitle}</h1>
        <p>{CUSTOMER_TEXT.recoverConfirmText}</p>
        <Notice tone="warning">{CUSTOMER_TEXT.recoverConfirmWarning}</Notice>
        <Link className="cw-btn cw-btn--primary" to={CUSTOMER_ROUTES.wallet} replace>
          {CUSTOMER_TEXT.recoverKeepCards}
        </Link>
        <button type="button" className="cw-btn cw-btn--secondary" onClick={confirm}>
          {CUSTOMER_TEXT.recoverConfirmButton}
        </button>
      </div>
    );
  }
  if (body?.reason === SIGN_IN_UNCONFIRMED) {
    // Nothing would move, but the phone's later stamps would go to someone else's wallet: "Not now" leads.
    return (
      <div className="cw-stack">
        <h1 className="cw-page-title">{CUSTOMER_TEXT.recoverSignInTitle}</h1>
        <p>{CUSTOMER_TEXT.recoverSignInText}</p>
        <Notice tone="warning">{CUSTOMER_TEXT.recoverSignInWarning}</Notice>
        <Link className="cw-btn cw-btn--primary" to={CUSTOMER_ROUTES.wallet} replace>
          {CUSTOMER_TEXT.recoverNotNow}
        </Link>
        <button type="button" className="cw-btn cw-btn--secondary" onClick={confirm}>
          {CUSTOMER_TEXT.recoverSignInButton}
        </button>
      </div>
    );
  }
  return (
    <div className="cw-stack">
      <h1 className="cw-page-title" ref={answerHeading} tabIndex={-1}>
        {result.isSuccess ? CUSTOMER_TEXT.recoverDoneTitle : CUSTOMER_TEXT.recoverFailedTitle}
      </h1>
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
