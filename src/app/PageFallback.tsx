// Shown while a code-split page downloads: plain CSS, so the first paint needs no UI library.
import './page-fallback.css';

export function PageFallback() {
  return (
    <div className="page-fallback" role="status" aria-live="polite">
      <span className="page-fallback__spinner" aria-hidden="true" />
      <span className="page-fallback__label">Loading…</span>
    </div>
  );
}
