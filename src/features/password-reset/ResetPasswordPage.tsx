// The mailed reset link: checking → a new password (the rule of completing registration) →
// signed in on the dashboard; an unknown, used or expired link offers a new one.
import { useRef, useState } from 'react';
import { Button, Form, Input, Spin, Typography } from 'antd';
import { ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { useAppDispatch } from '../../app/hooks';
import { PublicPage } from '../layout/PublicPage';
import { authApi, useCheckResetLinkQuery } from '../session/authApi';
import { passwordRuleMessage } from '../verify/VerifyPage';
import '../verify/verify.css';

/** A console line for the developer (not shown to the vendor, so not translated). */
const RESET_FAILED_LOG = 'Password reset failed';

function NewPasswordForm({ token, onLinkDead }: { token: string; onLinkDead: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const [submitting, setSubmitting] = useState(false);
  // A ref, not the state: two quick clicks both pass validation before the state re-renders.
  const inFlight = useRef(false);

  const save = async ({ password }: { password: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    // track: false keeps the password out of the store's mutation cache (DevTools also redact it).
    const result = await dispatch(authApi.endpoints.resetPassword.initiate({ token, password }, { track: false }));
    if (result.data?.token) {
      // The session slice has stored the token (resetPassword.matchFulfilled).
      navigate(ROUTES.dashboard(result.data.vendorId), { replace: true });
      return;
    }
    inFlight.current = false;
    setSubmitting(false);
    const rule = passwordRuleMessage(result.error);
    if (rule === null) {
      console.error(RESET_FAILED_LOG, result.error);
      onLinkDead();
      return;
    }
    form.setFields([{ name: 'password', errors: [rule] }]);
  };

  return (
    <>
      <div className="sw-verify__icon sw-verify__icon--success" aria-hidden="true">
        <LockOutlined aria-hidden />
      </div>
      <Typography.Title level={1} className="sw-verify__heading">
        {t('passwordReset.reset.title')}
      </Typography.Title>
      <p className="sw-verify__text">{t('passwordReset.reset.text')}</p>
      <Form form={form} name="reset-password" layout="vertical" size="large" requiredMark={false} className="sw-auth-form sw-verify__form" onFinish={save}>
        <Form.Item
          label={t('passwordReset.reset.password')}
          name="password"
          extra={t('passwordReset.reset.passwordHelp')}
          rules={[{ required: true, message: t('passwordReset.reset.passwordRequired') }]}
        >
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- this field is the page's one task (opened from a link, nothing above it to read first), so the cursor starts there */}
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('passwordReset.reset.submit')}
        </Button>
      </Form>
    </>
  );
}

function DeadLink() {
  const navigate = useNavigate();
  return (
    <>
      <div className="sw-verify__icon sw-verify__icon--expired" aria-hidden="true">
        <ClockCircleOutlined aria-hidden />
      </div>
      <Typography.Title level={1} className="sw-verify__heading">
        {t('passwordReset.reset.invalidTitle')}
      </Typography.Title>
      <p className="sw-verify__text">{t('passwordReset.reset.invalidText')}</p>
      <Button type="primary" size="large" block onClick={() => navigate(ROUTES.forgotPassword)}>
        {t('passwordReset.reset.askAgain')}
      </Button>
      <Button type="link" block style={{ marginTop: 12 }} onClick={() => navigate(ROUTES.login)}>
        {t('passwordReset.backToLogin')}
      </Button>
    </>
  );
}

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = useCheckResetLinkQuery(token);
  const [dead, setDead] = useState(false);

  let content;
  if (link.isLoading || link.isUninitialized) {
    content = (
      <div className="sw-verify__pending" role="status">
        <Spin size="large" />
        <Typography.Title level={1} className="sw-verify__heading">
          {t('passwordReset.reset.checking')}
        </Typography.Title>
      </div>
    );
  } else if (dead || link.isError || !link.data?.ok) {
    content = <DeadLink />;
  } else {
    content = <NewPasswordForm token={token} onLinkDead={() => setDead(true)} />;
  }
  return (
    <PublicPage width={440}>
      <div className="sw-verify">{content}</div>
    </PublicPage>
  );
}
