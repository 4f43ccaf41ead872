// QR code page (SPEC.md §2 "QR code"): the rotating counter QR, its token, the refresh countdown, the flyer export and renewal.
import { useEffect } from 'react';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { QR_TEXT } from '../../constants';
import { VendorPage } from '../dashboard/components/VendorPage';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { Flyer } from './Flyer';
import { FlyerCodeSection } from './FlyerCodeSection';
import { QrCodeDisplay } from './QrCodeDisplay';
import { codeHealth, pageClosed, pageOpened, regenerateRequested, secondsUntilRefresh, selectQr } from './qrSlice';
import { QrCodeStatus } from './QrCodeStatus';
import { TokenPreview } from './TokenPreview';
import { useFlyerExport } from './useFlyerExport';
import { LiveActivityFeed } from '../activity/LiveActivityFeed';
import './qr.css';

export default function QrPage() {
  const { userId = '' } = useParams();
  const dispatch = useAppDispatch();
  const qr = useAppSelector(selectQr);
  const { data: vendor } = useGetVendorQuery(userId);
  const { exportFlyer, exporting, flyerUrl, flyerRef } = useFlyerExport(userId);

  useEffect(() => {
    dispatch(pageOpened({ vendorId: userId }));
    // Closing the page stops the cycle: no fetch or tick runs for a page nobody sees.
    return () => {
      dispatch(pageClosed());
    };
  }, [dispatch, userId]);

  const seconds = secondsUntilRefresh(qr.progress);
  const showingToken = qr.status === 'ready' ? qr.url : null;
  const health = codeHealth(qr);

  return (
    <VendorPage className="sw-qr-page">
      <section className="sw-qr-card" aria-labelledby="sw-qr-title">
        <header className="sw-qr-card__header">
          <h1 id="sw-qr-title">{QR_TEXT.title}</h1>
          <Tag className="sw-qr-chip">
            {QR_TEXT.dynamic}
          </Tag>
        </header>
        <p className="sw-qr-card__instructions">{QR_TEXT.instructions}</p>

        <QrCodeDisplay url={showingToken} expired={health.kind === 'dead'} />

        <TokenPreview token={qr.status === 'ready' ? qr.token : null} />

        <QrCodeStatus health={health} progress={qr.progress} secondsToRefresh={seconds} />

        <div className="sw-qr-actions">
          <Button icon={<ReloadOutlined />} onClick={() => dispatch(regenerateRequested())} loading={qr.loading}>
            {QR_TEXT.regenerate}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void exportFlyer()} loading={exporting}>
            {QR_TEXT.exportPng}
          </Button>
        </div>
      </section>

      <LiveActivityFeed vendorId={userId} />

      <FlyerCodeSection vendorId={userId} onDownload={() => void exportFlyer()} downloading={exporting} />

      {flyerUrl ? (
        // Rendered off-screen only while exporting; html2canvas captures it from there.
        <div className="sw-flyer-stage" aria-hidden>
          <Flyer ref={flyerRef} url={flyerUrl} company={vendor?.vendor.company ?? ''} logo={vendor?.vendor.logo ?? null} />
        </div>
      ) : null}
    </VendorPage>
  );
}
