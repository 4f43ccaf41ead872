// 'Refresh in N s' and its bar: the one part of the QR page (and counter screen) that follows the clock.
import { useAppSelector } from '../../app/hooks';
import { QR_TIMING } from '../../constants';
import { useSteppedNow } from '../../lib/clock';
import { QrCodeStatus } from './QrCodeStatus';
import { codeHealth, qrProgress, secondsUntilRefresh, selectQr } from './qrSlice';
import { feedBadgeState, selectActivityFeed } from '../activity/activityFeedSlice';

export function QrCountdown() {
  const qr = useAppSelector(selectQr);
  // The bar's steps are counted from the start of the current cycle, so each step shows when it happens.
  const cycleStart = qr.status === 'connecting' || qr.status === 'live' ? qr.refreshAt - QR_TIMING.refreshIntervalMs : 0;
  const now = useSteppedNow(QR_TIMING.tickMs, cycleStart);
  const progress = qrProgress(qr, now);
  // A fresh code that no scan can stamp (the server cannot reach its database) must not read as all is well.
  const scansPaused = useAppSelector((state) => feedBadgeState(selectActivityFeed(state)) === 'paused');
  return <QrCodeStatus health={codeHealth(qr, now)} progress={progress} secondsToRefresh={secondsUntilRefresh(progress)} scansPaused={scansPaused} />;
}
