// "You owe N rewards · M cards one stamp away": what the vendor owes, a figure no stamp-card product shows.
import { GiftOutlined } from '@ant-design/icons';
import { t } from '../../i18n/texts';
import './outstanding-rewards.css';

export function OutstandingRewards({ fullCards, nearlyFull }: { fullCards: number; nearlyFull: number }) {
  return (
    <p className="sw-outstanding" data-testid="outstanding-rewards">
      <GiftOutlined aria-hidden />
      <span className="sw-visually-hidden">{t('activity.outstandingLabel')} </span>
      {t('activity.outstanding', { fullCards, nearlyFull })}
    </p>
  );
}
