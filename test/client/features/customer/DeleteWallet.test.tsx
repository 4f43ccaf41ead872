// Deleting the wallet on the wallet page.
import { fireEvent, screen } from '@testing-library/react';
import WalletPage from '../../../../src/features/customer/WalletPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { renderCustomerPage } from './renderCustomer';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { installFakeEventSource } from '../../support/fakeEventSource';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
let http: FakeApi;
let removeEventSource: () => void;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:40:00'));
  http = installFakeApi();
  removeEventSource = installFakeEventSource();
  http.on(`POST /api/activity/${VENDOR}/stream-ticket`, { status: 200, body: { ticket: 't', expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=t` } });
  http.on(`GET /api/activity/${VENDOR}`, { status: 200, body: { items: [], page: 1, pageSize: 8, total: 0, totalIsCapped: false, hasMore: false } });
});

afterEach(() => {
  removeEventSource();
  http.restore();
  jest.useRealTimers();
  localStorage.clear();
});

describe('Deleting the wallet', () => {
  it('asks once more, deletes it on the server, forgets the credential and says so', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    http.on('GET /api/customer/cards', { status: 200, body: { cards: [sampleCard({ id: 'card-1', stamps: 3 })] } });
    http.on('GET /api/customer/me', { status: 200, body: { displayName: 'Zoe', email: null } });
    http.on('DELETE /api/customer/me', { status: 200, body: { message: 'deleted' } });
    renderCustomerPage(<WalletPage />, { route: '/wallet', path: '/wallet' });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my wallet' }));
    expect(screen.getByText('Delete your wallet for good?')).toBeInTheDocument();
    expect(http.sent('DELETE /api/customer/me')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    await settle();
    expect(http.sent('DELETE /api/customer/me')[0].headers.get('X-Customer-Key')).toBe(CREDENTIAL);
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('Your wallet is deleted')).toBeInTheDocument();
    expect(screen.queryByText('Bean There Café')).not.toBeInTheDocument();
  });
});
