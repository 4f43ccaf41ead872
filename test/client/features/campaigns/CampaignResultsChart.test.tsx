// A real campaign's performance: its Results button shows return visits per day for both halves and the
// result in one sentence; the table shows a bonus-stamps campaign's budget spent and left.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CampaignsPage from '../../../../src/features/campaigns/CampaignsPage';
import type { CampaignResults, CampaignRow } from '../../../../src/api/contract/campaigns';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const START = Date.parse('2026-12-01T09:00:00.000Z');

const campaign: CampaignRow = {
  id: 'cmp-ab',
  campaignTitle: 'Come back Tuesday',
  campaignDescription: 'A pastry with your coffee.',
  targetAudience: 'all',
  startDateTime: new Date(START).toISOString(),
  endDateTime: new Date(START + 14 * DAY).toISOString(),
  promotionType: 'bonus-stamps',
  itemsToPromote: ['Coffee'],
  notificationFrequency: 'once',
  abTesting: true,
  budget: 50,
  status: 'active',
  notifications: 0,
  delivery: { sent: 0, waiting: 0, failed: 0 },
  createdAt: 1,
  budgetSpent: 1.2,
  budgetLeft: 48.8,
  bonusStamps: 2,
};

const abResults: CampaignResults = {
  mode: 'ab',
  messaged: 50,
  heldOut: 40,
  days: [
    { at: START, date: '2026-12-01', messaged: 10, heldOut: 4 },
    { at: START + DAY, date: '2026-12-02', messaged: 5, heldOut: 2 },
  ],
  effect: { estimate: 12.4, low: 3.6, high: 20.2 },
  minimumGroup: 30,
  fullDays: 2,
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/campaigns/vendor-1', { status: 200, body: { campaigns: [campaign] } });
  api.on('GET /api/campaigns/vendor-1/audience', { status: 200, body: { daily: 0, weekly: 0, monthly: 0, all: 90 } });
});
afterEach(() => {
  api.restore();
});

const renderCampaigns = () => renderWithApp(<CampaignsPage />, { route: '/campaigns/vendor-1', path: '/campaigns/:userId' });

describe('campaign results on the Campaigns page', () => {
  it('shows return visits per day per 100 customers of each half and the difference with its interval', async () => {
    api.on('GET /api/campaigns/vendor-1/cmp-ab/results', { status: 200, body: abResults });
    const user = userEvent.setup({ skipHover: true, delay: null });
    renderCampaigns();
    await user.click(await screen.findByRole('button', { name: 'Results' }));
    const chart = await screen.findByRole('figure', { name: 'Return visits per day: Come back Tuesday' });
    expect(within(chart).getByTestId('campaign-result')).toHaveTextContent('+12 visits per 100 customers, 4 to 20');
    expect(within(chart).getByTestId('campaign-result')).toHaveTextContent('held-out half');
    // Day one: 10 of 50 messaged = 20 per 100; 4 of 40 held out = 10 per 100.
    const dayOne = within(chart).getByRole('region', { name: '1 Dec' });
    expect([...dayOne.querySelectorAll('.sw-bar-value')].map((value) => value.textContent)).toEqual(['20', '10']);
  });

  it('says it is too early to tell without an effect, and compares with the previous 30 days without A/B testing', async () => {
    api.on('GET /api/campaigns/vendor-1/cmp-ab/results', { status: 200, body: { ...abResults, effect: undefined } });
    const user = userEvent.setup({ skipHover: true, delay: null });
    renderCampaigns();
    await user.click(await screen.findByRole('button', { name: 'Results' }));
    expect(await screen.findByTestId('campaign-result')).toHaveTextContent('Too early to tell: a result needs one full day and at least 30 customers in each group.');
  });

  it('shows a before-and-after result per day', async () => {
    api.on('GET /api/campaigns/vendor-1/cmp-ab/results', {
      status: 200,
      body: { mode: 'before-after', messaged: 40, heldOut: 0, days: [{ at: START, date: '2026-12-01', messaged: 8 }], baselinePerDay: 2, effect: { estimate: 3.25, low: -1.5, high: 8 }, minimumGroup: 30, fullDays: 1 },
    });
    const user = userEvent.setup({ skipHover: true, delay: null });
    renderCampaigns();
    await user.click(await screen.findByRole('button', { name: 'Results' }));
    expect(await screen.findByTestId('campaign-result')).toHaveTextContent('+3.3 visits per 100 customers a day, -1.5 to 8');
    expect(screen.getByText('Their usual day (previous 30 days): 5')).toBeInTheDocument();
  });

  it("labels each day with the store's date, not the browser's (a store in Asia/Kolkata starts 2 Dec at 18:30 UTC on 1 Dec)", async () => {
    const kolkataSecondDay = Date.parse('2026-12-01T18:30:00.000Z');
    api.on('GET /api/campaigns/vendor-1/cmp-ab/results', {
      status: 200,
      body: { ...abResults, days: [abResults.days[0], { at: kolkataSecondDay, date: '2026-12-02', messaged: 5, heldOut: 2 }] },
    });
    const user = userEvent.setup({ skipHover: true, delay: null });
    renderCampaigns();
    await user.click(await screen.findByRole('button', { name: 'Results' }));
    const chart = await screen.findByRole('figure', { name: 'Return visits per day: Come back Tuesday' });
    expect(within(chart).getAllByRole('region').map((day) => day.getAttribute('aria-label'))).toEqual(['1 Dec', '2 Dec']);
  });

  it("shows a bonus-stamps campaign's budget spent and left in the table", async () => {
    renderCampaigns();
    expect(await screen.findByText(/spent · .* left/)).toHaveTextContent(/1\.20 spent · .*48\.80 left/);
  });
});
