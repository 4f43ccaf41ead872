// The app's route table: unknown paths show the login screen (a signed-in owner's dashboard); routing errors show the fallback screen.
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ConfigProvider, App as AntApp } from 'antd';
import { createMemoryRouter, data, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '../../../src/app/router';
import { RouteErrorScreen, routeErrorMessage } from '../../../src/app/RouteErrorScreen';
import { makeStore } from '../../../src/app/store';
import { theme } from '../../../src/app/theme';
import { installFakeApi, type FakeApi } from '../support/fakeHttp';
import { sessionTokenFor } from '../support/tokens';

// antd's first paint in jsdom is slow on a busy machine: wait generously, fail only on real absence.
jest.setTimeout(30_000);
const PAINT = { timeout: 10_000 };

// The route table is code-split; compiling the lazy pages here keeps each test's wait short.
beforeAll(async () => {
  await Promise.all([import('../../../src/features/login/LoginPage'), import('../../../src/features/layout/VendorLayout')]);
}, 60_000);

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function renderRoutes(table: RouteObject[], path: string, token: string | null = null) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <Provider store={makeStore({ session: { token } })}>
      <ConfigProvider theme={theme}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
  return router;
}

describe('routes', () => {
  test.each(['/', '/no/such/page', '/dashboard'])('an unknown path (%s) shows the login screen', async (path) => {
    const router = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: 'Sign in' }, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  test.each(['/', '/no/such/page', '/dashboard'])('a signed-in owner opening %s goes to their dashboard (replacing the entry)', async (path) => {
    fakeApi.on('GET /api/vendor/v1', { status: 200, body: { vendor: { company: 'Corner Café' }, items: [] } });
    const router = renderRoutes(routes, path, sessionTokenFor('v1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/v1'), PAINT);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  test('a protected page without a session lands on /login', async () => {
    const router = renderRoutes(routes, '/qr-code/v1');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('RouteErrorScreen', () => {
  test('shows "Unexpected Application Error!" with the thrown error message', async () => {
    const Boom = () => {
      throw new Error('Kaboom in the menu list');
    };
    renderRoutes([{ path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' }, PAINT)).toBeInTheDocument();
    expect(screen.getByText('Kaboom in the menu list')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  test('shows the status text of an error response', async () => {
    renderRoutes(
      [
        {
          path: '/',
          loader: () => {
            throw data('gone', { status: 410, statusText: 'Gone' });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' }, PAINT)).toBeInTheDocument();
    expect(screen.getByText('Gone')).toBeInTheDocument();
  });

  test('routeErrorMessage: status when there is no status text; strings as they are', () => {
    expect(routeErrorMessage({ status: 404, statusText: '', internal: false, data: null })).toBe('404');
    expect(routeErrorMessage('plain text')).toBe('plain text');
    expect(routeErrorMessage(42)).toBe('Unknown error');
  });
});
