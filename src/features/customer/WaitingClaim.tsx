// A reward this card's customer claimed and staff have not handed over yet, offered again where the scan page
// shows a refusal: a reload or the back button on the page of the scan that filled the card scans its code again
// (refused: already collected), and the reward-ready screen the customer was showing at the counter must stay
// one tap away rather than seem gone with a card back at 0.
import { useState } from 'react';
import type { RedemptionDto } from '../../api/contract/customer';
import { CUSTOMER_TEXT } from './texts';
import { useGetCustomerCardQuery } from './api/hooks';
import { RewardReady } from './RewardReady';

export function WaitingClaim({ cardId }: { cardId: string }) {
  const result = useGetCustomerCardQuery(cardId, {});
  const [shown, setShown] = useState<RedemptionDto | null>(null);
  const waiting = result.data?.redemptions.find((claim) => claim.status === 'pending');
  if (!waiting && !shown) return null;
  return (
    <>
      {waiting ? (
        <button type="button" className="cw-btn cw-btn--claim" onClick={() => setShown(waiting)}>
          {CUSTOMER_TEXT.showAgain}
        </button>
      ) : null}
      {shown ? <RewardReady redemption={shown} onDone={() => setShown(null)} /> : null}
    </>
  );
}
