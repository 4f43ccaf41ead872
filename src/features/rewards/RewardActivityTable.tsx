// The Reward Activity card: the vendor's stamps and claims (customer, date, reward), paginated;
// the sample rows, clearly marked as sample data, while the vendor has no activity at all.
import { HistoryOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { App, Button, Input, Modal, Table, Tag } from 'antd';
import { useRemoveStampMutation } from '../activity/activityApi';
import { t } from '../../i18n/texts';
import { SectionCard } from '../../components/SectionCard';
import { useRewardActivity, type LiveActivityRow } from './useRewardActivity';
import './reward-activity.css';

const COLUMNS = [
  { title: t('rewards.activityColumns.customer'), dataIndex: 'customer', key: 'customer' },
  { title: t('rewards.activityColumns.date'), dataIndex: 'date', key: 'date' },
  {
    title: t('rewards.activityColumns.reward'),
    dataIndex: 'reward',
    key: 'reward',
    render: (reward: string, row: LiveActivityRow) =>
      row.tag ? (
        <span className="sw-activity-reward">
          {/* Our own claim colours (antd's gold, #d48806 on #fffbe6, is 2.75:1; this is 6.8:1). */}
          <Tag className={row.type === 'redemption' ? 'sw-claim-tag' : undefined}>{row.tag}</Tag>
          {reward}
          {row.who ? <span className="sw-activity-who"> · {row.who}</span> : null}
          {row.removedDetail ? <span className="sw-activity-removed"> {row.removedDetail}</span> : null}
        </span>
      ) : (
        reward
      ),
  },
];

export function RewardActivityTable({ vendorId }: { vendorId?: string }) {
  const activity = useRewardActivity(vendorId);
  const [removing, setRemoving] = useState<LiveActivityRow | null>(null);
  const columns = activity.sample
    ? COLUMNS
    : [
        ...COLUMNS,
        {
          // Named for screen readers (a table header is never empty); the buttons say what they do.
          title: <span className="sw-visually-hidden">{t('rewards.activityColumns.actions')}</span>,
          key: 'actions',
          render: (_: unknown, row: LiveActivityRow) =>
            row.removable ? (
              <Button size="small" onClick={() => setRemoving(row)} aria-label={`${t('rewards.removeStamp')}: ${row.customer}, ${row.date}`}>
                {t('rewards.removeStamp')}
              </Button>
            ) : null,
        },
      ];
  return (
    <SectionCard title={t('rewards.activityTitle')} icon={<HistoryOutlined aria-hidden />} sample={activity.sample ? t('activity.tableSampleTooltip') : false}>
      {/* A phone (360 px) is narrower than the columns with their Remove stamp buttons: the table scrolls in its
          card rather than the page sideways. By this box, not antd's `scroll`, which adds a hidden measuring row to
          the table body that anything counting the table's rows would count. */}
      <div style={{ overflowX: 'auto' }}>
        <Table<LiveActivityRow>
          columns={columns}
          dataSource={[...activity.rows]}
          pagination={activity.pagination}
          loading={activity.loading}
          size="middle"
          aria-label={t('rewards.activityTitle')}
        />
      </div>
      {removing && vendorId ? <RemoveStampDialog vendorId={vendorId} row={removing} onClose={() => setRemoving(null)} /> : null}
    </SectionCard>
  );
}

/** Asks why before a stamp is removed: the reason is required and kept in the audit and the export. */
function RemoveStampDialog({ vendorId, row, onClose }: { vendorId: string; row: LiveActivityRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [removeStamp, { isLoading }] = useRemoveStampMutation();
  const missing = reason.trim() === '';
  const onOk = async () => {
    setTouched(true);
    if (missing) return;
    try {
      await removeStamp({ vendorId, stampId: row.key, reason: reason.trim() }).unwrap();
      onClose();
    } catch (error) {
      console.error(error);
      void message.error(t('rewards.removeStampTitle'));
    }
  };
  return (
    <Modal open title={t('rewards.removeStampTitle')} okText={t('rewards.removeConfirm')} okButtonProps={{ danger: true, loading: isLoading }} onOk={() => void onOk()} onCancel={onClose}>
      <p>{t('rewards.removeStampText')}</p>
      <label htmlFor="sw-remove-reason">{t('rewards.removeReason')}</label>
      <Input id="sw-remove-reason" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} status={touched && missing ? 'error' : undefined} />
      {touched && missing ? <p role="alert">{t('rewards.removeReasonRequired')}</p> : null}
    </Modal>
  );
}
