// The Reward Activity card: the vendor's stamps and claims (customer, date, reward), paginated;
// the sample rows, clearly marked as sample data, while the vendor has no activity at all.
import { HistoryOutlined } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import { ACTIVITY_TEXT, REWARDS_TEXT } from '../../constants';
import { SectionCard } from '../../components/SectionCard';
import { useRewardActivity, type LiveActivityRow } from './useRewardActivity';
import './reward-activity.css';

const COLUMNS = [
  { title: REWARDS_TEXT.activityColumns.customer, dataIndex: 'customer', key: 'customer' },
  { title: REWARDS_TEXT.activityColumns.date, dataIndex: 'date', key: 'date' },
  {
    title: REWARDS_TEXT.activityColumns.reward,
    dataIndex: 'reward',
    key: 'reward',
    render: (reward: string, row: LiveActivityRow) =>
      row.tag ? (
        <span className="sw-activity-reward">
          {/* Our own claim colours (antd's gold, #d48806 on #fffbe6, is 2.75:1; this is 6.8:1). */}
          <Tag className={row.type === 'redemption' ? 'sw-claim-tag' : undefined}>{row.tag}</Tag>
          {reward}
        </span>
      ) : (
        reward
      ),
  },
];

export function RewardActivityTable({ vendorId }: { vendorId?: string }) {
  const activity = useRewardActivity(vendorId);
  return (
    <SectionCard title={REWARDS_TEXT.activityTitle} icon={<HistoryOutlined />} sample={activity.sample ? ACTIVITY_TEXT.tableSampleTooltip : false}>
      <Table<LiveActivityRow>
        columns={COLUMNS}
        dataSource={[...activity.rows]}
        pagination={activity.pagination}
        loading={activity.loading}
        size="middle"
        aria-label={REWARDS_TEXT.activityTitle}
      />
    </SectionCard>
  );
}
