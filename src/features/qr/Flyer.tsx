// The printable flyer: the store's logo and name, the call to action and a 360 px QR of the printable token.
import { forwardRef } from 'react';
import { QRCodeCanvas } from 'qrcode.react';
import { APP_NAME, QR_SIZES, QR_TEXT } from '../../constants';

export interface FlyerProps {
  url: string;
  company: string;
  /** Same-origin image URL (/api/images/…), so html2canvas may read it back. */
  logo: string | null;
}

export const Flyer = forwardRef<HTMLDivElement, FlyerProps>(function Flyer({ url, company, logo }, ref) {
  return (
    <div ref={ref} className="sw-flyer" data-testid="flyer">
      <div className="sw-flyer__brand">
        {logo ? <img className="sw-flyer__logo" src={logo} alt={QR_TEXT.flyerLogoAlt(company)} /> : null}
        <span className="sw-flyer__company">{company}</span>
      </div>
      <h2 className="sw-flyer__heading">{QR_TEXT.flyerHeading}</h2>
      <p className="sw-flyer__text">{QR_TEXT.flyerText}</p>
      <div className="sw-flyer__qr">
        {/* Drawn at export resolution and shown at 360 px, so the scale-2 capture stays sharp. */}
        <QRCodeCanvas
          value={url}
          size={QR_SIZES.flyerPx * QR_SIZES.flyerExportScale}
          style={{ width: QR_SIZES.flyerPx, height: QR_SIZES.flyerPx }}
          level="H"
          marginSize={2}
        />
      </div>
      <p className="sw-flyer__footer">{APP_NAME}</p>
    </div>
  );
});
