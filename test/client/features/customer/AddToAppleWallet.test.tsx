// "Add to Apple Wallet" on a card: shown only when the server makes Apple Wallet passes; a tap asks for
// a one-minute link with the device credential and opens it (Safari hands the pass to Wallet).
import { fireEvent, render, screen, within } from '@testing-library/react';
import AddToAppleWallet, { forgetAppleWalletOffer } from '../../../../src/features/customer/AddToAppleWallet';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { CREDENTIAL } from './samples';
import { settle } from './settle';

let api: FakeApi;
const originalLocation = window.location;
const assign = jest.fn();

beforeEach(() => {
  jest.useFakeTimers();
  api = installFakeApi();
  forgetAppleWalletOffer();
  localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
  Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, assign } });
  assign.mockReset();
});

afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
  localStorage.clear();
  api.restore();
  jest.useRealTimers();
});

test('a server without Apple Wallet shows no badge', async () => {
  api.on('GET /api/passes/apple/status', { status: 200, body: { enabled: false } });
  render(<AddToAppleWallet cardId="card-1" />);
  await settle();
  expect(screen.queryByRole('button', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
});

test('the badge asks for a pass link with the device credential and opens it', async () => {
  api.on('GET /api/passes/apple/status', { status: 200, body: { enabled: true } });
  api.on('POST /api/customer/cards/card-1/apple-pass-link', { status: 200, body: { url: '/api/passes/apple/download?ticket=abc' } });
  render(<AddToAppleWallet cardId="card-1" />);
  await settle();
  const badge = screen.getByRole('button', { name: 'Add to Apple Wallet' });
  // Apple's own badge artwork, not words drawn by the page.
  expect(within(badge).getByRole('img', { name: 'Add to Apple Wallet' }).tagName).toBe('IMG');
  fireEvent.click(badge);
  await settle();
  const [sent] = api.sent('POST /api/customer/cards/card-1/apple-pass-link');
  expect(sent?.headers.get('x-customer-key')).toBe(CREDENTIAL);
  expect(assign).toHaveBeenCalledWith('/api/passes/apple/download?ticket=abc');
});

test('a failed link says so and leaves the badge to try again', async () => {
  api.on('GET /api/passes/apple/status', { status: 200, body: { enabled: true } });
  api.on('POST /api/customer/cards/card-1/apple-pass-link', { status: 500, body: { error: 'boom' } });
  render(<AddToAppleWallet cardId="card-1" />);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: 'Add to Apple Wallet' }));
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent('The pass could not be made just now. Please try again.');
  expect(screen.getByRole('button', { name: 'Add to Apple Wallet' })).toBeEnabled();
  expect(assign).not.toHaveBeenCalled();
});

test('every tap opens a link of its own: a link is spent by its use, so a second try never reuses the first', async () => {
  api.on('GET /api/passes/apple/status', { status: 200, body: { enabled: true } });
  let made = 0;
  api.on('POST /api/customer/cards/card-1/apple-pass-link', () => {
    made += 1;
    return { status: 200, body: { url: `/api/passes/apple/download?ticket=link${made}` } };
  });
  render(<AddToAppleWallet cardId="card-1" />);
  await settle();
  for (let tap = 0; tap < 2; tap += 1) {
    fireEvent.click(screen.getByRole('button', { name: 'Add to Apple Wallet' }));
    await settle();
  }
  expect(assign.mock.calls).toEqual([['/api/passes/apple/download?ticket=link1'], ['/api/passes/apple/download?ticket=link2']]);
});
