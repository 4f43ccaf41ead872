// The hand-over in the browser's terms: the phone's reward screen shows the code and turns to "Enjoy your …"
// within 2 s of the counter's hand-over; the counter's feed and counter mode hand a claim over by its
// button or by the typed code; a second confirmation reads as already handed over.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ActivityItem } from '../../../../src/api/contract/activity';
import type { RedemptionDto } from '../../../../src/api/contract/customer';
import { RewardReadyScreen } from '../../../../src/features/customer/RewardReadyScreen';
import { ActivityFeedView } from '../../../../src/features/qr/LiveActivityFeed';
import { activityFeedSlice, initialActivityFeedState, itemReceived } from '../../../../src/features/activity/activityFeedSlice';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { renderWithApp } from '../../render';
import { pageLanguage } from '../../support/pageLanguage';
import { renderCustomerPage } from '../customer/renderCustomer';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { CREDENTIAL } from '../customer/samples';
import { settle } from '../customer/settle';

jest.setTimeout(30_000);

const VENDOR = 'vendor-1';
let http: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:40:00'));
  http = installFakeApi();
});

afterEach(() => {
  http.restore();
  jest.useRealTimers();
  localStorage.clear();
});

const STORE = { vendorId: VENDOR, company: 'Bean There Café', logo: null, currency: 'USD' };

function claimDto(overrides: Partial<RedemptionDto> = {}): RedemptionDto {
  return {
    id: 'claim-1', cardId: 'card-1', store: STORE, rewardLabel: 'Flat White', stampsRequired: 10,
    claimedAt: Date.parse('2026-11-22T10:39:30'), status: 'pending', code: 'K7MQ4', expiresAt: Date.parse('2026-11-22T11:09:30'), givenAt: null,
    ...overrides,
  };
}

describe('RewardReadyScreen (the phone at the counter)', () => {
  it('shows the hand-over code, then "Enjoy your Flat White — given at 10:42" within 2 s of the hand-over', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    let given = false;
    http.on('GET /api/customer/claims/claim-1', () => ({
      status: 200,
      body: given ? claimDto({ status: 'given', code: null, expiresAt: null, givenAt: Date.parse('2026-11-22T10:42:00') }) : claimDto(),
    }));
    renderCustomerPage(<RewardReadyScreen redemption={claimDto()} onDone={() => undefined} />);
    await settle();
    expect(screen.getByRole('dialog', { name: 'Reward ready — show this to staff' })).toBeInTheDocument();
    expect(screen.getByTestId('handover-code')).toHaveTextContent('K7MQ4');
    expect(http.requests[0].headers.get('X-Customer-Key')).toBe(CREDENTIAL);

    // The counter hands it over at 10:42; the phone's next poll (at most 1 s later) shows it.
    await act(() => jest.advanceTimersByTimeAsync(2 * 60 * 1000 - 30_000));
    given = true;
    await act(() => jest.advanceTimersByTimeAsync(1100));
    await settle();
    expect(screen.getByTestId('handover-given')).toHaveTextContent('Enjoy your Flat White — given at 10:42');
    expect(screen.queryByTestId('handover-code')).not.toBeInTheDocument();
    expect(screen.queryByTestId('live-clock')).not.toBeInTheDocument();

    // Settled: no more polling.
    const asked = http.sent('GET /api/customer/claims/claim-1').length;
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(http.sent('GET /api/customer/claims/claim-1').length).toBe(asked);
  });

  it('says the claim expired and the stamps are back', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    http.on('GET /api/customer/claims/claim-1', { status: 200, body: claimDto({ status: 'expired', code: null, expiresAt: null }) });
    renderCustomerPage(<RewardReadyScreen redemption={claimDto()} onDone={() => undefined} />);
    await settle();
    expect(screen.getByRole('dialog', { name: 'Claim expired' })).toHaveTextContent('This claim was not handed over in time, so your stamps are back on your card.');
  });
});

function pendingItem(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 'claim-1', type: 'redemption', customer: 'Ana', date: Date.parse('2026-11-22T10:39:30'), reward: 'Flat White', required: 10,
    status: 'pending', code: 'K7MQ4', givenAt: null, expiresAt: Date.parse('2026-11-22T11:09:30'), ...overrides,
  };
}

function renderFeed(screenName: 'feed' | 'counter', items: ActivityItem[]) {
  return renderWithApp(<ActivityFeedView screen={screenName} idPrefix={`t-${screenName}`} />, {
    preloadedState: { session: { token: sessionTokenFor(VENDOR) }, activityFeed: { ...initialActivityFeedState, status: 'live', vendorId: VENDOR, items } },
  });
}

describe('Hand over in the live feed and counter mode', () => {
  it.each(['feed', 'counter'] as const)('the %s: a pending claim shows its code and a "Hand over" button that confirms it', async (screenName) => {
    http.on(`POST /api/handover/${VENDOR}/claims/claim-1`, {
      status: 200,
      body: { item: pendingItem({ status: 'given', code: null, expiresAt: null, givenAt: Date.parse('2026-11-22T10:42:00') }) },
    });
    renderFeed(screenName, [pendingItem(), { id: 's1', type: 'stamp', customer: 'Bo', date: Date.now(), reward: 'Flat White', stamps: 3, required: 10 }]);
    const line = screen.getByText('Reward claimed by Ana').closest('li') as HTMLElement;
    expect(within(line).getByText('Waiting · K7MQ4')).toBeInTheDocument();
    fireEvent.click(within(line).getByRole('button', { name: 'Hand over Flat White to Ana (code K7MQ4)' }));
    await settle();
    expect(JSON.parse(String(http.sent(`POST /api/handover/${VENDOR}/claims/claim-1`)[0].body))).toEqual({ screen: screenName });
    expect(within(line).getByText('Given 10:42')).toBeInTheDocument();
    expect(within(line).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText('Flat White handed over to Ana')).toBeInTheDocument();
    // Stamps have no hand-over.
    expect(within(screen.getByText('Bo collected a stamp · 3/10').closest('li') as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a second confirmation shows the server\'s "already handed over"', async () => {
    http.on(`POST /api/handover/${VENDOR}/claims/claim-1`, { status: 409, body: { error: 'This reward was already handed over.' } });
    renderFeed('feed', [pendingItem()]);
    fireEvent.click(screen.getByRole('button', { name: /Hand over Flat White to Ana/ }));
    await settle();
    expect(await screen.findByText('This reward was already handed over.')).toBeInTheDocument();
  });

  it('hands over by the typed code, and says so when no claim waits with it', async () => {
    http.on(`POST /api/handover/${VENDOR}/code`, (request) => {
      const { code } = JSON.parse(String(request.body)) as { code: string };
      return code === 'K7MQ4'
        ? { status: 200, body: { item: pendingItem({ status: 'given', code: null, givenAt: Date.parse('2026-11-22T10:42:00') }) } }
        : { status: 404, body: { error: `No reward is waiting with the code ${code}. Check the code on the customer's screen.` } };
    });
    renderFeed('counter', [pendingItem()]);
    const input = screen.getByLabelText('Code on the customer’s screen');
    fireEvent.change(input, { target: { value: 'zzzzz' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent("No reward is waiting with the code ZZZZZ. Check the code on the customer's screen.");
    expect(input).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(input, { target: { value: 'k7mq4' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await settle();
    expect(JSON.parse(String(http.sent(`POST /api/handover/${VENDOR}/code`)[1].body))).toEqual({ code: 'K7MQ4', screen: 'counter' });
    expect(screen.queryByText(/No reward is waiting/)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Given 10:42')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });
});

describe('Hand over and the live feed in French', () => {
  let backToEnglish: () => void = () => undefined;
  afterEach(() => act(() => backToEnglish()));

  it('the feed, the claim and its hand-over read in French, with the time in French', async () => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
    http.on(`POST /api/handover/${VENDOR}/claims/claim-1`, {
      status: 200,
      body: { item: pendingItem({ status: 'given', code: null, expiresAt: null, givenAt: Date.parse('2026-11-22T10:42:00') }) },
    });
    renderFeed('feed', [pendingItem(), { id: 's1', type: 'stamp', customer: 'Bo', date: Date.parse('2026-11-22T10:38:00'), reward: 'Flat White', stamps: 3, required: 10 }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Activité en direct' })).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('En direct');
    expect(screen.getByLabelText('Code affiché sur l’écran du client')).toBeInTheDocument();
    const stampLine = screen.getByText('Bo a reçu un tampon · 3/10').closest('li') as HTMLElement;
    expect(within(stampLine).getByText('10:38')).toBeInTheDocument();
    const line = screen.getByText('Récompense réclamée par Ana').closest('li') as HTMLElement;
    expect(within(line).getByText('En attente · K7MQ4')).toBeInTheDocument();
    fireEvent.click(within(line).getByRole('button', { name: 'Remettre Flat White à Ana (code K7MQ4)' }));
    await settle();
    expect(within(line).getByText('Remise à 10:42')).toBeInTheDocument();
    expect(await screen.findByText('Flat White remis à Ana')).toBeInTheDocument();
  });
});

describe('activityFeedSlice', () => {
  it('replaces a claim\'s line in place when it arrives again with a new status', () => {
    const live = { ...initialActivityFeedState, status: 'live' as const, vendorId: VENDOR, items: [pendingItem({ id: 'newer' }), pendingItem()] };
    const next = activityFeedSlice.reducer(live, itemReceived(pendingItem({ status: 'given', code: null })));
    expect(next.items.map((i) => [i.id, i.status])).toEqual([['newer', 'pending'], ['claim-1', 'given']]);
  });
});
