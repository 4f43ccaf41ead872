// Registration in three steps: account → store information → account created.
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Divider, Form, Input, Steps, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { GoogleOutlined, MailOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { REGISTER_TEXT, ROUTES } from '../../constants';
import { serverErrorMessage } from '../../api/errorMessage';
import type { RegisterFields } from '../../api/contract/auth';
import { useAppDispatch } from '../../app/hooks';
import { PublicPage } from '../layout/PublicPage';
import { authApi } from '../session/authApi';
import { startGoogleSignIn } from '../login/googleSignIn';
import { isEmailAddress, isWebAddress, textRule } from './registrationRules';
import './register.css';

type Step = 0 | 1 | 2;
type FormValues = Partial<RegisterFields>;

const MENU_TYPES = ['image/png', 'image/jpeg'];

/** An HTTP answer (the server said no) as opposed to a failure to reach the server at all. */
function isHttpRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as FetchBaseQueryError).status === 'number';
}

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Google sign-in signs in or registers when the server has it configured; otherwise the button only logs to the console.
  // The server is asked on the click, so the form itself sends nothing until Register.
  const continueWithGoogle = async () => {
    const request = dispatch(authApi.endpoints.googleSignInStatus.initiate());
    const status = await request;
    request.unsubscribe();
    if (status.data?.enabled) startGoogleSignIn();
    else console.log(REGISTER_TEXT.googleLog);
  };
  const { message } = App.useApp();
  // One form for both input steps: fields of the hidden step keep their values (antd `preserve`).
  const [form] = Form.useForm<FormValues>();
  const [step, setStep] = useState<Step>(0);
  const [menu, setMenu] = useState<File | null>(null);
  // Stable between renders: antd's Upload syncs its internal list whenever this array changes identity.
  const menuList = useMemo<UploadFile[]>(() => (menu ? [{ uid: 'menu', name: menu.name, status: 'done' }] : []), [menu]);
  const [submitting, setSubmitting] = useState(false);
  /** Why the last Register failed: the page stays on step 2 and says why. */
  const [failure, setFailure] = useState<string | null>(null);
  /** Why the menu file was left out of a created account (the menu can be added later). */
  const [menuNotAdded, setMenuNotAdded] = useState<string | null>(null);
  // A ref, not the state: two quick clicks both pass validation before the state re-renders.
  const inFlight = useRef(false);

  const submitRegistration = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const values: FormValues = form.getFieldsValue(true);
    setSubmitting(true);
    setFailure(null);
    try {
      const fields: RegisterFields = {
        name: values.name?.trim() ?? '',
        business: values.business?.trim() ?? '',
        email: values.email?.trim() ?? '',
        address: values.address?.trim() ?? '',
        openingHours: values.openingHours?.trim() ?? '',
        website: values.website?.trim() ?? '',
      };
      // track: false: the menu File and the vendor's details need not sit in the store's cache.
      const outcome = await dispatch(authApi.endpoints.register.initiate({ ...fields, menu }, { track: false })).unwrap();
      setMenuNotAdded(outcome.menuNotAdded);
      setStep(2);
    } catch (error) {
      // A refused registration stays on step 2 without a message; a thrown failure is only logged.
      if (!isHttpRefusal(error)) console.error(REGISTER_TEXT.registerFailedLog, error);
      setFailure(REGISTER_TEXT.registerFailed(serverErrorMessage(error, REGISTER_TEXT.registerFailedFallback)));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const pickMenu: UploadProps['beforeUpload'] = (file) => {
    if (!MENU_TYPES.includes(file.type)) {
      void message.error(REGISTER_TEXT.menuWrongType);
      return Upload.LIST_IGNORE;
    }
    if (file.size > REGISTER_TEXT.menuMaxBytes) {
      void message.error(REGISTER_TEXT.menuTooLarge);
      return Upload.LIST_IGNORE;
    }
    setMenu(file);
    return false; // keep it for the Register request instead of uploading now
  };

  return (
    <PublicPage width={500}>
      <Steps
        className="sw-register__steps"
        size="small"
        current={step}
        items={REGISTER_TEXT.stepLabels.map((title) => ({ title }))}
      />
      {step === 2 ? (
        <div className="sw-register__done">
          <div className="sw-register__done-icon" aria-hidden="true">
            <MailOutlined />
          </div>
          <Typography.Title level={1} className="sw-register__heading">
            {REGISTER_TEXT.stepTitles[step]}
          </Typography.Title>
          <p>{REGISTER_TEXT.createdText}</p>
          {menuNotAdded ? (
            <Alert type="warning" showIcon className="sw-register__menu-skipped" title={REGISTER_TEXT.menuNotAdded(menuNotAdded)} />
          ) : null}
          <p className="sw-register__hint">{REGISTER_TEXT.createdHint}</p>
          <Button type="primary" size="large" block onClick={() => navigate(ROUTES.login)}>
            {REGISTER_TEXT.login}
          </Button>
        </div>
      ) : (
        <>
          <Typography.Title level={1} className="sw-register__heading">
            {REGISTER_TEXT.stepTitles[step]}
          </Typography.Title>
          <Typography.Text className="sw-register__subtitle">
            {step === 0 ? REGISTER_TEXT.accountSubtitle : REGISTER_TEXT.storeSubtitle}
          </Typography.Text>
          {step === 0 && (
            <>
              <Button block size="large" icon={<GoogleOutlined />} onClick={continueWithGoogle}>
                {REGISTER_TEXT.google}
              </Button>
              <Divider plain>{REGISTER_TEXT.divider}</Divider>
            </>
          )}
          {/* Browser validation is off; antd's own messages say what is missing. */}
          <Form
            form={form}
            name="register"
            className="sw-auth-form"
            layout="vertical"
            size="large"
            noValidate
            onFinish={step === 0 ? () => setStep(1) : submitRegistration}
          >
            {step === 0 ? (
              <>
                <Form.Item label={REGISTER_TEXT.name} name="name" rules={[{ required: true, whitespace: true }]}>
                  <Input autoComplete="name" placeholder={REGISTER_TEXT.namePlaceholder} />
                </Form.Item>
                <Form.Item label={REGISTER_TEXT.business} name="business" rules={[{ required: true, whitespace: true }]}>
                  <Input autoComplete="organization" placeholder={REGISTER_TEXT.businessPlaceholder} />
                </Form.Item>
                <Form.Item
                  label={REGISTER_TEXT.email}
                  name="email"
                  rules={[{ required: true, whitespace: true }, textRule(isEmailAddress, REGISTER_TEXT.emailInvalid)]}
                >
                  <Input type="email" autoComplete="email" placeholder={REGISTER_TEXT.emailPlaceholder} />
                </Form.Item>
                <Button type="primary" htmlType="submit" block>
                  {REGISTER_TEXT.next}
                </Button>
                <p className="sw-register__signin">
                  {REGISTER_TEXT.haveAccount} <Link to={ROUTES.login}>{REGISTER_TEXT.signInNow}</Link>
                </p>
              </>
            ) : (
              <>
                <Form.Item label={REGISTER_TEXT.address} name="address" rules={[{ required: true, whitespace: true }]}>
                  <Input autoComplete="street-address" placeholder={REGISTER_TEXT.addressPlaceholder} />
                </Form.Item>
                <Form.Item label={REGISTER_TEXT.openingHours} name="openingHours" rules={[{ required: true, whitespace: true }]}>
                  <Input placeholder={REGISTER_TEXT.openingHoursPlaceholder} />
                </Form.Item>
                <Form.Item label={REGISTER_TEXT.website} name="website" rules={[textRule(isWebAddress, REGISTER_TEXT.websiteInvalid)]}>
                  <Input inputMode="url" autoComplete="url" placeholder={REGISTER_TEXT.websitePlaceholder} />
                </Form.Item>
                <Form.Item label={REGISTER_TEXT.menu}>
                  <Upload
                    accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                    maxCount={1}
                    beforeUpload={pickMenu}
                    onRemove={() => setMenu(null)}
                    fileList={menuList}
                  >
                    <Button icon={<UploadOutlined />}>{REGISTER_TEXT.uploadMenu}</Button>
                  </Upload>
                  <Typography.Text className="sw-register__menu-help">{REGISTER_TEXT.menuHelp}</Typography.Text>
                </Form.Item>
                {failure && <Alert type="error" showIcon role="alert" className="sw-register__error" title={failure} />}
                <div className="sw-register__actions">
                  <Button
                    onClick={() => {
                      setFailure(null);
                      setStep(0);
                    }}
                    disabled={submitting}
                  >
                    {REGISTER_TEXT.back}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={submitting}>
                    {REGISTER_TEXT.register}
                  </Button>
                </div>
              </>
            )}
          </Form>
        </>
      )}
    </PublicPage>
  );
}
