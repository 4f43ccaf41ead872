// The store's customers — visits, stamps, rewards given, first and last visit — with the
// "regulars" and "lapsed" filters, server-side sorting and keyset pages, plus the CSV exports.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, InputNumber, Segmented, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, TeamOutlined } from '@ant-design/icons';
import { formatDay as formatDate } from '../../lib/format';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';
import type { MessageId } from '../../i18n/catalogue';
import { intlLocale, t } from '../../i18n/texts';
import type { CustomerListFilter, CustomerListItem, CustomerListSort, SortOrder } from '../../api/contract/customers';
import { CUSTOMER_PAGE_SIZE, REGULAR_MIN_VISITS, REGULAR_WINDOW_DAYS } from '../../api/contract/limits';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import { useGetCustomersQuery } from './customersApi';
import { CustomerSpotlight } from './CustomerSpotlight';
import { ExportPanel } from './ExportPanel';
import './customers.css';

const FILTERS: CustomerListFilter[] = ['all', 'regulars', 'lapsed'];

const FILTER_TEXT = {
  all: 'customers.filter.all',
  regulars: 'customers.filter.regulars',
  lapsed: 'customers.filter.lapsed',
} as const satisfies Record<CustomerListFilter, MessageId>;

// Formats read the page's locale when a cell renders (22 nov. 2026 in French, 1.234 in German); days are the store's.
const formatDayIn = (timeZone: string | null) => (ms: number | null) => (ms === null ? '—' : formatDate(ms, intlLocale(), timeZone));
const formatCount = (count: number) => new Intl.NumberFormat(intlLocale()).format(count);

export default function CustomersPage() {
  const { userId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const spotlightKey = searchParams.get('customer');
  const spotlightText = searchParams.get('q') ?? '';
  const [filter, setFilter] = useState<CustomerListFilter>('all');
  const [minVisits, setMinVisits] = useState(REGULAR_MIN_VISITS);
  const [sort, setSort] = useState<CustomerListSort>('lastVisit');
  const [order, setOrder] = useState<SortOrder>('desc');
  // Keyset pages: the cursors of the pages before this one (the first page has none).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors[cursors.length - 1];
  const { data, isFetching, isError } = useGetCustomersQuery(
    { vendorId: userId, filter, sort, order, minVisits, limit: CUSTOMER_PAGE_SIZE.default, after },
    { skip: !userId },
  );
  const restart = () => setCursors([undefined]);
  const formatDay = formatDayIn(useStoreTimeZone());

  const sortOrderOf = (key: CustomerListSort) => (sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<CustomerListItem>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('customers.column.name') },
    { key: 'visits', dataIndex: 'visits', title: t('customers.column.visits'), align: 'end', render: formatCount, sorter: true, sortOrder: sortOrderOf('visits') },
    { key: 'stamps', dataIndex: 'stamps', title: t('customers.column.stamps'), align: 'end', render: formatCount, sorter: true, sortOrder: sortOrderOf('stamps') },
    { key: 'rewardsGiven', dataIndex: 'rewardsGiven', title: t('customers.column.rewardsGiven'), align: 'end', render: formatCount, sorter: true, sortOrder: sortOrderOf('rewardsGiven') },
    { key: 'firstVisit', dataIndex: 'firstVisit', title: t('customers.column.firstVisit'), sorter: true, sortOrder: sortOrderOf('firstVisit'), render: formatDay },
    { key: 'lastVisit', dataIndex: 'lastVisit', title: t('customers.column.lastVisit'), sorter: true, sortOrder: sortOrderOf('lastVisit'), render: formatDay },
  ];

  const onTableChange: TableProps<CustomerListItem>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = (one?.columnKey ?? 'lastVisit') as CustomerListSort;
    // A third click clears antd's sort: back to the default order.
    if (!one?.order) {
      setSort('lastVisit');
      setOrder('desc');
    } else {
      setSort(key);
      setOrder(one.order === 'ascend' ? 'asc' : 'desc');
    }
    restart();
  };

  return (
    <VendorPage className="sw-customers-page">
      <PageHeading title={t('customers.heading')} subtitle={t('customers.subtitle')} />
      {spotlightKey ? <CustomerSpotlight key={spotlightKey} vendorId={userId} customerKey={spotlightKey} text={spotlightText} /> : null}
      <SectionCard title={t('customers.heading')} icon={<TeamOutlined aria-hidden />}>
        <Space wrap size={16} className="sw-customers-filters">
          <Segmented<CustomerListFilter>
            aria-label={t('customers.filterLabel')}
            value={filter}
            options={FILTERS.map((value) => ({ value, label: t(FILTER_TEXT[value]) }))}
            onChange={(value) => {
              setFilter(value);
              restart();
            }}
          />
          {filter === 'regulars' ? (
            <label className="sw-customers-min">
              {t('customers.minVisitsLabel')}{' '}
              <InputNumber
                controls={false}
                inputMode="numeric"
                min={1}
                max={100}
                value={minVisits}
                onChange={(value) => {
                  setMinVisits(value ?? REGULAR_MIN_VISITS);
                  restart();
                }}
              />
            </label>
          ) : null}
        </Space>
        <p className="sw-customers-hint">{t('customers.filterHint', { minVisits, days: REGULAR_WINDOW_DAYS })}</p>
        {/* What the Visits column and the regulars filter count: days, not stamps. */}
        <p className="sw-customers-hint">{t('customerVisits.hint')}</p>
        {isError ? <Alert type="error" showIcon title={t('customers.loadFailed')} /> : null}
        <Table<CustomerListItem>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          pagination={false}
          onChange={onTableChange}
          locale={{ emptyText: t('customers.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="customers-table"
        />
        <Space className="sw-customers-pages" wrap>
          <Button onClick={restart} disabled={cursors.length === 1}>
            {t('customers.first')}
          </Button>
          <Button onClick={() => setCursors((stack) => stack.slice(0, -1))} disabled={cursors.length === 1}>
            {t('customers.previous')}
          </Button>
          <span aria-live="polite">{t('customers.pageOf', { page: cursors.length })}</span>
          <Button type="primary" onClick={() => data?.next && setCursors((stack) => [...stack, data.next ?? undefined])} disabled={!data?.next}>
            {t('customers.next')}
          </Button>
        </Space>
      </SectionCard>
      <SectionCard title={t('customers.exportTitle')} icon={<DownloadOutlined aria-hidden />} className="sw-customers-export">
        <ExportPanel vendorId={userId} filter={filter} minVisits={minVisits} />
      </SectionCard>
    </VendorPage>
  );
}
