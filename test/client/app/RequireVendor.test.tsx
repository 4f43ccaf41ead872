// The protection rule: both redirects replace the history entry; an expiring session is noticed.
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequireVendor } from '../../../src/app/RequireVendor';
import { RoleRefusalNotice } from '../../../src/features/layout/RoleRefusalNotice';
import { makeStore } from '../../../src/app/store';
import { installFakeApi, type FakeApi } from '../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../support/tokens';

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
});
afterEach(() => {
  fakeApi.restore();
  jest.useRealTimers();
});

/** A history of [/start, initialPath]: after a replace the entry count stays 2 and /start is still behind. */
function renderGuarded(initialPath: string, token: string | null) {
  const store = makeStore({ session: { token } });
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>start</p> },
      { path: '/login', element: <p>login screen</p> },
      {
        path: '/dashboard/:userId',
        element: (
          <RequireVendor>
            <RoleRefusalNotice />
            <p>protected dashboard</p>
          </RequireVendor>
        ),
      },
      {
        path: '/rewards/:userId',
        element: (
          <RequireVendor part="rewards">
            <p>protected rewards</p>
          </RequireVendor>
        ),
      },
      {
        path: '/customers/:userId',
        element: (
          <RequireVendor part="customers">
            <p>protected customers</p>
          </RequireVendor>
        ),
      },
    ],
    { initialEntries: ['/start', initialPath], initialIndex: 1 },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

/** Going back from a replaced entry lands on /start; from a pushed one it would land on the protected page. */
async function previousPath(router: ReturnType<typeof createMemoryRouter>) {
  await act(() => router.navigate(-1));
  return router.state.location.pathname;
}

describe('RequireVendor', () => {
  test('a valid session on its own id shows the page', () => {
    renderGuarded('/rewards/v1', fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP }));
    expect(screen.getByText('protected rewards')).toBeInTheDocument();
  });

  test.each([
    ['no token', null],
    ['an expired token', fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) - 60 })],
    ['a token without exp', fakeToken({ sub: 'v1' })],
    ['a malformed token', 'not-a-token'],
  ])('%s: redirects to /login, replacing the history entry', async (_case, token) => {
    const { router } = renderGuarded('/rewards/v1', token);
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await previousPath(router)).toBe('/start');
  });

  test("another vendor's id: redirects to the token's own dashboard, replacing the history entry", async () => {
    const { router } = renderGuarded('/rewards/someone-else', fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP }));
    expect(await screen.findByText('protected dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/v1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await previousPath(router)).toBe('/start');
  });

  test('a session that expires while the page is open sends the vendor to /login', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    const exp = Date.now() / 1000 + 30;
    const { router } = renderGuarded('/rewards/v1', fakeToken({ sub: 'v1', exp }));
    expect(screen.getByText('protected rewards')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(29_000));
    expect(screen.getByText('protected rewards')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_000));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test.each([
    ['/rewards/v1', 'Only the owner and managers can open Rewards, so you are on the dashboard. Ask the owner if you need it.'],
    ['/customers/v1', 'Only the owner and managers can open Customers, so you are on the dashboard. Ask the owner if you need it.'],
  ])('a staff member typing %s lands on the dashboard, which says why', async (path, why) => {
    const { router } = renderGuarded(path, fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP, role: 'staff' }));
    expect(await screen.findByText('protected dashboard')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(why);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('the dashboard opened on its own says nothing of the kind', () => {
    renderGuarded('/dashboard/v1', fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP, role: 'staff' }));
    expect(screen.getByText('protected dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
