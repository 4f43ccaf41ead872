// The invitation mail's link: who invites you and as what, then your name and password → signed in.
import { useRef, useState } from 'react';
import { Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { ROUTES } from '../../constants';
import { useAppDispatch } from '../../app/hooks';
import { serverErrorMessage } from '../../api/errorMessage';
import { PublicPage } from '../layout/PublicPage';
import { tokenSaved } from '../session/sessionSlice';
import { passwordRuleMessage } from '../verify/VerifyPage';
import { teamApi, useGetInvitationQuery } from './teamApi';
import { INVITATION_TEXT } from './texts';
import '../verify/verify.css';

interface JoinFields {
  name: string;
  password: string;
}

export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetInvitationQuery(token, { skip: !token });
  const [form] = Form.useForm<JoinFields>();
  const [submitting, setSubmitting] = useState(false);
  const [dead, setDead] = useState<string | null>(null);
  // A ref, not the state: two quick clicks both pass validation before the state re-renders.
  const inFlight = useRef(false);

  const join = async ({ name, password }: JoinFields) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    // track: false keeps the password out of the store's mutation cache.
    const result = await dispatch(teamApi.endpoints.acceptInvitation.initiate({ token, name, password }, { track: false }));
    if (result.data?.token) {
      dispatch(tokenSaved(result.data.token));
      navigate(ROUTES.dashboard(result.data.vendorId), { replace: true });
      return;
    }
    inFlight.current = false;
    setSubmitting(false);
    const rule = passwordRuleMessage(result.error);
    if (rule !== null) {
      form.setFields([{ name: 'password', errors: [rule] }]);
      return;
    }
    setDead(serverErrorMessage(result.error, INVITATION_TEXT.failed));
  };

  const deadMessage = dead ?? (error ? serverErrorMessage(error, INVITATION_TEXT.failed) : null);

  return (
    <PublicPage>
      {isLoading ? (
        <Spin description={INVITATION_TEXT.checking}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : deadMessage || !data ? (
        <Result
          status="warning"
          title={INVITATION_TEXT.dead}
          subTitle={deadMessage ?? undefined}
          extra={<Button type="primary" onClick={() => navigate(ROUTES.login)}>{INVITATION_TEXT.goToSignIn}</Button>}
        />
      ) : (
        <>
          <Typography.Title level={1} className="sw-verify__heading">
            {INVITATION_TEXT.title(data.storeName)}
          </Typography.Title>
          <p className="sw-verify__text">{INVITATION_TEXT.text(data.email, data.role)}</p>
          <Form form={form} name="accept-invitation" layout="vertical" size="large" requiredMark={false} className="sw-auth-form sw-verify__form" onFinish={join}>
            <Form.Item label={INVITATION_TEXT.name} name="name" rules={[{ required: true, whitespace: true, message: INVITATION_TEXT.nameRequired }]}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item
              label={INVITATION_TEXT.password}
              name="password"
              extra={INVITATION_TEXT.passwordHelp}
              rules={[{ required: true, message: INVITATION_TEXT.passwordRequired }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {INVITATION_TEXT.join}
            </Button>
          </Form>
        </>
      )}
    </PublicPage>
  );
}
