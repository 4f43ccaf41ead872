// Entry point of the single-page app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { retryPendingLogoutsNowAndOnline } from './features/session/sessionRevocation';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
retryPendingLogoutsNowAndOnline();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
