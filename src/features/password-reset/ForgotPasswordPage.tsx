// "Forgot password?": the vendor's e-mail → the same "Check your inbox" for any address.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import { PublicPage } from '../layout/PublicPage';
import { useForgotPasswordMutation } from '../session/authApi';
import '../verify/verify.css';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [ask, state] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  // The form and its button go once the link is sent: the focus moves to the answer's heading rather than
  // falling to the page, so a screen reader reads "Check your inbox" from there.
  const sentHeading = useRef<HTMLElement>(null);
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onFinish = async ({ email }: { email: string }) => {
    const result = await ask(email.trim());
    if (!result.error) setSent(true);
  };

  const failure = state.isError ? ((state.error as FetchBaseQueryError).status === 429 ? t('passwordReset.forgot.tooMany') : t('passwordReset.forgot.failed')) : null;

  return (
    <PublicPage width={440}>
      <div className="sw-verify">
        <div className="sw-verify__icon sw-verify__icon--success" aria-hidden="true">
          <MailOutlined aria-hidden />
        </div>
        {sent ? (
          <>
            <Typography.Title level={1} className="sw-verify__heading" ref={sentHeading} tabIndex={-1}>
              {t('passwordReset.forgot.sentTitle')}
            </Typography.Title>
            <p className="sw-verify__text" role="status">
              {t('passwordReset.forgot.sentText')}
            </p>
            <p className="sw-verify__text">{t('passwordReset.forgot.sentNotVerifiedText')}</p>
            <p className="sw-verify__text">{t('passwordReset.forgot.sentHint')}</p>
          </>
        ) : (
          <>
            <Typography.Title level={1} className="sw-verify__heading">
              {t('passwordReset.forgot.title')}
            </Typography.Title>
            <p className="sw-verify__text">{t('passwordReset.forgot.text')}</p>
            {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16, textAlign: 'left' }} /> : null}
            <Form name="forgot-password" layout="vertical" size="large" requiredMark={false} className="sw-auth-form sw-verify__form" onFinish={onFinish}>
              <Form.Item
                label={t('passwordReset.forgot.email')}
                name="email"
                rules={[
                  { required: true, whitespace: true, message: t('passwordReset.forgot.emailRequired') },
                  { type: 'email', message: t('passwordReset.forgot.emailInvalid') },
                ]}
              >
                {/* eslint-disable-next-line jsx-a11y/no-autofocus -- this field is the page's one task (opened from a link, nothing above it to read first), so the cursor starts there */}
                <Input type="email" autoComplete="email" placeholder={t('passwordReset.forgot.emailPlaceholder')} autoFocus />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={state.isLoading}>
                {t('passwordReset.forgot.submit')}
              </Button>
            </Form>
          </>
        )}
        <Button type="link" block style={{ marginTop: 12 }} onClick={() => navigate(ROUTES.login)}>
          {t('passwordReset.backToLogin')}
        </Button>
      </div>
    </PublicPage>
  );
}
