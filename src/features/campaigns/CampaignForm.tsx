// 'Create New Campaign': every field, browser-style required checking, log and reset on launch.
import { SendOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, DatePicker, Form, Input, Radio, Row, Slider, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CAMPAIGN_BUDGET, PROMOTION_ITEM_OPTIONS } from '../../constants';
import { t } from '../../i18n/texts';
import {
  CAMPAIGN_LOCATION_OPTIONS,
  CUSTOMER_FREQUENCY_OPTIONS,
  formatBudget,
  INITIAL_CAMPAIGN_VALUES,
  NOTIFICATION_FREQUENCY_OPTIONS,
  PROMOTION_TYPE_OPTIONS,
  toCampaign,
  type Campaign,
  type CampaignFormValues,
} from './campaignModel';
import { RequiredSelect } from './RequiredSelect';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const FORM_NAME = 'campaign';
/** Ids of the visible group labels, so each radio group is announced with its label. */
const labelId = (field: keyof CampaignFormValues) => `${FORM_NAME}_${field}_label`;

const budgetMarks = (currency: string) => ({
  [CAMPAIGN_BUDGET.min]: formatBudget(CAMPAIGN_BUDGET.min, currency),
  [CAMPAIGN_BUDGET.max / 2]: formatBudget(CAMPAIGN_BUDGET.max / 2, currency),
  [CAMPAIGN_BUDGET.max]: formatBudget(CAMPAIGN_BUDGET.max, currency),
});

/** Read at render, so the message is in the page's language. */
const notOnlySpaces = () => [{ whitespace: true, message: t('campaigns.blankText') }];

const beforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

interface CampaignFormProps {
  form: FormInstance<CampaignFormValues>;
  /** The store's currency, which the budget is in. */
  currency: string;
  /** Saves the campaign; true once saved (the form then resets), false to keep what the vendor typed. */
  onLaunch: (campaign: Campaign) => Promise<boolean>;
  /** How many customers the chosen customer frequency reaches (shown under the choice). */
  audienceNote?: string;
}

export function CampaignForm({ form, currency, onLaunch, audienceNote }: CampaignFormProps) {
  const { message } = App.useApp();
  const start = Form.useWatch('startDateTime', form);
  const budget = Form.useWatch('budget', form) ?? CAMPAIGN_BUDGET.default;

  // Runs only after the browser's required check has passed (see RequiredSelect for how).
  const launch = async (values: CampaignFormValues) => {
    const campaign = toCampaign(values);
    if (!campaign) return;
    console.log(campaign);
    // A refused or failed save keeps every field as typed: the vendor fixes one and launches again.
    if (!(await onLaunch(campaign))) return;
    form.resetFields();
    void message.success(t('campaigns.launched'));
  };

  return (
    <Form<CampaignFormValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      initialValues={INITIAL_CAMPAIGN_VALUES}
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
        <Form.Item label={<span id={labelId('targetAudience')}>{t('campaigns.labels.customerFrequency')}</span>} name="targetAudience" required extra={audienceNote}>
          <Radio.Group optionType="button" buttonStyle="solid" aria-labelledby={labelId('targetAudience')} className="sw-choice-group">
            {CUSTOMER_FREQUENCY_OPTIONS.map((option) => (
              <Radio.Button key={option.value} value={option.value} required>
                {option.label()}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </fieldset>

      <fieldset className="sw-form-section">
        <legend>{t('campaigns.sections.schedule')}</legend>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.start')} name="startDateTime" required>
              <DatePicker
                required
                showTime={{ format: 'HH:mm' }}
                format={DATE_TIME_FORMAT}
                placeholder={t('campaigns.placeholders.dateTime')}
                disabledDate={beforeToday}
                className="sw-full-width"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('campaigns.labels.end')} name="endDateTime" required>
              <DatePicker
                required
                showTime={{ format: 'HH:mm' }}
                format={DATE_TIME_FORMAT}
                placeholder={t('campaigns.placeholders.dateTime')}
                disabledDate={(day) => beforeToday(day) || (start ? day.isBefore(start.startOf('day')) : false)}
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
              <output className="sw-budget-value" aria-live="polite">
                {formatBudget(budget, currency)}
              </output>
            </span>
          }
          name="budget"
        >
          <Slider
            min={CAMPAIGN_BUDGET.min}
            max={CAMPAIGN_BUDGET.max}
            step={CAMPAIGN_BUDGET.step}
            marks={budgetMarks(currency)}
            // The value is shown beside the label; a tooltip over the handle would only repeat it.
            tooltip={{ open: false }}
            ariaLabelForHandle={t('campaigns.labels.budget')}
            ariaValueTextFormatterForHandle={(value) => formatBudget(value ?? 0, currency)}
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
}
