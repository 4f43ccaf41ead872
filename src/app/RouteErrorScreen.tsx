// The generic fallback for routing errors: "Unexpected Application Error!" with the message or status text.
// Plain HTML and CSS: it must render even when a page's chunk (and antd with it) failed to load.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import './route-error.css';
import { ROUTE_ERROR_TEXT, ROUTE_ERROR_TITLE, ROUTES } from '../constants';

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return ROUTE_ERROR_TEXT.unknown;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <main className="route-error">
      <div className="route-error__card" role="alert">
        <div className="route-error__icon" aria-hidden="true">!</div>
        <h1 className="route-error__title">{ROUTE_ERROR_TITLE}</h1>
        <code className="route-error__message">{routeErrorMessage(error)}</code>
        {/* A full page load: whatever broke the app should not survive into the next screen. */}
        <a className="route-error__button" href={ROUTES.login}>
          {ROUTE_ERROR_TEXT.backToSignIn}
        </a>
      </div>
    </main>
  );
}
