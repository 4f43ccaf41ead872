// Full-screen 'Reward ready — show this to staff': the store, the reward, a live running clock and
// constant motion, so staff can tell the real screen from a screenshot at a glance.
import { useEffect, useRef } from 'react';
import dayjs from 'dayjs';
import type { RedemptionDto } from '../../api/types';
import { CUSTOMER_TEXT } from '../../constants';
import { StoreLogo } from './StoreHeader';
import { useClock } from './useClock';

export interface RewardReadyScreenProps {
  redemption: RedemptionDto;
  onDone: () => void;
}

export function RewardReadyScreen({ redemption, onDone }: RewardReadyScreenProps) {
  const now = useClock(1000);
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    doneRef.current?.focus();
  }, []);
  return (
    <div className="cw-ready" role="dialog" aria-modal="true" aria-labelledby="cw-ready-title">
      <div className="cw-ready-stripes" aria-hidden="true" />
      <h1 id="cw-ready-title" className="cw-ready-title">{CUSTOMER_TEXT.readyTitle}</h1>
      <div className="cw-ready-center">
        <div className="cw-ready-badge">
          <span className="cw-ready-ring" aria-hidden="true" />
          <StoreLogo store={redemption.store} size={96} />
        </div>
        <p className="cw-ready-store">{redemption.store.company}</p>
        <p className="cw-ready-eyebrow">{CUSTOMER_TEXT.readyEyebrow}</p>
        <p className="cw-ready-reward">{redemption.rewardLabel}</p>
      </div>
      <div className="cw-ready-time">
        <time className="cw-clock" dateTime={new Date(now).toISOString()} data-testid="live-clock">
          {dayjs(now).format('HH:mm:ss')}
        </time>
        <p className="cw-ready-date">{dayjs(now).format('dddd D MMMM YYYY')}</p>
        <p className="cw-ready-claimed">{CUSTOMER_TEXT.readyClaimedAt(dayjs(redemption.claimedAt).format('HH:mm:ss'))}</p>
        <button ref={doneRef} type="button" className="cw-btn cw-btn--light" onClick={onDone}>
          {CUSTOMER_TEXT.readyDone}
        </button>
      </div>
    </div>
  );
}
