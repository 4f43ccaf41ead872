// The local-only reward settings: kept in this component's state, never sent to the server.
import { useState } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { InputNumber, Select, Switch } from 'antd';
import { LOCAL_REWARD_DEFAULTS, REWARD_LIMITS, REWARDS_TEXT } from '../../constants';

type StampMode = (typeof REWARDS_TEXT.stampModes)[number]['value'];

export interface LocalRewardSettingsState {
  autoRedeem: boolean;
  stampMode: StampMode;
  maxPerTransaction: number;
  expiryDays: number;
}

export function LocalRewardSettings() {
  const [settings, setSettings] = useState<LocalRewardSettingsState>({ ...LOCAL_REWARD_DEFAULTS });
  const update = <K extends keyof LocalRewardSettingsState>(key: K, value: LocalRewardSettingsState[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  return (
    <section className="sw-local-settings" aria-labelledby="sw-local-settings-title" data-testid="local-reward-settings">
      <header className="sw-local-settings__header">
        <h3 id="sw-local-settings-title">{REWARDS_TEXT.localTitle}</h3>
        <p>
          <InfoCircleOutlined aria-hidden /> {REWARDS_TEXT.localNote}
        </p>
      </header>
      <div className="sw-local-settings__grid">
        <label className="sw-local-setting sw-local-setting--inline" htmlFor="sw-auto-redeem">
          <span>{REWARDS_TEXT.autoRedeem}</span>
          <Switch id="sw-auto-redeem" checked={settings.autoRedeem} onChange={(checked) => update('autoRedeem', checked)} />
        </label>
        <label className="sw-local-setting" htmlFor="sw-stamp-mode">
          <span>{REWARDS_TEXT.stampMode}</span>
          <Select
            id="sw-stamp-mode"
            value={settings.stampMode}
            options={REWARDS_TEXT.stampModes.map((mode) => ({ value: mode.value, label: mode.label }))}
            onChange={(value: StampMode) => update('stampMode', value)}
          />
        </label>
        <label className="sw-local-setting" htmlFor="sw-max-per-transaction">
          <span>{REWARDS_TEXT.maxPerTransaction}</span>
          <InputNumber
            id="sw-max-per-transaction"
            min={1}
            max={REWARD_LIMITS.maxPunches}
            precision={0}
            value={settings.maxPerTransaction}
            onChange={(value) => update('maxPerTransaction', value ?? 1)}
          />
        </label>
        <label className="sw-local-setting" htmlFor="sw-expiry-days">
          <span>{REWARDS_TEXT.expiryDays}</span>
          <InputNumber
            id="sw-expiry-days"
            min={1}
            max={3650}
            precision={0}
            value={settings.expiryDays}
            onChange={(value) => update('expiryDays', value ?? LOCAL_REWARD_DEFAULTS.expiryDays)}
          />
        </label>
      </div>
    </section>
  );
}
