// The card page (/wallet/:cardId) shows the store's offers meant for this customer while they run.
import { screen, within } from '@testing-library/react';
import { renderCustomerPage } from './renderCustomer';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import CardPage from '../../../../src/features/customer/CardPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

let api: FakeApi;
beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:00:00'));
  api = installFakeApi();
  localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
});
afterEach(() => {
  api.restore();
  localStorage.clear();
  jest.useRealTimers();
});

describe('CardPage offers', () => {
  it("shows a running offer's title, description, items and end under the card", async () => {
    api.on('GET /api/customer/cards/card-1', {
      status: 200,
      body: {
        card: sampleCard({ stamps: 2 }),
        redemptions: [],
        offers: [{ id: 'o1', type: 'discount', title: 'Half-price pastries', description: 'Any pastry at half price with a coffee.', items: ['Croissant', 'Pain au chocolat'], endsAt: '2026-11-25T18:00:00.000Z' }],
      },
    });
    renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
    await settle();
    const offers = screen.getByRole('region', { name: 'Offers for you' });
    expect(within(offers).getByText('Half-price pastries')).toBeInTheDocument();
    expect(within(offers).getByText('Any pastry at half price with a coffee.')).toBeInTheDocument();
    expect(within(offers).getByText('On: Croissant, Pain au chocolat')).toBeInTheDocument();
    expect(within(offers).getByText(/^Until 25 Nov/)).toBeInTheDocument();
  });

  it('shows no offers section when none runs', async () => {
    api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: sampleCard({ stamps: 2 }), redemptions: [] } });
    renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
    await settle();
    expect(screen.getByText('2 / 10')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers for you' })).not.toBeInTheDocument();
  });
});
