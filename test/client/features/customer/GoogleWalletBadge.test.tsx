// "Add to Google Wallet" on the card and wallet pages: shown only when the server offers Google Wallet; a tap
// asks for the card's save link and opens it.
import { fireEvent, screen, within } from '@testing-library/react';
import CardPage from '../../../../src/features/customer/CardPage';
import WalletPage from '../../../../src/features/customer/WalletPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { stubLocationAssign } from '../../support/browser';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { renderCustomerPage } from './renderCustomer';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

let api: FakeApi;
let location: ReturnType<typeof stubLocationAssign>;

beforeEach(() => {
  jest.useFakeTimers();
  api = installFakeApi();
  location = stubLocationAssign();
  localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
});

afterEach(() => {
  api.restore();
  location.restore();
  localStorage.clear();
  jest.useRealTimers();
});

const SAVE_URL = 'https://pay.google.com/gp/v/save/header.payload.signature';

async function openCard(googleWallet: boolean): Promise<void> {
  api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: sampleCard({ id: 'card-1', stamps: 3 }), redemptions: [], ...(googleWallet ? { googleWallet: true } : {}) } });
  api.on('GET /api/customer/cards/card-1/store', { status: 404, body: { error: 'Not found.' } });
  renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
  await settle();
  await settle();
}

it('the card page offers "Add to Google Wallet" when the server does; a tap opens the card\'s save link', async () => {
  api.on('GET /api/customer/cards/card-1/google-pass', { status: 200, body: { saveUrl: SAVE_URL } });
  await openCard(true);
  const badge = await screen.findByRole('button', { name: 'Add the Bean There Café card to Google Wallet' });
  // Google's own badge artwork, not words drawn by the page.
  expect(within(badge).getByRole('img', { name: 'Add to Google Wallet' }).tagName).toBe('IMG');
  fireEvent.click(badge);
  await settle();
  expect(location.assign).toHaveBeenCalledWith(SAVE_URL);
  const asked = api.requests.find((request) => request.url.endsWith('/google-pass'));
  expect(asked?.headers.get('X-Customer-Key')).toBe(CREDENTIAL);
});

it('shows nothing of Google Wallet when the server does not offer it', async () => {
  await openCard(false);
  expect(screen.getByText('3 / 10')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Google Wallet/ })).not.toBeInTheDocument();
});

it("says why when the server cannot make the save link, and stays on the card", async () => {
  api.on('GET /api/customer/cards/card-1/google-pass', { status: 503, body: { error: 'Google Wallet is not answering right now. Try again in a minute.' } });
  await openCard(true);
  fireEvent.click(await screen.findByRole('button', { name: /Google Wallet/ }));
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent('Google Wallet is not answering right now. Try again in a minute.');
  expect(location.assign).not.toHaveBeenCalled();
});

it('the wallet page offers the badge for each card when the server offers Google Wallet', async () => {
  api.on('GET /api/customer/cards', { status: 200, body: { cards: [sampleCard({ id: 'card-1' }), sampleCard({ id: 'card-2', store: { vendorId: 'v2', company: 'Other Roasters', logo: null, currency: 'USD' } })], googleWallet: true } });
  renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
  await settle();
  await settle();
  expect(await screen.findByRole('button', { name: 'Add the Other Roasters card to Google Wallet' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add the Bean There Café card to Google Wallet' })).toBeInTheDocument();
});
