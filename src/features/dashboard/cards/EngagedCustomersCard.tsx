// Engaged Customers card: the most frequent customers, each with an initials avatar.
import { TeamOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { SectionCard } from '../../../components/SectionCard';
import { initials } from '../../../lib/initials';
import { t } from '../../../i18n/texts';

export interface EngagedCustomer {
  id: string;
  name: string;
  visits: number;
}

/** Avatar backgrounds dark enough for white initials (at least 4.5:1). */
const AVATAR_COLORS = ['#7a4a2a', '#2f6b57', '#3b5b8f', '#8a3e5c'];

export interface EngagedCustomersCardProps {
  customers: readonly EngagedCustomer[];
  sample?: boolean;
  /** The line under each name (default: 'N visits this month'; live data counts stamps over 90 days). */
  activityLabel?: (visits: number) => string;
}

export function EngagedCustomersCard({ customers, sample = false, activityLabel = (visits: number) => t('dashboard.visits', { n: visits }) }: EngagedCustomersCardProps) {
  return (
    <SectionCard title={t('dashboard.engagedCustomers')} icon={<TeamOutlined aria-hidden />} sample={sample}>
      <ul className="sw-people">
        {customers.map((customer, i) => (
          <li key={customer.id} className="sw-person">
            <Avatar style={{ backgroundColor: AVATAR_COLORS[i % AVATAR_COLORS.length] }} aria-hidden data-testid="customer-avatar">
              {initials(customer.name)}
            </Avatar>
            <span className="sw-person-text">
              <strong>{customer.name}</strong>
              <span>{activityLabel(customer.visits)}</span>
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
