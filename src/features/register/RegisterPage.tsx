// Registration in three steps: account → store information → account created.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Divider, Form, Input, Steps, Typography, Upload, type InputRef, type UploadFile, type UploadProps } from 'antd';
import { CheckOutlined, GoogleOutlined, MailOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ROUTES } from '../../constants';
// The server's limits as the fields' own: a 300-character name stops at 200 while typed, instead of a refusal on step 2.
import { EMAIL_MAX_LENGTH, MAX_MENU_BYTES, REGISTRATION_TEXT_MAX_LENGTH, WEBSITE_MAX_LENGTH } from '../../api/contract/limits';
import type { MessageId } from '../../i18n/catalogue';
import { t } from '../../i18n/texts';
import { serverErrorMessage, serverErrorReason } from '../../api/errorMessage';
import { MAIL_UNAVAILABLE_REASON } from '../../api/contract/protocol';
import type { RegisterFields } from '../../api/contract/auth';
import { currencyOfBrowserRegion } from '../../lib/currencies';
import { useAppDispatch } from '../../app/hooks';
import { PublicPage } from '../layout/PublicPage';
import { authApi } from '../session/authApi';
import { startGoogleSignIn } from '../login/googleSignIn';
import { isEmailAddress, isWebAddress, textRule } from './registrationRules';
import './register.css';

type Step = 0 | 1 | 2;
type FormValues = Partial<RegisterFields>;

const MENU_TYPES = ['image/png', 'image/jpeg'];

const STEP_TITLES: Record<Step, MessageId> = { 0: 'register.stepTitle.account', 1: 'register.stepTitle.store', 2: 'register.stepTitle.created' };
const STEP_LABELS: MessageId[] = ['register.stepLabel.account', 'register.stepLabel.store', 'register.stepLabel.verify'];
/** Console lines for the developer (not shown to the vendor, so not translated). */
const GOOGLE_UNAVAILABLE_LOG = 'Continue with Google clicked (not available yet)';
const REGISTER_FAILED_LOG = 'Registration failed';

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
    else console.log(GOOGLE_UNAVAILABLE_LOG);
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
  // Next, Back and Register take away the button that was pressed, so the focus would fall to the page: it
  // goes to the step's first field, or to the result's heading, where a screen reader then starts reading.
  const nameInput = useRef<InputRef>(null);
  const addressInput = useRef<InputRef>(null);
  const doneHeading = useRef<HTMLElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 0) nameInput.current?.focus();
    else if (step === 1) addressInput.current?.focus();
    else doneHeading.current?.focus();
  }, [step]);

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
        currency: currencyOfBrowserRegion(),
      };
      // track: false: the menu File and the vendor's details need not sit in the store's cache.
      const outcome = await dispatch(authApi.endpoints.register.initiate({ ...fields, menu }, { track: false })).unwrap();
      setMenuNotAdded(outcome.menuNotAdded);
      setStep(2);
    } catch (error) {
      // A refused registration stays on step 2 without a message; a thrown failure is only logged.
      if (!isHttpRefusal(error)) console.error(REGISTER_FAILED_LOG, error);
      // The account is saved but its verification mail could not go out: Register again re-sends the link.
      if (serverErrorReason(error) === MAIL_UNAVAILABLE_REASON) setFailure(t('register.mailUnavailable'));
      else setFailure(t('register.registerFailed', { reason: serverErrorMessage(error, t('register.registerFailedFallback')) }));
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const pickMenu: UploadProps['beforeUpload'] = (file) => {
    if (!MENU_TYPES.includes(file.type)) {
      void message.error(t('register.menuWrongType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_MENU_BYTES) {
      void message.error(t('register.menuTooLarge'));
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
        items={STEP_LABELS.map((label) => ({ title: t(label) }))}
        // antd's tick names itself "check" to screen readers ("check Account"): the step's title is its name.
        iconRender={(icon, { item, components: { Icon } }) =>
          item.status === 'finish' ? (
            <Icon>
              <CheckOutlined aria-hidden />
            </Icon>
          ) : (
            icon
          )
        }
      />
      {step === 2 ? (
        <div className="sw-register__done">
          <div className="sw-register__done-icon" aria-hidden="true">
            <MailOutlined aria-hidden />
          </div>
          <Typography.Title level={1} className="sw-register__heading" ref={doneHeading} tabIndex={-1}>
            {t(STEP_TITLES[step])}
          </Typography.Title>
          <p>{t('register.createdText')}</p>
          {menuNotAdded ? (
            <Alert type="warning" showIcon className="sw-register__menu-skipped" title={t('register.menuNotAdded', { reason: menuNotAdded.replace(/\.$/, '') })} />
          ) : null}
          <p className="sw-register__hint">{t('register.createdHint')}</p>
          <Button type="primary" size="large" block onClick={() => navigate(ROUTES.login)}>
            {t('register.login')}
          </Button>
        </div>
      ) : (
        <>
          <Typography.Title level={1} className="sw-register__heading">
            {t(STEP_TITLES[step])}
          </Typography.Title>
          <Typography.Text className="sw-register__subtitle">
            {step === 0 ? t('register.accountSubtitle') : t('register.storeSubtitle')}
          </Typography.Text>
          {step === 0 && (
            <>
              <Button block size="large" icon={<GoogleOutlined aria-hidden />} onClick={continueWithGoogle}>
                {t('register.google')}
              </Button>
              <Divider plain>{t('register.divider')}</Divider>
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
                <Form.Item label={t('register.name')} name="name" rules={[{ required: true, whitespace: true }]}>
                  <Input ref={nameInput} autoComplete="name" maxLength={REGISTRATION_TEXT_MAX_LENGTH} placeholder={t('register.namePlaceholder')} />
                </Form.Item>
                <Form.Item label={t('register.business')} name="business" rules={[{ required: true, whitespace: true }]}>
                  <Input autoComplete="organization" maxLength={REGISTRATION_TEXT_MAX_LENGTH} placeholder={t('register.businessPlaceholder')} />
                </Form.Item>
                <Form.Item
                  label={t('register.email')}
                  name="email"
                  rules={[{ required: true, whitespace: true }, textRule(isEmailAddress, t('register.emailInvalid'))]}
                >
                  <Input type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} placeholder={t('register.emailPlaceholder')} />
                </Form.Item>
                <Button type="primary" htmlType="submit" block>
                  {t('register.next')}
                </Button>
                <p className="sw-register__signin">
                  {t('register.haveAccount')} <Link to={ROUTES.login}>{t('register.signInNow')}</Link>
                </p>
              </>
            ) : (
              <>
                <Form.Item label={t('register.address')} name="address" rules={[{ required: true, whitespace: true }]}>
                  <Input ref={addressInput} autoComplete="street-address" maxLength={REGISTRATION_TEXT_MAX_LENGTH} placeholder={t('register.addressPlaceholder')} />
                </Form.Item>
                <Form.Item label={t('register.openingHours')} name="openingHours" rules={[{ required: true, whitespace: true }]}>
                  <Input maxLength={REGISTRATION_TEXT_MAX_LENGTH} placeholder={t('register.openingHoursPlaceholder')} />
                </Form.Item>
                <Form.Item label={t('register.website')} name="website" rules={[textRule(isWebAddress, t('register.websiteInvalid'))]}>
                  <Input inputMode="url" autoComplete="url" maxLength={WEBSITE_MAX_LENGTH} placeholder={t('register.websitePlaceholder')} />
                </Form.Item>
                <Form.Item label={t('register.menu')}>
                  <Upload
                    accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                    maxCount={1}
                    beforeUpload={pickMenu}
                    onRemove={() => setMenu(null)}
                    fileList={menuList}
                  >
                    <Button icon={<UploadOutlined aria-hidden />}>{t('register.uploadMenu')}</Button>
                  </Upload>
                  <Typography.Text className="sw-register__menu-help">{t('register.menuHelp')}</Typography.Text>
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
                    {t('register.back')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={submitting}>
                    {t('register.register')}
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
