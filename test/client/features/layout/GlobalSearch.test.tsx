// The top bar's search box: customers (asked of the server), menu items and pages, grouped; arrow keys and
// Enter open a result, Escape closes the list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VendorLayout } from '../../../../src/features/layout/VendorLayout';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { PAINT, token, vendor } from './navBarSetup';

jest.setTimeout(30_000);

const ANA = { key: 'a1b2c3d4e5f60718', name: 'Ana Lima', email: 'ana@example.test', visits: 4, stamps: 3, lastVisit: Date.UTC(2026, 10, 20) };
const SEARCH = 'GET /api/customers/v1/search';

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  fakeApi.on('GET /api/vendor/v1', {
    status: 200,
    body: { ...vendor(null), items: [{ _id: 'i1', name: 'Flat White', price: 4.2 }, { _id: 'i2', name: 'Banana Bread', price: '' }] },
  });
  fakeApi.on(SEARCH, (request) => ({ status: 200, body: { customers: new URL(request.url, 'http://x').searchParams.get('q')?.toLowerCase().startsWith('ana') ? [ANA] : [] } }));
});
afterEach(() => fakeApi.restore());

function renderWithSearch() {
  const user = userEvent.setup({ skipHover: true });
  const view = renderWithApp(
    <VendorLayout>
      <h1>Dashboard page</h1>
    </VendorLayout>,
    {
      preloadedState: { session: { token } },
      route: '/dashboard/v1',
      path: '/dashboard/:userId',
      extraRoutes: [
        { path: '/customers/:userId', element: <h1>Customers page</h1> },
        { path: '/help/:userId/faq', element: <h1>FAQ page</h1> },
      ],
    },
  );
  return { user, ...view };
}

/** A key pressed in the search box (rc-select reads `which`, which user-event leaves unset). */
const KEY_CODES = { ArrowDown: 40, ArrowUp: 38, Enter: 13, Escape: 27 } as const;
const press = (key: keyof typeof KEY_CODES) => fireEvent.keyDown(searchBox(), { key, keyCode: KEY_CODES[key], which: KEY_CODES[key] });

const searchBox = () => screen.getByRole('combobox', { name: 'Search' });
/** The open list of results (antd renders it in a popup beside the page). */
const results = () => document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') as HTMLElement;

describe('the top bar search', () => {
  it("finds a customer by name on the server; arrow down and Enter open the customer on the Customers page", async () => {
    const { user, router } = renderWithSearch();
    await user.type(searchBox(), 'Ana');
    const option = (await screen.findByText('Ana Lima', {}, PAINT)).closest('.ant-select-item-option') as HTMLElement;
    expect(within(option).getByText('ana@example.test')).toBeInTheDocument();
    expect(fakeApi.sent(SEARCH).at(-1)?.url).toMatch(/\?q=Ana$/);
    press('ArrowDown');
    press('ArrowUp');
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/v1'));
    expect(new URLSearchParams(router.state.location.search).get('customer')).toBe(ANA.key);
    expect(await screen.findByRole('heading', { name: 'Customers page' })).toBeInTheDocument();
  });

  it('finds menu items and pages by what is typed, in their own groups', async () => {
    const { user } = renderWithSearch();
    await user.type(searchBox(), 'bread');
    expect(await screen.findByText('Menu items', {}, PAINT)).toBeInTheDocument();
    expect(within(results()).getByText('Banana Bread')).toBeInTheDocument();
    await user.clear(searchBox());
    await user.type(searchBox(), 'lost phone');
    expect(await screen.findByText('Pages', {}, PAINT)).toBeInTheDocument();
    expect(within(results()).getByText('FAQ')).toBeInTheDocument();
  });

  it('opens a page with Enter, and Escape closes the list without going anywhere', async () => {
    const { user, router } = renderWithSearch();
    await user.type(searchBox(), 'faq');
    await screen.findByText('FAQ', {}, PAINT);
    press('Escape');
    await waitFor(() => expect(results()).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/v1');
    press('ArrowDown');
    await waitFor(() => expect(results()).not.toBeNull());
    press('Enter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/v1/faq'));
  });

  it("says 'Nothing found' when nothing matches", async () => {
    const { user } = renderWithSearch();
    await user.type(searchBox(), 'zzzz');
    expect(await screen.findByText('Nothing found', {}, PAINT)).toBeInTheDocument();
  });
});
