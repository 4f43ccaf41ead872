// The owner deletes the store: the exports are offered first, then the store's name typed as it is and the
// owner's password. Afterwards everyone is signed out; the store's codes and card pages no longer find it.
import { useState } from 'react';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { serverErrorMessage } from '../../api/errorMessage';
import { localUtcOffsetMinutes } from '../activity/activityApi';
import { downloadCsv } from '../customers/downloadCsv';
import { loggedOut, selectToken } from '../session/sessionSlice';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { useDeleteStoreMutation } from './accountApi';
import { useGetMeQuery } from '../session/authApi';
import { ACCOUNT_SETTINGS_TEXT } from './accountTexts';
import { ACCOUNT_TEXT } from './texts';

/** The activity export covers everything since before any store existed. */
const ACTIVITY_SINCE = '2020-01-01';

interface DeleteFields {
  storeName: string;
  password: string;
}

function Exports({ vendorId }: { vendorId: string }) {
  const { message } = App.useApp();
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState<'customers' | 'activity' | null>(null);
  const offset = localUtcOffsetMinutes();
  const run = async (which: 'customers' | 'activity', path: string, fileName: string) => {
    setBusy(which);
    try {
      await downloadCsv(path, token, fileName);
    } catch {
      void message.error(ACCOUNT_SETTINGS_TEXT.exportFailed);
    } finally {
      setBusy(null);
    }
  };
  const today = dayjs().format('YYYY-MM-DD');
  const store = encodeURIComponent(vendorId);
  return (
    <Space wrap className="sw-delete-store__exports">
      <Button icon={<DownloadOutlined aria-hidden />} loading={busy === 'customers'} onClick={() => void run('customers', `/customers/${store}/export.csv?filter=all&minVisits=1&utcOffset=${offset}`, 'stampwise-customers.csv')}>
        {ACCOUNT_SETTINGS_TEXT.exportCustomers}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'activity'}
        onClick={() => void run('activity', `/activity/${store}/export.csv?from=${ACTIVITY_SINCE}&to=${today}&utcOffset=${offset}`, `stampwise-activity-to-${today}.csv`)}
      >
        {ACCOUNT_SETTINGS_TEXT.exportActivity}
      </Button>
    </Space>
  );
}

export function DeleteStoreCard({ vendorId }: { vendorId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { data: vendor } = useGetVendorQuery(vendorId, { skip: !vendorId });
  const [deleteStore, deleting] = useDeleteStoreMutation();
  const [form] = Form.useForm<DeleteFields>();
  const typed = Form.useWatch('storeName', form) ?? '';
  const { data: me } = useGetMeQuery();
  // As the server reads it: the business name, or the owner's own name when the store has none.
  const storeName = vendor ? vendor.vendor.company || (me?.name ?? '') : '';
  const matches = storeName !== '' && typed.trim() === storeName.trim();

  const submit = async ({ storeName: typedName, password }: DeleteFields) => {
    try {
      await deleteStore({ vendorId, storeName: typedName, password }).unwrap();
      void message.success(ACCOUNT_SETTINGS_TEXT.deleted);
      dispatch(loggedOut());
      navigate(ROUTES.login, { replace: true });
    } catch (error) {
      form.setFields([{ name: 'password', errors: [serverErrorMessage(error, ACCOUNT_SETTINGS_TEXT.deleteFailed)] }]);
    }
  };

  return (
    <Card title={ACCOUNT_TEXT.deleteStore} className="sw-account-card" data-testid="delete-store">
      <p>{ACCOUNT_SETTINGS_TEXT.deleteIntro}</p>
      <Exports vendorId={vendorId} />
      <Form form={form} name="delete-store" layout="vertical" requiredMark={false} onFinish={submit} style={{ maxWidth: 360 }}>
        <Form.Item name="storeName" label={ACCOUNT_SETTINGS_TEXT.deleteNameLabel(storeName)} rules={[{ required: true }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={ACCOUNT_SETTINGS_TEXT.deletePassword} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" disabled={!matches} loading={deleting.isLoading}>
          {ACCOUNT_SETTINGS_TEXT.deleteButton}
        </Button>
      </Form>
    </Card>
  );
}
