// The customer routes: /s/:token, /wallet, /wallet/:cardId, /wallet/recover/:token,
// /wallet/confirm-email/:token, in their own mobile layout. They are their own entry
// (src/customer.tsx, served as customer.html for these paths), so a phone opening a QR code downloads
// none of the vendor app: no antd, no Redux store, no vendor screens.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ScrollToTopOnNavigate } from '../../app/ScrollToTop';
import { CustomerErrorBoundary } from './CustomerErrorBoundary';
import { CustomerLayout } from './CustomerLayout';
import ScanPage from './ScanPage';

// Only the scan page is in the entry: it is what a QR code opens, and its weight is the page's budget. The
// wallet and a card come as one chunk (their forms: recovery, deleting the wallet); the mailed links' pages,
// opened once per phone, as another.
const WalletPage = lazy(() => import(/* webpackChunkName: "customer-wallet" */ './WalletPage'));
const CardPage = lazy(() => import(/* webpackChunkName: "customer-wallet" */ './CardPage'));
const RecoverPage = lazy(() => import(/* webpackChunkName: "customer-mailed-links" */ './RecoverPage'));
const ConfirmEmailPage = lazy(() => import(/* webpackChunkName: "customer-mailed-links" */ './ConfirmEmailPage'));

/** The paths the server answers with customer.html (server/app.ts) and the dev server rewrites to it. */
export const CUSTOMER_PATH_PATTERN = /^\/(s|wallet)(\/|$)/;

export function CustomerRoutes() {
  return (
    <CustomerErrorBoundary>
      <ScrollToTopOnNavigate />
      <CustomerLayout>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/s/:token" element={<ScanPage />} />
            <Route path="/wallet" element={<WalletPage />} />
            <Route path="/wallet/recover/:token" element={<RecoverPage />} />
            <Route path="/wallet/confirm-email/:token" element={<ConfirmEmailPage />} />
            <Route path="/wallet/:cardId" element={<CardPage />} />
          </Routes>
        </Suspense>
      </CustomerLayout>
    </CustomerErrorBoundary>
  );
}
