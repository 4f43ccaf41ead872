// The sign-in screen (SPEC.md §2 Login): form, lockout countdown, and the preview image on wide screens.
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { APP_NAME, LOGIN_TEXT, ROUTES } from '../../constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BrandLogo } from '../layout/BrandMark';
import { selectLockoutSecondsLeft, selectLoginFailure, selectLoginStatus } from './lockoutSlice';
import { submitLogin, type LoginCredentials } from './loginFlow';
import './login.css';

const FAILURE_TEXT = {
  invalidCredentials: LOGIN_TEXT.invalidCredentials,
  tooManyAttempts: LOGIN_TEXT.tooManyAttempts,
  unexpected: LOGIN_TEXT.unexpectedFailure,
} as const;

/** Public so the illustration can be swapped without a rebuild; copied to the site root by webpack. */
const PREVIEW_IMAGE = '/login-preview.svg';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectLoginStatus);
  const failure = useAppSelector(selectLoginFailure);
  const secondsLeft = useAppSelector(selectLockoutSecondsLeft);

  const onFinish = ({ username, password }: Partial<LoginCredentials>) => {
    // SPEC.md §5: no client-side checks; the server decides.
    dispatch(submitLogin({ username: username ?? '', password: password ?? '' }));
  };

  return (
    <div className="sw-login">
      <main className="sw-login__form-panel">
        <div className="sw-login__brand">
          <BrandLogo size={36} />
        </div>
        <div className="sw-login__form-wrap">
          <Typography.Title level={1} className="sw-login__heading">
            {LOGIN_TEXT.heading}
          </Typography.Title>
          <Typography.Text className="sw-login__subtitle">{LOGIN_TEXT.subtitle}</Typography.Text>

          {failure !== null && <Alert className="sw-login__alert" type="error" showIcon title={FAILURE_TEXT[failure]} />}

          <Form name="login" className="sw-auth-form" layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
            <Form.Item label={LOGIN_TEXT.username} name="username">
              <Input autoComplete="username" placeholder={LOGIN_TEXT.usernamePlaceholder} />
            </Form.Item>
            <Form.Item label={LOGIN_TEXT.password} name="password">
              <Input.Password autoComplete="current-password" placeholder={LOGIN_TEXT.passwordPlaceholder} />
            </Form.Item>
            <div className="sw-login__forgot">
              {/* SPEC.md §2's link; issue 14 gives it a target: ask for a reset link. */}
              <Typography.Link
                href={ROUTES.forgotPassword}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(ROUTES.forgotPassword);
                }}
              >
                {LOGIN_TEXT.forgotPassword}
              </Typography.Link>
            </div>
            <Button
              type="primary"
              htmlType="submit"
              block
              // SPEC.md §4: disabled while submitting and while the lockout counts down.
              disabled={status !== 'idle'}
              loading={status === 'submitting' || status === 'succeeded'}
            >
              {status === 'lockedOut' ? LOGIN_TEXT.tryAgainIn(secondsLeft) : LOGIN_TEXT.submit}
            </Button>
          </Form>

          <Divider plain>{LOGIN_TEXT.divider}</Divider>
          <p className="sw-login__register-hint">{LOGIN_TEXT.noAccount}</p>
          <Button block size="large" onClick={() => navigate(ROUTES.register)}>
            {LOGIN_TEXT.register}
          </Button>
        </div>
        <footer className="sw-login__footer">
          © {new Date().getFullYear()} {APP_NAME}
        </footer>
      </main>
      <aside className="sw-login__preview" aria-label={LOGIN_TEXT.previewHeading}>
        <img src={PREVIEW_IMAGE} alt={LOGIN_TEXT.previewAlt} width={560} height={460} />
        <div className="sw-login__preview-text">
          <h2>{LOGIN_TEXT.previewHeading}</h2>
          <p>{LOGIN_TEXT.previewText}</p>
        </div>
      </aside>
    </div>
  );
}
