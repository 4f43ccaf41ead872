// Total Redemptions card: the all-time figure with bars of the last months.
import { TrophyOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/SectionCard';
import { MiniBars } from '../../../components/charts/MiniBars';
import { t } from '../../../i18n/texts';
import { formatNumber } from '../../../lib/format';

export interface TotalRedemptionsCardProps {
  total: number;
  /** Redemptions per month, oldest first. */
  monthlyBars: readonly number[];
  /** What the bars show, for screen readers, when they are not months (live data: weeks). */
  barsLabel?: string;
  sample?: boolean;
}

export function TotalRedemptionsCard({ total, monthlyBars, barsLabel, sample = false }: TotalRedemptionsCardProps) {
  const caption = barsLabel ?? t('dashboard.redemptionBarsLabel', { months: monthlyBars.length });
  return (
    <SectionCard title={t('dashboard.totalRedemptions')} icon={<TrophyOutlined aria-hidden />} sample={sample}>
      <div className="sw-stat">
        <span className="sw-figure">{formatNumber(total)}</span>
        <span className="sw-figure-label">{t('dashboard.allTime')}</span>
      </div>
      <MiniBars values={monthlyBars} ariaLabel={caption} />
      {/* The same words as the bars' text alternative, so screen readers hear them once. */}
      <p className="sw-bars-caption" aria-hidden>
        {caption}
      </p>
    </SectionCard>
  );
}
