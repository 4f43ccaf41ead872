// CSV exports of the customer list and of the activity log for a date range.
import { useState } from 'react';
import { App, Button, DatePicker, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { CustomerListFilter } from '../../api/contract/customers';
import { useAppSelector } from '../../app/hooks';
import { t } from '../../i18n/texts';
import { localUtcOffsetMinutes } from '../activity/activityApi';
import { selectToken } from '../session/sessionSlice';
import { downloadCsv } from './downloadCsv';
import { dateInputFormat, ISO_DATE_INPUT } from '../../lib/format';

type Range = [Dayjs | null, Dayjs | null] | null;

export function ExportPanel({ vendorId, filter, minVisits }: { vendorId: string; filter: CustomerListFilter; minVisits: number }) {
  const { message } = App.useApp();
  const token = useAppSelector(selectToken);
  const [range, setRange] = useState<Range>([dayjs().subtract(29, 'day'), dayjs()]);
  const [busy, setBusy] = useState<'customers' | 'activity' | null>(null);
  const offset = localUtcOffsetMinutes();

  const run = async (which: 'customers' | 'activity', path: string, fileName: string) => {
    setBusy(which);
    try {
      await downloadCsv(path, token, fileName);
    } catch {
      void message.error(t('customers.exportFailed'));
    } finally {
      setBusy(null);
    }
  };

  const exportActivity = () => {
    const [from, to] = range ?? [null, null];
    if (!from || !to) {
      void message.warning(t('customers.exportRangeRequired'));
      return;
    }
    const firstDay = from.format('YYYY-MM-DD');
    const lastDay = to.format('YYYY-MM-DD');
    void run('activity', `/activity/${encodeURIComponent(vendorId)}/export.csv?from=${firstDay}&to=${lastDay}&utcOffset=${offset}`, `stampwise-activity-${firstDay}-to-${lastDay}.csv`);
  };

  return (
    <Space orientation="vertical" size={12} className="sw-export">
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'customers'}
        onClick={() => void run('customers', `/customers/${encodeURIComponent(vendorId)}/export.csv?filter=${filter}&minVisits=${minVisits}&utcOffset=${offset}`, 'stampwise-customers.csv')}
      >
        {busy === 'customers' ? t('customers.exporting') : t('customers.exportCustomers')}
      </Button>
      <Space wrap>
        <DatePicker.RangePicker
          aria-label={t('customers.exportRangeLabel')}
          format={[dateInputFormat(), ISO_DATE_INPUT]}
          value={range}
          onChange={(value) => setRange(value)}
          allowClear={false}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        />
        <Button icon={<DownloadOutlined aria-hidden />} loading={busy === 'activity'} onClick={exportActivity}>
          {busy === 'activity' ? t('customers.exporting') : t('customers.exportActivity')}
        </Button>
      </Space>
    </Space>
  );
}
