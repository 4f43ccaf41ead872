// The Reward Activity table: the vendor's own stamps and claims, a page at a time, once there are any;
// the sample rows, marked as sample data, only while there is no activity at all.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ActivityItem, ActivityPage } from '../../../../src/api/contract/activity';
import { ACTIVITY_SEEK_MAX_ROWS } from '../../../../src/api/contract/limits';
import { RewardActivityTable } from '../../../../src/features/rewards/RewardActivityTable';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';

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
    const url = new URL(input.url, 'http://localhost');
    // The activity pages only (the page also reads the store's profile, for its time zone).
    if (url.pathname === `/api/activity/${VENDOR}`) seen.push(url.search);
    return originalFetch(input as never);
  }) as typeof fetch;
  restoreFetch = () => {
    globalThis.fetch = originalFetch;
  };
  return seen;
}
let restoreFetch = () => undefined as void;

describe('RewardActivityTable', () => {
  it("shows the sample rows, marked as sample data, while the store has no activity", async () => {
    http.on(ACTIVITY, { status: 200, body: page([]) });
    renderTable();
    expect(await screen.findByText('Emma Wilson')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByTestId('sample-data-tag')).toHaveTextContent('Sample data');
  });

  it('dates the sample rows back from today, never a fixed day a year ago', async () => {
    jest.useFakeTimers({ now: Date.parse('2027-03-10T12:00:00'), doNotFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      http.on(ACTIVITY, { status: 200, body: page([]) });
      renderTable();
      expect(await screen.findByText('Emma Wilson')).toBeInTheDocument();
      const dates = bodyRows().map((row) => within(row).getAllByRole('cell')[1].textContent);
      expect(dates).toEqual(['Mar 10, 2027', 'Mar 9, 2027', 'Mar 7, 2027', 'Mar 4, 2027', 'Mar 2, 2027']);
    } finally {
      jest.useRealTimers();
    }
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
    // Not antd's gold preset (2.75:1 contrast) but our AA-contrast claim tag.
    expect(within(claim).getByText('Claimed')).toHaveClass('sw-claim-tag');
    expect(within(claim).getByText('Claimed')).not.toHaveClass('ant-tag-gold');
    expect(within(claim).getByText('Nov 21, 2026 · 10:05')).toBeInTheDocument();
    expect(within(stampRow).getByText('Guest 4F2A')).toBeInTheDocument();
    expect(within(stampRow).getByText('Stamp · reward ready')).toBeInTheDocument();
    expect(within(stampRow).getByText('Flat White')).toBeInTheDocument();
    expect(screen.queryByTestId('sample-data-tag')).not.toBeInTheDocument();
    expect(screen.queryByText('Emma Wilson')).not.toBeInTheDocument();
  });

  it('removes a mistaken stamp only with a reason, then lists it as removed with who, when and why', async () => {
    let removed = false;
    const removedStamp: ActivityItem = {
      ...stamp('e1', 'Guest 4F2A', 3), voided: true, removedReason: 'Scanned twice', removedBy: 'owner@cafe.test', removedAt: Date.parse('2026-11-21T11:00:00'),
    };
    http.on(ACTIVITY, () => ({ status: 200, body: page([removed ? removedStamp : stamp('e1', 'Guest 4F2A', 3)]) }));
    http.on(`POST /api/activity/${VENDOR}/stamps/e1/remove`, () => {
      removed = true;
      return { status: 200, body: removedStamp };
    });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: /^Remove stamp: Guest 4F2A/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove stamp' }));
    expect(await within(dialog).findByText('Please say why the stamp is removed')).toBeInTheDocument();
    expect(http.sent(`POST /api/activity/${VENDOR}/stamps/e1/remove`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Scanned twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove stamp' }));
    expect(await screen.findByText(/Removed by owner@cafe.test on Nov 21, 2026 · 11:00: Scanned twice/)).toBeInTheDocument();
    expect(JSON.parse(String(http.sent(`POST /api/activity/${VENDOR}/stamps/e1/remove`)[0].body))).toEqual({ reason: 'Scanned twice' });
    expect(within(bodyRows()[0]).getByText('Removed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove stamp: / })).not.toBeInTheDocument();
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

  // Every page the pager offers is asked for from where the server reads it directly.
  it('asks for pages from the cursors of the page on screen: next, a few pages on, back; the last by number', async () => {
    const seenQueries = recordQueryStrings();
    // The server as it answers: the page asked for, with its first and last rows' cursors.
    http.on(ACTIVITY, () => {
      const asked = Number(new URLSearchParams(seenQueries[seenQueries.length - 1]).get('page'));
      const cursors = asked === 1 ? { nextCursor: 'c1-last' } : { nextCursor: `c${asked}-last`, prevCursor: `c${asked}-first` };
      return { status: 200, body: page([stamp(`e${asked}`, `Page ${asked}`, 1)], { page: asked, total: 5_000, hasMore: asked < 500, ...cursors }) };
    });
    renderTable();
    const goTo = async (label: string, shows: string) => {
      fireEvent.click(screen.getByRole('listitem', { name: label }));
      await act(async () => undefined);
      expect(await screen.findByText(shows)).toBeInTheDocument();
    };
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    expect(seenQueries[0]).toBe('?page=1&pageSize=10');
    await goTo('2', 'Page 2');
    expect(seenQueries.at(-1)).toBe('?page=2&pageSize=10&before=c1-last');
    // Two pages on: one page (10 rows) passed over after page 2's last row.
    await goTo('4', 'Page 4');
    expect(seenQueries.at(-1)).toBe('?page=4&pageSize=10&before=c2-last&skip=10');
    // antd's "next 5 pages": four pages passed over.
    fireEvent.click(screen.getByTitle('Next 5 Pages'));
    await act(async () => undefined);
    expect(await screen.findByText('Page 9')).toBeInTheDocument();
    expect(seenQueries.at(-1)).toBe('?page=9&pageSize=10&before=c4-last&skip=40');
    // Back one page: the rows just above page 9's first row.
    await goTo('8', 'Page 8');
    expect(seenQueries.at(-1)).toBe('?page=8&pageSize=10&after=c9-first');
    // antd's "previous 5 pages": four pages passed over, above page 8's first row.
    fireEvent.click(screen.getByTitle('Previous 5 Pages'));
    await act(async () => undefined);
    expect(await screen.findByText('Page 3')).toBeInTheDocument();
    expect(seenQueries.at(-1)).toBe('?page=3&pageSize=10&after=c8-first&skip=40');
    // The last page is read from the oldest event, by number; the first from the newest.
    await goTo('500', 'Page 500');
    expect(seenQueries.at(-1)).toBe('?page=500&pageSize=10');
    // Page 1 again: the same request as at the start, so RTK Query's cache answers it.
    const sent = seenQueries.length;
    await goTo('1', 'Page 1');
    expect(seenQueries.slice(sent).every((query) => query === '?page=1&pageSize=10')).toBe(true);
    // Every page this pager can ask for is one the server serves from where it reads directly.
    for (const query of seenQueries) expect(Number(new URLSearchParams(query).get('skip') ?? 0)).toBeLessThanOrEqual(ACTIVITY_SEEK_MAX_ROWS);
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
