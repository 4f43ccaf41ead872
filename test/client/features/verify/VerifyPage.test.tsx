// The verification link as a vendor opens it: verifying → expired | set password → dashboard.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import VerifyPage from '../../../../src/features/verify/VerifyPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);
const PAINT = { timeout: 10_000 };

const VERIFY = 'GET /api/auth/verify/mail-token';
const COMPLETE = 'POST /api/auth/complete-registration/mail-token';
let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function renderVerify() {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(<VerifyPage />, {
    route: '/verify/mail-token',
    path: '/verify/:token',
    extraRoutes: [
      { path: '/login', element: <p>login screen</p> },
      { path: '/dashboard/:userId', element: <p>dashboard screen</p> },
    ],
  });
  return { user, ...view };
}

async function setPassword(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.click(await screen.findByLabelText('Password', undefined, PAINT));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
}

describe('VerifyPage', () => {
  test("shows 'Verifying...' while the link is checked", async () => {
    const reply = deferred<Reply>();
    fakeApi.on(VERIFY, () => reply.promise);
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Verifying...' }, PAINT)).toBeInTheDocument();
    reply.resolve({ status: 200, body: { ok: false } });
    await screen.findByRole('heading', { name: 'Verification Link Expired' }, PAINT);
  });

  test("ok false: 'Verification Link Expired', a new e-mail was sent, 'Back to Login' → /login", async () => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: false } });
    const { user, router } = renderVerify();
    expect(await screen.findByRole('heading', { name: 'Verification Link Expired' }, PAINT)).toBeInTheDocument();
    expect(screen.getByText(/sent you a new verification e-mail/)).toBeInTheDocument();
    expect(screen.getByText(/check your inbox/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  test.each<[string, Reply]>([
    ['an unknown or used link (404 {error})', { status: 404, body: { error: 'This link is not valid' } }],
    ['a server failure', { status: 500, body: { error: 'Internal Server Error' } }],
    ['an OK answer carrying an error', { status: 200, body: { ok: false, error: 'Token invalid' } }],
    ['ok true without a vendor id', { status: 200, body: { ok: true } }],
    ['a network failure', 'network-failure'],
  ])('%s → redirect to /login (replace)', async (_case, reply) => {
    fakeApi.on(VERIFY, reply);
    const { router } = renderVerify();
    expect(await screen.findByText('login screen', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test("ok true: 'Verification Successful!', a password field and 'Complete Registration'", async () => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Verification Successful!' }, PAINT)).toBeInTheDocument();
    expect(screen.getByText('Set your password to access your account')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
  });

  test('Complete Registration sends {vendorId, password}, stores the token and opens /dashboard/{vendorId}', async () => {
    const token = fakeToken({ sub: 'v7', exp: FAR_FUTURE_EXP });
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    fakeApi.on(COMPLETE, { status: 200, body: { token, vendorId: 'v7' } });
    const { user, router, store } = renderVerify();
    await setPassword(user, 'a long stamp-card phrase');

    expect(await screen.findByText('dashboard screen', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/v7');
    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    const completion = fakeApi.requests.find((request) => request.method === 'POST');
    expect(JSON.parse(completion?.body as string)).toEqual({ vendorId: 'v7', password: 'a long stamp-card phrase' });
  });

  test('an empty password is not sent', async () => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    const { user } = renderVerify();
    await user.click(await screen.findByRole('button', { name: 'Complete Registration' }, PAINT));
    expect(await screen.findByText('Please enter a password')).toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  test("a password the server's rule refuses (400 naming the password) shows the server's reason and keeps the form", async () => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    fakeApi.on(COMPLETE, {
      status: 400,
      body: {
        error: 'Password must be at least 8 characters',
        details: [{ field: 'password', message: 'Password must be at least 8 characters' }],
      },
    });
    const { user, router, store } = renderVerify();
    await setPassword(user, 'short');
    expect(await screen.findByText('Password must be at least 8 characters', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify/mail-token');
    expect(store.getState().session.token).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Complete Registration' })).not.toHaveClass('ant-btn-loading'));
  });

  test.each<[string, Reply]>([
    ['a used or unknown link (404)', { status: 404, body: { error: 'This link is not valid' } }],
    ['a link that expired meanwhile (400 not about the password)', { status: 400, body: { error: 'This link has expired' } }],
    ['a server failure', { status: 500, body: { error: 'Internal Server Error' } }],
    ['an OK answer carrying an error', { status: 200, body: { error: 'Token invalid' } }],
    ['a network failure', 'network-failure'],
  ])('completion answered by %s → /login', async (_case, reply) => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    fakeApi.on(COMPLETE, reply);
    const { user, router, store } = renderVerify();
    await setPassword(user, 'a long stamp-card phrase');
    expect(await screen.findByText('login screen', undefined, PAINT)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().session.token).toBeNull();
  });
});

describe('VerifyPage in French', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
  });
  afterEach(() => act(() => backToEnglish()));

  test('a verified address is asked for its password in French, and an empty one is refused in French', async () => {
    fakeApi.on(VERIFY, { status: 200, body: { ok: true, vendorId: 'v7' } });
    const { user } = renderVerify();
    expect(await screen.findByRole('heading', { name: 'Vérification réussie\u00a0!' }, PAINT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terminer l’inscription' }));
    expect(await screen.findByText('Veuillez saisir un mot de passe', undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByText('Au moins 8 caractères. Une longue phrase est facile à retenir et difficile à deviner.')).toBeInTheDocument();
  });
});
