// Account Settings (the profile menu's item): your name and e-mail, your password, your sessions; for a manager
// also the counter screens; for the owner also the team and deleting the store.
import { App, Button, Card, Form, Input } from 'antd';
import { useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { serverErrorMessage } from '../../api/errorMessage';
import { PageHeading } from '../../components/PageHeading';
import { VendorPage } from '../../components/VendorPage';
import { tokenSaved } from '../session/sessionSlice';
import { passwordRuleMessage } from '../verify/VerifyPage';
import { useRoleAllows } from '../session/roleAccess';
import { CounterScreensSection } from '../qr/CounterScreens';
import { DeleteStoreCard } from './DeleteStoreCard';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';
import { TeamSection } from './TeamSection';
import { useGetMeQuery } from '../session/authApi';
import { teamApi } from './teamApi';
import { ACCOUNT_TEXT } from './texts';
import './account.css';

interface PasswordFields {
  currentPassword: string;
  password: string;
}

function PasswordCard() {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordFields>();

  const save = async (fields: PasswordFields) => {
    const result = await dispatch(teamApi.endpoints.changePassword.initiate(fields, { track: false }));
    if (result.data?.token) {
      // The change ended every other session; this browser goes on with the new token.
      dispatch(tokenSaved(result.data.token));
      form.resetFields();
      void message.success(ACCOUNT_TEXT.passwordChanged);
      return;
    }
    const rule = passwordRuleMessage(result.error);
    if (rule !== null) form.setFields([{ name: 'password', errors: [rule] }]);
    else form.setFields([{ name: 'currentPassword', errors: [serverErrorMessage(result.error, ACCOUNT_TEXT.passwordFailed)] }]);
  };

  return (
    <Card title={ACCOUNT_TEXT.password} className="sw-account-card">
      <Form form={form} name="change-password" layout="vertical" requiredMark={false} onFinish={save} style={{ maxWidth: 360 }}>
        <Form.Item name="currentPassword" label={ACCOUNT_TEXT.currentPassword} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={ACCOUNT_TEXT.newPassword} rules={[{ required: true }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit">{ACCOUNT_TEXT.changePassword}</Button>
      </Form>
    </Card>
  );
}

export default function AccountSettingsPage() {
  const { userId = '' } = useParams();
  const { data: me } = useGetMeQuery();
  const isOwner = useRoleAllows('team');
  // An owner or a manager runs the counter screens (the same part of the app as the stamp budget).
  const mayRunCounterScreens = useRoleAllows('stampBudget');
  return (
    <VendorPage>
      <PageHeading title={ACCOUNT_TEXT.heading} subtitle={ACCOUNT_TEXT.subtitle} />
      <ProfileCard me={me} />
      <PasswordCard />
      <SessionsCard />
      {isOwner ? <TeamSection vendorId={userId} /> : null}
      {mayRunCounterScreens ? <CounterScreensSection vendorId={userId} /> : null}
      {isOwner ? <DeleteStoreCard vendorId={userId} /> : null}
    </VendorPage>
  );
}
