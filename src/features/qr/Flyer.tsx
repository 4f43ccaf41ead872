// The printable flyer: the store's logo and name, the call to action, the offer and where it applies,
// and the QR of the printable token. Two sizes: the PNG export (480 px wide, captured by html2canvas) and the
// printed page (A4 or Letter, laid out in millimetres by the print CSS, with a vector QR).
import { forwardRef } from 'react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { APP_NAME, QR_SIZES } from '../../constants';
import { t } from '../../i18n/texts';

export interface FlyerProps {
  url: string;
  company: string;
  /** Same-origin image URL (/api/images/…), so html2canvas may read it back. */
  logo: string | null;
  /** "Buy 10 Flat White, get 1 free"; null while the store has no saved reward. */
  offer?: string | null;
  /** Where the reward applies: the store's address, when it has one. */
  address?: string;
  variant?: 'export' | 'print';
}

export const Flyer = forwardRef<HTMLDivElement, FlyerProps>(function Flyer({ url, company, logo, offer = null, address = '', variant = 'export' }, ref) {
  return (
    <div ref={ref} className={`sw-flyer sw-flyer--${variant}`} data-testid={variant === 'print' ? 'print-flyer' : 'flyer'}>
      <div className="sw-flyer__brand">
        {logo ? <img className="sw-flyer__logo" src={logo} alt={t('qr.flyerLogoAlt', { company })} /> : null}
        <span className="sw-flyer__company">{company}</span>
      </div>
      <h2 className="sw-flyer__heading">{t('qr.flyerHeading')}</h2>
      <p className="sw-flyer__text">{t('qr.flyerText')}</p>
      {offer ? (
        <p className="sw-flyer__offer" data-testid="flyer-offer">
          {offer}
        </p>
      ) : null}
      <div className="sw-flyer__qr">
        {variant === 'print' ? (
          // Vector on paper: sharp at any printer resolution.
          <QRCodeSVG value={url} level="H" marginSize={2} className="sw-flyer__qr-svg" role="img" aria-label={t('qr.qrLabel')} />
        ) : (
          // Drawn at export resolution and shown at 360 px, so the scale-2 capture stays sharp.
          <QRCodeCanvas
            value={url}
            size={QR_SIZES.flyerPx * QR_SIZES.flyerExportScale}
            style={{ width: QR_SIZES.flyerPx, height: QR_SIZES.flyerPx }}
            level="H"
            marginSize={2}
          />
        )}
      </div>
      {address.trim() ? <p className="sw-flyer__where">{t('qr.flyerWhere', { company, address: address.trim() })}</p> : null}
      <p className="sw-flyer__footer">{APP_NAME}</p>
    </div>
  );
});
