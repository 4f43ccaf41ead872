// Deleting the wallet on the wallet page.
import { fireEvent, screen } from '@testing-library/react';
import WalletPage from '../../../../src/features/customer/WalletPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { renderCustomerPage } from './renderCustomer';
import type { FakeApi } from '../../support/fakeHttp';
import { startVendorStage, type VendorStage } from '../../support/vendorStage';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
let stage: VendorStage;
let http: FakeApi;

beforeEach(() => {
  stage = startVendorStage(VENDOR);
  http = stage.http;
});

afterEach(() => stage.stop());

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
