// Active Campaigns card: how many campaigns are running, which ones, and how many customers they reached.
import { NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { SectionCard } from '../../../components/SectionCard';
import { t } from '../../../i18n/texts';
import { formatDayOfMonth, formatNumber } from '../../../lib/format';

export interface RunningCampaign {
  id: string;
  title: string;
  /** When it ends: a day (YYYY-MM-DD) or an ISO 8601 instant. */
  end: string;
}

export interface ActiveCampaignsCardProps {
  count: number;
  customersReached: number;
  /** The running campaigns, listed under the count when given. */
  campaigns?: readonly RunningCampaign[];
  sample?: boolean;
}

/** A store with stamps of its own and no campaign running now. */
export function NoCampaignsCard() {
  return (
    <SectionCard title={t('dashboard.activeCampaigns')} icon={<NotificationOutlined aria-hidden />}>
      <div className="sw-stat">
        <span className="sw-figure">0</span>
        <span className="sw-figure-label">{t('dashboard.runningNow')}</span>
      </div>
      <p className="sw-stat-note">{t('dashboard.noCampaigns')}</p>
    </SectionCard>
  );
}

export function ActiveCampaignsCard({ count, customersReached, campaigns = [], sample = false }: ActiveCampaignsCardProps) {
  return (
    <SectionCard title={t('dashboard.activeCampaigns')} icon={<NotificationOutlined aria-hidden />} sample={sample}>
      <div className="sw-stat">
        <span className="sw-figure">{formatNumber(count)}</span>
        <span className="sw-figure-label">{t('dashboard.runningNow')}</span>
      </div>
      {campaigns.length > 0 ? (
        <ul className="sw-campaign-list">
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <span className="sw-campaign-dot" aria-hidden />
              <span className="sw-campaign-name">{campaign.title}</span>
              <span className="sw-campaign-end">{t('dashboard.campaignEnds', { date: formatDayOfMonth(dayjs(campaign.end).valueOf()) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sw-stat-note">
        <TeamOutlined aria-hidden /> {t('dashboard.customersReached', { n: customersReached })}
      </p>
    </SectionCard>
  );
}
