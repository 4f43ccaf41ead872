// What the QR page says under its code: 'Refresh in N s' while the code is live, and the truth when
// the connection is lost: how long the code on screen still stamps, or that it no longer does; 'Scans paused'
// while the server cannot reach its database.
import { Progress } from 'antd';
import { COUNTER_DEVICE_TEXT } from './device/texts';
import type { QrCodeHealth } from './qrSlice';
import { t } from '../../i18n/texts';

export function codeStatusText(health: QrCodeHealth, secondsToRefresh: number): string {
  switch (health.kind) {
    case 'live':
      return t('qr.refreshIn', { seconds: secondsToRefresh });
    case 'self-signed':
      return COUNTER_DEVICE_TEXT.selfSignedOffline;
    case 'lost':
      return t('qr.connectionLost', { seconds: health.seconds });
    case 'paused':
      return t('activity.status.paused');
    case 'dead':
      return health.offline || health.retryIn === null ? t('qr.waitingForNetwork') : (health.retryIn > 0 ? t('qr.retryingIn', { seconds: health.retryIn }) : t('qr.retryingNow'));
  }
}

export function QrCodeStatus({ health, progress, secondsToRefresh, scansPaused = false }: { health: QrCodeHealth; progress: number; secondsToRefresh: number; scansPaused?: boolean }) {
  // The server's live code while it cannot record stamps: the feed beside it says why, this line says so too.
  const paused = scansPaused && health.kind === 'live';
  const text = paused ? t('activity.status.paused') : codeStatusText(health, secondsToRefresh);
  const trouble = paused || (health.kind !== 'live' && health.kind !== 'self-signed');
  return (
    <div className={trouble ? 'sw-qr-refresh sw-qr-refresh--trouble' : 'sw-qr-refresh'}>
      <Progress percent={progress} showInfo={false} strokeColor={trouble ? '#b3261e' : '#7a4a2a'} railColor="#efe4da" size={['100%', 8]} aria-label={text} />
      {/* role=status: a screen reader hears when the connection drops and when it is back. */}
      <span className="sw-qr-refresh__label" data-testid="refresh-label" role={trouble ? 'alert' : undefined}>
        {text}
      </span>
    </div>
  );
}
