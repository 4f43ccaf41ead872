// A customer's card at one store — header, stamps, progress, a message — and the claim flow of a
// full card: confirm at the counter, claim, then the full-screen reward-ready screen.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CustomerCard, RedemptionDto } from '../../api/contract/customer';
import { intlLocale } from '../../i18n/texts';
import { CUSTOMER_TEXT } from './texts';
import { useClaimCardMutation } from './api/hooks';
import { errorText } from './customerErrors';
import { Notice, type NoticeTone } from './Notice';
import { RewardReady } from './RewardReady';
import { StampGrid } from './StampGrid';
import { StoreHeader } from './StoreHeader';

// Loaded after the card is on screen: the customer page's first script stays small.
const StoreSection = lazy(() => import(/* webpackChunkName: "customer-store" */ './StoreSection'));

export interface CardPanelProps {
  card: CustomerCard;
  justStamped?: boolean;
  message?: { tone: NoticeTone; text: string };
  children?: ReactNode;
  /** The store auto-redeems and this scan filled the card: its pending reward, shown at once. */
  autoRedeemed?: RedemptionDto;
}

export function CardPanel({ card, justStamped = false, message, children, autoRedeemed }: CardPanelProps) {
  const [claim, claimState] = useClaimCardMutation();
  const [confirming, setConfirming] = useState(false);
  const [readyScreen, setReadyScreen] = useState<RedemptionDto | null>(autoRedeemed ?? null);
  // After a claim the claim's answer is the newest state of the card, until the card itself is newer.
  const claimed = claimState.data?.card;
  const current = claimed && claimed.id === card.id && claimed.updatedAt >= card.updatedAt ? claimed : card;
  const showMessage = message && current === card;

  const onConfirm = async () => {
    const outcome = await claim({ cardId: card.id, seenAt: current.updatedAt });
    setConfirming(false);
    if ('data' in outcome) setReadyScreen(outcome.data.redemption);
  };

  return (
    <>
      <StoreHeader store={current.store} reward={current.reward} />
      <section className="cw-card" aria-label={CUSTOMER_TEXT.cardRegion(current.store.company)}>
        <StampGrid stamps={current.stamps} required={current.required} justStamped={justStamped && current === card} />
      </section>
      {showMessage ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {/* Stamps the store voided are never a silent change. */}
      {current.removedStamps ? <Notice tone="warning">{CUSTOMER_TEXT.removedByStore(current.removedStamps)}</Notice> : null}
      {current.stampsExpireAt ? (
        <Notice tone="warning">
          {CUSTOMER_TEXT.stampsExpire(new Date(current.stampsExpireAt).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'long' }))}
        </Notice>
      ) : null}
      {current.returnedClaim && current === card ? (
        <Notice tone="warning">{CUSTOMER_TEXT.returnedClaim(current.returnedClaim.rewardLabel, current.returnedClaim.stamps)}</Notice>
      ) : null}
      {claimState.isError ? <Notice tone="error">{errorText(claimState.error)}</Notice> : null}
      {current.canClaim && !confirming ? (
        <button type="button" className="cw-btn cw-btn--claim" onClick={() => setConfirming(true)}>
          {CUSTOMER_TEXT.claim}
        </button>
      ) : null}
      {current.canClaim && confirming ? (
        <div className="cw-confirm" role="group" aria-labelledby="cw-confirm-title">
          <p id="cw-confirm-title" className="cw-confirm-title">{CUSTOMER_TEXT.claimConfirmTitle}</p>
          <p className="cw-confirm-text">{CUSTOMER_TEXT.claimConfirmText(current.store.company)}</p>
          <div className="cw-confirm-actions">
            <button type="button" className="cw-btn cw-btn--secondary" onClick={() => setConfirming(false)} disabled={claimState.isLoading}>
              {CUSTOMER_TEXT.claimCancel}
            </button>
            <button type="button" className="cw-btn cw-btn--claim" onClick={onConfirm} disabled={claimState.isLoading}>
              {claimState.isLoading ? CUSTOMER_TEXT.claiming : CUSTOMER_TEXT.claimConfirm}
            </button>
          </div>
        </div>
      ) : null}
      {children}
      <Suspense fallback={null}>
        <StoreSection cardId={current.id} />
      </Suspense>
      {readyScreen ? <RewardReady redemption={readyScreen} onDone={() => setReadyScreen(null)} /> : null}
    </>
  );
}
