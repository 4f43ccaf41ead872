// The generic fallback for routing errors: "Unexpected Application Error!" with the message or status text.
// Plain HTML and CSS: it must render even when a page's chunk (and antd with it) failed to load.
// A chunk that failed to load after a redeploy reloads the app once by itself; if that does not
// help, the screen offers "A new version is available — Reload".
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import './route-error.css';
import { ROUTES } from '../constants';
import { ROUTE_ERROR_TEXT } from '../features/layout/texts';
import { isChunkLoadError, mayReloadForNewVersion, reloadOnceForNewVersion } from './chunkReload';

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return ROUTE_ERROR_TEXT.unknown;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  return isChunkLoadError(error) ? <NewVersionScreen /> : <GenericErrorScreen error={error} />;
}

function NewVersionScreen() {
  // Decided once, on mount (render stays free of side effects); the reload itself happens in the effect,
  // whose guard also keeps React's development double-run from reloading twice.
  const [reloading] = useState(() => mayReloadForNewVersion());
  useEffect(() => {
    document.title = ROUTE_ERROR_TEXT.newVersion;
    if (reloading) reloadOnceForNewVersion();
  }, [reloading]);
  return (
    <main className="route-error">
      <div className="route-error__card" role="alert" data-testid="new-version">
        <div className="route-error__icon route-error__icon--info" aria-hidden="true">↻</div>
        <h1 className="route-error__title">{reloading ? ROUTE_ERROR_TEXT.reloading : ROUTE_ERROR_TEXT.newVersion}</h1>
        {reloading ? null : (
          <button type="button" className="route-error__button" onClick={() => window.location.reload()}>
            {ROUTE_ERROR_TEXT.reload}
          </button>
        )}
      </div>
    </main>
  );
}

function GenericErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="route-error">
      <div className="route-error__card" role="alert">
        <div className="route-error__icon" aria-hidden="true">!</div>
        <h1 className="route-error__title">{ROUTE_ERROR_TEXT.title}</h1>
        <code className="route-error__message">{routeErrorMessage(error)}</code>
        {/* A full page load: whatever broke the app should not survive into the next screen. */}
        <a className="route-error__button" href={ROUTES.login}>
          {ROUTE_ERROR_TEXT.backToSignIn}
        </a>
      </div>
    </main>
  );
}
