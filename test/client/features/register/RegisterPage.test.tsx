// Registration as a vendor goes through it: three steps, what is required, what is sent.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from '../../../../src/features/register/RegisterPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';

// antd in jsdom is slow on a busy machine; the waits are generous, the assertions are not.
jest.setTimeout(60_000);
const PAINT = { timeout: 10_000 };

const REGISTER = 'POST /api/auth/register';
let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
});
afterEach(() => {
  fakeApi.restore();
  jest.restoreAllMocks();
});

function renderRegister() {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(<RegisterPage />, {
    route: '/register',
    path: '/register',
    extraRoutes: [{ path: '/login', element: <p>login screen</p> }],
  });
  return { user, ...view };
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

async function completeAccountStep(user: User) {
  await fill(user, 'Full Name', 'Jane Doe');
  await fill(user, 'Business/Company', 'Corner Café');
  await fill(user, 'Email Address', 'jane@corner.cafe');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Store Information' }, PAINT);
}

async function completeStoreStep(user: User, { website = 'https://corner.cafe' } = {}) {
  await fill(user, 'Store Address', '12 Market Street');
  await fill(user, 'Opening Hours', 'Mon–Fri 7–17');
  if (website) await fill(user, 'Website Link (optional)', website);
}

/** Presses Tab until the named button has the focus, as a keyboard user would. */
async function tabToButton(user: User, name: string) {
  for (let step = 0; step < 30; step += 1) {
    if (document.activeElement === screen.getByRole('button', { name })) return;
    await user.tab();
  }
  throw new Error(`never reached ${name}`);
}

/** Label texts whose form item carries antd's required mark. */
function requiredLabels(): string[] {
  return Array.from(document.querySelectorAll('label.ant-form-item-required')).map((label) => label.textContent ?? '');
}

describe('RegisterPage', () => {
  test("step 1 'Create your account': fields, required marks, e-mail typed, browser validation off", () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Business/Company')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(requiredLabels()).toEqual(['Full Name', 'Business/Company', 'Email Address']);
    expect(document.querySelector('form')).toHaveAttribute('novalidate');
    expect(screen.getByRole('link', { name: 'Sign in now!' })).toHaveAttribute('href', '/login');
  });

  test('a text longer than the server takes stops at its limit while typed, so Register is not refused for it', async () => {
    const { user } = renderRegister();
    await fill(user, 'Full Name', 'x'.repeat(300));
    await fill(user, 'Business/Company', 'b'.repeat(250));
    await fill(user, 'Email Address', `${'m'.repeat(300)}@corner.cafe`);
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toHaveLength(200);
    expect(screen.getByLabelText<HTMLInputElement>('Business/Company').value).toHaveLength(200);
    expect(screen.getByLabelText<HTMLInputElement>('Email Address').value).toHaveLength(254);
    await fill(user, 'Email Address', 'jane@corner.cafe');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Store Information' }, PAINT);
    await fill(user, 'Store Address', 'a'.repeat(201));
    await fill(user, 'Opening Hours', 'h'.repeat(201));
    await fill(user, 'Website Link (optional)', `https://${'w'.repeat(400)}.cafe`);
    expect(screen.getByLabelText<HTMLInputElement>('Store Address').value).toHaveLength(200);
    expect(screen.getByLabelText<HTMLInputElement>('Opening Hours').value).toHaveLength(200);
    expect(screen.getByLabelText<HTMLInputElement>('Website Link (optional)').value).toHaveLength(300);
  });

  test("'Continue with Google' only logs to the console while Google sign-in is not configured", async () => {
    fakeApi.on('GET /api/auth/google/status', { status: 200, body: { enabled: false } });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const { user, router } = renderRegister();
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    expect(log).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/register');
    // Nothing is sent but the question whether Google sign-in is configured.
    expect(fakeApi.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/auth/google/status']);
  });

  test("Next with empty fields stays on step 1 and says what is missing", async () => {
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter Full Name', undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByText('Please enter Business/Company')).toBeInTheDocument();
    expect(screen.getByText('Please enter Email Address')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  test('a malformed e-mail address stays on step 1 with a message', async () => {
    const { user } = renderRegister();
    await fill(user, 'Full Name', 'Jane Doe');
    await fill(user, 'Business/Company', 'Corner Café');
    await fill(user, 'Email Address', 'jane-at-corner');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid email address', undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  test("Next → step 2 'Store Information'; Back → step 1 with the entries kept", async () => {
    const { user } = renderRegister();
    await completeAccountStep(user);
    expect(screen.getByLabelText('Store Address')).toBeInTheDocument();
    expect(screen.getByLabelText('Opening Hours')).toBeInTheDocument();
    expect(screen.getByLabelText('Website Link (optional)')).toBeInTheDocument();
    expect(requiredLabels()).toEqual(['Store Address', 'Opening Hours']);
    expect(document.querySelector('form')).toHaveAttribute('novalidate');
    const picker = document.querySelector('input[type=file]');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('image/png'));
    expect(picker).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    expect(screen.getByRole('button', { name: /Upload Menu/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' }, PAINT)).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Email Address')).toHaveValue('jane@corner.cafe');
  });

  test('a menu file the server could not use: the account is created, and step 3 says the menu can be added later', async () => {
    fakeApi.on(REGISTER, { status: 201, body: { ok: true, menuNotAdded: 'The menu must be a PNG or JPEG image.' } });
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['not really'], 'menu.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Account Created' }, PAINT)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account is ready, but your menu file could not be used (The menu must be a PNG or JPEG image). You can add your menu later in Store Settings → Menu & Items.',
      ),
    ).toBeInTheDocument();
  });

  test("Register sends every field and the menu as multipart; success → step 3 'Account Created'", async () => {
    fakeApi.on(REGISTER, { status: 201, body: { ok: true } });
    const { user, router } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    const menu = new File(['\x89PNG menu'], 'menu.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, menu);
    expect(await screen.findByText('menu.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Account Created' }, PAINT)).toBeInTheDocument();
    expect(screen.getByText(/Click the link in the e-mail/)).toBeInTheDocument();
    expect(fakeApi.requests).toHaveLength(1);
    const body = fakeApi.requests[0].body;
    expect(body).toBeInstanceOf(FormData);
    const sent = body as FormData;
    expect(Object.fromEntries(Array.from(sent.entries()).filter(([, value]) => typeof value === 'string'))).toEqual({
      name: 'Jane Doe',
      business: 'Corner Café',
      email: 'jane@corner.cafe',
      address: '12 Market Street',
      openingHours: 'Mon–Fri 7–17',
      website: 'https://corner.cafe',
      // jsdom's browser speaks en-US.
      currency: 'USD',
    });
    expect((sent.get('menu') as File).name).toBe('menu.png');
    // The browser sets the multipart boundary itself; a JSON content type would break the upload.
    expect(fakeApi.requests[0].headers.get('content-type')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  test("a browser set to Spain's Spanish registers a store priced in euros, not dollars", async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-ES', 'es', 'en']);
    fakeApi.on(REGISTER, { status: 201, body: { ok: true } });
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Account Created' }, PAINT)).toBeInTheDocument();
    expect((fakeApi.requests[0].body as FormData).get('currency')).toBe('EUR');
  });

  test('keyboard only: Enter on Next, Back and Register moves the focus to the next step\'s first field or the result\'s heading, never to the page', async () => {
    fakeApi.on(REGISTER, { status: 201, body: { ok: true } });
    const { user } = renderRegister();
    await fill(user, 'Full Name', 'Jane Doe');
    await fill(user, 'Business/Company', 'Corner Café');
    await fill(user, 'Email Address', 'jane@corner.cafe');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Store Information' }, PAINT);
    await waitFor(() => expect(screen.getByLabelText('Store Address')).toHaveFocus());
    // Back, reached from the keyboard, then the account step's first field.
    await tabToButton(user, 'Back');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Create your account' }, PAINT);
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Store Information' }, PAINT);
    await completeStoreStep(user);
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Account Created' }, PAINT);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('without a menu and website, the optional fields are sent empty and no menu part is sent', async () => {
    fakeApi.on(REGISTER, { status: 201 });
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user, { website: '' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Account Created' }, PAINT);
    const sent = fakeApi.requests[0].body as FormData;
    expect(sent.get('website')).toBe('');
    expect(sent.has('menu')).toBe(false);
  });

  test('a website that is not a web address is caught on step 2 instead of failing silently', async () => {
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user, { website: 'corner cafe' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter a web address, like https://yourcafe.com', undefined, PAINT)).toBeInTheDocument();
    expect(fakeApi.fetch).not.toHaveBeenCalled();
  });

  test('Register with empty required store fields sends nothing', async () => {
    const { user } = renderRegister();
    await completeAccountStep(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter Store Address', undefined, PAINT)).toBeInTheDocument();
    expect(fakeApi.fetch).not.toHaveBeenCalled();
  });

  test('a refused registration stays on step 2 and says why (nothing logged)', async () => {
    const consoleError = jest.spyOn(console, 'error');
    fakeApi.on(REGISTER, { status: 400, body: { error: 'Invalid e-mail address' } });
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(fakeApi.fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).not.toHaveClass('ant-btn-loading'));

    expect(screen.getByRole('heading', { name: 'Store Information' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account was not created: Invalid e-mail address');
    expect(consoleError).not.toHaveBeenCalled();
    // The entries are still there for another try.
    expect(screen.getByLabelText('Store Address')).toHaveValue('12 Market Street');
  });

  test('the mail server being down says the account is saved and Register again sends the link, not "was not created"', async () => {
    fakeApi.on(REGISTER, { status: 503, body: { error: 'The e-mail could not be sent: the mail server is unreachable.', reason: 'mail-unavailable' } });
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is saved, but we could not send the verification e-mail just now. Press Register again in a few minutes to have it sent.');
    expect(alert).not.toHaveTextContent('not created');
    fakeApi.on(REGISTER, { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Account Created' }, PAINT);
  });

  test('a network failure stays on step 2, is logged and says so', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi.on(REGISTER, 'network-failure');
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Registration failed', expect.anything()));
    expect(screen.getByRole('heading', { name: 'Store Information' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account was not created: something went wrong. Please try again.');
  });

  test('Register is not sent twice while the first request is open', async () => {
    const reply = deferred<Reply>();
    fakeApi.on(REGISTER, () => reply.promise);
    const { user } = renderRegister();
    await completeAccountStep(user);
    await completeStoreStep(user);
    const register = screen.getByRole('button', { name: 'Register' });
    await user.click(register);
    await user.click(register);
    reply.resolve({ status: 201 });
    await screen.findByRole('heading', { name: 'Account Created' }, PAINT);
    expect(fakeApi.fetch).toHaveBeenCalledTimes(1);
  });

  test('a menu picture that is not PNG or JPEG is refused', async () => {
    const { user } = renderRegister();
    await completeAccountStep(user);
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    // applyAccept: false — as if the vendor chose "All files" in the system dialog.
    await userEvent.setup({ skipHover: true, applyAccept: false }).upload(document.querySelector('input[type=file]') as HTMLInputElement, pdf);
    expect(await screen.findByText('Please choose a PNG or JPEG image.', undefined, PAINT)).toBeInTheDocument();
    const uploadList = document.querySelector('.ant-upload-list') as HTMLElement;
    expect(within(uploadList).queryByText('menu.pdf')).not.toBeInTheDocument();
  });
});

describe('RegisterPage in Spanish', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('es', ['es-ES']);
  });
  afterEach(() => act(() => backToEnglish()));

  test('a browser set to Spanish reads the steps, the fields and their checks in Spanish', async () => {
    const { user } = renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Crea tu cuenta' })).toBeInTheDocument();
    expect(screen.getByText('Cuenta')).toBeInTheDocument();
    await fill(user, 'Nombre completo', 'Lucía García');
    await fill(user, 'Negocio/Empresa', 'Café de la Esquina');
    await fill(user, 'Correo electrónico', 'lucia-en-la-esquina');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Introduce un correo electrónico válido', undefined, PAINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¡Inicia sesión!' })).toHaveAttribute('href', '/login');
  });
});
