// Shared frame of the nav bar tests: vendor v1's session, a fake GET /api/vendor/v1, and renderNav() on a
// dashboard page inside VendorLayout, with the other vendor pages as routes to navigate to.
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { VendorLayout } from '../../../../src/features/layout/VendorLayout';
import { fakeToken, renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP } from '../../support/tokens';

/** antd in jsdom is slow on a busy machine: a generous wait for what paints after the vendor loads. */
export const PAINT = { timeout: 10_000 };

export const token = fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP });

/** GET /api/vendor/v1's body for Corner Café, with `logo` (an image path or null). */
export const vendor = (logo: string | null) => ({
  vendor: { company: 'Corner Café', address: '12 Market St', open_hours: '7–17', website: '', logo, banner: null },
  items: [],
});

/**
 * Before each test a fresh fake API answering GET /api/vendor/v1 with Corner Café and `logo`; after it, the API
 * and every jest spy restored. `fakeApi` is the current test's fake API.
 */
export function withFakeVendorApi(logo: string | null): { readonly fakeApi: FakeApi } {
  const current = {} as { fakeApi: FakeApi };
  beforeEach(() => {
    current.fakeApi = installFakeApi();
    current.fakeApi.on('GET /api/vendor/v1', { status: 200, body: vendor(logo) });
  });
  afterEach(() => {
    current.fakeApi.restore();
    jest.restoreAllMocks();
  });
  return current;
}

const page = (name: string) => (
  <VendorLayout>
    <h1>{name}</h1>
  </VendorLayout>
);
const vendorRoutes: RouteObject[] = [
  { path: '/rewards/:userId', element: page('Rewards page') },
  { path: '/qr-code/:userId', element: page('QR page') },
  { path: '/campaigns/:userId', element: page('Campaigns page') },
  { path: '/help/:userId', element: page('Help page') },
  { path: '/account/:userId', element: page('Account Settings page') },
  { path: '/login', element: <p>login screen</p> },
];

/** The 'Dashboard page' in VendorLayout at `route`, signed in with `sessionToken`; returns a userEvent too. */
export function renderNav(route = '/dashboard/v1', sessionToken: string | null = token) {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(page('Dashboard page'), {
    preloadedState: { session: { token: sessionToken } },
    route,
    path: route === '/' ? '/' : '/dashboard/:userId',
    extraRoutes: vendorRoutes,
  });
  return { user, ...view };
}
