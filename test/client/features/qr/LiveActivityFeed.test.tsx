// The counter feed as the vendor sees it on the QR page: 'Connecting…', 'Live', each scan and claim as a
// line within the moment it arrives, 'Reconnecting…' after a drop and 'Live' again once back.
import { act, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../render';
import { LiveActivityFeed } from '../../../../src/features/qr/LiveActivityFeed';
import { FEED_RELEASE_GRACE_MS } from '../../../../src/features/activity/activityFeedListeners';
import QrPage from '../../../../src/features/qr/QrPage';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { FakeEventSource, installFakeEventSource } from '../../support/fakeEventSource';

// A cold antd render takes seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const VENDOR = 'vendor-1';

let http: FakeApi;
let removeEventSource: () => void;

beforeEach(() => {
  jest.useFakeTimers();
  http = installFakeApi();
  removeEventSource = installFakeEventSource();
  http.on(`POST /api/activity/${VENDOR}/stream-ticket`, { status: 200, body: { ticket: 't', expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=t` } });
});

afterEach(() => {
  removeEventSource();
  http.restore();
  jest.useRealTimers();
});

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));
const serverSends = (type: string, data?: unknown) => act(() => FakeEventSource.latest().emit(type, data));

function renderFeed() {
  return renderWithApp(<LiveActivityFeed vendorId={VENDOR} />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } } });
}

describe('LiveActivityFeed', () => {
  it("shows 'Connecting…', then 'Live', and waits for the first scan", async () => {
    renderFeed();
    expect(screen.getByRole('heading', { level: 2, name: 'Live activity' })).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connecting…');
    await settle();
    await serverSends('open');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
    expect(screen.getByText('Waiting for the next scan…')).toBeInTheDocument();
  });

  it("opens with the latest stamps and claims of the store's day, which the server decides, and adds new ones on top", async () => {
    // 00:30 on this browser's clock; the store's time zone is ahead (in Kolkata, say, with the browser on UTC), so
    // its day began before the browser's midnight: a claim at 23:45 last night here is today's at the store.
    jest.setSystemTime(new Date(2026, 10, 23, 0, 30));
    const beforeBrowserMidnight = new Date(2026, 10, 22, 23, 45).getTime();
    http.on(`GET /api/activity/${VENDOR}/today`, {
      status: 200,
      body: {
        date: '2026-11-23',
        items: [
          { id: 'r0', type: 'redemption', customer: 'Cleo', date: beforeBrowserMidnight, reward: 'Flat White', required: 10 },
          { id: 'e0', type: 'stamp', customer: 'Dan', date: beforeBrowserMidnight - 60_000, reward: 'Flat White', stamps: 9, required: 10 },
        ],
      },
    });
    renderFeed();
    await settle();
    await serverSends('open');
    const lineTexts = () => [...document.querySelectorAll('.sw-live-feed__line')].map((line) => line.textContent);
    expect(lineTexts()).toEqual(['Reward claimed by Cleo', 'Dan collected a stamp · 9/10']);
    // The browser's offset goes along only for a store without a time zone.
    const [asked] = http.sent(`GET /api/activity/${VENDOR}/today`);
    expect(new URL(asked.url, 'http://x').searchParams.get('utcOffset')).toBe(String(-new Date().getTimezoneOffset() || 0));
    expect(screen.queryByText('Waiting for the next scan…')).not.toBeInTheDocument();
    await serverSends('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: Date.now(), reward: 'Flat White', stamps: 4, required: 10 });
    expect(lineTexts()).toEqual(['Ana collected a stamp · 4/10', 'Reward claimed by Cleo', 'Dan collected a stamp · 9/10']);
  });

  it('shows each stamp and claim as a line, newest first', async () => {
    renderFeed();
    await settle();
    await serverSends('open');
    const at = Date.parse('2026-11-22T10:42:00');
    await serverSends('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: at, reward: 'Flat White', stamps: 4, required: 10 });
    await serverSends('activity', { id: 'r1', type: 'redemption', customer: 'Ben', date: at + 60_000, reward: 'Flat White', required: 10 });
    const list = screen.getByRole('list', { name: 'Latest stamps and claims' });
    expect(list).toHaveAttribute('aria-live', 'polite');
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('.sw-live-feed__line')?.textContent)).toEqual(['Reward claimed by Ben', 'Ana collected a stamp · 4/10']);
    expect(within(lines[1]).getByText('10:42')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the next scan…')).not.toBeInTheDocument();
  });

  it("shows each line's time on the store's clock (its Store Settings zone), as the exports do, whatever the browser's zone", async () => {
    // A zone other than this browser's: the same moment reads differently on the two clocks.
    const storeZone = new Date(0).getTimezoneOffset() === -330 ? 'America/Los_Angeles' : 'Asia/Kolkata';
    http.on(`GET /api/vendor/${VENDOR}`, {
      status: 200,
      body: { vendor: { company: 'Corner Café', address: '', open_hours: '', website: '', logo: null, banner: null, currency: 'EUR', timeZone: storeZone }, items: [] },
    });
    renderFeed();
    await settle();
    await serverSends('open');
    const at = Date.parse('2026-11-22T08:51:00Z');
    await serverSends('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: at, reward: 'Flat White', stamps: 4, required: 10 });
    const storeTime = storeZone === 'Asia/Kolkata' ? '14:21' : '00:51';
    expect(document.querySelector('.sw-live-feed__time')).toHaveTextContent(storeTime);
  });

  it("shows 'Reconnecting…' after a drop and 'Live' once the new stream opens, keeping the lines", async () => {
    renderFeed();
    await settle();
    await serverSends('open');
    await serverSends('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: 0, reward: 'Flat White', stamps: 1, required: 10 });
    await serverSends('error');
    await settle();
    expect(screen.getByTestId('live-status')).toHaveTextContent('Reconnecting…');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(FakeEventSource.instances).toHaveLength(2);
    await serverSends('open');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
    expect(screen.getByText('Ana collected a stamp · 1/10')).toBeInTheDocument();
  });

  it("says 'Scans paused' plainly while the server cannot reach its database, and 'Live' again by itself once it can", async () => {
    renderFeed();
    await settle();
    await serverSends('open');
    await serverSends('server-state', { database: 'down' });
    expect(screen.getByTestId('live-status')).toHaveTextContent('Scans paused');
    expect(screen.getByRole('alert')).toHaveTextContent('Scans paused — the server cannot reach its database. Customers’ scans fail until it is back; this screen shows Live again by itself.');
    await serverSends('server-state', { database: 'up' });
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
    expect(screen.queryByTestId('scans-paused')).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('closes the stream a moment after the page goes away (no other vendor page took it over)', async () => {
    const { unmount } = renderFeed();
    await settle();
    const source = FakeEventSource.latest();
    unmount();
    await settle();
    // Kept for the next vendor page to take over (one connection across navigation)...
    expect(source.closed).toBe(false);
    await act(() => jest.advanceTimersByTimeAsync(FEED_RELEASE_GRACE_MS));
    // ...and closed once none did.
    expect(source.closed).toBe(true);
  });

  it('sits under the QR code on the QR page', async () => {
    // jsdom has no canvas: the QR image draws nothing, which is fine here.
    const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    http.on(`GET /api/qrcode/generate/${VENDOR}`, { status: 200, body: { token: 'tok', url: 'http://stampwise.test/s/tok', expiresAt: 0 } });
    renderWithApp(<QrPage />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/qr-code/${VENDOR}`, path: '/qr-code/:userId' });
    await settle();
    await serverSends('open');
    await serverSends('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: 0, reward: 'Flat White', stamps: 4, required: 10 });
    expect(within(screen.getByTestId('live-feed')).getByText('Ana collected a stamp · 4/10')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Scan This QR Code' })).toBeInTheDocument();
    getContext.mockRestore();
  });
});
