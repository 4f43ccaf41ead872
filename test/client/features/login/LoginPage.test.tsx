// The sign-in screen as a vendor uses it: its elements, both failure alerts, the 3-second lockout, success.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from '../../../../src/features/login/LoginPage';
import { tokenSaved } from '../../../../src/features/session/sessionSlice';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { stubLocationAssign } from '../../support/browser';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP, fakeToken } from '../../support/tokens';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);

const LOGIN = 'POST /api/auth/login';
let fakeApi: FakeApi;
let location: ReturnType<typeof stubLocationAssign>;
beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  fakeApi = installFakeApi();
  location = stubLocationAssign();
});
afterEach(() => {
  fakeApi.restore();
  location.restore();
  jest.useRealTimers();
});

function renderLogin() {
  const user = userEvent.setup({ skipHover: true, advanceTimers: jest.advanceTimersByTime });
  const view = renderWithApp(<LoginPage />, {
    route: '/login',
    path: '/login',
    extraRoutes: [
      { path: '/register', element: <p>registration screen</p> },
      { path: '/forgot-password', element: <p>forgot password screen</p> },
      { path: '/dashboard/:userId', element: <p>dashboard</p> },
    ],
  });
  return { user, ...view };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, username = 'owner@corner.cafe', password = 'wrong-pass') {
  // Pasting is one input event per field: the same form state as typing, at a fraction of the cost.
  await user.click(screen.getByLabelText('Username'));
  await user.paste(username);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

const signInButton = () => screen.getByRole('button', { name: /Sign In|Try again in/ });
/** Moves the fake clock; the listener's countdown runs on it. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
/** The sign-in button once it reads `text` (the render after a store change may still be queued). */
const buttonReading = (text: string) => screen.findByRole('button', { name: text });

describe('LoginPage', () => {
  test('shows every element of the sign-in screen', () => {
    renderLogin();
    expect(screen.getByText('Stampwise')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome back!/)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    // The preview image is in the page; login.css shows it on wide screens only (checked in the browser test).
    expect(screen.getByRole('img', { name: /stamp card/ })).toHaveAttribute('src', '/login-preview.svg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test("on a phone the username brings up the e-mail keyboard and is not capitalised or corrected (it is the e-mail address)", () => {
    renderLogin();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('inputmode', 'email');
    expect(username).toHaveAttribute('autocapitalize', 'none');
    expect(username).toHaveAttribute('autocorrect', 'off');
    expect(username).toHaveAttribute('spellcheck', 'false');
  });

  test("the password field's eye button shows and hides what was typed (the form's own, not antd's)", async () => {
    const { user } = renderLogin();
    const eye = screen.getByRole('button', { name: 'Show what I typed' });
    await user.click(eye);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide what I typed' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  test('signed in in another tab (its new token arrives here): this tab goes to the dashboard', async () => {
    const { store, router } = renderLogin();
    act(() => {
      store.dispatch(tokenSaved(fakeToken({ sub: 'v1', exp: FAR_FUTURE_EXP })));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/v1'));
  });

  test('Register! opens /register', async () => {
    const { user, router } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register!' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  test('a refused sign-in alerts "Invalid username or password." and counts 3, 2, 1 before the button works again', async () => {
    fakeApi.on(LOGIN, { status: 401, body: { error: 'Invalid e-mail or password' } });
    const { user } = renderLogin();
    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(await buttonReading('Try again in 3s')).toBeDisabled();
    await advance(1000);
    expect(await buttonReading('Try again in 2s')).toBeDisabled();
    await advance(1000);
    expect(await buttonReading('Try again in 1s')).toBeDisabled();
    await advance(1000);
    expect(await buttonReading('Sign In')).toBeEnabled();
    // The reason stays on screen after the countdown.
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(JSON.parse(fakeApi.sent(LOGIN)[0].body as string)).toEqual({ email: 'owner@corner.cafe', password: 'wrong-pass' });
  });

  test('a locked account (429) says to wait, not that the password is wrong', async () => {
    fakeApi.on(LOGIN, { status: 429, body: { error: 'Too many failed sign-in attempts. Try again in 15 minutes.' } });
    const { user } = renderLogin();
    await signIn(user, 'owner@corner.cafe', 'the-right-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed sign-in attempts. Please wait up to 15 minutes and try again');
    expect(alert).not.toHaveTextContent('Invalid username or password.');
  });

  test('a network failure alerts "Something went wrong. Please try again later." with the same lockout', async () => {
    // The failure arrives while the test watches for the alert, as the vendor would after pressing Sign In.
    const reply = deferred<Reply>();
    fakeApi.on(LOGIN, () => reply.promise);
    const { user } = renderLogin();
    await signIn(user);
    reply.resolve('network-failure');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expect(await buttonReading('Try again in 3s')).toBeDisabled();
    await advance(3000);
    expect(await buttonReading('Sign In')).toBeEnabled();
  });

  test('submissions are ignored while the lockout counts down (even by Enter / form submit)', async () => {
    fakeApi.on(LOGIN, { status: 401, body: { error: 'Invalid e-mail or password' } });
    const { user, container } = renderLogin();
    await signIn(user);
    await buttonReading('Try again in 3s');

    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    await user.click(screen.getByLabelText('Password'));
    await user.keyboard('{Enter}');
    await advance(1000);
    fireEvent.submit(form);
    await advance(100);
    expect(fakeApi.sent(LOGIN)).toHaveLength(1);
    expect(await buttonReading('Try again in 2s')).toBeDisabled();

    // After the countdown a new attempt goes out again.
    await advance(2000);
    await buttonReading('Sign In');
    fireEvent.submit(form);
    await waitFor(() => expect(fakeApi.sent(LOGIN)).toHaveLength(2));
  });

  test('submissions are ignored while the first one is on its way; the button is disabled', async () => {
    const reply = deferred<Reply>();
    fakeApi.on(LOGIN, () => reply.promise);
    const { user, container } = renderLogin();
    await signIn(user);
    await waitFor(() => expect(signInButton()).toBeDisabled());

    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await advance(100);
    expect(fakeApi.sent(LOGIN)).toHaveLength(1);

    reply.resolve({ status: 401, body: { error: 'Invalid e-mail or password' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(fakeApi.sent(LOGIN)).toHaveLength(1);
  });

  test('success saves the token and redirects the whole page to /dashboard/{vendorId}', async () => {
    const token = fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP });
    fakeApi.on(LOGIN, { status: 200, body: { token, vendor: { _id: 'v42' } } });
    const { user, store } = renderLogin();
    await signIn(user, 'owner@corner.cafe', 'correct horse');
    await waitFor(() => expect(location.assign).toHaveBeenCalled());

    expect(store.getState().session.token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.assign).toHaveBeenCalledWith('/dashboard/v42');
    // The dashboard the redirect opens puts the focus on its heading (PageHeading), not on the page.
    expect(sessionStorage.getItem('stampwise.focusHeading')).toBe('1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The form stays shut while the browser leaves the page.
    await waitFor(() => expect(signInButton()).toBeDisabled());
  });

  test('success keeps the known-device token, and the next sign-in sends it back', async () => {
    const token = fakeToken({ sub: 'v42', exp: FAR_FUTURE_EXP });
    fakeApi.on(LOGIN, { status: 200, body: { token, vendor: { _id: 'v42' }, deviceToken: 'device-token-1' } });
    const { user } = renderLogin();
    await signIn(user, 'owner@corner.cafe', 'correct horse');
    await waitFor(() => expect(localStorage.getItem('stampwise.knownDevice')).toBe('device-token-1'));
    expect(JSON.parse(fakeApi.sent(LOGIN)[0].body as string)).toEqual({ email: 'owner@corner.cafe', password: 'correct horse' });
  });

  test('a browser that signed in before sends its known-device token with the sign-in', async () => {
    localStorage.setItem('stampwise.knownDevice', 'device-token-0');
    fakeApi.on(LOGIN, { status: 401, body: { error: 'Invalid e-mail or password' } });
    const { user } = renderLogin();
    await signIn(user);
    // The refusal is shown (and the lockout starts) before the test looks at what was sent.
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(fakeApi.sent(LOGIN)).toHaveLength(1);
    expect(JSON.parse(fakeApi.sent(LOGIN)[0].body as string)).toEqual({ email: 'owner@corner.cafe', password: 'wrong-pass', deviceToken: 'device-token-0' });
    // A refused sign-in keeps the token.
    expect(localStorage.getItem('stampwise.knownDevice')).toBe('device-token-0');
  });

  test('"Forgot password?" opens the request page', async () => {
    const { user, router } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('LoginPage in Spanish', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('es', ['es-ES']);
  });
  afterEach(() => act(() => backToEnglish()));

  test('a browser set to Spanish reads the sign-in screen, its refusal and its countdown in Spanish', async () => {
    fakeApi.on(LOGIN, { status: 401, body: { error: 'Invalid e-mail or password' } });
    const user = userEvent.setup({ skipHover: true, advanceTimers: jest.advanceTimersByTime });
    renderWithApp(<LoginPage />, { route: '/login', path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Usuario'));
    await user.paste('owner@corner.cafe');
    await user.click(screen.getByLabelText('Contraseña'));
    await user.paste('wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(await screen.findByRole('button', { name: 'Reintentar en 3 s' })).toBeDisabled();
    expect(screen.getByText('¿Te has registrado pero aún no has verificado tu correo electrónico?', { exact: false })).toBeInTheDocument();
  });
});
