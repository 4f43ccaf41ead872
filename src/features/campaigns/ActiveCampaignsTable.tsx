// 'Active Campaigns' table: Title, Audience, Schedule, Type, Notifications for the campaign rows given.
import { BellOutlined } from '@ant-design/icons';
import { Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { CampaignRow, CampaignStatus } from '../../api/contract/campaigns';
import { t } from '../../i18n/texts';
import dayjs from 'dayjs';
import { CUSTOMER_FREQUENCY_OPTIONS, optionLabel, PROMOTION_TYPE_OPTIONS } from './campaignModel';
import type { SampleCampaignRow } from './sampleCampaigns';

/** '1 Dec – 7 Dec 2026', or with both years when the campaign crosses a new year. */
export function formatSchedule(start: string, end: string): string {
  const from = dayjs(start);
  const to = dayjs(end);
  return from.year() === to.year() ? `${from.format('D MMM')} – ${to.format('D MMM YYYY')}` : `${from.format('D MMM YYYY')} – ${to.format('D MMM YYYY')}`;
}

/** A row of the table: a sample row, or a saved campaign with where it stands and where its messages are. */
export type CampaignTableRow = SampleCampaignRow & {
  status?: CampaignStatus;
  delivery?: CampaignRow['delivery'];
  /** Bonus-stamps campaigns: "1.20 spent · 48.80 left" of the budget. */
  budgetNote?: string;
};

/** The columns, their headings in the page's language (built at render time). */
const columns = (): TableColumnsType<CampaignTableRow> => [
  {
    title: t('campaigns.columns.title'),
    dataIndex: 'title',
    key: 'title',
    render: (title: string, row) => (
      <>
        <strong className="sw-table-title">{title}</strong>
        {/* Phones only (CSS): the Schedule and Type columns are hidden there, so their facts sit here. */}
        <span className="sw-table-sub">
          {formatSchedule(row.start, row.end)} · {optionLabel(PROMOTION_TYPE_OPTIONS, row.type) ?? row.type}
        </span>
      </>
    ),
  },
  {
    title: t('campaigns.columns.audience'),
    dataIndex: 'audience',
    key: 'audience',
    render: (audience: SampleCampaignRow['audience']) => optionLabel(CUSTOMER_FREQUENCY_OPTIONS, audience) ?? audience,
  },
  {
    title: t('campaigns.columns.schedule'),
    key: 'schedule',
    // Hidden below 576 px (campaigns.css); on phones the title cell shows it.
    className: 'sw-col-wide',
    render: (_: unknown, row) => formatSchedule(row.start, row.end),
  },
  {
    title: t('campaigns.columns.type'),
    dataIndex: 'type',
    key: 'type',
    className: 'sw-col-wide',
    render: (type: SampleCampaignRow['type'], row) => (
      <>
        <Tag className={`sw-type-tag sw-type-tag--${type}`}>{optionLabel(PROMOTION_TYPE_OPTIONS, type) ?? type}</Tag>
        {row.budgetNote ? <span className="sw-table-sub sw-budget-note">{row.budgetNote}</span> : null}
      </>
    ),
  },
  {
    title: t('campaigns.columns.notifications'),
    dataIndex: 'notifications',
    key: 'notifications',
    align: 'right',
    render: (count: number, row) => (
      <span className="sw-count" aria-label={row.delivery ? t('campaignDelivery.counts', { ...row.delivery }) : undefined}>
        <BellOutlined aria-hidden /> {count}
        {/* Messages still queued (held for the morning, or retried) and those given up after a day of retries. */}
        {row.delivery && row.delivery.waiting > 0 ? <span className="sw-count-note">{t('campaignDelivery.waiting', { count: row.delivery.waiting })}</span> : null}
        {row.delivery && row.delivery.failed > 0 ? <span className="sw-count-note sw-count-note--failed">{t('campaignDelivery.failed', { count: row.delivery.failed })}</span> : null}
      </span>
    ),
  },
];

const STATUS_TEXT = {
  scheduled: () => t('campaignsLive.status.scheduled'),
  active: () => t('campaignsLive.status.active'),
  paused: () => t('campaignsLive.status.paused'),
  ended: () => t('campaignsLive.status.ended'),
} satisfies Record<CampaignStatus, () => string>;

/** The columns saved campaigns add: where each stands, and what can be done with it. */
function savedCampaignColumns(renderActions: (row: CampaignTableRow) => ReactNode): TableColumnsType<CampaignTableRow> {
  return [
    {
      title: t('campaignsLive.columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: CampaignStatus | undefined) => (status ? <Tag className={`sw-status-tag sw-status-tag--${status}`}>{STATUS_TEXT[status]()}</Tag> : null),
    },
    { title: t('campaignsLive.columns.actions'), key: 'actions', render: (_: unknown, row) => renderActions(row) },
  ];
}

export function ActiveCampaignsTable({ rows, renderActions }: { rows: readonly CampaignTableRow[]; renderActions?: (row: CampaignTableRow) => ReactNode }) {
  return (
    <Table<CampaignTableRow>
      className="sw-campaign-table"
      columns={renderActions ? [...columns(), ...savedCampaignColumns(renderActions)] : columns()}
      dataSource={[...rows]}
      rowKey="id"
      pagination={false}
      size="middle"
    />
  );
}
