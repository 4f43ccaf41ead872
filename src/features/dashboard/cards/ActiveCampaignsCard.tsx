// Active Campaigns card: how many campaigns are running and how many customers they reached.
import { NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import { DASHBOARD_TEXT } from '../../../constants';
import { SectionCard } from '../components/SectionCard';

export interface ActiveCampaignsCardProps {
  count: number;
  customersReached: number;
  sample?: boolean;
}

export function ActiveCampaignsCard({ count, customersReached, sample = false }: ActiveCampaignsCardProps) {
  return (
    <SectionCard title={DASHBOARD_TEXT.activeCampaigns} icon={<NotificationOutlined />} sample={sample}>
      <div className="sw-stat">
        <span className="sw-figure">{count.toLocaleString('en-US')}</span>
        <span className="sw-figure-label">{DASHBOARD_TEXT.runningNow}</span>
      </div>
      <p className="sw-stat-note">
        <TeamOutlined aria-hidden /> {DASHBOARD_TEXT.customersReached(customersReached)}
      </p>
    </SectionCard>
  );
}
