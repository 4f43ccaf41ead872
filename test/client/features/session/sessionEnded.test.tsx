// A session the owner did not sign out of ends (the server refuses the token, or it expires): the app sends the
// owner to the sign-in screen and says why they were signed out.
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../../src/app/router';
import { makeStore } from '../../../../src/app/store';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { fakeToken, sessionTokenFor } from '../../support/tokens';

jest.setTimeout(30_000);
const PAINT = { timeout: 10_000 };

beforeAll(async () => {
  await Promise.all([import('../../../../src/features/login/LoginPage'), import('../../../../src/features/layout/VendorLayout')]);
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

function openApp(path: string, token: string) {
  const store = makeStore({ session: { token } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('an ended session sends the owner to sign-in with the reason', () => {
  test.each([
    ['signed-out', 'You were signed out because this session was ended with Logout (in another tab or window). Please sign in again.'],
    ['password-changed', 'You were signed out because the password of this account was changed or reset. Please sign in with the new password.'],
    ['account-closed', 'You were signed out because this account no longer exists.'],
    ['expired', 'You were signed out because your session expired. Please sign in again.'],
  ])('the server refuses the token (401, reason %s)', async (reason, message) => {
    fakeApi.on('GET /api/vendor/v1', { status: 401, body: { error: 'Your session has ended. Please sign in again.', reason } });
    const { store, router } = openApp('/dashboard/v1', sessionTokenFor('v1'));
    expect((await screen.findByText(message, {}, PAINT)).closest('[role="status"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a 401 without a reason still says the session is no longer valid', async () => {
    fakeApi.on('GET /api/vendor/v1', { status: 401, body: { error: 'Sign in to continue.' } });
    openApp('/dashboard/v1', sessionTokenFor('v1'));
    expect(await screen.findByText(/^You were signed out because your session is no longer valid\./, {}, PAINT)).toBeInTheDocument();
  });

  test('a token that expired while stored: the sign-in screen says the session expired', async () => {
    const expired = fakeToken({ sub: 'v1', exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem('token', expired);
    const { router } = openApp('/rewards/v1', expired);
    expect(await screen.findByText('You were signed out because your session expired. Please sign in again.', {}, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  test('a visitor who was never signed in sees no such message', async () => {
    const store = makeStore({ session: { token: null } });
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/v1'] });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' }, PAINT)).toBeInTheDocument();
    expect(screen.queryByText(/^You were signed out/)).not.toBeInTheDocument();
  });
});
