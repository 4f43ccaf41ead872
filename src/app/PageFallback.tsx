// Shown while a code-split page downloads: plain CSS, so the first paint needs no UI library. The reader's
// language is loaded before the first render, so its text is already there.
import { t } from '../i18n/texts';
import './page-fallback.css';

export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <span className="page-fallback__spinner" aria-hidden="true" />
      <span className="page-fallback__label">{t('nav.loadingPage')}</span>
    </div>
  );
}
