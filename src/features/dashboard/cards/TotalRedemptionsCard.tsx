// Total Redemptions card: the all-time figure with bars of the last months.
import { TrophyOutlined } from '@ant-design/icons';
import { DASHBOARD_TEXT } from '../../../constants';
import { SectionCard } from '../components/SectionCard';
import { MiniBars } from '../charts/MiniBars';

export interface TotalRedemptionsCardProps {
  total: number;
  /** Redemptions per month, oldest first. */
  monthlyBars: readonly number[];
  /** What the bars show, for screen readers, when they are not months (live data: weeks). */
  barsLabel?: string;
  sample?: boolean;
}

export function TotalRedemptionsCard({ total, monthlyBars, barsLabel, sample = false }: TotalRedemptionsCardProps) {
  return (
    <SectionCard title={DASHBOARD_TEXT.totalRedemptions} icon={<TrophyOutlined />} sample={sample}>
      <div className="sw-stat">
        <span className="sw-figure">{total.toLocaleString('en-US')}</span>
        <span className="sw-figure-label">{DASHBOARD_TEXT.allTime}</span>
      </div>
      <MiniBars values={monthlyBars} ariaLabel={barsLabel ?? DASHBOARD_TEXT.redemptionBarsLabel(monthlyBars.length)} />
    </SectionCard>
  );
}
