// QR code page: the rotating counter QR, its token, the refresh countdown (or the truth about a lost
// connection), counter mode, the flyer's export, print and renewal, and "Set up your reward first".
import { useEffect, useState } from 'react';
import { DownloadOutlined, FullscreenOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { ROUTES } from '../../constants';
import { VendorPage } from '../../components/VendorPage';
import { useGetVendorQuery } from '../store-settings/vendorApi';
import { useGetRewardQuery } from '../../api/rewardsApi';
import { useGetFirstDayQuery } from '../first-day/firstDayApi';
import { SetUpRewardFirst, rewardProblem } from '../first-day/SetUpRewardFirst';
import { offerText } from '../first-day/offer';
import { Flyer } from './Flyer';
import { FlyerCodeSection } from './FlyerCodeSection';
import { StampBudgetSection } from './StampBudgetSection';
import { QrCodeDisplay } from './QrCodeDisplay';
import { pageClosed, pageOpened, regenerateRequested } from './qrSlice';
import { QrCountdown } from './QrCountdown';
import { useQrCodeView } from './useQrCodeView';
import { TokenPreview } from './TokenPreview';
import { useFlyerExport } from './useFlyerExport';
import { useFlyerPrint } from './useFlyerPrint';
import { CounterScreen } from './counter/CounterScreen';
import { CounterScreensSection } from './device/CounterScreensSection';
import { LiveActivityFeed } from './LiveActivityFeed';
import { StampQuantitySelector } from './StampQuantitySelector';
import '../first-day/first-day.css';
import { useRoleAllows } from '../session/roleAccess';
import './qr.css';
import { t } from '../../i18n/texts';

export default function QrPage() {
  const { userId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const qr = useQrCodeView();
  const { data: vendor } = useGetVendorQuery(userId);
  const { data: reward } = useGetRewardQuery(userId);
  const { data: firstDay } = useGetFirstDayQuery(userId);
  const { exportFlyer, exporting, flyerUrl, flyerRef } = useFlyerExport(userId);
  const { printFlyer, printing, printUrl } = useFlyerPrint(userId);
  const [counterMode, setCounterMode] = useState(false);
  const mayManage = useRoleAllows('stampBudget');

  useEffect(() => {
    dispatch(pageOpened({ vendorId: userId }));
    // Closing the page stops the cycle: no fetch or tick runs for a page nobody sees.
    return () => {
      dispatch(pageClosed());
    };
  }, [dispatch, userId]);

  const company = vendor?.vendor.company ?? '';
  const logo = vendor?.vendor.logo ?? null;
  const offer = offerText(reward);

  /** A flyer for a store customers cannot collect at is a dead end: say so first, and let the vendor choose. */
  const guardFlyer = (go: () => void) => {
    if (!firstDay || firstDay.rewardUsable) {
      go();
      return;
    }
    modal.confirm({
      title: t('firstDay.setUpRewardFirst'),
      content: `${rewardProblem(firstDay)} ${t('firstDay.flyerNeedsReward')}`,
      okText: t('firstDay.setUpReward'),
      cancelText: t('firstDay.exportAnyway'),
      onOk: () => navigate(ROUTES.rewards(userId)),
      onCancel: go,
    });
  };

  const enterCounterMode = () => {
    setCounterMode(true);
    // Within the click, as the Fullscreen API requires; refused (an iframe, a kiosk browser) the counter
    // screen still fills the window.
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const leaveCounterMode = () => {
    setCounterMode(false);
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
  };

  return (
    <VendorPage className="sw-qr-page">
      {firstDay ? <SetUpRewardFirst vendorId={userId} status={firstDay} /> : null}
      {/* What staff use first sits together: the code, then the hand-over box and the feed beside it. */}
      <div className="sw-qr-top">
        <section className="sw-qr-card" aria-labelledby="sw-qr-title">
          <header className="sw-qr-card__header">
            <h1 id="sw-qr-title">{t('qr.title')}</h1>
            <Tag className="sw-qr-chip">
              {t('qr.dynamic')}
            </Tag>
          </header>
          <p className="sw-qr-card__instructions">{t('qr.instructions')}</p>

          <StampQuantitySelector idPrefix="sw-qr" />

          <QrCodeDisplay url={qr.url} expired={qr.expired} />

          <TokenPreview token={qr.token} url={qr.url} />

          <QrCountdown />

          <div className="sw-qr-actions">
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => dispatch(regenerateRequested())} loading={qr.fetching}>
              {t('qr.regenerate')}
            </Button>
            <Button type="primary" icon={<DownloadOutlined aria-hidden />} onClick={() => guardFlyer(() => void exportFlyer())} loading={exporting}>
              {t('qr.exportPng')}
            </Button>
            <Button icon={<PrinterOutlined aria-hidden />} onClick={() => guardFlyer(() => void printFlyer())} loading={printing}>
              {t('qr.print')}
            </Button>
            <Button icon={<FullscreenOutlined aria-hidden />} onClick={enterCounterMode}>
              {t('qr.counterMode')}
            </Button>
          </div>
        </section>

        <div className="sw-qr-top__side">
          <LiveActivityFeed vendorId={userId} />
        </div>
      </div>

      {/* Renewing the flyer and the stamp budget are a manager's, the counter screens an owner's or a manager's:
          staff see the code, the feed and counter mode. */}
      {mayManage ? <FlyerCodeSection vendorId={userId} onDownload={() => void exportFlyer()} downloading={exporting} /> : null}
      {mayManage ? <StampBudgetSection vendorId={userId} /> : null}
      {mayManage ? <CounterScreensSection vendorId={userId} /> : null}

      {flyerUrl ? (
        // Rendered off-screen only while exporting; html2canvas captures it from there.
        <div className="sw-flyer-stage" aria-hidden>
          <Flyer ref={flyerRef} url={flyerUrl} company={company} logo={logo} offer={offer} address={vendor?.vendor.address} />
        </div>
      ) : null}

      {printUrl
        ? // Straight under <body>: the print CSS prints this alone and hides the app (qr.css).
          createPortal(
            <div className="sw-print-root">
              <Flyer url={printUrl} company={company} logo={logo} offer={offer} address={vendor?.vendor.address} variant="print" />
            </div>,
            document.body,
          )
        : null}

      {counterMode ? <CounterScreen company={company} logo={logo} offer={offer} onLeave={leaveCounterMode} /> : null}
    </VendorPage>
  );
}
