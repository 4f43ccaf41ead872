// The stamp alerts in the owner's language: the alert sentence with its counts and the code's time, the stamps
// it granted, and the void button, read in French (and Arabic's plural forms).
import { act, screen, within } from '@testing-library/react';
import type { RelayAlert } from '../../../../src/api/contract/relay';
import { RelayAlerts } from '../../../../src/features/qr/RelayAlerts';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { pageLanguage } from '../../support/pageLanguage';
import { sessionTokenFor } from '../../support/tokens';
import { settle } from '../customer/settle';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
const FIRST_USED = Date.parse('2026-11-22T14:02:00');

let http: FakeApi;
let backToEnglish: () => void = () => undefined;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T14:05:00'));
  http = installFakeApi();
});

afterEach(() => {
  act(() => backToEnglish());
  http.restore();
  jest.useRealTimers();
});

function alertOf(overrides: Partial<RelayAlert> = {}): RelayAlert {
  const stamp = (n: number) => ({ id: `s${n}`, customer: `Client ${n}`, date: FIRST_USED + n * 5_000, network: `203.0.113.${n}/24`, newDevice: n === 1, voided: false, claimedAfter: false });
  return {
    code: 'code-1',
    kind: 'dynamic',
    reason: 'networks',
    message: 'server sentence (not shown)',
    firstUsedAt: FIRST_USED,
    lastUsedAt: FIRST_USED + 45_000,
    flaggedAt: FIRST_USED + 45_000,
    granted: 2,
    refused: 3,
    networks: 2,
    budget: 2,
    voidedAt: null,
    voidedStamps: null,
    stamps: [stamp(1), stamp(2)],
    ...overrides,
  };
}

async function renderAlerts(alert: RelayAlert) {
  http.on(`GET /api/qrcode/${VENDOR}/alerts`, { status: 200, body: { alerts: [alert] } });
  renderWithApp(<RelayAlerts vendorId={VENDOR} />, { preloadedState: { session: { token: sessionTokenFor(VENDOR) } } });
  await settle();
  return screen.getByTestId('relay-alert');
}

it('reads the alert, its counts, its times and the void button in French', async () => {
  backToEnglish = pageLanguage('fr', ['fr-FR']);
  const alert = await renderAlerts(alertOf());
  expect(screen.getByRole('heading', { level: 2, name: 'Alertes tampons' })).toBeInTheDocument();
  expect(within(alert).getByText('Le code de 14:02 a servi 5 fois depuis 2 réseaux en 45 s — une photo circule peut-être')).toBeInTheDocument();
  expect(within(alert).getByText('2 tampons donnés · 3 autres refusés')).toBeInTheDocument();
  expect(within(alert).getByText('14:02:05')).toBeInTheDocument();
  expect(within(alert).getByText('nouveau téléphone')).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Annuler 2 tampons' })).toBeEnabled();
});

it("counts in Arabic's own plural forms: two networks, two stamps", async () => {
  backToEnglish = pageLanguage('ar', ['ar']);
  const alert = await renderAlerts(alertOf({ kind: 'printable', granted: 2, refused: 0 }));
  expect(within(alert).getByText(/^رمز الملصق استُخدم مرتين من شبكتين/)).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'إلغاء ختمين' })).toBeInTheDocument();
});
