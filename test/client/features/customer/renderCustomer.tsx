// Renders a customer page the way the customer entry does (src/features/customer/CustomerApp.tsx): its own
// data cache (new for each render) and its own router — no vendor store, no antd. The router keeps its address
// in memory, starting on `route`.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { CustomerApiProvider } from '../../../../src/features/customer/api/hooks';
import { CustomerRouter, Routes, type RouteEntry } from '../../../../src/features/customer/router';

export interface RenderCustomerOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The path the router starts on. */
  route?: string;
  /** Route pattern for `ui` (e.g. '/s/:token') so useParams works. */
  path?: string;
  extraRoutes?: RouteEntry[];
}

export function renderCustomerPage(ui: ReactElement, { route = '/', path = '*', extraRoutes = [], ...renderOptions }: RenderCustomerOptions = {}) {
  return render(
    <CustomerApiProvider>
      <CustomerRouter initialPath={route}>
        <Routes routes={[{ path, element: ui }, ...extraRoutes]} />
      </CustomerRouter>
    </CustomerApiProvider>,
    renderOptions,
  );
}
