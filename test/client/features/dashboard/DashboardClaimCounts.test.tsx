// The dashboard's claim counts, updated live when the store's stream reports a hand-over.
import { act, screen } from '@testing-library/react';
import type { DashboardResponse } from '../../../../src/api/contract/activity';
import DashboardPage from '../../../../src/features/dashboard/DashboardPage';
import { renderWithApp } from '../../render';
import type { FakeApi } from '../../support/fakeHttp';
import { startVendorStage, type VendorStage } from '../../support/vendorStage';
import { sessionTokenFor } from '../../support/tokens';
import { FakeEventSource } from '../../support/fakeEventSource';
import { settle } from '../customer/settle';
import { useVendorLiveConnection } from '../../../../src/features/activity/useVendorLiveConnection';
import { pageLanguage } from '../../support/pageLanguage';

/** The dashboard as the vendor layout shows it: inside the tab's one live connection . */
function LiveDashboard() {
  useVendorLiveConnection(VENDOR);
  return <DashboardPage />;
}

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
let stage: VendorStage;
let http: FakeApi;

beforeEach(() => {
  stage = startVendorStage(VENDOR);
  http = stage.http;
});

afterEach(() => stage.stop());

function dashboard(claims: DashboardResponse['claims']): DashboardResponse {
  const days = (n: number) => Array.from({ length: n }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, count: 0 }));
  return {
    hasActivity: true,
    stampCard: { averageStamps: 3, required: 10, activeCards: 4 },
    totalRedemptions: 3,
    redemptionsPerWeek: days(8),
    recent: [],
    engagedCustomers: [],
    redemptionActivity: days(30),
    outstanding: { fullCards: 0, nearlyFull: 1 },
    claims,
  };
}

describe('Dashboard claim counts', () => {
  it('counts waiting, handed-over and expired claims, and reloads them when the stream reports a hand-over', async () => {
    let claims = { pending: 2, given: 5, expired: 1 };
    http.on(`GET /api/dashboard/${VENDOR}`, () => ({ status: 200, body: dashboard(claims) }));
    renderWithApp(<LiveDashboard />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/dashboard/${VENDOR}`, path: '/dashboard/:userId' });
    await settle();
    expect(screen.getByTestId('claim-counts')).toHaveTextContent('2 waiting at the counter · 5 handed over · 1 expired');
    expect(screen.getByRole('link', { name: 'Your customers' })).toHaveAttribute('href', `/customers/${VENDOR}`);

    claims = { pending: 1, given: 6, expired: 1 };
    await act(() => FakeEventSource.latest().emit('open'));
    await act(() =>
      FakeEventSource.latest().emit('activity', { id: 'c1', type: 'redemption', customer: 'Ana', date: Date.now(), reward: 'Flat White', status: 'given', givenAt: Date.now() }),
    );
    await settle();
    expect(screen.getByTestId('claim-counts')).toHaveTextContent('1 waiting at the counter · 6 handed over · 1 expired');
  });

  it('reads in French with singular forms for one, and a space before each colon', async () => {
    const backToEnglish = pageLanguage('fr', ['fr-FR']);
    try {
      http.on(`GET /api/dashboard/${VENDOR}`, () => ({ status: 200, body: dashboard({ pending: 0, given: 1, expired: 1 }) }));
      renderWithApp(<LiveDashboard />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } }, route: `/dashboard/${VENDOR}`, path: '/dashboard/:userId' });
      await settle();
      const counts = screen.getByTestId('claim-counts').textContent ?? '';
      expect(counts).toContain('Récompenses réclamées\u00a0: ');
      expect(counts).toContain('1 remise · 1 expirée');
      expect(screen.getByTestId('outstanding-rewards').textContent).toContain('Récompenses dues\u00a0: ');
    } finally {
      act(() => backToEnglish());
    }
  });
});
