// Renders a customer page the way the customer entry does (src/features/customer/CustomerApp.tsx): its own
// data cache (new for each render) and a router — no vendor store, no antd. A memory router stands in for the browser's.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { CustomerApiProvider } from '../../../../src/features/customer/api/hooks';

export interface RenderCustomerOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The path the memory router starts on. */
  route?: string;
  /** Route pattern for `ui` (e.g. '/s/:token') so useParams works. */
  path?: string;
  extraRoutes?: RouteObject[];
}

export function renderCustomerPage(ui: ReactElement, { route = '/', path = '*', extraRoutes = [], ...renderOptions }: RenderCustomerOptions = {}) {
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [route] });
  const result = render(
    <CustomerApiProvider>
      <RouterProvider router={router} />
    </CustomerApiProvider>,
    renderOptions,
  );
  return { router, ...result };
}
