// The dashboard shows the sample figures, each card marked as sample data.
import { screen, waitFor, within } from '@testing-library/react';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage';
import { RewardProgressCard, TotalRedemptionsCard } from '../../../../src/features/dashboard/cards';
import type { DashboardResponse } from '../../../../src/api/contract/activity';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { pageLanguage } from '../../support/pageLanguage';

// antd renders and role queries are slow on the shared 2-core machine; no test here waits on a timer.
jest.setTimeout(30_000);

/** GET /api/dashboard for a vendor whose customers have not collected a stamp yet. */
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

let http: FakeApi;
beforeEach(() => {
  http = installFakeApi();
  http.on('GET /api/dashboard/vendor-1', { status: 200, body: noActivityYet });
});
afterEach(() => http.restore());

// The owner's session: the dashboard links to what the owner may change.
const renderDashboard = () => renderWithApp(<DashboardPage />, { route: '/dashboard/vendor-1', path: '/dashboard/:userId', preloadedState: { session: { token: sessionTokenFor('vendor-1') } } });

describe('DashboardPage', () => {
  it('reads in German: its words, and the sample counts written the German way', async () => {
    const backToEnglish = pageLanguage('de', ['de-DE']);
    try {
      renderDashboard();
      expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
      // The heading shows before the figures arrive.
      expect(await screen.findByRole('img', { name: '7 von 10 Stempeln gesammelt' })).toBeInTheDocument();
      const total = screen.getByRole('heading', { name: 'Eingelöste Prämien gesamt' }).closest('.ant-card') as HTMLElement;
      expect(within(total).getByText('1.234')).toBeInTheDocument();
      expect(screen.getByText('412 Kunden diese Woche erreicht')).toBeInTheDocument();
    } finally {
      backToEnglish();
    }
  });

  it('is headed Dashboard', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a stamp card of 10 stamps with 7 filled, a 70 % bar and the average text', async () => {
    renderDashboard();
    const stamps = await screen.findByRole('img', { name: '7 of 10 stamps collected' });
    expect(stamps.querySelectorAll('[data-stamp]')).toHaveLength(10);
    expect(stamps.querySelectorAll('[data-stamp="filled"]')).toHaveLength(7);
    expect(screen.getByRole('progressbar', { name: 'Average stamp-card progress' })).toHaveAttribute('aria-valuenow', '70');
    expect(screen.getByText('Customers on average collect 7 of 10 stamps.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /update reward setup/i })).toHaveAttribute('href', '/rewards/vendor-1');
  });

  it('shows the redemption graph and the four summary cards with the sample figures', async () => {
    renderDashboard();
    expect(await screen.findByRole('img', { name: /Redemptions per week over the last 12 weeks/ })).toBeInTheDocument();

    const total = screen.getByRole('heading', { name: 'Total Redemptions' }).closest('.ant-card') as HTMLElement;
    expect(within(total).getByText('1,234')).toBeInTheDocument();
    expect(within(total).getByRole('img', { name: /Redemptions per month/ }).querySelectorAll('rect')).toHaveLength(7);

    const campaigns = screen.getByRole('heading', { name: 'Active Campaigns' }).closest('.ant-card') as HTMLElement;
    expect(within(campaigns).getByText('3')).toBeInTheDocument();

    const activity = screen.getByRole('heading', { name: 'Recent Reward Activity' }).closest('.ant-card') as HTMLElement;
    expect(within(activity).getAllByRole('listitem')).toHaveLength(4);

    const customers = screen.getByRole('heading', { name: 'Engaged Customers' }).closest('.ant-card') as HTMLElement;
    const avatars = within(customers).getAllByTestId('customer-avatar');
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['EW', 'LO', 'SR', 'NK']);
  });

  it('marks every card as sample data, explaining where real figures will come from', async () => {
    renderDashboard();
    // The h1 shows while the cards are still skeletons: wait for the six cards' own headings.
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6));
    const cards = screen.getAllByRole('heading', { level: 2 });
    for (const heading of cards) {
      const card = heading.closest('.ant-card') as HTMLElement;
      expect(within(card).getByTestId('sample-data-tag')).toHaveTextContent(
        'Sample data: Your own figures appear here once customers start collecting stamps',
      );
    }
  });
});

describe('dashboard cards take their figures as props', () => {
  it('draws any stamp program and average', () => {
    renderWithApp(<RewardProgressCard stampsRequired={8} averageStampsCollected={2} />);
    const stamps = screen.getByRole('img', { name: '2 of 8 stamps collected' });
    expect(stamps.querySelectorAll('[data-stamp="filled"]')).toHaveLength(2);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    // Live figures are not samples: no marker unless asked for.
    expect(screen.queryByTestId('sample-data-tag')).not.toBeInTheDocument();
  });

  it('formats the total', () => {
    renderWithApp(<TotalRedemptionsCard total={98765} monthlyBars={[1, 2, 3]} />);
    expect(screen.getByText('98,765')).toBeInTheDocument();
  });
});
