// A new store's dashboard says "Set up your reward first", lists the first-day checklist until it is
// done, and shows the vendor's own reward once one is saved.
import { screen, within } from '@testing-library/react';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage';
import type { DashboardResponse } from '../../../../src/api/contract/activity';
import type { FirstDayStatus, RewardResponse } from '../../../../src/api/contract/rewards';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { setupUser } from '../../support/browser';
import { pageLanguage } from '../../support/pageLanguage';

jest.setTimeout(30_000);

const noActivityYet: DashboardResponse = {
  hasActivity: false,
  stampCard: { averageStamps: 0, required: 10, activeCards: 0 },
  totalRedemptions: 0,
  redemptionsPerWeek: [],
  recent: [],
  engagedCustomers: [],
  redemptionActivity: [],
  outstanding: { fullCards: 0, nearlyFull: 0 },
};
const brandNew: FirstDayStatus = { rewardSaved: false, rewardUsable: false, rewardExpiry: null, flyerPrinted: false, firstStamp: false };
const specDefaults: RewardResponse = { reward: { stamps: 10, item: null, itemCustom: null, expiry: '2025-12-31' }, items: [] };
const flatWhite: RewardResponse = { reward: { stamps: 8, item: 'fw', itemCustom: null, expiry: '2099-12-31' }, items: [{ _id: 'fw', name: 'Flat White' }] };

let http: FakeApi;
beforeEach(() => {
  http = installFakeApi();
  http.on('GET /api/dashboard/vendor-1', { status: 200, body: noActivityYet });
});
afterEach(() => http.restore());

function renderDashboard(firstDay: FirstDayStatus, reward: RewardResponse) {
  http.on('GET /api/rewards/vendor-1/first-day', { status: 200, body: firstDay });
  http.on('GET /api/rewards/vendor-1', { status: 200, body: reward });
  return renderWithApp(<DashboardPage />, {
    route: '/dashboard/vendor-1',
    path: '/dashboard/:userId',
    extraRoutes: [{ path: '/rewards/:userId', element: <h1>Rewards page</h1> }],
  });
}

const stepStates = () => [...screen.getByTestId('first-day-checklist').querySelectorAll('li')].map((li) => [li.textContent, li.getAttribute('data-done')]);

describe('the first day on the dashboard', () => {
  it('a brand-new store: "Set up your reward first" with its way to Rewards, and the three steps to do', async () => {
    const user = setupUser();
    renderDashboard(brandNew, specDefaults);
    const callToAction = await screen.findByTestId('set-up-reward-first');
    expect(within(callToAction).getByText('Set up your reward first')).toBeInTheDocument();
    expect(within(callToAction).getByText(/Customers cannot collect stamps until your store has a reward/)).toBeInTheDocument();
    expect(stepStates()).toEqual([
      ['1Set up your rewardRewards', 'false'],
      ['2Print your flyer or put the QR code on the counter screenQR Code', 'false'],
      ['3Your first customer collects a stamp', 'false'],
    ]);
    // No reward saved: the card keeps the sample line only.
    expect(screen.queryByTestId('reward-offer')).not.toBeInTheDocument();
    await user.click(within(callToAction).getByText('Set up reward'));
    expect(await screen.findByRole('heading', { name: 'Rewards page' })).toBeInTheDocument();
  });

  it('a reward that has ended is named, with its date', async () => {
    renderDashboard({ ...brandNew, rewardSaved: true, rewardExpiry: '2025-12-31' }, specDefaults);
    expect(await screen.findByText('Your reward ended on 31 Dec 2025, so customers cannot collect stamps. Choose a new expiry date to keep it running.')).toBeInTheDocument();
  });

  it('a reward that has ended is named in French, with its date written the French way', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      renderDashboard({ ...brandNew, rewardSaved: true, rewardExpiry: '2025-12-31' }, specDefaults);
      expect(await screen.findByText(/^Votre récompense a pris fin le 31 déc\. 2025 : les clients ne peuvent plus obtenir de tampons\./)).toBeInTheDocument();
      expect(screen.getByText('Configurez d’abord votre récompense')).toBeInTheDocument();
    } finally {
      backToEnglish();
    }
  });

  it("a saved reward: no call to action, the card shows the vendor's own setup, the step is ticked", async () => {
    renderDashboard({ ...brandNew, rewardSaved: true, rewardUsable: true, rewardExpiry: '2099-12-31' }, flatWhite);
    expect(await screen.findByText('Buy 8 Flat White, get 1 free')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /of 8 stamps collected/ })).toBeInTheDocument();
    expect(screen.queryByTestId('set-up-reward-first')).not.toBeInTheDocument();
    expect(stepStates().map(([, done]) => done)).toEqual(['true', 'false', 'false']);
  });

  it('disappears once the first real stamp is in', async () => {
    renderDashboard({ rewardSaved: true, rewardUsable: true, rewardExpiry: '2099-12-31', flyerPrinted: true, firstStamp: true }, flatWhite);
    expect(await screen.findByText('Buy 8 Flat White, get 1 free')).toBeInTheDocument();
    expect(screen.queryByTestId('first-day-checklist')).not.toBeInTheDocument();
    expect(screen.queryByTestId('set-up-reward-first')).not.toBeInTheDocument();
  });
});
