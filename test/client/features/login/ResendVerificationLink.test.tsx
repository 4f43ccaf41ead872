// An owner whose address is not verified yet is not left stuck: a refused sign-in and a used or unknown verification
// link both offer a new verification link; the answer shown is the server's, the same for every address.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../../src/app/router';
import { makeStore } from '../../../../src/app/store';
import { enterText } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';

jest.setTimeout(60_000);
const PAINT = { timeout: 15_000 };

const SAME_ANSWER = 'If this e-mail address belongs to an account that is not verified yet, we have sent it a new verification link. The link works once, for 24 hours.';

beforeAll(async () => {
  await Promise.all([import('../../../../src/features/login/LoginPage'), import('../../../../src/features/verify/VerifyPage'), import('../../../../src/app/AntShell')]);
}, 60_000);

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={makeStore({ session: { token: null } })}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, user: userEvent.setup({ skipHover: true }) };
}

describe('a new verification link', () => {
  test('a refused sign-in offers it for the address typed, and shows the server\'s answer', async () => {
    fakeApi.on('POST /api/auth/login', { status: 401, body: { error: 'Invalid username or password.' } });
    fakeApi.on('POST /api/auth/resend-verification', { status: 202, body: { message: SAME_ANSWER } });
    const { user } = openApp('/login');
    await enterText(user, await screen.findByLabelText('Username', {}, PAINT), 'owner@corner.cafe');
    await enterText(user, screen.getByLabelText('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(/Registered, but not verified your e-mail address yet\?/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveValue('owner@corner.cafe');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));

    expect(await screen.findByText(SAME_ANSWER)).toBeInTheDocument();
    const sent = fakeApi.sent('POST /api/auth/resend-verification');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0].body))).toEqual({ email: 'owner@corner.cafe' });
  });

  test('a used or unknown verification link (404) lands on sign-in, which says so and offers a new link', async () => {
    fakeApi.on('GET /api/auth/verify/used-link', { status: 404, body: { error: 'This link is not valid. It may have been used already.' } });
    fakeApi.on('POST /api/auth/resend-verification', { status: 202, body: { message: SAME_ANSWER } });
    const { router, user } = openApp('/verify/used-link');

    expect(await screen.findByText(/This verification link has been used already or is not valid\./, {}, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await enterText(user, screen.getByLabelText('Email Address'), 'owner@corner.cafe');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(SAME_ANSWER)).toBeInTheDocument();
  });

  test('too many requests from this address (429) says to wait', async () => {
    fakeApi.on('GET /api/auth/verify/used-link', { status: 404, body: { error: 'This link is not valid.' } });
    fakeApi.on('POST /api/auth/resend-verification', { status: 429, body: { error: 'Too many attempts.' } });
    const { user } = openApp('/verify/used-link');
    await enterText(user, await screen.findByLabelText('Email Address', {}, PAINT), 'owner@corner.cafe');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please wait a few minutes and try again.'));
  });
});
