// 'Create New Campaign': every field, browser-style required checking, log and reset on launch.
import { SendOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, DatePicker, Form, Input, Radio, Row, Slider, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { memo, useEffect, useState, type ComponentProps } from 'react';
import type { CampaignAudience } from '../../api/contract/campaigns';
import { PROMOTION_ITEM_OPTIONS } from '../../constants';
import { t } from '../../i18n/texts';
import {
  CAMPAIGN_LOCATION_OPTIONS,
  CUSTOMER_FREQUENCY_OPTIONS,
  budgetSlider,
  formatBudget,
  initialCampaignValues,
  NOTIFICATION_FREQUENCY_OPTIONS,
  PROMOTION_TYPE_OPTIONS,
  toCampaign,
  type Campaign,
  type CampaignFormValues,
} from './campaignModel';
import { RequiredSelect } from './RequiredSelect';
import { dateInputFormat, ISO_DATE_INPUT } from '../../lib/format';

const FORM_NAME = 'campaign';
/** Ids of the visible group labels, so each radio group is announced with its label. */
const labelId = (field: keyof CampaignFormValues) => `${FORM_NAME}_${field}_label`;

const budgetMarks = (currency: string) => {
  const { min, max } = budgetSlider(currency);
  return { [min]: formatBudget(min, currency), [max / 2]: formatBudget(max / 2, currency), [max]: formatBudget(max, currency) };
};

/** Read at render, so the message is in the page's language. */
const notOnlySpaces = () => [{ whitespace: true, message: t('campaigns.blankText') }];

const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

type CampaignFormInstance = FormInstance<CampaignFormValues>;

// The parts below each watch one field and re-render alone when it changes, so a step of the budget slider, a
// start date or a customer frequency redraws its own corner of the form, not every field of it.

/** The budget beside its label. */
function BudgetValue({ form, currency }: { form: CampaignFormInstance; currency: string }) {
  const budget = Form.useWatch('budget', form) ?? budgetSlider(currency).default;
  return (
    <output className="sw-budget-value" aria-live="polite">
      {formatBudget(budget, currency)}
    </output>
  );
}

/** The end's picker, which disables the days before the chosen start. Form.Item hands it value, onChange, id and ref. */
function EndDatePicker({ form, ...picker }: Omit<ComponentProps<typeof DatePicker>, 'form'> & { form: CampaignFormInstance }) {
  const start = Form.useWatch('startDateTime', form);
  return <DatePicker {...picker} disabledDate={(day) => beforeToday(day) || (start ? day.isBefore(start.startOf('day')) : false)} />;
}

/** How many customers the chosen customer frequency reaches, and on which channels. */
function audienceNoteOf(audience: CampaignAudience | undefined, chosen: CampaignFormValues['targetAudience']): string | undefined {
  if (!audience || !chosen) return undefined;
  const reach = audience.reach[chosen];
  return [t('campaignsLive.audience', { count: audience[chosen] }), reach ? t('campaignDelivery.reach', { ...reach }) : ''].join(' ').trim();
}

/** The customer frequency, with the reach of the chosen one under it. */
function CustomerFrequencyItem({ form, audience }: { form: CampaignFormInstance; audience: CampaignAudience | undefined }) {
  const chosen = Form.useWatch('targetAudience', form);
  return (
    <Form.Item
      label={<span id={labelId('targetAudience')}>{t('campaigns.labels.customerFrequency')}</span>}
      name="targetAudience"
      required
      extra={audienceNoteOf(audience, chosen)}
    >
      <Radio.Group optionType="button" buttonStyle="solid" aria-labelledby={labelId('targetAudience')} className="sw-choice-group">
        {CUSTOMER_FREQUENCY_OPTIONS.map((option) => (
          <Radio.Button key={option.value} value={option.value} required>
            {option.label()}
          </Radio.Button>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}

interface CampaignFormProps {
  form: CampaignFormInstance;
  /** The store's currency, which the budget is in. */
  currency: string;
  /** Saves the campaign; true once saved (the form then resets), false to keep what the vendor typed. */
  onLaunch: (campaign: Campaign) => Promise<boolean>;
  /** How many customers each customer frequency reaches (the chosen one's is shown under the choice). */
  audience?: CampaignAudience;
}

/** Memoised: the page re-renders when its campaign list or a mutation's state changes, which the form does not show. */
export const CampaignForm = memo(function CampaignForm({ form, currency, onLaunch, audience }: CampaignFormProps) {
  const { message } = App.useApp();
  // The currency the slider is set out in. The store's can arrive after the form (dollars until the profile
  // has loaded): the budget then keeps its place on the slider, in the new currency's amounts, before the
  // slider changes its range, which would otherwise round a dollar budget to its new steps.
  const [budgetCurrency, setBudgetCurrency] = useState(currency);
  useEffect(() => {
    if (currency === budgetCurrency) return;
    const budget: unknown = form.getFieldValue('budget');
    if (typeof budget === 'number') form.setFieldValue('budget', (budget / budgetSlider(budgetCurrency).max) * budgetSlider(currency).max);
    setBudgetCurrency(currency);
  }, [budgetCurrency, currency, form]);
  const slider = budgetSlider(budgetCurrency);

  // Runs only after the browser's required check has passed (see RequiredSelect for how).
  const launch = async (values: CampaignFormValues) => {
    const campaign = toCampaign(values);
    if (!campaign) return;
    // The product spec has the campaign form log the object it launches; support reads it in the console.
    console.log(campaign);
    // A refused or failed save keeps every field as typed: the vendor fixes one and launches again.
    if (!(await onLaunch(campaign))) return;
    form.resetFields();
    void message.success(t('campaigns.launched'));
  };
  // Shown as the page's language writes a date; an ISO date typed in is read too.
  const dateTimeFormats = [`${dateInputFormat()} HH:mm`, `${ISO_DATE_INPUT} HH:mm`];

  return (
    <Form<CampaignFormValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      initialValues={initialCampaignValues(budgetCurrency)}
      onFinish={(values) => void launch(values)}
      className="sw-campaign-form"
      aria-label={t('campaigns.formTitle')}
    >
      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.message')}</legend>
        {/* The browser's required check accepts spaces; the form names them instead of launching nothing. */}
        <Form.Item label={t('campaigns.labels.title')} name="campaignTitle" required rules={notOnlySpaces()}>
          <Input required placeholder={t('campaigns.placeholders.title')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('campaigns.labels.description')} name="campaignDescription" required rules={notOnlySpaces()}>
          <Input.TextArea required placeholder={t('campaigns.placeholders.description')} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </fieldset>

      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.audience')}</legend>
        <Form.Item
          label={<span id={labelId('locationRadiusKm')}>{t('campaigns.labels.location')}</span>}
          name="locationRadiusKm"
          required
          extra={t('campaigns.locationHelp')}
        >
          <Radio.Group optionType="button" buttonStyle="solid" aria-labelledby={labelId('locationRadiusKm')} className="sw-choice-group">
            {CAMPAIGN_LOCATION_OPTIONS.map((option) => (
              <Radio.Button key={option.value} value={option.value} required>
                {option.label()}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <CustomerFrequencyItem form={form} audience={audience} />
      </fieldset>

      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.schedule')}</legend>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.start')} name="startDateTime" required>
              <DatePicker
                required
                showTime={{ format: 'HH:mm' }}
                format={dateTimeFormats}
                placeholder={t('campaigns.placeholders.dateTime')}
                disabledDate={beforeToday}
                className="sw-full-width"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.end')} name="endDateTime" required>
              <EndDatePicker
                form={form}
                required
                showTime={{ format: 'HH:mm' }}
                format={dateTimeFormats}
                placeholder={t('campaigns.placeholders.dateTime')}
                className="sw-full-width"
              />
            </Form.Item>
          </Col>
        </Row>
      </fieldset>

      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.offer')}</legend>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.promotionType')} name="promotionType" required>
              <RequiredSelect placeholder={t('campaigns.placeholders.promotionType')} options={PROMOTION_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label() }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.items')} name="itemsToPromote" required>
              <RequiredSelect
                mode="multiple"
                placeholder={t('campaigns.placeholders.items')}
                options={PROMOTION_ITEM_OPTIONS.map((item) => ({ value: item, label: item }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </fieldset>

      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.delivery')}</legend>
        <Form.Item
          label={<span id={labelId('notificationFrequency')}>{t('campaigns.labels.notificationFrequency')}</span>}
          name="notificationFrequency"
          required
        >
          <Radio.Group optionType="button" buttonStyle="solid" aria-labelledby={labelId('notificationFrequency')} className="sw-choice-group">
            {NOTIFICATION_FREQUENCY_OPTIONS.map((option) => (
              <Radio.Button key={option.value} value={option.value} required>
                {option.label()}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="abTesting" valuePropName="checked" extra={t('campaigns.abTestingHelp')}>
          <Checkbox>{t('campaigns.labels.abTesting')}</Checkbox>
        </Form.Item>
        <Form.Item
          label={
            <span className="sw-budget-label">
              {t('campaigns.labels.budget')}
              <BudgetValue form={form} currency={budgetCurrency} />
            </span>
          }
          name="budget"
        >
          <Slider
            min={slider.min}
            max={slider.max}
            step={slider.step}
            marks={budgetMarks(budgetCurrency)}
            // The value is shown beside the label; a tooltip over the handle would only repeat it.
            tooltip={{ open: false }}
            ariaLabelForHandle={t('campaigns.labels.budget')}
            ariaValueTextFormatterForHandle={(value) => formatBudget(value ?? 0, budgetCurrency)}
          />
        </Form.Item>
      </fieldset>

      <div className="sw-form-footer">
        <Button type="primary" htmlType="submit" size="large" icon={<SendOutlined aria-hidden />}>
          {t('campaigns.submit')}
        </Button>
        <p>{t('campaignsLive.previewNotice')}</p>
      </div>
    </Form>
  );
});
