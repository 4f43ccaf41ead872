// Redemption-activity card: redemptions per week as an area chart, with this week against last week.
import { ArrowDownOutlined, ArrowUpOutlined, LineChartOutlined } from '@ant-design/icons';
import { t } from '../../../i18n/texts';
import { SectionCard } from '../../../components/SectionCard';
import { AreaChart, type ChartPoint } from '../../../components/charts/AreaChart';
import { formatAverage, formatNumber, formatPercent } from '../../../lib/format';

export interface RedemptionActivityCardProps {
  /** Redemptions per week, oldest first. */
  weekly: readonly ChartPoint[];
  /** Redemptions per day (live data: the last 30 days), drawn instead of the weeks; the summary still compares weeks. */
  daily?: readonly ChartPoint[];
  sample?: boolean;
}

export function RedemptionActivityCard({ weekly, daily, sample = false }: RedemptionActivityCardProps) {
  const thisWeek = weekly[weekly.length - 1]?.value ?? 0;
  const lastWeek = weekly[weekly.length - 2]?.value;
  const change = lastWeek ? Math.round(((thisWeek - lastWeek) / lastWeek) * 100) : null;
  const total = weekly.reduce((sum, week) => sum + week.value, 0);
  return (
    <SectionCard title={t('dashboard.redemptionActivity')} icon={<LineChartOutlined aria-hidden />} sample={sample}>
      <div className="sw-activity-summary">
        <span className="sw-figure-label">{t('dashboard.thisWeek')}</span>
        <span className="sw-figure sw-figure--medium">{formatNumber(thisWeek)}</span>
        {change !== null ? (
          <span className={change >= 0 ? 'sw-trend sw-trend--up' : 'sw-trend sw-trend--down'}>
            {change >= 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {formatPercent(Math.abs(change))}{' '}
            {t('dashboard.vsLastWeek')}
          </span>
        ) : null}
      </div>
      {daily ? (
        <AreaChart
          points={daily}
          ariaLabel={t('activity.dailyChartLabel', { days: daily.length, total: daily.reduce((sum, day) => sum + day.value, 0) })}
          labelEvery={7}
          wholeNumbers
        />
      ) : (
        <AreaChart
          points={weekly}
          ariaLabel={t('dashboard.redemptionChartLabel', { weeks: weekly.length, first: weekly[0]?.value ?? 0, last: thisWeek })}
        />
      )}
      {weekly.length > 0 ? (
        <dl className="sw-mini-stats">
          <div>
            <dt>{t('dashboard.periodTotal', { weeks: weekly.length })}</dt>
            <dd>{formatNumber(total)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.weeklyAverage')}</dt>
            <dd>{formatAverage(total / weekly.length)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.bestWeek')}</dt>
            <dd>{formatNumber(Math.max(...weekly.map((week) => week.value)))}</dd>
          </div>
        </dl>
      ) : null}
    </SectionCard>
  );
}
