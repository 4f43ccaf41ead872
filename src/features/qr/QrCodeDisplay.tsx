// The counter QR code: error correction H, sized to its container between 160 and 480 px (256 until measured).
import { useEffect, useRef, useState } from 'react';
import { QRCodeCanvas } from 'qrcode.react';
import { QR_SIZES } from '../../constants';
import { t } from '../../i18n/texts';

export function clampQrSize(containerWidth: number): number {
  if (!Number.isFinite(containerWidth) || containerWidth <= 0) return QR_SIZES.defaultPx;
  return Math.round(Math.min(QR_SIZES.maxPx, Math.max(QR_SIZES.minPx, containerWidth)));
}

/** Follows the element's content width (ResizeObserver), e.g. a phone held upright or a counter monitor. */
function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export interface QrCodeDisplayProps {
  url: string | null;
  /** The code no longer stamps: it is greyed out and covered, so nobody tries to scan it. */
  expired?: boolean;
  /** Counter mode: the size the screen allows, instead of the container's width clamped to 160–480 px. */
  fixedSize?: number;
}

export function QrCodeDisplay({ url, expired = false, fixedSize }: QrCodeDisplayProps) {
  const [containerRef, width] = useContainerWidth();
  const size = fixedSize ?? clampQrSize(width);
  return (
    <div ref={containerRef} className="sw-qr-frame">
      <div className={expired ? 'sw-qr-square sw-qr-square--expired' : 'sw-qr-square'} style={{ width: size, height: size }}>
        {url ? (
          <>
            <QRCodeCanvas
              value={url}
              size={size}
              level="H"
              marginSize={2}
              role="img"
              aria-label={t('qr.qrLabel')}
              aria-hidden={expired || undefined}
              data-testid="qr-code"
              data-size={size}
              data-expired={expired}
              // What the image encodes, readable by tests and assistive tools without decoding the canvas.
              data-url={url}
            />
            {expired ? (
              <div className="sw-qr-expired" role="status" data-testid="qr-expired">
                <strong>{t('qr.codeExpired')}</strong>
                <span>{t('qr.codeExpiredHint')}</span>
              </div>
            ) : null}
          </>
        ) : (
          <span className="sw-qr-loading" role="status">
            {t('qr.loading')}
          </span>
        )}
      </div>
    </div>
  );
}
