// The counter QR code: error correction H, sized to its container between 160 and 480 px (256 until measured).
import { useEffect, useRef, useState } from 'react';
import { QRCodeCanvas } from 'qrcode.react';
import { QR_SIZES, QR_TEXT } from '../../constants';

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

export function QrCodeDisplay({ url }: { url: string | null }) {
  const [containerRef, width] = useContainerWidth();
  const size = clampQrSize(width);
  return (
    <div ref={containerRef} className="sw-qr-frame">
      <div className="sw-qr-square" style={{ width: size, height: size }}>
        {url ? (
          <QRCodeCanvas value={url} size={size} level="H" marginSize={2} role="img" aria-label={QR_TEXT.qrLabel} data-testid="qr-code" data-size={size} />
        ) : (
          <span className="sw-qr-loading" role="status">
            {QR_TEXT.loading}
          </span>
        )}
      </div>
    </div>
  );
}
