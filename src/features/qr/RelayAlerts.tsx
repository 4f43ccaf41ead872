// Codes flagged as probably relayed (a photo of the code going around), each with the stamps it
// granted and the owner's one action: void them. Shown on the QR page above the live feed, refreshed the
// moment the feed hears of an alert; never on the counter screen customers see.
import { useEffect, useState } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider, Modal, Tag, type ThemeConfig } from 'antd';
import { formatTime, formatTimeWithSeconds } from '../../lib/format';
import { intlLocale, t } from '../../i18n/texts';
import type { RelayAlert } from '../../api/contract/relay';
import { useAppDispatch } from '../../app/hooks';
import { itemsVoided } from '../activity/activityFeedSlice';
import { useGetRelayAlertsQuery, useVoidRelayCodeMutation } from './relayApi';
import { useStoreTimeZone } from '../store-settings/useStoreTimeZone';

/** antd's default danger red carries white text at about 3:1; this one passes WCAG AA. */
const readableDanger: ThemeConfig = { token: { colorError: '#b42318' } };

/** The alert on the store's clock ('Code from 14:02 used 17 times from 9 networks in 60 s — a photo may be going around'). */
function alertText(alert: RelayAlert, timeZone: string | null): string {
  const firstUsed = formatTime(alert.firstUsedAt, intlLocale(), timeZone);
  if (alert.reason === 'device') return t('relay.alert.device', { kind: alert.kind, firstUsed });
  const seconds = Math.round((alert.lastUsedAt - alert.firstUsedAt) / 1000);
  const span = seconds < 120 ? t('relay.span.seconds', { count: Math.max(1, seconds) }) : t('relay.span.minutes', { count: Math.round(seconds / 60) });
  return t('relay.alert.uses', { kind: alert.kind, firstUsed, uses: alert.granted + alert.refused, networks: alert.networks, span });
}

/** What a void did: the stamps taken back, and the claims that stay claimed. */
function voidedText(stamps: number, claimsKept: number): string {
  const voided = t('relay.voided', { stamps });
  return claimsKept > 0 ? `${voided} ${t('relay.voidedClaimsKept', { claimsKept })}` : voided;
}

export function RelayAlerts({ vendorId }: { vendorId: string }) {
  const dispatch = useAppDispatch();
  const { data } = useGetRelayAlertsQuery(vendorId);
  const alerts = data?.alerts ?? [];

  // A void (in this tab or another) reaches every open page as an alert change: the feed's lines follow.
  useEffect(() => {
    const voided = (data?.alerts ?? []).flatMap((alert) => alert.stamps.filter((s) => s.voided).map((s) => s.id));
    if (voided.length > 0) dispatch(itemsVoided(voided));
  }, [data, dispatch]);
  return (
    // Always in the page (empty when there is nothing), so screen readers announce an alert as it appears.
    <div aria-live="polite" data-testid="relay-alerts">
      {alerts.length > 0 ? (
        <section className="sw-relay" aria-labelledby="sw-relay-title">
          <h2 id="sw-relay-title">
            <WarningOutlined aria-hidden /> {t('relay.sectionTitle')}
          </h2>
          <p className="sw-relay__hint">{t('relay.sectionHint')}</p>
          <ul className="sw-relay__list">
            {alerts.map((alert) => (
              <RelayAlertItem key={alert.code} vendorId={vendorId} alert={alert} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function RelayAlertItem({ vendorId, alert }: { vendorId: string; alert: RelayAlert }) {
  const { message } = App.useApp();
  const [voidCode, { isLoading }] = useVoidRelayCodeMutation();
  const [confirming, setConfirming] = useState(false);
  const timeZone = useStoreTimeZone();
  const open = alert.stamps.filter((s) => !s.voided).length;

  const confirmVoid = async () => {
    try {
      const result = await voidCode({ vendorId, code: alert.code }).unwrap();
      void message.success(voidedText(result.voidedStamps, result.claimsKept));
      if (result.flyerRenewed) void message.info(t('relay.flyerRenewed'));
    } catch {
      void message.error(t('relay.voidFailed'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <li className="sw-relay__alert" data-testid="relay-alert">
      <p className="sw-relay__message">{alertText(alert, timeZone)}</p>
      <p className="sw-relay__counts">
        {t('relay.stampsTitle', { granted: alert.granted })}
        {alert.refused > 0 ? ` · ${t('relay.refused', { refused: alert.refused })}` : ''}
      </p>
      <ol className="sw-relay__stamps" aria-label={t('relay.stampsTitle', { granted: alert.granted })}>
        {alert.stamps.map((stamp) => (
          <li key={stamp.id} className={stamp.voided ? 'sw-relay__stamp sw-relay__stamp--voided' : 'sw-relay__stamp'}>
            <time dateTime={new Date(stamp.date).toISOString()}>{formatTimeWithSeconds(stamp.date, intlLocale(), timeZone)}</time>
            <span>{stamp.network ? `${stamp.customer} · ${stamp.network}` : stamp.customer}</span>
            {stamp.newDevice ? <Tag>{t('relay.newDevice')}</Tag> : null}
            {stamp.claimedAfter ? <Tag color="gold">{t('relay.claimedTag')}</Tag> : null}
            {stamp.voided ? <Tag>{t('relay.voidedTag')}</Tag> : null}
          </li>
        ))}
      </ol>
      {alert.voidedAt !== null ? (
        <p className="sw-relay__done">{t('relay.voidedSummary', { stamps: alert.voidedStamps ?? 0 })}</p>
      ) : (
        <ConfigProvider theme={readableDanger}>
          <Button danger type="primary" onClick={() => setConfirming(true)} loading={isLoading} disabled={open === 0}>
            {t('relay.voidButton', { stamps: open })}
          </Button>
          <Modal
            open={confirming}
            title={t('relay.voidConfirmTitle')}
            okText={t('relay.voidConfirmOk')}
            cancelText={t('relay.voidConfirmCancel')}
            okButtonProps={{ danger: true, loading: isLoading }}
            onOk={() => void confirmVoid()}
            onCancel={() => setConfirming(false)}
          >
            <p>{alert.kind === 'printable' ? `${t('relay.voidConfirmText', { stamps: open })} ${t('relay.voidConfirmFlyer')}` : t('relay.voidConfirmText', { stamps: open })}</p>
          </Modal>
        </ConfigProvider>
      )}
    </li>
  );
}
