// The customer routes: /s/:token, /wallet, /wallet/:cardId, /wallet/recover/:token,
// /wallet/confirm-email/:token, in their own mobile layout. They are their own entry
// (src/customer.tsx, served as customer.html for these paths), so a phone opening a QR code downloads
// none of the vendor app: no antd, no Redux store, no vendor screens.
import { Route, Routes } from 'react-router-dom';
import { ScrollToTopOnNavigate } from '../../app/ScrollToTop';
import CardPage from './CardPage';
import ConfirmEmailPage from './ConfirmEmailPage';
import { CustomerErrorBoundary } from './CustomerErrorBoundary';
import { CustomerLayout } from './CustomerLayout';
import RecoverPage from './RecoverPage';
import ScanPage from './ScanPage';
import WalletPage from './WalletPage';

/** The paths the server answers with customer.html (server/app.ts) and the dev server rewrites to it. */
export const CUSTOMER_PATH_PATTERN = /^\/(s|wallet)(\/|$)/;

export function CustomerRoutes() {
  return (
    <CustomerErrorBoundary>
      <ScrollToTopOnNavigate />
      <CustomerLayout>
        <Routes>
          <Route path="/s/:token" element={<ScanPage />} />
          <Route path="/wallet" element={<WalletPage />} />
          <Route path="/wallet/recover/:token" element={<RecoverPage />} />
          <Route path="/wallet/confirm-email/:token" element={<ConfirmEmailPage />} />
          <Route path="/wallet/:cardId" element={<CardPage />} />
        </Routes>
      </CustomerLayout>
    </CustomerErrorBoundary>
  );
}
