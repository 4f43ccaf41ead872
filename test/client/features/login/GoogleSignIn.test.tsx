// "Continue with Google": with Google sign-in configured on the server it leaves for Google (through the server) and
// the session it brings back signs the owner in; unconfigured, sign-in shows no such button and registration's only logs.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../../src/app/router';
import { makeStore } from '../../../../src/app/store';
import { stubLocationAssign } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';

jest.setTimeout(60_000);
const PAINT = { timeout: 15_000 };
const STATUS = 'GET /api/auth/google/status';

beforeAll(async () => {
  await Promise.all([import('../../../../src/features/login/LoginPage'), import('../../../../src/features/register/RegisterPage'), import('../../../../src/app/AntShell')]);
}, 60_000);

let fakeApi: FakeApi;
let location: ReturnType<typeof stubLocationAssign>;
beforeEach(() => {
  fakeApi = installFakeApi();
  location = stubLocationAssign();
});
afterEach(() => {
  fakeApi.restore();
  location.restore();
  jest.restoreAllMocks();
});

function openApp(path: string) {
  const store = makeStore({ session: { token: null } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup({ skipHover: true }) };
}

describe('Continue with Google', () => {
  test('configured: the sign-in screen offers it, and it leaves for the server\'s Google start', async () => {
    fakeApi.on(STATUS, { status: 200, body: { enabled: true } });
    const { user } = openApp('/login');
    await user.click(await screen.findByRole('button', { name: /Continue with Google/ }, PAINT));
    expect(location.assign).toHaveBeenCalledWith('/api/auth/google/start');
  });

  test('unconfigured: the sign-in screen shows no Google button', async () => {
    fakeApi.on(STATUS, { status: 200, body: { enabled: false } });
    openApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' }, PAINT)).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.sent(STATUS)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
  });

  test('back from Google with a session: stored, the fragment dropped, and the dashboard opened', async () => {
    fakeApi.on(STATUS, { status: 200, body: { enabled: true } });
    const token = sessionTokenFor('v7');
    const { store } = openApp(`/login#google-session=${encodeURIComponent(token)}`);
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/dashboard/v7'), PAINT);
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(window.location.hash).toBe('');
  });

  test.each([
    ['unverified-email', 'Google has not verified the e-mail address of that Google account, so it cannot open a Stampwise account.'],
    ['failed', 'Signing in with Google did not work. Please try again.'],
    ['cancelled', 'Google sign-in was cancelled.'],
  ])('back from Google with google-error=%s: says so, signs nobody in', async (error, message) => {
    fakeApi.on(STATUS, { status: 200, body: { enabled: true } });
    const { store } = openApp(`/login#google-error=${error}`);
    expect(await screen.findByRole('alert', {}, PAINT)).toHaveTextContent(message);
    expect(store.getState().session.token).toBeNull();
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('configured: registration\'s "Continue with Google" leaves for Google too', async () => {
    fakeApi.on(STATUS, { status: 200, body: { enabled: true } });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const { user } = openApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' }, PAINT);
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/api/auth/google/start'));
    expect(log).not.toHaveBeenCalled();
  });
});
