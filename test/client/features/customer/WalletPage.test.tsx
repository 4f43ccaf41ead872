// The wallet (/wallet), a card (/wallet/:cardId) and the recovery link (/wallet/recover/:token).
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { renderCustomerPage } from './renderCustomer';
import { deferred, installFakeApi, type FakeApi, type Reply } from '../../support/fakeHttp';
import WalletPage from '../../../../src/features/customer/WalletPage';
import CardPage from '../../../../src/features/customer/CardPage';
import RecoverPage from '../../../../src/features/customer/RecoverPage';
import ConfirmEmailPage from '../../../../src/features/customer/ConfirmEmailPage';
import { CustomerRoutes } from '../../../../src/features/customer/routes';
import { CustomerApiProvider } from '../../../../src/features/customer/api/hooks';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { CREDENTIAL, REWARD, sampleCard, sampleScan } from './samples';
import { settle } from './settle';
import { pageLanguage } from '../../support/pageLanguage';

jest.setTimeout(30_000);

let api: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:00:00'));
  api = installFakeApi();
});

afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

const OTHER_STORE = { vendorId: 'vendor-2', company: 'Other Roasters', logo: null, currency: 'USD' };

describe('WalletPage', () => {
  it('a German phone reads each card’s offer in German, and a card whose menu item was deleted offers its stamps', async () => {
    const backToEnglish = pageLanguage('de', ['de-DE']);
    try {
      localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
      api.on('GET /api/customer/cards', {
        status: 200,
        body: {
          cards: [
            sampleCard({ id: 'card-1', stamps: 3 }),
            sampleCard({ id: 'card-2', store: OTHER_STORE, reward: { ...REWARD, text: 'Collect 8 stamps, get 1 free', label: 'Reward', stamps: 8 }, required: 8 }),
          ],
        },
      });
      renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
      await settle();
      expect(screen.getByText('Kauf 10 Flat White, bekomm 1 gratis')).toBeInTheDocument();
      expect(screen.getByText('Sammle 8 Stempel, bekomm 1 gratis')).toBeInTheDocument();
      expect(screen.queryByText(/get 1 free/)).not.toBeInTheDocument();
    } finally {
      backToEnglish();
    }
  });

  it("lists the customer's cards with progress, marks a full one, and links each to its card", async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on('GET /api/customer/cards', {
      status: 200,
      body: {
        cards: [
          sampleCard({ id: 'card-2', store: OTHER_STORE, reward: { ...REWARD, text: 'Buy 8 Espresso, get 1 free', stamps: 8 }, stamps: 8, required: 8, canClaim: true }),
          sampleCard({ id: 'card-1', stamps: 3 }),
        ],
      },
    });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();

    expect(screen.getByRole('heading', { name: 'My stamp cards' })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    const [full, partial] = links.filter((link) => link.getAttribute('href')?.startsWith('/wallet/card-'));
    expect(full).toHaveAttribute('href', '/wallet/card-2');
    expect(within(full).getByText('Other Roasters')).toBeInTheDocument();
    expect(within(full).getByText('8 / 8')).toBeInTheDocument();
    expect(within(full).getByText('Reward ready')).toBeInTheDocument();
    expect(partial).toHaveAttribute('href', '/wallet/card-1');
    expect(within(partial).getByText('Buy 10 Flat White, get 1 free')).toBeInTheDocument();
    expect(within(partial).getByText('3 / 10')).toBeInTheDocument();
    expect(within(partial).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(within(partial).queryByText('Reward ready')).not.toBeInTheDocument();
    expect(api.requests[0].headers.get('X-Customer-Key')).toBe(CREDENTIAL);
  });

  it('shows the empty wallet without asking the server when this phone has no credential', async () => {
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    expect(screen.getByRole('heading', { name: 'No stamp cards yet' })).toBeInTheDocument();
    expect(screen.getByText("Scan the QR code at a store's counter with your phone camera to collect your first stamp.")).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the empty wallet when the server does not know the credential (401)', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on('GET /api/customer/cards', { status: 401, body: { error: "This phone has no stamp cards yet. Scan a store's QR code to start one." } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    expect(screen.getByRole('heading', { name: 'No stamp cards yet' })).toBeInTheDocument();
  });

  it('asks for a recovery link and shows the answer', async () => {
    api.on('POST /api/customer/recover', { status: 202, body: { message: 'If this e-mail address belongs to a wallet, we have sent it a sign-in link. It works once, for an hour.' } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await settle();
    expect(JSON.parse(api.requests[0].body as string)).toEqual({ email: 'ana@example.com' });
    expect(screen.getByRole('status')).toHaveTextContent('we have sent it a sign-in link');
  });

  it("asks for the link with this phone's credential, so the link brings this phone's cards along without a question", async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, 'phone-own-credential');
    api.on('GET /api/customer/cards', { status: 200, body: { cards: [] } });
    api.on('GET /api/customer/me', { status: 200, body: { displayName: null, email: null } });
    api.on('POST /api/customer/recover', { status: 202, body: { message: 'If this e-mail address belongs to a wallet, we have sent it a sign-in link. It works once, for an hour.' } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    fireEvent.change(screen.getAllByLabelText('E-mail').at(-1)!, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await settle();
    expect(api.sent('POST /api/customer/recover')[0].headers.get('x-customer-key')).toBe('phone-own-credential');
  });

  it('sends the same link key when it asks for a link and when it opens one, so the phone that asked signs in at once', async () => {
    api.on('GET /api/customer/cards', { status: 401, body: { error: 'No wallet' } });
    api.on('POST /api/customer/recover', { status: 202, body: { message: 'If this e-mail address belongs to a wallet, we have sent it a sign-in link. It works once, for an hour.' } });
    api.on('POST /api/customer/recover/link-token', { status: 200, body: { credential: CREDENTIAL, profile: { displayName: null, email: 'ana@example.com' }, merged: null } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    fireEvent.change(screen.getAllByLabelText('E-mail').at(-1)!, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await settle();
    const askedWith = api.sent('POST /api/customer/recover')[0].headers.get('x-customer-link-key');
    expect(askedWith).toMatch(/^[A-Za-z0-9_-]{43}$/);

    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/link-token', path: '/wallet/recover/:token' });
    await settle();
    expect(api.sent('POST /api/customer/recover/link-token')[0].headers.get('x-customer-link-key')).toBe(askedWith);
  });

  it('saves the optional name and e-mail, and shows why the server refused one', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on('GET /api/customer/cards', { status: 200, body: { cards: [sampleCard()] } });
    api.on('GET /api/customer/me', { status: 200, body: { displayName: null, email: null } });
    api.on('PATCH /api/customer/me', { status: 400, body: { error: 'email contains characters that are not allowed.' } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    const fold = screen.getByText('Keep your cards safe').closest('details') as HTMLDetailsElement;
    fold.open = true;
    fireEvent(fold, new Event('toggle'));
    await settle();
    fireEvent.change(within(fold).getByLabelText('Your name'), { target: { value: ' Ana ' } });
    fireEvent.change(within(fold).getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(fold).getByRole('button', { name: 'Save' }));
    await settle();
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch?.body as string)).toEqual({ displayName: 'Ana', email: 'ana@example.com' });
    expect(patch?.headers.get('X-Customer-Key')).toBe(CREDENTIAL);
    expect(within(fold).getByRole('alert')).toHaveTextContent('email contains characters that are not allowed.');
  });

  it('keeps what was typed when the saved profile arrives late, and sends only the edited field', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on('GET /api/customer/cards', { status: 200, body: { cards: [sampleCard()] } });
    const savedProfile = deferred<Reply>();
    api.on('GET /api/customer/me', () => savedProfile.promise);
    // A new e-mail is not saved yet: the server mailed it a confirmation link.
    api.on('PATCH /api/customer/me', { status: 200, body: { displayName: 'Ana', email: null, emailConfirmationSentTo: 'ana@example.com' } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    const fold = screen.getByText('Keep your cards safe').closest('details') as HTMLDetailsElement;
    fold.open = true;
    fireEvent(fold, new Event('toggle'));
    // Typed on a slow connection, before the saved profile has come back.
    fireEvent.change(within(fold).getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    savedProfile.resolve({ status: 200, body: { displayName: 'Ana', email: null } });
    await settle();
    expect(within(fold).getByLabelText('E-mail')).toHaveValue('ana@example.com');
    expect(within(fold).getByLabelText('Your name')).toHaveValue('Ana');

    fireEvent.click(within(fold).getByRole('button', { name: 'Save' }));
    await settle();
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(JSON.parse(patch?.body as string)).toEqual({ email: 'ana@example.com' });
    expect(within(fold).getByRole('status')).toHaveTextContent('Check your inbox: we have sent a link to ana@example.com. Your e-mail is saved once you open it.');
  });

  it('saving only the name says Saved', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on('GET /api/customer/cards', { status: 200, body: { cards: [sampleCard()] } });
    api.on('GET /api/customer/me', { status: 200, body: { displayName: null, email: null } });
    api.on('PATCH /api/customer/me', { status: 200, body: { displayName: 'Ana', email: null, emailConfirmationSentTo: null } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    const fold = screen.getByText('Keep your cards safe').closest('details') as HTMLDetailsElement;
    fold.open = true;
    fireEvent(fold, new Event('toggle'));
    await settle();
    fireEvent.change(within(fold).getByLabelText('Your name'), { target: { value: 'Ana' } });
    fireEvent.click(within(fold).getByRole('button', { name: 'Save' }));
    await settle();
    expect(within(fold).getByRole('status')).toHaveTextContent('Saved');
  });
});

describe('CardPage', () => {
  it('shows one card with its latest claims, and reopens the reward screen within 15 minutes of a claim', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    const claimedAt = Date.now() - 5 * 60 * 1000;
    api.on('GET /api/customer/cards/card-1', {
      status: 200,
      body: {
        card: sampleCard({ stamps: 2 }),
        redemptions: [{ id: 'r1', cardId: 'card-1', store: sampleCard().store, rewardLabel: 'Flat White', stampsRequired: 10, claimedAt }],
      },
    });
    renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
    await settle();
    expect(screen.getByRole('heading', { name: 'Bean There Café' })).toBeInTheDocument();
    expect(screen.getByText('2 / 10')).toBeInTheDocument();
    expect(screen.getByText('Claimed 22 Nov 2026, 09:55')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show the reward screen again' }));
    // The screen is its own chunk, there once it has loaded.
    await settle();
    expect(screen.getByRole('dialog', { name: 'Reward ready — show this to staff' })).toHaveTextContent('Claimed at 09:55:00');
  });
});

describe('ConfirmEmailPage', () => {
  it('opens the mailed link: the e-mail is saved, on any device (no credential needed)', async () => {
    api.on('POST /api/customer/email/mail-token', { status: 200, body: { displayName: 'Ana', email: 'ana@example.com' } });
    renderCustomerPage(<ConfirmEmailPage />, { route: '/wallet/confirm-email/mail-token', path: '/wallet/confirm-email/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'Your e-mail is saved' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ana@example.com can now bring your cards to a new phone.');
    expect(screen.getByRole('link', { name: 'Open my wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('says why a used or expired link did not work', async () => {
    api.on('POST /api/customer/email/mail-token', { status: 410, body: { error: 'This confirmation link is not valid.' } });
    renderCustomerPage(<ConfirmEmailPage />, { route: '/wallet/confirm-email/mail-token', path: '/wallet/confirm-email/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link is not valid.');
  });
});

describe('RecoverPage', () => {
  it('stores the new credential from the sign-in link and leads to the wallet', async () => {
    api.on('POST /api/customer/recover/link-token', { status: 200, body: { credential: CREDENTIAL, profile: { displayName: 'Ana', email: 'ana@example.com' } } });
    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/link-token', path: '/wallet/recover/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'Your cards are on this phone now' })).toBeInTheDocument();
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe(CREDENTIAL);
    expect(screen.getByRole('link', { name: 'Open my wallet' })).toHaveAttribute('href', '/wallet');
    // This phone had no wallet of its own: nothing to bring along, so no credential was sent and nothing is said.
    expect(api.sent('POST /api/customer/recover/link-token')[0].headers.get('x-customer-key')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("sends this phone's own credential so its cards come along, and says what was brought over", async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, 'phone-own-credential');
    api.on('POST /api/customer/recover/link-token', {
      status: 200,
      body: { credential: CREDENTIAL, profile: { displayName: 'Ana', email: 'ana@example.com' }, merged: { cards: 2, stamps: 5, skippedStamps: 1, redemptions: 0 } },
    });
    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/link-token', path: '/wallet/recover/:token' });
    await settle();
    expect(api.sent('POST /api/customer/recover/link-token')[0].headers.get('x-customer-key')).toBe('phone-own-credential');
    expect(screen.getByRole('status')).toHaveTextContent('The 2 cards already on this phone were added to your wallet, with 5 stamps.');
    // The recovered wallet's credential replaces the phone's old one (the server has revoked that).
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe(CREDENTIAL);
  });

  it('asks before a link from another phone takes this phone\'s cards, and moves them only when told to', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, 'phone-own-credential');
    // The server refuses until the phone says it agrees (?merge=confirmed).
    api.on('POST /api/customer/recover/link-token', (request) =>
      new URL(request.url, 'http://localhost').searchParams.get('merge') === 'confirmed'
        ? { status: 200, body: { credential: CREDENTIAL, profile: { displayName: null, email: 'ana@example.com' }, merged: { cards: 1, stamps: 3, skippedStamps: 0, redemptions: 0 } } }
        : { status: 409, body: { error: 'This link was asked for on another phone.', reason: 'merge-unconfirmed' } },
    );
    const confirmations = () => api.sent('POST /api/customer/recover/link-token').filter((request) => request.url.endsWith('?merge=confirmed'));
    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/link-token', path: '/wallet/recover/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'This link was asked for on another phone' })).toBeInTheDocument();
    expect(screen.getByText(/they join the wallet of the e-mail this link was sent to/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('If someone sent you this link, keep your cards');
    // Nothing moved yet: the phone keeps its own wallet.
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe('phone-own-credential');
    expect(screen.getByRole('link', { name: 'Keep my cards here' })).toHaveAttribute('href', '/wallet');
    expect(confirmations()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: "Move this phone's cards into that wallet" }));
    await settle();
    expect(confirmations()).toHaveLength(1);
    expect(confirmations()[0].headers.get('x-customer-key')).toBe('phone-own-credential');
    expect(screen.getByRole('heading', { name: 'Your cards are on this phone now' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The card already on this phone was added to your wallet, with 3 stamps.');
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe(CREDENTIAL);
  });

  it('asks a phone with no cards before a link from another phone signs it in, "Not now" first', async () => {
    api.on('POST /api/customer/recover/link-token', (request) =>
      new URL(request.url, 'http://localhost').searchParams.get('merge') === 'confirmed'
        ? { status: 200, body: { credential: CREDENTIAL, profile: { displayName: null, email: 'ana@example.com' }, merged: null } }
        : { status: 409, body: { error: 'This link was asked for on another phone.', reason: 'sign-in-unconfirmed' } },
    );
    const confirmations = () => api.sent('POST /api/customer/recover/link-token').filter((request) => request.url.endsWith('?merge=confirmed'));
    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/link-token', path: '/wallet/recover/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'Sign in to this wallet on this phone?' })).toBeInTheDocument();
    expect(screen.getByText(/the stamps you collect here go to that wallet/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('If someone sent you this link, choose Not now');
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBeNull();
    const notNow = screen.getByRole('link', { name: 'Not now' });
    expect(notNow).toHaveAttribute('href', '/wallet');
    expect(notNow).toHaveClass('cw-btn--primary');
    expect(confirmations()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in on this phone' }));
    await settle();
    expect(confirmations()).toHaveLength(1);
    // The pressed button is gone: the focus is on the answer's heading, not fallen to the page.
    expect(screen.getByRole('heading', { name: 'Your cards are on this phone now' })).toHaveFocus();
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe(CREDENTIAL);
  });

  it('says when the link was used already', async () => {
    api.on('POST /api/customer/recover/old', { status: 410, body: { error: 'This sign-in link is not valid. It may have been used already — ask for a new one.' } });
    renderCustomerPage(<RecoverPage />, { route: '/wallet/recover/old', path: '/wallet/recover/:token' });
    await settle();
    expect(screen.getByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('It may have been used already');
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBeNull();
  });
});

describe('customer routes', () => {
  it("open /s/:token in the customer layout: 'My cards', no vendor navigation", async () => {
    api.on('POST /api/customer/scan', { status: 200, body: sampleScan() });
    // The customer entry's routes (src/features/customer/CustomerApp.tsx), in a memory router.
    render(
      <MemoryRouter initialEntries={['/s/some-token']}>
        <CustomerApiProvider>
          <CustomerRoutes />
        </CustomerApiProvider>
      </MemoryRouter>,
    );
    await settle();
    await settle();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My cards' })).toHaveAttribute('href', '/wallet');
    expect(screen.queryByRole('button', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });
});
