// "You owe N rewards · M cards one stamp away": what the vendor owes, a figure no stamp-card product shows.
import { GiftOutlined } from '@ant-design/icons';
import { ACTIVITY_TEXT } from '../../constants';
import './outstanding-rewards.css';

export function OutstandingRewards({ fullCards, nearlyFull }: { fullCards: number; nearlyFull: number }) {
  return (
    <p className="sw-outstanding" data-testid="outstanding-rewards">
      <GiftOutlined aria-hidden />
      <span className="sw-visually-hidden">{ACTIVITY_TEXT.outstandingLabel}: </span>
      {ACTIVITY_TEXT.outstanding(fullCards, nearlyFull)}
    </p>
  );
}
