// /s/:token — what a phone camera opens from the store's QR code: collect one stamp and see the card.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_ROUTES } from '../../constants';
import { CUSTOMER_TEXT } from './texts';
import { t } from '../../i18n/texts';
import { CardPanel } from './CardPanel';
import { useScanMutation } from './api/hooks';
import { errorBody, errorStatus, errorText } from './customerErrors';
import { Notice } from './Notice';
import { ProfileForm } from './ProfileForm';
import { StoreHeader } from './StoreHeader';
import { usePageTitle } from './usePageTitle';
import { WaitingClaim } from './WaitingClaim';

function WalletButton() {
  return (
    <Link className="cw-btn cw-btn--secondary" to={CUSTOMER_ROUTES.wallet}>
      {CUSTOMER_TEXT.openWallet}
    </Link>
  );
}

export default function ScanPage() {
  const { token = '' } = useParams();
  // One result per token shared by every mount: coming back to this page (or React's development
  // double effects) never scans twice.
  const [scan, result] = useScanMutation(token);
  const started = useRef(false);
  // An attempt whose answer never came may have reached the server and stamped: a retry then finds its stamp.
  const [answerLost, setAnswerLost] = useState(false);
  useEffect(() => {
    if (started.current || !result.isUninitialized) return;
    started.current = true;
    void scan(token);
  }, [scan, token, result.isUninitialized]);

  const refusal = errorBody(result.error);
  usePageTitle(result.data?.store.company ?? refusal?.store?.company);

  if (result.isUninitialized || result.isLoading) {
    return (
      <div className="cw-scanning" role="status">
        <span className="cw-scanning-stamp" aria-hidden="true" />
        <p>{CUSTOMER_TEXT.scanning}</p>
      </div>
    );
  }

  if (result.isSuccess) {
    // A retry answered with an earlier attempt's stamp: that attempt reached the shop before the connection dropped.
    const text = result.data.repeated ? CUSTOMER_TEXT.scanSavedBeforeDrop : result.data.message;
    return (
      <div className="cw-stack">
        <CardPanel
          card={result.data.card}
          justStamped
          message={{ tone: 'success', text: result.data.bonusStamps ? `${t('offers.bonusStamp')} ${text}` : text }}
          autoRedeemed={result.data.redemption}
        >
          <WalletButton />
        </CardPanel>
        <ProfileForm />
      </div>
    );
  }

  if (refusal?.card) {
    // "Already collected" answering that retry is the lost attempt's own stamp, on the card: no warning.
    const stampedBeforeDrop = answerLost && refusal.code === 'already-collected';
    return (
      <div className="cw-stack">
        <CardPanel
          card={refusal.card}
          message={stampedBeforeDrop ? { tone: 'success', text: CUSTOMER_TEXT.scanSavedBeforeDrop } : { tone: 'warning', text: refusal.error }}
        >
          <WaitingClaim cardId={refusal.card.id} />
          <WalletButton />
        </CardPanel>
      </div>
    );
  }

  const status = errorStatus(result.error);
  const canRetry = status === null || status >= 500;
  // No answer, or a server error: the stamp may have been saved, so the page never says there was none.
  const title = result.error?.status === 'FETCH_ERROR' ? CUSTOMER_TEXT.unreachableTitle : canRetry ? CUSTOMER_TEXT.notConfirmedTitle : CUSTOMER_TEXT.noStampTitle;
  const notice = result.error?.status === 'FETCH_ERROR' ? CUSTOMER_TEXT.scanUnreachable : errorText(result.error);
  return (
    <div className="cw-stack">
      {refusal?.store ? (
        <StoreHeader store={refusal.store} reward={refusal.reward} />
      ) : (
        <div className="cw-nostamp">
          <span className="cw-empty-art" aria-hidden="true" />
          <h1 className="cw-page-title">{title}</h1>
        </div>
      )}
      <Notice tone={refusal && status !== null && status < 500 ? 'warning' : 'error'}>{notice}</Notice>
      {canRetry ? (
        <button
          type="button"
          className="cw-btn cw-btn--primary"
          onClick={() => {
            setAnswerLost((lost) => lost || result.error?.status === 'FETCH_ERROR');
            void scan(token);
          }}
        >
          {CUSTOMER_TEXT.retry}
        </button>
      ) : null}
      <WalletButton />
    </div>
  );
}
