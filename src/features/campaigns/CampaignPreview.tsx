// 'Campaign Preview': the push notification as a phone shows it, and a summary, live as the form changes.
import type { ReactNode } from 'react';
import { CoffeeOutlined, EyeOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { SectionCard } from '../../components/SectionCard';
import { t } from '../../i18n/texts';
import {
  CAMPAIGN_LOCATION_OPTIONS,
  CUSTOMER_FREQUENCY_OPTIONS,
  formatBudget,
  NOTIFICATION_FREQUENCY_OPTIONS,
  optionLabel,
  PROMOTION_TYPE_OPTIONS,
  type CampaignFormValues,
} from './campaignModel';
const DISPLAY_FORMAT = 'D MMM YYYY, HH:mm';

function schedule(values: CampaignFormValues): string | undefined {
  const start = values.startDateTime?.format(DISPLAY_FORMAT);
  const end = values.endDateTime?.format(DISPLAY_FORMAT);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return undefined;
}

export function CampaignPreview({ values, currency }: { values: CampaignFormValues; currency: string }) {
  const title = values.campaignTitle?.trim();
  const body = values.campaignDescription?.trim();
  const items = values.itemsToPromote ?? [];
  const lockScreen = values.startDateTime ?? dayjs();
  const rows: { label: string; value: ReactNode }[] = [
    { label: t('campaigns.summary.audience'), value: optionLabel(CUSTOMER_FREQUENCY_OPTIONS, values.targetAudience) },
    { label: t('campaigns.summary.reach'), value: optionLabel(CAMPAIGN_LOCATION_OPTIONS, values.locationRadiusKm) },
    { label: t('campaigns.summary.schedule'), value: schedule(values) },
    { label: t('campaigns.summary.promotion'), value: optionLabel(PROMOTION_TYPE_OPTIONS, values.promotionType) },
    {
      label: t('campaigns.summary.items'),
      value:
        items.length > 0 ? (
          <span className="sw-preview-tags">
            {items.map((item) => (
              <Tag key={item} className="sw-preview-tag">
                {item}
              </Tag>
            ))}
          </span>
        ) : undefined,
    },
    { label: t('campaigns.summary.notifications'), value: optionLabel(NOTIFICATION_FREQUENCY_OPTIONS, values.notificationFrequency) },
    { label: t('campaigns.summary.abTesting'), value: values.abTesting ? t('campaigns.summary.on') : t('campaigns.summary.off') },
    { label: t('campaigns.summary.budget'), value: values.budget === undefined ? undefined : formatBudget(values.budget, currency) },
  ];

  return (
    <SectionCard title={t('campaigns.previewTitle')} icon={<EyeOutlined aria-hidden />} className="sw-preview-card">
      <figure className="sw-cmp-phone">
        <figcaption className="sw-visually-hidden">{t('campaigns.previewPhoneLabel')}</figcaption>
        <div className="sw-cmp-phone-screen">
          {/* The lock screen shows the moment the campaign starts (or now), as the customer would see it. */}
          <div className="sw-cmp-phone-clock" aria-hidden>
            <span className="sw-cmp-phone-time">{lockScreen.format('HH:mm')}</span>
            <span className="sw-cmp-phone-date">{lockScreen.format('dddd, D MMMM')}</span>
          </div>
          <div className="sw-notification" data-testid="preview-notification">
            <span className="sw-notification-icon" aria-hidden>
              <CoffeeOutlined aria-hidden />
            </span>
            <div className="sw-notification-content">
              <div className="sw-notification-meta">
                <span>{t('campaigns.previewAppName')}</span>
                <span>{t('campaigns.previewNow')}</span>
              </div>
              <p className={title ? 'sw-notification-title' : 'sw-notification-title sw-placeholder'}>
                {title || t('campaigns.previewTitlePlaceholder')}
              </p>
              <p className={body ? 'sw-notification-body' : 'sw-notification-body sw-placeholder'}>
                {body || t('campaigns.previewBodyPlaceholder')}
              </p>
            </div>
          </div>
        </div>
      </figure>
      <dl className="sw-summary" data-testid="preview-summary">
        {rows.map((row) => (
          <div key={row.label} className="sw-summary-row">
            <dt>{row.label}</dt>
            <dd className={row.value === undefined ? 'sw-summary-empty' : undefined}>{row.value ?? t('campaigns.summary.notSet')}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
