// Entry point of the customer pages (/s/<token>, /wallet…): a lean entry for a phone at the
// counter. It shares nothing heavy with the vendor app (src/index.tsx): React, react-router and the pages.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './features/customer/CustomerApp';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('customer.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <CustomerApp />
  </StrictMode>,
);
