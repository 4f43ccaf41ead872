// The store's card settings (stamp mode, max per transaction, auto-redeem, expiry in days), loaded from and
// saved to the server with their own button: they change customers' cards from the next scan.
import { useEffect, useState } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { App, Button, InputNumber, Select, Switch } from 'antd';
import type { RewardSettings, StampMode } from '../../api/contract/rewards';
import { useGetRewardSettingsQuery, useSaveRewardSettingsMutation } from '../../api/rewardsApi';
import { t } from '../../i18n/texts';

const MAX_EXPIRY_DAYS = 3650;

export function RewardSettingsSection({ vendorId, cardSize }: { vendorId: string; cardSize: number }) {
  const { message } = App.useApp();
  const { data: saved } = useGetRewardSettingsQuery(vendorId, { skip: !vendorId });
  const [save, { isLoading: saving }] = useSaveRewardSettingsMutation();
  const [settings, setSettings] = useState<RewardSettings | undefined>(saved);
  useEffect(() => {
    if (saved) setSettings(saved);
  }, [saved]);
  const update = <K extends keyof RewardSettings>(key: K, value: RewardSettings[K]) =>
    setSettings((current) => (current ? { ...current, [key]: value } : current));

  const onSave = async () => {
    if (!settings) return;
    try {
      await save({ vendorId, settings: { ...settings, maxPerTransaction: Math.min(settings.maxPerTransaction, cardSize) } }).unwrap();
      void message.success(t('rewards.settingsSaved'));
    } catch (error) {
      console.error(t('rewards.settingsSaveFailed'), error);
      void message.error(t('rewards.settingsSaveFailed'));
    }
  };

  return (
    <section className="sw-local-settings" aria-labelledby="sw-local-settings-title" data-testid="reward-settings">
      <header className="sw-local-settings__header">
        <h3 id="sw-local-settings-title">{t('rewards.localTitle')}</h3>
        <p>
          <InfoCircleOutlined aria-hidden /> {t('rewards.localNote')}
        </p>
        {saved?.changedBy ? <p data-testid="reward-settings-changed-by">{t('account.changedBy', { name: saved.changedBy })}</p> : null}
      </header>
      {settings ? (
        <>
          <div className="sw-local-settings__grid">
            <label className="sw-local-setting sw-local-setting--inline" htmlFor="sw-auto-redeem">
              <span>{t('rewards.autoRedeem')}</span>
              <Switch id="sw-auto-redeem" checked={settings.autoRedeem} onChange={(checked) => update('autoRedeem', checked)} />
            </label>
            <label className="sw-local-setting" htmlFor="sw-stamp-mode">
              <span>{t('rewards.stampMode')}</span>
              <Select
                id="sw-stamp-mode"
                value={settings.stampMode}
                options={[
                  { value: 'per-visit', label: t('rewards.stampModes.perVisit') },
                  { value: 'per-item', label: t('rewards.stampModes.perItem') },
                ]}
                onChange={(value: StampMode) => update('stampMode', value)}
              />
            </label>
            <label className="sw-local-setting" htmlFor="sw-max-per-transaction">
              <span>{t('rewards.maxPerTransaction')}</span>
              <InputNumber
                controls={false}
                inputMode="numeric"
                id="sw-max-per-transaction"
                min={1}
                max={cardSize}
                precision={0}
                value={settings.maxPerTransaction}
                disabled={settings.stampMode !== 'per-item'}
                onChange={(value) => update('maxPerTransaction', value ?? 1)}
              />
            </label>
            <label className="sw-local-setting" htmlFor="sw-expiry-days">
              <span>{t('rewards.expiryDays')}</span>
              <InputNumber
                controls={false}
                inputMode="numeric"
                id="sw-expiry-days"
                min={1}
                max={MAX_EXPIRY_DAYS}
                precision={0}
                placeholder={t('rewards.expiryNever')}
                value={settings.expiryDays}
                onChange={(value) => update('expiryDays', value ?? null)}
              />
            </label>
          </div>
          <p className="sw-local-settings__help">
            {settings.autoRedeem ? t('rewards.autoRedeemHelp') : null} {settings.stampMode === 'per-item' ? t('rewards.perItemHelp') : null}{' '}
            {settings.expiryDays === null ? t('rewards.expiryNever') : null}
          </p>
          <Button htmlType="button" onClick={() => void onSave()} loading={saving}>
            {t('rewards.settingsSave')}
          </Button>
        </>
      ) : null}
    </section>
  );
}

