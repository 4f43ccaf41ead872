// "Forgot password?" as a vendor uses it: ask for a link (the same answer for any address),
// open it, choose a new password under the completion rule, land signed in on the dashboard.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordPage from '../../../../src/features/password-reset/ForgotPasswordPage';
import ResetPasswordPage from '../../../../src/features/password-reset/ResetPasswordPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);
const PAINT = { timeout: 10_000 };

const FORGOT = 'POST /api/auth/forgot-password';
const CHECK = 'GET /api/auth/reset-password/mail-token';
const RESET = 'POST /api/auth/reset-password/mail-token';
const SAME_ANSWER = 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 1 hour.';

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function renderForgot() {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(<ForgotPasswordPage />, {
    route: '/forgot-password',
    path: '/forgot-password',
    extraRoutes: [{ path: '/login', element: <p>login screen</p> }],
  });
  return { user, ...view };
}

function renderReset() {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(<ResetPasswordPage />, {
    route: '/reset-password/mail-token',
    path: '/reset-password/:token',
    extraRoutes: [
      { path: '/login', element: <p>login screen</p> },
      { path: '/forgot-password', element: <p>forgot password screen</p> },
      { path: '/dashboard/:userId', element: <p>dashboard screen</p> },
    ],
  });
  return { user, ...view };
}

async function askFor(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(await screen.findByLabelText('Email Address', undefined, PAINT));
  await user.paste(email);
  await user.click(screen.getByRole('button', { name: 'Send me a link' }));
}

describe('ForgotPasswordPage', () => {
  test('sends the address and shows "Check your inbox" with the same words for any address', async () => {
    fakeApi.on(FORGOT, { status: 202, body: { message: 'whatever the server says' } });
    const { user } = renderForgot();
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await askFor(user, ' owner@corner.cafe ');
    const sent = await screen.findByRole('heading', { name: 'Check your inbox' }, PAINT);
    // The form and its button are gone: the focus is on the answer, not fallen to the page.
    await waitFor(() => expect(sent).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(SAME_ANSWER);
    expect(JSON.parse(fakeApi.sent(FORGOT)[0].body as string)).toEqual({ email: 'owner@corner.cafe' });
  });

  test('says, to everyone alike, that an address not verified yet gets a new verification link instead', async () => {
    fakeApi.on(FORGOT, { status: 202, body: { message: 'whatever the server says' } });
    const { user } = renderForgot();
    await askFor(user, 'owner@corner.cafe');
    expect(
      await screen.findByText('If the address is not verified yet, we have sent a new verification link instead: open it to set your password.', undefined, PAINT),
    ).toBeInTheDocument();
  });

  test('checks the address before sending anything', async () => {
    const { user } = renderForgot();
    await askFor(user, 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address', undefined, PAINT)).toBeInTheDocument();
    expect(fakeApi.sent(FORGOT)).toHaveLength(0);
  });

  test('says to wait when the server throttles (429), and stays on the form', async () => {
    fakeApi.on(FORGOT, { status: 429, body: { error: 'Too many attempts. Try again in 600 seconds.' } });
    const { user } = renderForgot();
    await askFor(user, 'owner@corner.cafe');
    expect(await screen.findByText('Too many requests. Please wait a few minutes and try again.', undefined, PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  });

  test('Back to Login opens /login', async () => {
    const { user, router } = renderForgot();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('ResetPasswordPage', () => {
  async function choose(user: ReturnType<typeof userEvent.setup>, password: string) {
    await user.click(await screen.findByLabelText('New password', undefined, PAINT));
    await user.paste(password);
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
  }

  test('checks the link first, then a new password signs the vendor in on the dashboard', async () => {
    const check = deferred<Reply>();
    fakeApi.on(CHECK, () => check.promise);
    const token = fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP });
    fakeApi.on(RESET, { status: 200, body: { token, vendorId: 'v42', deviceToken: 'device-token-9' } });
    const { user, router, store } = renderReset();
    expect(await screen.findByRole('heading', { name: 'Checking your link...' }, PAINT)).toBeInTheDocument();
    check.resolve({ status: 200, body: { ok: true } });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' }, PAINT)).toBeInTheDocument();

    await choose(user, 'Sourdough at sunrise');
    expect(await screen.findByText('dashboard screen', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/v42');
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('stampwise.knownDevice')).toBe('device-token-9');
    expect(JSON.parse(fakeApi.sent(RESET)[0].body as string)).toEqual({ password: 'Sourdough at sunrise' });
  });

  test('shows the rule the server refused the password for, and keeps the link', async () => {
    fakeApi.on(CHECK, { status: 200, body: { ok: true } });
    const rule = 'This password is too common and easy to guess. Please choose another one.';
    fakeApi.on(RESET, { status: 400, body: { error: rule, details: [{ field: 'password', message: rule }] } });
    const { user } = renderReset();
    await choose(user, '12345678');
    expect(await screen.findByText(rule, undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and sign in' })).toBeEnabled();
  });

  test('an unknown, used or expired link offers a new one', async () => {
    fakeApi.on(CHECK, { status: 410, body: { error: 'This link has expired.' } });
    const { user, router } = renderReset();
    expect(await screen.findByRole('heading', { name: 'This link does not work' }, PAINT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  test('a link used up in another tab while the form was open: the dead-link screen', async () => {
    fakeApi.on(CHECK, { status: 200, body: { ok: true } });
    fakeApi.on(RESET, { status: 404, body: { error: 'This link is not valid.' } });
    const { user } = renderReset();
    await choose(user, 'Sourdough at sunrise');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This link does not work' })).toBeInTheDocument(), PAINT);
  });
});

describe('the password pages in French', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
  });
  afterEach(() => act(() => backToEnglish()));

  test('asking for a link and choosing a new password read in French', async () => {
    fakeApi.on(FORGOT, { status: 202, body: { message: 'whatever the server says' } });
    const { user } = renderForgot();
    expect(screen.getByRole('heading', { name: 'Mot de passe oublié\u00a0?' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Adresse e-mail'));
    await user.paste('patron@cafeducoin.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyez-moi un lien' }));
    expect(await screen.findByRole('heading', { name: 'Consultez votre boîte de réception' }, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Le lien ne sert qu’une fois, pendant 1 heure.');
  });

  test('a dead reset link says so in French', async () => {
    fakeApi.on(CHECK, { status: 404, body: { error: 'This link is not valid' } });
    renderReset();
    expect(await screen.findByRole('heading', { name: 'Ce lien ne fonctionne pas' }, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyez-moi un nouveau lien' })).toBeInTheDocument();
  });
});
