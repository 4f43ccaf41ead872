// The dashboard's claim counts (updated live when the store's stream reports a hand-over), the
// Customers page (filters, server-side sort, keyset pages) and deleting a wallet on the wallet page.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DashboardResponse } from '../../../src/api/contract/activity';
import type { CustomerListItem } from '../../../src/api/contract/customers';
import DashboardPage from '../../../src/features/dashboard/DashboardPage';
import CustomersPage from '../../../src/features/customers/CustomersPage';
import WalletPage from '../../../src/features/customer/WalletPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../src/constants';
import { renderWithApp } from '../render';
import { renderCustomerPage } from '../customer/renderCustomer';
import { installFakeApi, type FakeApi } from '../support/fakeHttp';
import { sessionTokenFor } from '../support/tokens';
import { FakeEventSource, installFakeEventSource } from '../activity/fakeEventSource';
import { CREDENTIAL, sampleCard } from '../customer/samples';
import { settle } from '../customer/settle';
import { useVendorLiveConnection } from '../../../src/features/activity/useVendorLiveConnection';

/** The dashboard as the vendor layout shows it: inside the tab's one live connection. */
function LiveDashboard() {
  useVendorLiveConnection(VENDOR);
  return <DashboardPage />;
}

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

function dashboard(claims: DashboardResponse['claims']): DashboardResponse {
  const days = (n: number) => Array.from({ length: n }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, count: 0 }));
  return {
    hasActivity: true,
    stampCard: { averageStamps: 3, required: 10, activeCards: 4 },
    totalRedemptions: 3,
    redemptionsPerWeek: days(8),
    recent: [],
    engagedCustomers: [],
    redemptionActivity: days(30),
    outstanding: { fullCards: 0, nearlyFull: 1 },
    claims,
  };
}

describe('Dashboard claim counts', () => {
  it('counts waiting, handed-over and expired claims, and reloads them when the stream reports a hand-over', async () => {
    let claims = { pending: 2, given: 5, expired: 1 };
    http.on(`GET /api/dashboard/${VENDOR}`, () => ({ status: 200, body: dashboard(claims) }));
    renderWithApp(<LiveDashboard />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/dashboard/${VENDOR}`, path: '/dashboard/:userId' });
    await settle();
    expect(screen.getByTestId('claim-counts')).toHaveTextContent('2 waiting at the counter · 5 handed over · 1 expired');
    expect(screen.getByRole('link', { name: 'Your customers' })).toHaveAttribute('href', `/customers/${VENDOR}`);

    claims = { pending: 1, given: 6, expired: 1 };
    await act(() => FakeEventSource.latest().emit('open'));
    await act(() =>
      FakeEventSource.latest().emit('activity', { id: 'c1', type: 'redemption', customer: 'Ana', date: Date.now(), reward: 'Flat White', status: 'given', givenAt: Date.now() }),
    );
    await settle();
    expect(screen.getByTestId('claim-counts')).toHaveTextContent('1 waiting at the counter · 6 handed over · 1 expired');
  });
});

function customer(n: number, overrides: Partial<CustomerListItem> = {}): CustomerListItem {
  return { key: `k${n}`, name: `Customer ${n}`, visits: n, stamps: n % 10, rewardsGiven: 0, firstVisit: Date.parse('2026-10-01T09:00:00'), lastVisit: Date.parse('2026-11-20T09:00:00'), ...overrides };
}

describe('CustomersPage', () => {
  const LIST = `GET /api/customers/${VENDOR}`;
  let queries: URLSearchParams[];

  beforeEach(() => {
    queries = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = ((input: { url: string }) => {
      const url = new URL(input.url, 'http://localhost');
      if (url.pathname === `/api/customers/${VENDOR}`) queries.push(url.searchParams);
      return fakeFetch(input as never);
    }) as typeof fetch;
    http.on(LIST, () => {
      const last = queries[queries.length - 1];
      const after = last?.get('after');
      return after === 'cursor-2'
        ? { status: 200, body: { items: [customer(3)], next: null } }
        : { status: 200, body: { items: [customer(1, { name: 'Ana Lima', rewardsGiven: 2 }), customer(2)], next: 'cursor-2' } };
    });
  });

  function renderPage() {
    return renderWithApp(<CustomersPage />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/customers/${VENDOR}`, path: '/customers/:userId' });
  }

  it('lists customers with visits, stamps, rewards given, first and last visit, and pages on with the cursor', async () => {
    renderPage();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    const row = screen.getByText('Ana Lima').closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ana Lima', '1', '1', '2', '1 Oct 2026', '20 Nov 2026']);
    expect(Object.fromEntries(queries[0])).toEqual({ filter: 'all', sort: 'lastVisit', order: 'desc', minVisits: '4', limit: '25' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(queries[queries.length - 1].get('after')).toBe('cursor-2');
    expect(screen.getByText('Customer 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await settle();
    expect(screen.getByText('Ana Lima')).toBeInTheDocument();
  });

  it('filters regulars (with their visit threshold) and lapsed, and sorts on the server', async () => {
    renderPage();
    await settle();
    fireEvent.click(screen.getByText('Regulars'));
    await settle();
    expect(queries[queries.length - 1].get('filter')).toBe('regulars');
    expect(screen.getByText('Regulars: 4+ visits in the last 30 days. Lapsed: no visit in the last 30 days.')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Lapsed'));
    await settle();
    expect(queries[queries.length - 1].get('filter')).toBe('lapsed');

    // antd draws a second, hidden header row for the horizontal scroll: the first is the one a person clicks.
    fireEvent.click(screen.getAllByText('Visits')[0]);
    await settle();
    const sorted = queries[queries.length - 1];
    expect([sorted.get('sort'), sorted.get('order'), sorted.get('after')]).toEqual(['visits', 'asc', null]);
  });
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
