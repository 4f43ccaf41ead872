// Entry point of the customer pages (/s/<token>, /wallet…): a lean entry for a phone at the
// counter. It shares nothing heavy with the vendor app (src/index.tsx): React, react-router and the pages,
// plus the reader's language's texts (a small lazy chunk) loaded before the first render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './features/customer/CustomerApp';
import { provideCatalogues } from './i18n/catalogue-chunks';
import { CUSTOMER_CATALOGUES } from './i18n/customer-catalogue-chunks';
import { startInPreferredLanguage } from './i18n/startPage';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('customer.html has no #root element');
provideCatalogues('customer', CUSTOMER_CATALOGUES);
void startInPreferredLanguage('customer').then(() =>
  createRoot(container).render(
    <StrictMode>
      <CustomerApp />
    </StrictMode>,
  ),
);
