// The generic fallback for routing errors: "Unexpected Application Error!" with the message or status text.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, Result } from 'antd';
import { ROUTE_ERROR_TITLE, ROUTES } from '../constants';

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouteErrorScreen() {
  const error = useRouteError();
  return (
    <main style={{ padding: 48 }}>
      <Result
        status="error"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{ROUTE_ERROR_TITLE}</h1>}
        subTitle={<code>{routeErrorMessage(error)}</code>}
        extra={<Button href={ROUTES.login}>Back to sign in</Button>}
      />
    </main>
  );
}
