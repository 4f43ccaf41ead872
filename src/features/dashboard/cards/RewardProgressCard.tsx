// Reward-setup card: a stamp card with the average customer's progress.
import type { ReactNode } from 'react';
import { CoffeeOutlined, GiftOutlined } from '@ant-design/icons';
import { Progress } from 'antd';
import { SectionCard } from '../../../components/SectionCard';
import { t } from '../../../i18n/texts';

export interface RewardProgressCardProps {
  stampsRequired: number;
  averageStampsCollected: number;
  /** Live figures only: cards in progress. 0 → "no card in progress", not "average 0 of 3". */
  activeCards?: number;
  sample?: boolean;
  /** E.g. a link to the reward setup. */
  action?: ReactNode;
  /** The vendor's own offer in words ("Buy 10 Flat White, get 1 free"), shown under the sample line once saved. */
  offer?: string;
}

export function RewardProgressCard({ stampsRequired, averageStampsCollected, activeCards, sample = false, action, offer }: RewardProgressCardProps) {
  const filled = Math.min(stampsRequired, Math.max(0, Math.round(averageStampsCollected)));
  const percent = stampsRequired > 0 ? Math.round((averageStampsCollected / stampsRequired) * 100) : 0;
  return (
    <SectionCard title={t('dashboard.rewardSetup')} icon={<GiftOutlined aria-hidden />} sample={sample}>
      <div className="sw-reward-card">
        <p className="sw-reward-program">{t('dashboard.rewardProgram', { stamps: stampsRequired })}</p>
        {offer ? (
          <p className="sw-reward-offer" data-testid="reward-offer">
            {offer}
          </p>
        ) : null}
        <div className="sw-dash-stamps" role="img" aria-label={t('dashboard.stampsLabel', { filled, total: stampsRequired })}>
          {Array.from({ length: stampsRequired }, (_, i) => (
            <span key={i} className={i < filled ? 'sw-dash-stamp sw-dash-stamp--filled' : 'sw-dash-stamp'} data-stamp={i < filled ? 'filled' : 'empty'}>
              <CoffeeOutlined aria-hidden />
            </span>
          ))}
        </div>
        <Progress
          percent={percent}
          strokeColor="#7a4a2a"
          railColor="#efe4da"
          size={['100%', 10]}
          aria-label={t('dashboard.progressLabel')}
        />
        <p className="sw-reward-average">
          {activeCards === 0 ? t('dashboard.noCardsInProgress', { total: stampsRequired }) : t('dashboard.averageStamps', { collected: averageStampsCollected, total: stampsRequired })}
        </p>
        {action ? <div className="sw-card-action">{action}</div> : null}
      </div>
    </SectionCard>
  );
}
