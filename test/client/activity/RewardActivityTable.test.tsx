// The Reward Activity table: the vendor's own stamps and claims, a page at a time, once there are any;
// SPEC.md's sample rows, marked as sample data, only while there is no activity at all.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ActivityItem, ActivityPage } from '../../../src/api/contract/activity';
import { RewardActivityTable } from '../../../src/features/rewards/RewardActivityTable';
import { renderWithApp } from '../render';
import { installFakeApi, type FakeApi } from '../support/fakeHttp';
import { sessionTokenFor } from '../support/tokens';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
const ACTIVITY = `GET /api/activity/${VENDOR}`;

let http: FakeApi;

beforeEach(() => {
  http = installFakeApi();
});

afterEach(() => {
  restoreFetch();
  restoreFetch = () => undefined;
  http.restore();
});

const page = (items: ActivityItem[], overrides: Partial<ActivityPage> = {}): ActivityPage => ({
  items,
  page: 1,
  pageSize: 10,
  total: items.length,
  totalIsCapped: false,
  hasMore: false,
  ...overrides,
});

const stamp = (id: string, customer: string, stamps: number, date = Date.parse('2026-11-21T09:30:00')): ActivityItem => ({
  id,
  type: 'stamp',
  customer,
  date,
  reward: 'Flat White',
  stamps,
  required: 10,
});

function renderTable() {
  return renderWithApp(<RewardActivityTable vendorId={VENDOR} />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } } });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** The query strings of the requests RTK Query sends (the fake http records paths only); undone after each test. */
function recordQueryStrings(): string[] {
  const originalFetch = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = ((input: { url: string }) => {
    seen.push(new URL(input.url, 'http://localhost').search);
    return originalFetch(input as never);
  }) as typeof fetch;
  restoreFetch = () => {
    globalThis.fetch = originalFetch;
  };
  return seen;
}
let restoreFetch = () => undefined as void;

describe('RewardActivityTable', () => {
  it("shows SPEC.md's sample rows, marked as sample data, while the store has no activity", async () => {
    http.on(ACTIVITY, { status: 200, body: page([]) });
    renderTable();
    expect(await screen.findByText('Emma Wilson')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByTestId('sample-data-tag')).toHaveTextContent('Sample data');
  });

  it('shows the real stamps and claims with their tags, and no sample marker', async () => {
    http.on(ACTIVITY, {
      status: 200,
      body: page([
        { id: 'r1', type: 'redemption', customer: 'Ana Lima', date: Date.parse('2026-11-21T10:05:00'), reward: 'Flat White', required: 10 },
        stamp('e1', 'Guest 4F2A', 10),
      ]),
    });
    renderTable();
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    const [claim, stampRow] = bodyRows();
    expect(within(claim).getByText('Claimed')).toBeInTheDocument();
    // Issue 16 #12: not antd's gold preset (2.75:1 contrast) but our AA-contrast claim tag.
    expect(within(claim).getByText('Claimed')).toHaveClass('sw-claim-tag');
    expect(within(claim).getByText('Claimed')).not.toHaveClass('ant-tag-gold');
    expect(within(claim).getByText('Nov 21, 2026 · 10:05')).toBeInTheDocument();
    expect(within(stampRow).getByText('Guest 4F2A')).toBeInTheDocument();
    expect(within(stampRow).getByText('Stamp 10/10')).toBeInTheDocument();
    expect(within(stampRow).getByText('Flat White')).toBeInTheDocument();
    expect(screen.queryByTestId('sample-data-tag')).not.toBeInTheDocument();
    expect(screen.queryByText('Emma Wilson')).not.toBeInTheDocument();
  });

  it('pages through the activity on the server, 10 rows at a time', async () => {
    http.on(ACTIVITY, { status: 200, body: page([stamp('e1', 'Page one', 1)], { total: 23, hasMore: true }) });
    const seenQueries = recordQueryStrings();
    renderTable();
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    expect(seenQueries[0]).toBe('?page=1&pageSize=10');
    fireEvent.click(screen.getByRole('listitem', { name: '3' }));
    await act(async () => undefined);
    await screen.findByText('Page one');
    expect(seenQueries).toContain('?page=3&pageSize=10');
  });

  it('asks for the page after the one shown by its cursor (keyset), and for a page jumped to by number', async () => {
    http.on(ACTIVITY, { status: 200, body: page([stamp('e1', 'Page one', 1)], { total: 43, hasMore: true, nextCursor: '1763717400000_e10' }) });
    const seenQueries = recordQueryStrings();
    renderTable();
    expect(await screen.findByText('Page one')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await act(async () => undefined);
    await screen.findByText('Page one');
    expect(seenQueries).toContain('?page=2&pageSize=10&before=1763717400000_e10');
    // Page 4 was never reached from page 3, so it has no cursor: asked for by number.
    fireEvent.click(screen.getByRole('listitem', { name: '4' }));
    await act(async () => undefined);
    await screen.findByText('Page one');
    expect(seenQueries).toContain('?page=4&pageSize=10');
  });

  it('says so when the list stops short of a very long history', async () => {
    http.on(ACTIVITY, { status: 200, body: page([stamp('e1', 'Ana', 3)], { total: 10_000, totalIsCapped: true, hasMore: true }) });
    renderTable();
    expect(await screen.findByText('Showing the latest 10,000 events')).toBeInTheDocument();
  });

  it('falls back to the marked sample rows when the activity cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    http.on(ACTIVITY, { status: 500, body: { error: 'boom' } });
    renderTable();
    expect(await screen.findByText('Emma Wilson')).toBeInTheDocument();
    expect(screen.getByTestId('sample-data-tag')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Failed to load reward activity', expect.anything());
    warn.mockRestore();
  });
});
