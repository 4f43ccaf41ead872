// The frame of every vendor page: the top navigation bar above the page content.
import type { ReactNode } from 'react';
import { NAV_TEXT } from './texts';
import { useAppSelector } from '../../app/hooks';
import { selectVendorId } from '../session/sessionSlice';
import { useVendorLiveConnection } from '../activity/useVendorLiveConnection';
import { NavBar } from './NavBar';
import { RoleRefusalNotice } from './RoleRefusalNotice';
import './layout.css';

const MAIN_ID = 'main-content';

export function VendorLayout({ children }: { children: ReactNode }) {
  // One live connection for the signed-in vendor, whichever page is open.
  useVendorLiveConnection(useAppSelector(selectVendorId));
  return (
    <div className="sw-vendor">
      <a className="sw-skip-link" href={`#${MAIN_ID}`}>
        {NAV_TEXT.skipToContent}
      </a>
      <NavBar />
      <main id={MAIN_ID} className="sw-vendor__content" tabIndex={-1}>
        <RoleRefusalNotice />
        {children}
      </main>
    </div>
  );
}
