// Entry point of the single-page app: the reader's language (texts, antd's and dayjs's) loads before the first render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadAntLocale } from './app/antLocale';
import { APP_CATALOGUES } from './i18n/app-catalogue-chunks';
import { provideCatalogues } from './i18n/catalogue-chunks';
import { retryPendingLogoutsNowAndOnline } from './features/session/sessionRevocation';
import { startInPreferredLanguage } from './i18n/startPage';
import { TextsRoot } from './i18n/TextsRoot';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
retryPendingLogoutsNowAndOnline();
provideCatalogues('app', APP_CATALOGUES);
void startInPreferredLanguage('app', loadAntLocale).then(() =>
  createRoot(container).render(
    <StrictMode>
      <TextsRoot>
        <App />
      </TextsRoot>
    </StrictMode>,
  ),
);
