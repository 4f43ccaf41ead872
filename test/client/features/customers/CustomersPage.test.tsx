// The Customers page: filters, server-side sort, keyset pages.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CustomerListItem } from '../../../../src/api/contract/customers';
import CustomersPage from '../../../../src/features/customers/CustomersPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import type { FakeApi } from '../../support/fakeHttp';
import { startVendorStage, type VendorStage } from '../../support/vendorStage';
import { sessionTokenFor } from '../../support/tokens';
import { settle } from '../customer/settle';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
let stage: VendorStage;
let http: FakeApi;

beforeEach(() => {
  stage = startVendorStage(VENDOR);
  http = stage.http;
});

afterEach(() => stage.stop());

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
    expect(screen.getByText('A visit is a day with a stamp: several stamps or scans on one day count as one visit.')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Lapsed'));
    await settle();
    expect(queries[queries.length - 1].get('filter')).toBe('lapsed');

    // antd draws a second, hidden header row for the horizontal scroll: the first is the one a person clicks.
    fireEvent.click(screen.getAllByText('Visits')[0]);
    await settle();
    const sorted = queries[queries.length - 1];
    expect([sorted.get('sort'), sorted.get('order'), sorted.get('after')]).toEqual(['visits', 'asc', null]);
  });

  it('reads in French, with French dates and numbers', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      renderPage();
      await settle();
      expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
      expect(screen.getByText('Habitués')).toBeInTheDocument();
      expect(screen.getByText('Dernière visite', { selector: 'th *, th' })).toBeInTheDocument();
      const row = screen.getByText('Ana Lima').closest('tr') as HTMLElement;
      expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ana Lima', '1', '1', '2', '1 oct. 2026', '20 nov. 2026']);
      expect(screen.getByRole('button', { name: 'Page suivante' })).toBeEnabled();
    } finally {
      act(() => backToEnglish());
    }
  });

  it('groups a regular\'s many visits the French way', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      http.on(LIST, { status: 200, body: { items: [customer(1, { name: 'Ana Lima', visits: 1234, stamps: 4 })], next: null } });
      renderPage();
      await settle();
      const row = screen.getByText('Ana Lima').closest('tr') as HTMLElement;
      expect(within(row).getAllByRole('cell')[1].textContent).toBe('1\u202f234');
    } finally {
      act(() => backToEnglish());
    }
  });
});
