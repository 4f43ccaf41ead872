// Account Settings in the app: the name saved, an e-mail change that says where the link went (or why not), the
// open sessions with Sign out each, and the owner deleting the store after typing its name.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountSettingsPage from '../../../../src/features/team/AccountSettingsPage';
import { useSavedLanguage } from '../../../../src/features/layout/personLanguage';
import { fakeToken, renderWithApp } from '../../render';
import { enterText } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { FAR_FUTURE_EXP } from '../../support/tokens';

jest.setTimeout(120_000);

const VENDOR = 'vendor-1';
const tokenAs = (role: 'owner' | 'manager' | 'staff') => fakeToken({ sub: VENDOR, exp: FAR_FUTURE_EXP, pid: role === 'owner' ? VENDOR : 'person-2', role });

let http: FakeApi;
beforeEach(() => {
  http = installFakeApi();
  http.on('GET /api/auth/me', { status: 200, body: { vendorId: VENDOR, personId: VENDOR, role: 'owner', name: 'Ana Barista', email: 'ana@example.test' } });
  http.on('GET /api/account/sessions', {
    status: 200,
    body: {
      sessions: [
        { id: 'this-one', browser: 'Firefox', system: 'Linux', signedInAt: Date.UTC(2026, 10, 20, 9), lastSeenAt: Date.UTC(2026, 10, 26, 9), current: true },
        { id: 'old-laptop', browser: 'Chrome', system: 'Windows', signedInAt: Date.UTC(2026, 10, 1, 9), lastSeenAt: Date.UTC(2026, 10, 2, 9), current: false },
      ],
    },
  });
  http.on(`GET /api/team/${VENDOR}`, { status: 200, body: { people: [], invitations: [] } });
  http.on(`GET /api/team/${VENDOR}/devices`, { status: 200, body: { items: [] } });
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: { vendor: { company: 'Bean There', address: '', open_hours: '', website: '', logo: null, banner: null, currency: 'EUR' }, items: [] } });
});
afterEach(() => http.restore());

const renderAccount = (role: 'owner' | 'manager' | 'staff' = 'owner') =>
  renderWithApp(<AccountSettingsPage />, {
    route: `/account/${VENDOR}`,
    path: '/account/:userId',
    preloadedState: { session: { token: tokenAs(role), endedBecause: null } },
    extraRoutes: [{ path: '/login', element: <p>Sign-in screen</p> }],
  });
const user = () => userEvent.setup({ skipHover: true, delay: null });

/** The page beside what the profile menu does on every vendor page: open the app in the person's saved language. */
function AccountSettingsBesideProfileMenu() {
  useSavedLanguage();
  return <AccountSettingsPage />;
}
const bodyOf = (route: string) => JSON.parse(String(http.sent(route)[0]?.body ?? 'null')) as unknown;

describe('Account Settings', () => {
  it('asks who is signed in once for the page and the profile menu together (one GET /api/auth/me)', async () => {
    renderWithApp(<AccountSettingsBesideProfileMenu />, {
      route: `/account/${VENDOR}`,
      path: '/account/:userId',
      preloadedState: { session: { token: tokenAs('owner'), endedBecause: null } },
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ana Barista'));
    expect(http.sent('GET /api/auth/me')).toHaveLength(1);
  });

  it('leaves a gap under "Role: Owner" before the "New e-mail address" label', async () => {
    renderAccount();
    const role = await screen.findByText('Owner');
    const facts = role.closest('.ant-descriptions') as HTMLElement;
    expect(facts.style.marginBlockEnd).toBe('24px');
  });

  it('saves the name', async () => {
    http.on('PUT /api/account/name', { status: 200, body: { name: 'Ana B.' } });
    renderAccount();
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Ana Barista'));
    await user().clear(name);
    await enterText(user(), name, 'Ana B.');
    await user().click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name saved.')).toBeInTheDocument();
    expect(bodyOf('PUT /api/account/name')).toEqual({ name: 'Ana B.' });
  });

  it('asks for an e-mail change and says the old address signs in until the link is opened; a taken address is refused in words', async () => {
    let answer: { status: number; body: unknown } = { status: 409, body: { error: 'This e-mail address already signs in to Stampwise.' } };
    http.on('POST /api/account/email-change', () => answer);
    renderAccount();
    const field = await screen.findByLabelText('New e-mail address');
    await enterText(user(), field, 'maria@example.test');
    await user().click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() => expect(http.sent('POST /api/account/email-change')).toHaveLength(1));
    expect(await screen.findByText('This e-mail address already signs in to Stampwise.')).toBeInTheDocument();

    answer = { status: 202, body: { email: 'new@example.test', expiresAt: 0 } };
    await user().clear(field);
    await enterText(user(), field, 'new@example.test');
    await user().click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText('We sent a link to new@example.test. Open it within 24 hours to sign in with that address; until then you sign in with ana@example.test.'),
    ).toBeInTheDocument();
  });

  it('lists the open sessions with this browser marked, and signs another one out', async () => {
    http.on('DELETE /api/account/sessions/old-laptop', { status: 204 });
    renderAccount();
    const rows = await screen.findAllByTestId('open-session');
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['Firefox on Linux', 'Chrome on Windows']);
    expect(within(rows[0]).getByText('This browser')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('This browser')).not.toBeInTheDocument();
    await user().click(within(rows[1]).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('That browser is signed out.')).toBeInTheDocument();
    expect(http.sent('DELETE /api/account/sessions/old-laptop')).toHaveLength(1);
  });

  it("lets the owner delete the store only once its name is typed, with the password, then goes to sign-in", async () => {
    http.on(`POST /api/account/${VENDOR}/delete-store`, { status: 204 });
    renderAccount();
    const card = await screen.findByTestId('delete-store');
    expect(within(card).getByRole('button', { name: 'Download customers (CSV)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download activity (CSV)' })).toBeInTheDocument();
    const remove = within(card).getByRole('button', { name: 'Delete the store' });
    const name = await within(card).findByLabelText("Type the store's name to confirm: Bean There");
    await enterText(user(), name, 'Bean');
    expect(remove).toBeDisabled();
    await enterText(user(), name, ' There');
    await enterText(user(), within(card).getByLabelText('Your password'), 'the password');
    await waitFor(() => expect(remove).toBeEnabled());
    await user().click(remove);
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(bodyOf(`POST /api/account/${VENDOR}/delete-store`)).toEqual({ storeName: 'Bean There', password: 'the password' });
  });

  it('shows a manager the counter screens but not the team or deleting the store; staff neither', async () => {
    const { unmount } = renderAccount('manager');
    expect(await screen.findByTestId('counter-screens')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-store')).not.toBeInTheDocument();
    unmount();
    renderAccount('staff');
    await screen.findByTestId('account-sessions');
    expect(screen.queryByTestId('counter-screens')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-store')).not.toBeInTheDocument();
    expect(http.sent(`GET /api/team/${VENDOR}/devices`)).toHaveLength(1);
  });
});
