// Full-screen 'Reward ready — show this to staff': the store, the reward, a live running clock and
// constant motion, so staff can tell the real screen from a screenshot at a glance. It shows the
// hand-over code staff match or type, and the screen turns to "Enjoy your … — given at 10:42" as soon as
// the counter confirms (or says the claim expired and the stamps went back).
import { useEffect, useRef } from 'react';
import type { RedemptionDto } from '../../api/contract/customer';
import { CUSTOMER_TEXT } from './texts';
import { formatLongDate, formatTime, formatTimeWithSeconds } from '../../lib/format';
import { StoreLogo } from './StoreHeader';
import { useClaimStatus } from './useClaimStatus';
import { useClock } from './useClock';
import './reward-ready.css';

export interface RewardReadyScreenProps {
  redemption: RedemptionDto;
  onDone: () => void;
}

export function RewardReadyScreen({ redemption, onDone }: RewardReadyScreenProps) {
  const now = useClock(1000);
  const claim = useClaimStatus(redemption);
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    doneRef.current?.focus();
  }, []);
  const settled = claim.status !== 'pending';
  return (
    <div className={`cw-ready cw-ready--${claim.status}`} role="dialog" aria-modal="true" aria-labelledby="cw-ready-title">
      {settled ? null : <div className="cw-ready-stripes" aria-hidden="true" />}
      <h1 id="cw-ready-title" className="cw-ready-title">
        {claim.status === 'given' ? CUSTOMER_TEXT.handoverGivenTitle : claim.status === 'expired' ? CUSTOMER_TEXT.handoverExpiredTitle : CUSTOMER_TEXT.readyTitle}
      </h1>
      <div className="cw-ready-center">
        <div className="cw-ready-badge">
          {settled ? null : <span className="cw-ready-ring" aria-hidden="true" />}
          <StoreLogo store={claim.store} size={96} />
        </div>
        <p className="cw-ready-store">{claim.store.company}</p>
        <div role="status" aria-live="polite" className="cw-ready-status">
          {claim.status === 'given' && claim.givenAt !== null ? (
            <p className="cw-ready-given" data-testid="handover-given">
              {CUSTOMER_TEXT.handoverGiven(claim.rewardLabel, formatTime(claim.givenAt))}
            </p>
          ) : null}
          {claim.status === 'expired' ? <p className="cw-ready-expired">{CUSTOMER_TEXT.handoverExpired}</p> : null}
        </div>
        {claim.status === 'pending' ? (
          <>
            <p className="cw-ready-eyebrow">{CUSTOMER_TEXT.readyEyebrow}</p>
            <p className="cw-ready-reward">{claim.rewardLabel}</p>
            {claim.code ? (
              <div className="cw-ready-code">
                <p className="cw-ready-code-label" id="cw-ready-code-label">{CUSTOMER_TEXT.handoverCodeLabel}</p>
                <p className="cw-ready-code-value" aria-labelledby="cw-ready-code-label" data-testid="handover-code">{claim.code}</p>
                <p className="cw-ready-code-hint">{CUSTOMER_TEXT.handoverWaiting}</p>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="cw-ready-time">
        {settled ? null : (
          <>
            <time className="cw-clock" dateTime={new Date(now).toISOString()} data-testid="live-clock">
              {formatTimeWithSeconds(now)}
            </time>
            <p className="cw-ready-date">{formatLongDate(now)}</p>
          </>
        )}
        <p className="cw-ready-claimed">{CUSTOMER_TEXT.readyClaimedAt(formatTimeWithSeconds(claim.claimedAt))}</p>
        <button ref={doneRef} type="button" className="cw-btn cw-btn--light" onClick={onDone}>
          {CUSTOMER_TEXT.readyDone}
        </button>
      </div>
    </div>
  );
}
