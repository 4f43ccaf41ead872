// E-mail verification and first password: verifying → expired | set password.
import { useRef, useState } from 'react';
import { Button, Form, Input, Spin, Typography } from 'antd';
import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ROUTES } from '../../constants';
import { t } from '../../i18n/texts';
import type { ApiError } from '../../api/contract/common';
import { useAppDispatch } from '../../app/hooks';
import { PublicPage } from '../layout/PublicPage';
import { authApi, useVerifyQuery } from '../session/authApi';
import type { LoginPageState } from '../login/LoginPage';
import './verify.css';

/**
 * The server's password-rule message: completion refused with 400 whose details name the `password` field.
 * Anything else (unknown, used or expired link, server down) sends the vendor to /login.
 */
export function passwordRuleMessage(error: unknown): string | null {
  const failure = error as FetchBaseQueryError | undefined;
  if (failure?.status !== 400 || typeof failure.data !== 'object' || failure.data === null) return null;
  const body = failure.data as Partial<ApiError>;
  const passwordDetail = Array.isArray(body.details) ? body.details.find((detail) => detail?.field === 'password') : undefined;
  if (!passwordDetail) return null;
  return typeof body.error === 'string' && body.error ? body.error : passwordDetail.message;
}

/**
 * A 200 whose body still carries `error` is treated as a failure (any error answer → /login).
 * The API's schemas never send one; a proxy or an older server might.
 */
function carriesError(body: object | undefined): boolean {
  return Boolean(body && (body as Partial<ApiError>).error);
}

/** A console line for the developer (not shown to the vendor, so not translated). */
const VERIFICATION_FAILED_LOG = 'Verification failed';

function SetPassword({ token, vendorId }: { token: string; vendorId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const [submitting, setSubmitting] = useState(false);
  // A ref, not the state: two quick clicks both pass validation before the state re-renders.
  const inFlight = useRef(false);

  const complete = async ({ password }: { password: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    // track: false keeps the password out of the store's mutation cache.
    const result = await dispatch(authApi.endpoints.completeRegistration.initiate({ token, vendorId, password }, { track: false }));
    if (result.data && !carriesError(result.data)) {
      // The session slice has stored the token (completeRegistration.matchFulfilled).
      navigate(ROUTES.dashboard(result.data.vendorId || vendorId), { replace: true });
      return;
    }
    const rule = passwordRuleMessage(result.error);
    if (rule === null) {
      console.error(VERIFICATION_FAILED_LOG, result.error ?? result.data);
      navigate(ROUTES.login, { replace: true });
      return;
    }
    // Not a redirect: a vendor whose password breaks the rule must learn why, and keep the link.
    form.setFields([{ name: 'password', errors: [rule] }]);
    inFlight.current = false;
    setSubmitting(false);
  };

  return (
    <div className="sw-verify">
      <div className="sw-verify__icon sw-verify__icon--success" aria-hidden="true">
        <CheckOutlined aria-hidden />
      </div>
      <Typography.Title level={1} className="sw-verify__heading">
        {t('verify.successTitle')}
      </Typography.Title>
      <p className="sw-verify__text">{t('verify.successText')}</p>
      <Form form={form} name="set-password" layout="vertical" size="large" requiredMark={false} className="sw-auth-form sw-verify__form" onFinish={complete}>
        <Form.Item
          label={t('verify.password')}
          name="password"
          extra={t('verify.passwordHelp')}
          rules={[{ required: true, message: t('verify.passwordRequired') }]}
        >
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- this field is the page's one task (opened from a link, nothing above it to read first), so the cursor starts there */}
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('verify.complete')}
        </Button>
      </Form>
    </div>
  );
}

function LinkExpired() {
  const navigate = useNavigate();
  return (
    <div className="sw-verify">
      <div className="sw-verify__icon sw-verify__icon--expired" aria-hidden="true">
        <ClockCircleOutlined aria-hidden />
      </div>
      <Typography.Title level={1} className="sw-verify__heading">
        {t('verify.expiredTitle')}
      </Typography.Title>
      <p className="sw-verify__text">{t('verify.expiredText')}</p>
      <Button type="primary" size="large" block onClick={() => navigate(ROUTES.login)}>
        {t('verify.backToLogin')}
      </Button>
    </div>
  );
}

export default function VerifyPage() {
  const { token = '' } = useParams();
  const { data, isError, error } = useVerifyQuery(token);

  // An error answer or no answer at all → /login. A used or unknown link (404) also says so there, and offers
  // a new link, so an owner whose address is not verified yet is not left stuck.
  const deadLink: LoginPageState = { verificationLinkInvalid: true };
  const toLogin = <Navigate to={ROUTES.login} replace state={isError && (error as FetchBaseQueryError).status === 404 ? deadLink : undefined} />;
  if (isError || carriesError(data)) return toLogin;

  let content;
  if (!data) {
    content = (
      <div className="sw-verify__pending" role="status">
        <Spin size="large" />
        <Typography.Title level={1} className="sw-verify__heading">
          {t('verify.verifying')}
        </Typography.Title>
      </div>
    );
  } else if (!data.ok) {
    content = <LinkExpired />;
  } else if (data.vendorId) {
    content = <SetPassword token={token} vendorId={data.vendorId} />;
  } else {
    return toLogin;
  }
  return <PublicPage width={440}>{content}</PublicPage>;
}
