// Setup tab of the Store Settings dialog: the store profile fields, its currency and time zone and the logo and cover pickers.
import { useMemo } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import { STORE_PROFILE_LIMITS } from '../../constants';
import { currencyOptions } from '../../lib/currencies';
import { timeZoneOptions } from '../../lib/timeZones';
import { t } from '../../i18n/texts';
import { ImagePicker } from './ImagePicker';
import type { ProfileDraft } from './profileDraft';

/** Problems the server reported per field on the last Save (400 details), shown under the field. */
export type FieldErrors = Partial<Record<keyof ProfileDraft, string>>;

export interface SetupTabProps {
  draft: ProfileDraft;
  fieldErrors: FieldErrors;
  onChange: (patch: Partial<ProfileDraft>) => void;
  logoPreviewUrl: string | null;
  coverPreviewUrl: string | null;
  onPickLogo: (file: File) => void;
  onPickCover: (file: File) => void;
}

const errorProps = (message: string | undefined) => (message ? { validateStatus: 'error' as const, help: message } : {});

export function SetupTab({ draft, fieldErrors, onChange, logoPreviewUrl, coverPreviewUrl, onPickLogo, onPickCover }: SetupTabProps) {
  const timeZones = useMemo(() => timeZoneOptions(draft.timeZone), [draft.timeZone]);
  const currencies = useMemo(() => currencyOptions(draft.currency).map(({ code, label }) => ({ value: code, label })), [draft.currency]);
  return (
    <Form layout="vertical" component="div" className="sw-setup">
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={t('storeSettings.fields.company')} htmlFor="store-company" required {...errorProps(fieldErrors.company)}>
            <Input
              id="store-company"
              value={draft.company}
              placeholder={t('storeSettings.placeholders.company')}
              maxLength={STORE_PROFILE_LIMITS.textMaxLength}
              onChange={(event) => onChange({ company: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('storeSettings.fields.website')} htmlFor="store-website" {...errorProps(fieldErrors.website)}>
            <Input
              id="store-website"
              type="url"
              value={draft.website}
              placeholder="https://"
              maxLength={STORE_PROFILE_LIMITS.websiteMaxLength}
              onChange={(event) => onChange({ website: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('storeSettings.fields.address')} htmlFor="store-address" required {...errorProps(fieldErrors.address)}>
            <Input
              id="store-address"
              value={draft.address}
              placeholder={t('storeSettings.placeholders.address')}
              maxLength={STORE_PROFILE_LIMITS.textMaxLength}
              onChange={(event) => onChange({ address: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('storeSettings.fields.openHours')} htmlFor="store-open-hours" required {...errorProps(fieldErrors.open_hours)}>
            <Input
              id="store-open-hours"
              value={draft.open_hours}
              placeholder={t('storeSettings.placeholders.openHours')}
              maxLength={STORE_PROFILE_LIMITS.textMaxLength}
              onChange={(event) => onChange({ open_hours: event.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('currency.settings.label')} htmlFor="store-currency" extra={t('currency.settings.help')} {...errorProps(fieldErrors.currency)}>
            <Select
              id="store-currency"
              showSearch={{ optionFilterProp: 'label' }}
              value={draft.currency}
              options={currencies}
              placeholder={t('currency.settings.placeholder')}
              notFoundContent={t('currency.settings.notFound')}
              onChange={(currency: string) => onChange({ currency })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('storeTimeZone.settings.label')} htmlFor="store-time-zone" extra={t('storeTimeZone.settings.help')} {...errorProps(fieldErrors.timeZone)}>
            <Select
              id="store-time-zone"
              showSearch={{ optionFilterProp: 'label' }}
              value={draft.timeZone}
              options={timeZones}
              placeholder={t('storeTimeZone.settings.placeholder')}
              notFoundContent={t('storeTimeZone.settings.notFound')}
              onChange={(timeZone: string) => onChange({ timeZone })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item label={t('storeSettings.fields.logo')} htmlFor="store-logo" style={{ marginBottom: 8 }}>
            <ImagePicker inputId="store-logo" variant="logo" previewUrl={logoPreviewUrl} onPick={onPickLogo} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item label={t('storeSettings.fields.cover')} htmlFor="store-cover" style={{ marginBottom: 8 }}>
            <ImagePicker inputId="store-cover" variant="cover" previewUrl={coverPreviewUrl} onPick={onPickCover} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
