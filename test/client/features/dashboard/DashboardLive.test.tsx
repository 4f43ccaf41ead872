// The dashboard fed by GET /api/dashboard: the vendor's own figures once they have activity (no sample
// markers but on the campaigns card), the marked samples before that, and what the store owes.
import { act, screen, within } from '@testing-library/react';
import type { DashboardResponse } from '../../../../src/api/contract/activity';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
const DASHBOARD = `GET /api/dashboard/${VENDOR}`;
const NOW = Date.now();
const HOUR = 60 * 60 * 1000;

const days = (count: number, start: string) =>
  Array.from({ length: count }, (_, i) => ({ date: new Date(Date.parse(start) + i * 24 * HOUR).toISOString().slice(0, 10), count: 0 }));

function liveDashboard(): DashboardResponse {
  const redemptionActivity = days(30, '2026-10-24T00:00:00Z');
  redemptionActivity[1].count = 1;
  redemptionActivity[23].count = 1;
  const redemptionsPerWeek = days(8, '2026-09-28T00:00:00Z').map((week, i) => ({ ...week, count: [0, 0, 0, 2, 0, 0, 0, 1][i] }));
  return {
    hasActivity: true,
    stampCard: { averageStamps: 3.7, required: 5, activeCards: 3 },
    totalRedemptions: 3,
    redemptionsPerWeek,
    recent: [
      { id: 'e4', type: 'stamp', customer: 'Ana Lima', date: NOW - 5 * 60 * 1000, reward: 'Flat White', stamps: 2, required: 5 },
      { id: 'r1', type: 'redemption', customer: 'Cara', date: NOW - 3 * HOUR, reward: 'Flat White', required: 5 },
      { id: 'e3', type: 'stamp', customer: 'Guest 4F2A', date: NOW - 26 * HOUR, reward: 'Flat White', stamps: 5, required: 5 },
      { id: 'e2', type: 'stamp', customer: 'Guest 4F2A', date: NOW - 27 * HOUR, reward: 'Flat White', stamps: 4, required: 5 },
    ],
    engagedCustomers: [
      { key: 'k1', name: 'Eve', initials: 'E', stamps: 10 },
      { key: 'k2', name: 'Ana Lima', initials: 'AL', stamps: 7 },
      { key: 'k3', name: 'Cara', initials: 'C', stamps: 6 },
      { key: 'k4', name: 'Guest 4F2A', initials: 'G4', stamps: 1 },
    ],
    redemptionActivity,
    outstanding: { fullCards: 1, nearlyFull: 1 },
  };
}

let http: FakeApi;

beforeEach(() => {
  http = installFakeApi();
});

afterEach(() => {
  http.restore();
});

function renderDashboard() {
  return renderWithApp(<DashboardPage />, {
    preloadedState: { session: { token: sessionTokenFor(VENDOR) } },
    route: `/dashboard/${VENDOR}`,
    path: '/dashboard/:userId',
  });
}

const card = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('.ant-card') as HTMLElement;

describe('DashboardPage with live figures', () => {
  it('shows placeholders, not sample figures, while the figures load', async () => {
    http.on(DASHBOARD, () => new Promise(() => undefined));
    renderDashboard();
    expect(await screen.findByRole('status', { name: 'Loading your figures…' })).toBeInTheDocument();
    expect(screen.queryByText('1,234')).not.toBeInTheDocument();
  });

  it("asks for the figures in the browser's time zone", async () => {
    const seen: string[] = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = ((input: { url: string }) => {
      seen.push(input.url);
      return fakeFetch(input as never);
    }) as typeof fetch;
    http.on(DASHBOARD, { status: 200, body: liveDashboard() });
    renderDashboard();
    await screen.findByText('You owe 1 reward · 1 card one stamp away');
    expect(new URL(seen[0], 'http://localhost').searchParams.get('utcOffset')).toBe(String(-new Date().getTimezoneOffset() || 0));
    globalThis.fetch = fakeFetch;
  });

  it("fills every card with the vendor's own figures and marks only the campaigns as samples", async () => {
    http.on(DASHBOARD, { status: 200, body: liveDashboard() });
    renderDashboard();
    expect(await screen.findByText('Customers on average collect 3.7 of 5 stamps.')).toBeInTheDocument();

    const reward = card('Reward setup');
    expect(within(reward).getByRole('img', { name: '4 of 5 stamps collected' }).querySelectorAll('[data-stamp]')).toHaveLength(5);
    expect(within(reward).getByTestId('outstanding-rewards')).toHaveTextContent('You owe 1 reward · 1 card one stamp away');

    const graph = card('Redemption activity');
    expect(within(graph).getByRole('img', { name: 'Redemptions per day over the last 30 days, 2 in all' })).toBeInTheDocument();
    // This week (the last of the 8 weeks): 1 claim; the axis counts whole claims.
    expect(graph.querySelector('.sw-activity-summary .sw-figure')).toHaveTextContent('1');
    expect([...graph.querySelectorAll('.sw-chart-axis')].map((label) => label.textContent).slice(0, 5)).toEqual(['0', '1', '2', '3', '4']);

    const total = card('Total Redemptions');
    expect(within(total).getByText('3')).toBeInTheDocument();
    expect(within(total).getByRole('img', { name: 'Redemptions per week over the last 8 weeks' }).querySelectorAll('rect')).toHaveLength(8);

    const recent = within(card('Recent Reward Activity')).getAllByRole('listitem').map((item) => item.textContent);
    expect(recent).toEqual([
      'Ana Lima collected stamp 2 of 55 min ago',
      'Cara redeemed Flat White3 h ago',
      'Guest 4F2A completed a stamp card1 d ago',
      'Guest 4F2A collected stamp 4 of 51 d ago',
    ]);

    const engaged = card('Engaged Customers');
    expect(within(engaged).getAllByTestId('customer-avatar').map((avatar) => avatar.textContent)).toEqual(['E', 'AL', 'C', 'G4']);
    expect(within(engaged).getByText('10 stamps in the last 90 days')).toBeInTheDocument();
    expect(within(engaged).getByText('1 stamp in the last 90 days')).toBeInTheDocument();

    // No invented figures beside real ones: no campaign has been launched, so none is shown, and nothing is a sample.
    expect(screen.queryAllByTestId('sample-data-tag')).toHaveLength(0);
    const campaigns = card('Active Campaigns');
    expect(campaigns).toHaveTextContent('0running now');
    expect(within(campaigns).getByText('No campaigns yet')).toBeInTheDocument();
    expect(campaigns).not.toHaveTextContent('412');
  });

  it("counts the store's own running campaigns on the Active Campaigns card", async () => {
    http.on(DASHBOARD, {
      status: 200,
      body: {
        ...liveDashboard(),
        activeCampaigns: { count: 2, customersReached: 37, campaigns: [{ id: 'c1', title: 'Weekend double', end: '2026-11-29T18:00:00.000Z' }, { id: 'c2', title: 'Tuesday treat', end: '2026-12-04T18:00:00.000Z' }] },
      },
    });
    renderDashboard();
    await screen.findByText('Weekend double');
    const campaigns = card('Active Campaigns');
    expect(campaigns).toHaveTextContent('2running now');
    expect(within(campaigns).getByText('Tuesday treat')).toBeInTheDocument();
    expect(within(campaigns).getByText('ends 29 Nov')).toBeInTheDocument();
    expect(campaigns).toHaveTextContent('37 customers reached this week');
    expect(within(campaigns).queryByTestId('sample-data-tag')).not.toBeInTheDocument();
  });

  const noActivity = (required: number): DashboardResponse => ({
    ...liveDashboard(),
    hasActivity: false,
    stampCard: { averageStamps: 0, required, activeCards: 0 },
    outstanding: { fullCards: 0, nearlyFull: 0 },
  });

  it("shows the sample figures, every card marked, while the store has no activity — but not a sample debt", async () => {
    http.on(DASHBOARD, { status: 200, body: noActivity(10) });
    renderDashboard();
    expect(await screen.findByText('Customers on average collect 7 of 10 stamps.')).toBeInTheDocument();
    expect(within(card('Total Redemptions')).getByText('1,234')).toBeInTheDocument();
    // What the store owes is real (nothing yet), never "You owe 3 rewards" from the samples.
    expect(screen.getByTestId('outstanding-rewards')).toHaveTextContent('You owe 0 rewards · 0 cards one stamp away');
    expect(screen.getAllByTestId('sample-data-tag')).toHaveLength(6);
  });

  it('a 3-punch store without activity sees a 3-stamp sample card, not "Collect 10 stamps" or "3 of 3"', async () => {
    http.on(DASHBOARD, { status: 200, body: noActivity(3) });
    renderDashboard();
    expect(await screen.findByText('Customers on average collect 2.1 of 3 stamps.')).toBeInTheDocument();
    const reward = card('Reward setup');
    expect(within(reward).getByText('Collect 3 stamps, get 1 free')).toBeInTheDocument();
    expect(within(reward).getByRole('img', { name: '2 of 3 stamps collected' }).querySelectorAll('[data-stamp]')).toHaveLength(3);
  });

  it('a stamp on a card that was already full says the reward is ready, not "stamp 6 of 5"', async () => {
    const dashboard = liveDashboard();
    dashboard.recent = [{ id: 'e9', type: 'stamp', customer: 'Guest 4F2A', date: NOW - 5 * 60 * 1000, reward: 'Flat White', stamps: 6, required: 5 }];
    http.on(DASHBOARD, { status: 200, body: dashboard });
    renderDashboard();
    const recent = await screen.findByText('collected a stamp · reward ready');
    expect(recent.closest('li')).toHaveTextContent('Guest 4F2A');
    expect(screen.queryByText(/6 of 5/)).not.toBeInTheDocument();
  });

  it('with no card in progress (the only one was just completed) it says so instead of "average 0 of 3"', async () => {
    http.on(DASHBOARD, { status: 200, body: { ...liveDashboard(), stampCard: { averageStamps: 0, required: 3, activeCards: 0 } } });
    renderDashboard();
    expect(await screen.findByText('No card is in progress right now: the next stamp starts one (3 to a reward).')).toBeInTheDocument();
    expect(screen.queryByText(/on average collect 0 of 3/)).not.toBeInTheDocument();
  });
});

describe('DashboardPage with live figures in French', () => {
  let backToEnglish: () => void;
  beforeEach(() => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
  });
  afterEach(() => act(() => backToEnglish()));

  it('says what the store owes, how long ago each event was and older days in French', async () => {
    const dashboard = liveDashboard();
    dashboard.outstanding = { fullCards: 1234, nearlyFull: 1 };
    dashboard.recent = [...dashboard.recent.slice(0, 2), { id: 'old', type: 'stamp', customer: 'Dora', date: Date.parse('2026-03-14T10:00:00'), reward: 'Flat White', stamps: 1, required: 5 }];
    http.on(DASHBOARD, { status: 200, body: dashboard });
    renderDashboard();

    // French groups thousands with a narrow no-break space.
    expect((await screen.findByTestId('outstanding-rewards')).textContent).toContain('Vous devez 1\u202f234 récompenses · 1 carte à un tampon du but');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      // Intl's French keeps the number and its unit together with a no-break space.
      expect.arrayContaining(['Ana Lima a reçu le tampon 2 sur 5il y a 5\u00a0min', 'Cara a utilisé Flat Whiteil y a 3\u00a0h', 'Dora a reçu le tampon 1 sur 514 mars']),
    );
    expect(screen.getByText('10 tampons ces 90 derniers jours')).toBeInTheDocument();
    // The daily chart's days (a label a week up to 22 Nov) in French order.
    const dayLabels = [...document.querySelectorAll('.sw-chart-axis')].map((label) => label.textContent);
    expect(dayLabels).toEqual(expect.arrayContaining(['25 oct.', '1 nov.', '22 nov.']));
  });
});
