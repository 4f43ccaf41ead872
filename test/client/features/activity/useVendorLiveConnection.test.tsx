// One live connection for the signed-in vendor, held by the vendor layout on every page — not only
// the QR page — so the dashboard (figures, what the store owes) and Reward Activity refetch as customers scan,
// and moving between vendor pages keeps the same stream (the server caps streams per store).
import { act, screen } from '@testing-library/react';
import type { DashboardResponse } from '../../../../src/api/contract/activity';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage';
import { VendorLayout } from '../../../../src/features/layout/VendorLayout';
import { loggedOut } from '../../../../src/features/session/sessionSlice';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { FakeEventSource, installFakeEventSource } from '../../support/fakeEventSource';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
const DASHBOARD = `GET /api/dashboard/${VENDOR}`;

function dashboard(fullCards: number): DashboardResponse {
  return {
    hasActivity: true,
    stampCard: { averageStamps: 1, required: 3, activeCards: 1 },
    totalRedemptions: 0,
    redemptionsPerWeek: [],
    recent: [],
    engagedCustomers: [],
    redemptionActivity: [],
    outstanding: { fullCards, nearlyFull: 0 },
  };
}

let http: FakeApi;
let removeEventSource: () => void;
let owed: number;

beforeEach(() => {
  http = installFakeApi();
  removeEventSource = installFakeEventSource();
  owed = 0;
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: { vendor: { company: 'Corner Café', address: '', open_hours: '', website: '', logo: null, banner: null }, items: [] } });
  http.on(`POST /api/activity/${VENDOR}/stream-ticket`, { status: 200, body: { ticket: 't', expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=t` } });
  http.on(`GET /api/activity/${VENDOR}`, { status: 200, body: { items: [], page: 1, pageSize: 8, total: 0, totalIsCapped: false, hasMore: false } });
  http.on(`GET /api/activity/${VENDOR}/today`, { status: 200, body: { date: '2026-11-22', items: [] } });
  http.on(DASHBOARD, () => ({ status: 200, body: dashboard(owed) }));
});

afterEach(() => {
  removeEventSource();
  http.restore();
});

function renderSignedIn() {
  return renderWithApp(
    <VendorLayout>
      <DashboardPage />
    </VendorLayout>,
    {
      preloadedState: { session: { token: sessionTokenFor(VENDOR) } },
      route: `/dashboard/${VENDOR}`,
      path: '/dashboard/:userId',
      extraRoutes: [
        {
          path: '/rewards/:userId',
          element: (
            <VendorLayout>
              <h1>Rewards page</h1>
            </VendorLayout>
          ),
        },
      ],
    },
  );
}

const streams = () => FakeEventSource.instances;

describe('the vendor live connection', () => {
  it('the dashboard (no QR page open) holds the stream, and a scan refreshes what the store owes', async () => {
    renderSignedIn();
    expect(await screen.findByText('You owe 0 rewards · 0 cards one stamp away')).toBeInTheDocument();
    await act(async () => undefined);
    expect(streams()).toHaveLength(1);
    act(() => streams()[0].emit('open'));

    owed = 1;
    act(() => streams()[0].emit('activity', { id: 'e1', type: 'stamp', customer: 'Customer #1', date: Date.now(), reward: 'Latte', stamps: 3, required: 3 }));
    // The dashboard query is invalidated and refetched at once: well within the 2 s a live figure may take.
    expect(await screen.findByText('You owe 1 reward · 0 cards one stamp away', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(http.sent(DASHBOARD)).toHaveLength(2);
  });

  it('moving to another vendor page keeps the same stream; signing out closes it', async () => {
    const { router, store } = renderSignedIn();
    await screen.findByText('You owe 0 rewards · 0 cards one stamp away');
    await act(async () => undefined);
    const stream = streams()[0];
    await act(() => router.navigate(`/rewards/${VENDOR}`));
    await screen.findByRole('heading', { name: 'Rewards page' });
    await act(async () => undefined);
    expect(streams()).toHaveLength(1);
    expect(stream.closed).toBe(false);
    expect(store.getState().activityFeed).toMatchObject({ vendorId: VENDOR, holders: 1 });

    act(() => {
      store.dispatch(loggedOut());
    });
    await act(async () => undefined);
    expect(stream.closed).toBe(true);
  });

  it('after a drop it reconnects by itself and reloads what it may have missed', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      renderSignedIn();
      await act(() => jest.advanceTimersByTimeAsync(50));
      await screen.findByText('You owe 0 rewards · 0 cards one stamp away');
      act(() => streams()[0].emit('open'));
      act(() => streams()[0].emit('error'));
      owed = 2;
      await act(() => jest.advanceTimersByTimeAsync(1000));
      expect(streams()).toHaveLength(2);
      act(() => streams()[1].emit('open'));
      await act(() => jest.advanceTimersByTimeAsync(50));
      expect(await screen.findByText('You owe 2 rewards · 0 cards one stamp away')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

