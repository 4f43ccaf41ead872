// The QR page's 'Printed flyer' section: renew the flyer's long-lived code (older flyers stop working), then download the new flyer.
import { useState } from 'react';
import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider, Modal, type ThemeConfig } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import type { PrintableQrResponse } from '../../api/contract/qrcode';
import { useRenewPrintableQrMutation } from './qrApi';
import { tokenPreview } from './TokenPreview';
import { t } from '../../i18n/texts';

/** antd's default danger red carries white text at about 3:1; this one passes WCAG AA (about 6.5:1). */
const readableDanger: ThemeConfig = { token: { colorError: '#b42318' } };

/** Big enough for a phone to read off the screen, small enough not to compete with the counter QR above. */
const NEW_FLYER_QR_PX = 176;

export interface FlyerCodeSectionProps {
  vendorId: string;
  /** Downloads the flyer with the vendor's current code (the page's 'Export PNG'). */
  onDownload: () => void;
  downloading: boolean;
}

export function FlyerCodeSection({ vendorId, onDownload, downloading }: FlyerCodeSectionProps) {
  const { message } = App.useApp();
  const [renewFlyerCode, { isLoading: renewing }] = useRenewPrintableQrMutation();
  const [confirming, setConfirming] = useState(false);
  // Only a successful renewal shows a code here: the page never fetches the flyer code just to display it.
  const [renewed, setRenewed] = useState<PrintableQrResponse | null>(null);

  const renew = async () => {
    try {
      setRenewed(await renewFlyerCode(vendorId).unwrap());
      void message.success(t('qr.renewed'));
    } catch (error) {
      console.error('Failed to renew the flyer code', error);
      void message.error(t('qr.renewFailed'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="sw-flyer-card" aria-labelledby="sw-flyer-card-title" data-testid="flyer-code-section">
      <div className="sw-flyer-card__intro">
        <h2 id="sw-flyer-card-title">{t('qr.flyerSectionTitle')}</h2>
        <p>{t('qr.flyerSectionText')}</p>
      </div>
      <Button className="sw-flyer-card__renew" icon={<SyncOutlined aria-hidden />} onClick={() => setConfirming(true)} disabled={renewing}>
        {t('qr.renewFlyer')}
      </Button>

      {/* Always in the page, so screen readers announce the new code when it appears. */}
      <div className="sw-flyer-card__result" aria-live="polite">
        {renewed ? (
          <div className="sw-flyer-card__renewed">
            <div className="sw-flyer-card__qr">
              <QRCodeCanvas
                value={renewed.url}
                size={NEW_FLYER_QR_PX}
                level="H"
                marginSize={2}
                role="img"
                aria-label={t('qr.newFlyerQrLabel')}
                data-testid="flyer-qr"
              />
            </div>
            <div className="sw-flyer-card__details">
              <span className="sw-flyer-card__label">{t('qr.newFlyerCode')}</span>
              <code className="sw-token__value" data-testid="flyer-token-preview" dir="ltr">
                {tokenPreview(renewed.token)}…
              </code>
              <Button type="primary" icon={<DownloadOutlined aria-hidden />} onClick={onDownload} loading={downloading}>
                {t('qr.downloadNewFlyer')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>

      <ConfigProvider theme={readableDanger}>
        <Modal
          open={confirming}
          title={t('qr.renewConfirmTitle')}
          okText={t('qr.renewConfirmOk')}
          cancelText={t('qr.renewConfirmCancel')}
          okButtonProps={{ danger: true }}
          confirmLoading={renewing}
          // While the request runs the dialog stays: closing it would not stop the renewal.
          cancelButtonProps={{ disabled: renewing }}
          closable={!renewing}
          mask={{ closable: !renewing }}
          keyboard={!renewing}
          onOk={() => void renew()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('qr.renewConfirmText')}</p>
        </Modal>
      </ConfigProvider>
    </section>
  );
}
