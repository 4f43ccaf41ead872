// The store's customers — visits, stamps, rewards given, first and last visit — with the
// "regulars" and "lapsed" filters, server-side sorting and keyset pages, plus the CSV exports.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, InputNumber, Segmented, Space, Table, type TableProps } from 'antd';
import { DownloadOutlined, TeamOutlined } from '@ant-design/icons';
import { formatDay as formatDate } from '../../lib/format';
import type { CustomerListFilter, CustomerListItem, CustomerListSort, SortOrder } from '../../api/contract/customers';
import { CUSTOMER_PAGE_SIZE, REGULAR_MIN_VISITS, REGULAR_WINDOW_DAYS } from '../../api/contract/limits';
import { CUSTOMERS_TEXT } from '../../constants';
import { PageHeading } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { VendorPage } from '../../components/VendorPage';
import { useGetCustomersQuery } from './customersApi';
import { CustomerSpotlight } from './CustomerSpotlight';
import { ExportPanel } from './ExportPanel';
import './customers.css';

const FILTERS: CustomerListFilter[] = ['all', 'regulars', 'lapsed'];

const formatDay = (ms: number | null) => (ms === null ? '—' : formatDate(ms));

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

  const sortOrderOf = (key: CustomerListSort) => (sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableProps<CustomerListItem>['columns'] = [
    { key: 'name', dataIndex: 'name', title: CUSTOMERS_TEXT.columns.name },
    { key: 'visits', dataIndex: 'visits', title: CUSTOMERS_TEXT.columns.visits, align: 'right', sorter: true, sortOrder: sortOrderOf('visits') },
    { key: 'stamps', dataIndex: 'stamps', title: CUSTOMERS_TEXT.columns.stamps, align: 'right', sorter: true, sortOrder: sortOrderOf('stamps') },
    { key: 'rewardsGiven', dataIndex: 'rewardsGiven', title: CUSTOMERS_TEXT.columns.rewardsGiven, align: 'right', sorter: true, sortOrder: sortOrderOf('rewardsGiven') },
    { key: 'firstVisit', dataIndex: 'firstVisit', title: CUSTOMERS_TEXT.columns.firstVisit, sorter: true, sortOrder: sortOrderOf('firstVisit'), render: formatDay },
    { key: 'lastVisit', dataIndex: 'lastVisit', title: CUSTOMERS_TEXT.columns.lastVisit, sorter: true, sortOrder: sortOrderOf('lastVisit'), render: formatDay },
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
      <PageHeading title={CUSTOMERS_TEXT.heading} subtitle={CUSTOMERS_TEXT.subtitle} />
      {spotlightKey ? <CustomerSpotlight key={spotlightKey} vendorId={userId} customerKey={spotlightKey} text={spotlightText} /> : null}
      <SectionCard title={CUSTOMERS_TEXT.heading} icon={<TeamOutlined />}>
        <Space wrap size={16} className="sw-customers-filters">
          <Segmented<CustomerListFilter>
            aria-label={CUSTOMERS_TEXT.filterLabel}
            value={filter}
            options={FILTERS.map((value) => ({ value, label: CUSTOMERS_TEXT.filters[value] }))}
            onChange={(value) => {
              setFilter(value);
              restart();
            }}
          />
          {filter === 'regulars' ? (
            <label className="sw-customers-min">
              {CUSTOMERS_TEXT.minVisitsLabel}{' '}
              <InputNumber
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
        <p className="sw-customers-hint">{CUSTOMERS_TEXT.filterHint(minVisits, REGULAR_WINDOW_DAYS)}</p>
        {isError ? <Alert type="error" showIcon message={CUSTOMERS_TEXT.loadFailed} /> : null}
        <Table<CustomerListItem>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          pagination={false}
          onChange={onTableChange}
          locale={{ emptyText: CUSTOMERS_TEXT.empty }}
          scroll={{ x: 'max-content' }}
          data-testid="customers-table"
        />
        <Space className="sw-customers-pages" wrap>
          <Button onClick={restart} disabled={cursors.length === 1}>
            {CUSTOMERS_TEXT.first}
          </Button>
          <Button onClick={() => setCursors((stack) => stack.slice(0, -1))} disabled={cursors.length === 1}>
            {CUSTOMERS_TEXT.previous}
          </Button>
          <span aria-live="polite">{CUSTOMERS_TEXT.pageOf(cursors.length)}</span>
          <Button type="primary" onClick={() => data?.next && setCursors((stack) => [...stack, data.next ?? undefined])} disabled={!data?.next}>
            {CUSTOMERS_TEXT.next}
          </Button>
        </Space>
      </SectionCard>
      <SectionCard title={CUSTOMERS_TEXT.exportTitle} icon={<DownloadOutlined />} className="sw-customers-export">
        <ExportPanel vendorId={userId} filter={filter} minVisits={minVisits} />
      </SectionCard>
    </VendorPage>
  );
}
