// The Stampwise mark (a stamped coffee cup) and wordmark, shared by the nav bar and the public pages.
import { APP_NAME } from '../../constants';
import './brand.css';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#7a4a2a" />
      <circle cx="20" cy="20" r="15.5" fill="none" stroke="#e9d3bd" strokeWidth="1.2" strokeDasharray="2.2 2.2" />
      <path d="M12.5 17h13v5a6 6 0 0 1-6 6h-1a6 6 0 0 1-6-6z" fill="#fdf6ee" />
      <path d="M25.5 18.5h1.2a2.6 2.6 0 0 1 0 5.2h-1.6" stroke="#fdf6ee" strokeWidth="1.8" fill="none" />
      <path d="M16.5 10.5c-1.2 1.4 1.2 2.2 0 3.8M20.5 10.5c-1.2 1.4 1.2 2.2 0 3.8" stroke="#e9d3bd" strokeWidth="1.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus name; the nav bar's stylesheet hides the name where the bar is tight. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <span className="sw-brand">
      <BrandMark size={size} />
      <span className="sw-brand__name">{APP_NAME}</span>
    </span>
  );
}
