// The Punch Card Setup form: punches, qualifying item, expiry; validated on submit and saved on submit only.
import { SaveOutlined, SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { OTHER_ITEM_VALUE, REWARD_LIMITS } from '../../constants';
import { SectionCard } from '../../components/SectionCard';
import { RewardSettingsSection } from './RewardSettingsSection';
import type { CardsByStamps } from '../../api/contract/rewards';
import { PunchesInput } from './PunchesInput';
import { clampPunches, isExpiryInPast, toRewardPayload, validateRewardForm, type RewardFormErrors, type RewardFormValues } from './rewardForm';
import { useSaveRewardMutation } from '../../api/rewardsApi';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { t } from '../../i18n/texts';
import { dateInputFormat, ISO_DATE_INPUT } from '../../lib/format';

/** The setup as it would be saved, for comparing what is on screen with what is saved. */
const savedForm = (values: RewardFormValues | undefined) => (values ? JSON.stringify(toRewardPayload(values)) : '');

export interface PunchCardSetupFormProps {
  vendorId: string;
  form: FormInstance<RewardFormValues>;
  initialValues: RewardFormValues;
  items: { _id: string; name: string }[];
  /** The store's cards with stamps, by count: changing the size warns what happens to them. */
  cardsByStamps?: CardsByStamps;
}

/** One rule per field, all answered by validateRewardForm, so the messages live in one place. */
const ruleFor = (field: keyof RewardFormErrors): Rule => ({ getFieldsValue }) => ({
  validator: async () => {
    const message = validateRewardForm(getFieldsValue(true) as RewardFormValues)[field];
    if (message) throw new Error(message);
  },
});

export function PunchCardSetupForm({ vendorId, form, initialValues, items, cardsByStamps = [] }: PunchCardSetupFormProps) {
  const { message, modal } = App.useApp();
  const [savedStamps, setSavedStamps] = useState(initialValues.stamps);
  const cardSize = Form.useWatch('stamps', form) ?? initialValues.stamps;
  const [saveReward, { isLoading: saving }] = useSaveRewardMutation();
  const item = Form.useWatch('item', form);
  const expiry = Form.useWatch('expiry', form) ?? null;
  // Edits not saved yet hold the vendor back from leaving the page.
  const current = Form.useWatch((values: RewardFormValues) => savedForm(values), { form, preserve: true });
  const [lastSaved, setLastSaved] = useState(() => savedForm(initialValues));
  useUnsavedChangesGuard(Boolean(current) && current !== lastSaved);

  /** Customers are collecting on the card: say what a new size does to their cards before it is saved. */
  const confirmResize = (to: number): Promise<boolean> => {
    const from = Number(savedStamps);
    const inProgress = cardsByStamps.reduce((sum, row) => sum + row.cards, 0);
    if (to === from || inProgress === 0) return Promise.resolve(true);
    const fullAtOnce = cardsByStamps.filter((row) => row.stamps >= to && row.stamps < from).reduce((sum, row) => sum + row.cards, 0);
    return new Promise((resolve) => {
      modal.confirm({
        title: t('rewards.resizeTitle'),
        content: t('rewards.resizeText', { cards: inProgress, from, to, fullAtOnce, direction: to < from ? 'smaller' : 'larger' }),
        okText: t('rewards.resizeConfirm'),
        cancelText: t('rewards.resizeCancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  };

  const onFinish = async (values: RewardFormValues) => {
    const reward = toRewardPayload(values);
    if (!(await confirmResize(reward.stamps))) return;
    // Show what will be saved: '7.6' becomes 8 in the field too.
    form.setFieldValue('stamps', clampPunches(values.stamps));
    try {
      const response = await saveReward({ vendorId, reward }).unwrap();
      setLastSaved(JSON.stringify(reward));
      setSavedStamps(reward.stamps);
      console.log('Reward saved', response);
      void message.success(t('rewards.saved'));
    } catch (error) {
      // A failed save is only logged.
      console.error('Failed to save reward', error);
    }
  };

  const itemOptions = [...items.map((i) => ({ value: i._id, label: i.name })), { value: OTHER_ITEM_VALUE, label: t('rewards.other') }];

  return (
    <SectionCard title={t('rewards.setupTitle')} icon={<SettingOutlined aria-hidden />}>
      <Form<RewardFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        // The item select and the custom text depend on each other: re-check both when either changes.
        onValuesChange={(changed) => {
          if ('item' in changed && form.isFieldTouched('itemCustom')) void form.validateFields(['itemCustom']).catch(() => undefined);
        }}
        noValidate
        className="sw-reward-form"
      >
        <Form.Item name="stamps" label={t('rewards.punches')} extra={t('rewards.punchesHelp', { min: REWARD_LIMITS.minPunches, max: REWARD_LIMITS.maxPunches })} rules={[ruleFor('stamps')]} required>
          <PunchesInput />
        </Form.Item>
        <Form.Item name="item" label={t('rewards.item')} rules={[ruleFor('item')]} required>
          <Select placeholder={t('rewards.itemPlaceholder')} options={itemOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {item === OTHER_ITEM_VALUE ? (
          <Form.Item name="itemCustom" label={t('rewards.itemCustom')} rules={[ruleFor('itemCustom')]} required>
            <Input placeholder={t('rewards.itemCustomPlaceholder')} maxLength={REWARD_LIMITS.itemCustomMaxLength} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="expiry"
          label={t('rewards.expiry')}
          rules={[ruleFor('expiry')]}
          required
          // Non-blocking: a past date may be saved, but the vendor should know the reward has lapsed.
          extra={
            isExpiryInPast(expiry) ? (
              <span className="sw-expiry-warning" role="status">
                <WarningOutlined aria-hidden /> {t('rewards.expiryPast')}
              </span>
            ) : undefined
          }
        >
          <DatePicker
            // Shown as the page's language writes a date; an ISO date typed in is read too.
            format={[dateInputFormat(), ISO_DATE_INPUT]}
            style={{ width: 200 }}
            // Enter confirms the typed date; it must not also submit (and publish) the reward.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </Form.Item>

        <RewardSettingsSection vendorId={vendorId} cardSize={clampPunches(Number(cardSize) || 1)} />

        <div className="sw-reward-form__actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving}>
            {t('rewards.submit')}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}
