// Account Settings (the profile menu's item): your profile, your password, your sessions; for the owner also
// the team, the counter screens and deleting the store.
import { App, Button, Card, Descriptions, Form, Input } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { useAppDispatch } from '../../app/hooks';
import { serverErrorMessage } from '../../api/errorMessage';
import { PageHeading } from '../../components/PageHeading';
import { VendorPage } from '../../components/VendorPage';
import { loggedOut, tokenSaved } from '../session/sessionSlice';
import { passwordRuleMessage } from '../verify/VerifyPage';
import { useRoleAllows } from '../session/roleAccess';
import { TeamSection } from './TeamSection';
import { teamApi, useGetMeQuery, useSignOutEverywhereMutation } from './teamApi';
import { ACCOUNT_TEXT } from './texts';

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

function SessionsCard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();
  const run = async () => {
    try {
      await signOutEverywhere().unwrap();
      dispatch(loggedOut());
      navigate(ROUTES.login, { replace: true });
    } catch (error) {
      void message.error(serverErrorMessage(error, ACCOUNT_TEXT.signOutFailed));
    }
  };
  return (
    <Card title={ACCOUNT_TEXT.sessions} className="sw-account-card">
      <p>{ACCOUNT_TEXT.sessionsText}</p>
      <Button danger loading={isLoading} onClick={() => void run()}>
        {ACCOUNT_TEXT.signOutEverywhere}
      </Button>
    </Card>
  );
}

export default function AccountSettingsPage() {
  const { userId = '' } = useParams();
  const { data: me } = useGetMeQuery();
  const isOwner = useRoleAllows('team');
  return (
    <VendorPage>
      <PageHeading title={ACCOUNT_TEXT.heading} subtitle={ACCOUNT_TEXT.subtitle} />
      <Card title={ACCOUNT_TEXT.profile} className="sw-account-card">
        <Descriptions column={1}>
          <Descriptions.Item label={ACCOUNT_TEXT.name}>{me?.name ?? ''}</Descriptions.Item>
          <Descriptions.Item label={ACCOUNT_TEXT.email}>{me?.email ?? ''}</Descriptions.Item>
          <Descriptions.Item label={ACCOUNT_TEXT.role}>{me ? ACCOUNT_TEXT.roleName(me.role) : ''}</Descriptions.Item>
        </Descriptions>
      </Card>
      <PasswordCard />
      <SessionsCard />
      {isOwner ? (
        <>
          <TeamSection vendorId={userId} />
          {/* Paired counter screens are listed here once devices can be paired. */}
          <Card title={ACCOUNT_TEXT.counterScreens} className="sw-account-card" data-testid="counter-screens-section">
            <p>{ACCOUNT_TEXT.counterScreensText}</p>
          </Card>
          <Card title={ACCOUNT_TEXT.deleteStore} className="sw-account-card">
            <p>{ACCOUNT_TEXT.deleteStoreText}</p>
          </Card>
        </>
      ) : null}
    </VendorPage>
  );
}
