// Codes flagged as probably relayed (a photo of the code going around), each with the stamps it
// granted and the owner's one action: void them. Shown on the QR page above the live feed, refreshed the
// moment the feed hears of an alert; never on the counter screen customers see.
import { useEffect, useState } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider, Modal, Tag, type ThemeConfig } from 'antd';
import { formatTime, formatTimeWithSeconds } from '../../lib/format';
import type { RelayAlert } from '../../api/contract/relay';
import { useAppDispatch } from '../../app/hooks';
import { RELAY_TEXT } from '../../constants';
import { itemsVoided } from '../activity/activityFeedSlice';
import { useGetRelayAlertsQuery, useVoidRelayCodeMutation } from './relayApi';

/** antd's default danger red carries white text at about 3:1; this one passes WCAG AA. */
const readableDanger: ThemeConfig = { token: { colorError: '#b42318' } };

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
            <WarningOutlined aria-hidden /> {RELAY_TEXT.sectionTitle}
          </h2>
          <p className="sw-relay__hint">{RELAY_TEXT.sectionHint}</p>
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
  const open = alert.stamps.filter((s) => !s.voided).length;

  const confirmVoid = async () => {
    try {
      const result = await voidCode({ vendorId, code: alert.code }).unwrap();
      void message.success(RELAY_TEXT.voided(result.voidedStamps, result.claimsKept));
      if (result.flyerRenewed) void message.info(RELAY_TEXT.flyerRenewed);
    } catch {
      void message.error(RELAY_TEXT.voidFailed);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <li className="sw-relay__alert" data-testid="relay-alert">
      <p className="sw-relay__message">{RELAY_TEXT.alertMessage(alert, formatTime(alert.firstUsedAt), Math.round((alert.lastUsedAt - alert.firstUsedAt) / 1000))}</p>
      <p className="sw-relay__counts">
        {RELAY_TEXT.stampsTitle(alert.granted)}
        {alert.refused > 0 ? ` · ${RELAY_TEXT.refused(alert.refused)}` : ''}
      </p>
      <ol className="sw-relay__stamps" aria-label={RELAY_TEXT.stampsTitle(alert.granted)}>
        {alert.stamps.map((stamp) => (
          <li key={stamp.id} className={stamp.voided ? 'sw-relay__stamp sw-relay__stamp--voided' : 'sw-relay__stamp'}>
            <time dateTime={new Date(stamp.date).toISOString()}>{formatTimeWithSeconds(stamp.date)}</time>
            <span>{RELAY_TEXT.stampLine(stamp.customer, stamp.network)}</span>
            {stamp.newDevice ? <Tag>{RELAY_TEXT.newDevice}</Tag> : null}
            {stamp.claimedAfter ? <Tag color="gold">{RELAY_TEXT.claimedTag}</Tag> : null}
            {stamp.voided ? <Tag>{RELAY_TEXT.voidedTag}</Tag> : null}
          </li>
        ))}
      </ol>
      {alert.voidedAt !== null ? (
        <p className="sw-relay__done">{RELAY_TEXT.voidedSummary(alert.voidedStamps ?? 0)}</p>
      ) : (
        <ConfigProvider theme={readableDanger}>
          <Button danger type="primary" onClick={() => setConfirming(true)} loading={isLoading} disabled={open === 0}>
            {RELAY_TEXT.voidButton(open)}
          </Button>
          <Modal
            open={confirming}
            title={RELAY_TEXT.voidConfirmTitle}
            okText={RELAY_TEXT.voidConfirmOk}
            cancelText={RELAY_TEXT.voidConfirmCancel}
            okButtonProps={{ danger: true, loading: isLoading }}
            onOk={() => void confirmVoid()}
            onCancel={() => setConfirming(false)}
          >
            <p>{RELAY_TEXT.voidConfirmText(open, alert.kind === 'printable')}</p>
          </Modal>
        </ConfigProvider>
      )}
    </li>
  );
}
