// The scan page (/s/:token): what a customer sees after pointing the phone camera at the store's QR code.
import { StrictMode } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderCustomerPage } from './renderCustomer';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import ScanPage from '../../../../src/features/customer/ScanPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { CREDENTIAL, REWARD, STORE, sampleCard, sampleClaim, sampleScan } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

const SCAN = 'POST /api/customer/scan';
const TOKEN = 'd.vendor-1.abc.jti.mac';
let api: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:41:58'));
  api = installFakeApi();
});

afterEach(() => {
  api.restore();
  jest.useRealTimers();
});


function renderPage(ui = <ScanPage />) {
  return renderCustomerPage(ui, { route: `/s/${TOKEN}`, path: '/s/:token' });
}

describe('ScanPage', () => {
  it('collects a stamp: the store, the reward, the card at 1 / 10 with the new stamp animated, and the message', async () => {
    api.on(SCAN, { status: 200, body: sampleScan({ credential: CREDENTIAL }) });
    renderPage();
    expect(screen.getByText('Collecting your stamp…')).toBeInTheDocument();
    await settle();

    expect(screen.getByRole('heading', { name: 'Bean There Café' })).toBeInTheDocument();
    expect(screen.getByAltText('Bean There Café logo')).toHaveAttribute('src', '/api/images/abc');
    expect(screen.getByText('Buy 10 Flat White, get 1 free')).toBeInTheDocument();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByTestId('new-stamp')).toHaveAccessibleName('Stamp 1, collected');
    expect(screen.getByRole('status')).toHaveTextContent('Stamp collected! 9 more for your free Flat White');
    expect(screen.getByRole('link', { name: 'Open my wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.queryByRole('button', { name: 'Claim reward' })).not.toBeInTheDocument();
    expect(JSON.parse(api.requests[0].body as string)).toEqual({ token: TOKEN, attempt: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('says "Bonus stamp!" when a bonus-stamps campaign doubled the stamp, and shows both stamps', async () => {
    api.on(SCAN, { status: 200, body: { ...sampleScan({ card: sampleCard({ stamps: 2 }) }), message: '2 stamps collected! 8 more for your free Flat White', stampsGiven: 2, bonusStamps: 1 } });
    renderPage();
    await settle();
    expect(screen.getByText('2 / 10')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Bonus stamp! 2 stamps collected! 8 more for your free Flat White');
  });

  it("says when the stamps expire if the customer does not visit, when the store sets an expiry", async () => {
    api.on(SCAN, { status: 200, body: sampleScan({ card: sampleCard({ stampsExpireAt: Date.parse('2027-03-12T10:00:00Z') }) }) });
    renderPage();
    await settle();
    expect(screen.getByText("Your stamps expire on 12 March if you don't visit")).toBeInTheDocument();
  });

  it('shows the reward ready, with its code, when the store auto-redeems the card this scan filled', async () => {
    const card = sampleCard({ stamps: 0 });
    const { redemption } = sampleClaim(Date.now(), card);
    api.on(SCAN, { status: 200, body: sampleScan({ card, redemption, message: 'Your card is full — your free Flat White is ready: show this screen at the counter' }) });
    api.on(`GET /api/customer/claims/${redemption.id}`, { status: 200, body: redemption });
    renderPage();
    await settle();
    expect(screen.getByRole('dialog', { name: 'Reward ready — show this to staff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim reward' })).not.toBeInTheDocument();
  });

  it("keeps the new credential under its own local storage key, never the vendor's 'token'", async () => {
    api.on(SCAN, { status: 200, body: sampleScan({ credential: CREDENTIAL }) });
    renderPage();
    await settle();
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBe(CREDENTIAL);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a stored credential in X-Customer-Key, not as a bearer token', async () => {
    localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
    api.on(SCAN, { status: 200, body: sampleScan() });
    renderPage();
    await settle();
    const sent = api.requests[0].headers;
    expect(sent.get('X-Customer-Key')).toBe(CREDENTIAL);
    expect(sent.get('Authorization')).toBeNull();
  });

  it('scans once, even under StrictMode double effects', async () => {
    api.on(SCAN, { status: 200, body: sampleScan() });
    renderPage(
      <StrictMode>
        <ScanPage />
      </StrictMode>,
    );
    await settle();
    expect(api.sent(SCAN)).toHaveLength(1);
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
  });

  it("shows the store's address, opening hours, website and menu under the card, from a request made after the stamp shows", async () => {
    api.on(SCAN, { status: 200, body: sampleScan({ credential: CREDENTIAL }) });
    api.on('GET /api/customer/cards/card-1/store', {
      status: 200,
      body: {
        company: 'Bean There Café',
        logo: '/api/images/abc',
        cover: '/api/images/cover-1',
        address: '12 Harbour Road, Porto',
        openHours: 'Mon–Sat 7:00–18:00',
        website: 'beanthere.example',
        currency: 'USD',
        menu: [
          { name: 'Flat White', price: 4.2 },
          { name: 'Tap Water', price: null },
        ],
      },
    });
    renderPage();
    await settle();
    await settle();

    const section = screen.getByRole('region', { name: 'About Bean There Café' });
    expect(within(section).getByText('12 Harbour Road, Porto')).toBeInTheDocument();
    expect(within(section).getByText('Mon–Sat 7:00–18:00')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'beanthere.example' })).toHaveAttribute('href', 'https://beanthere.example/');
    const menu = within(section).getByRole('list', { name: 'Menu' });
    expect(within(menu).getByText('Flat White')).toBeInTheDocument();
    expect(within(menu).getByText('$4.20')).toBeInTheDocument();
    expect(within(menu).getByText('Tap Water')).toBeInTheDocument();
    // The card's header names the logo; the section's copy of it is decorative, so the page has one "… logo".
    expect(screen.getAllByRole('img', { name: 'Bean There Café logo' })).toHaveLength(1);
    // The stamp first, then the store: the section's request leaves after the scan's answer.
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([SCAN, 'GET /api/customer/cards/card-1/store']);
  });

  it('shows the card without a store section when the store details cannot be read', async () => {
    api.on(SCAN, { status: 200, body: sampleScan({ credential: CREDENTIAL }) });
    api.on('GET /api/customer/cards/card-1/store', { status: 500, body: { error: 'down' } });
    renderPage();
    await settle();
    await settle();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.queryByTestId('store-details')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a cooldown refusal with the card as it is, nothing animated', async () => {
    api.on(SCAN, {
      status: 409,
      body: { code: 'cooldown', error: 'You already collected a stamp here in the last 10 minutes', store: STORE, reward: REWARD, card: sampleCard({ stamps: 3 }) },
    });
    renderPage();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('You already collected a stamp here in the last 10 minutes');
    expect(screen.getByText('3 / 10')).toBeInTheDocument();
    expect(screen.queryByTestId('new-stamp')).not.toBeInTheDocument();
  });

  it('explains an expired code, with no retry (a new scan is needed) but a way to the wallet', async () => {
    api.on(SCAN, { status: 410, body: { code: 'expired', error: 'This code has expired — scan the code on the counter again' } });
    renderPage();
    await settle();
    expect(screen.getByRole('heading', { name: 'No stamp this time' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This code has expired — scan the code on the counter again');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my wallet' })).toBeInTheDocument();
  });

  it('shows an ended reward with the store it belongs to', async () => {
    api.on(SCAN, {
      status: 410,
      body: { code: 'reward-ended', error: 'This reward ended on 31 Dec 2025', store: STORE, reward: { ...REWARD, expiry: '2025-12-31', ended: true } },
    });
    renderPage();
    await settle();
    expect(screen.getByRole('heading', { name: 'Bean There Café' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This reward ended on 31 Dec 2025');
    expect(screen.getByText('This reward has ended')).toBeInTheDocument();
  });

  it('after a network failure says the phone could not reach the store (never that there was no stamp) and offers a retry that collects it', async () => {
    let calls = 0;
    api.on(SCAN, () => (++calls === 1 ? 'network-failure' : { status: 200, body: sampleScan() }));
    renderPage();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Your phone could not reach the store' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again. If your stamp got through before the connection dropped, trying again shows it');
    expect(screen.queryByText('No stamp this time')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
  });

  it('a refused first scan keeps no credential on the phone (it made no wallet)', async () => {
    api.on(SCAN, { status: 400, body: { code: 'malformed', error: 'This code is not a valid Stampwise code — scan the code on the counter again' } });
    renderPage();
    await settle();
    expect(api.requests[0].headers.get('X-Customer-Key')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY)).toBeNull();
  });

  it('a server error does not say there was no stamp either: the stamp is not confirmed, and a retry is offered', async () => {
    api.on(SCAN, { status: 503, body: { error: 'The service is busy. Please try again.' } });
    renderPage();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Your stamp is not confirmed yet' })).toBeInTheDocument();
    expect(screen.queryByText('No stamp this time')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a new phone makes its credential before its first scan, and the retry of a lost answer is the same scan (credential and attempt)', async () => {
    let calls = 0;
    api.on(SCAN, () => (++calls === 1 ? 'network-failure' : { status: 200, body: sampleScan({ repeated: true }) }));
    renderPage();
    await settle();
    const made = localStorage.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    const [first, retry] = api.requests;
    expect(first.headers.get('X-Customer-Key')).toBe(made);
    expect(retry.headers.get('X-Customer-Key')).toBe(made);
    expect(JSON.parse(retry.body as string)).toEqual(JSON.parse(first.body as string));
    // The answer to the retry is the first attempt's stamp: said as collected before the connection dropped.
    expect(screen.getByText('1 / 10')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Stamp collected! It reached us just before your connection dropped.');
  });

  it('a retry whose lost first attempt had stamped says the stamp is collected, not "already collected"', async () => {
    let calls = 0;
    api.on(SCAN, () =>
      ++calls === 1
        ? 'network-failure'
        : { status: 409, body: { code: 'already-collected', error: 'You already collected a stamp with this code', store: STORE, reward: REWARD, card: sampleCard({ stamps: 2 }) } },
    );
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByText('2 / 10')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Stamp collected! It reached us just before your connection dropped.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the same code scanned again after a page load (no lost attempt) still says it was already collected', async () => {
    api.on(SCAN, { status: 409, body: { code: 'already-collected', error: 'You already collected a stamp with this code', store: STORE, reward: REWARD, card: sampleCard({ stamps: 2 }) } });
    renderPage();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('You already collected a stamp with this code');
  });

  it('a reload of the scan page after claiming offers the reward-ready screen of the claim still waiting at the counter', async () => {
    const emptied = sampleCard({ stamps: 0, required: 10 });
    const waiting = sampleClaim(Date.now() - 60_000, emptied).redemption;
    api.on(SCAN, { status: 409, body: { code: 'already-collected', error: 'You already collected a stamp with this code', store: STORE, reward: REWARD, card: emptied } });
    api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: emptied, redemptions: [waiting] } });
    api.on(`GET /api/customer/claims/${waiting.id}`, { status: 200, body: waiting });
    renderPage();
    await settle();
    expect(screen.getByText('0 / 10')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show the reward screen again' }));
    await settle();
    const ready = screen.getByRole('dialog', { name: 'Reward ready — show this to staff' });
    expect(within(ready).getByTestId('handover-code')).toHaveTextContent('K7MQ4');
  });

  it('offers no reward screen on a refusal when no claim of the card is waiting (handed over already)', async () => {
    const card = sampleCard({ stamps: 0 });
    const given = { ...sampleClaim(Date.now() - 60_000, card).redemption, status: 'given' as const, code: null, expiresAt: null, givenAt: Date.now() - 30_000 };
    api.on(SCAN, { status: 409, body: { code: 'cooldown', error: 'You already collected a stamp here in the last 10 minutes', store: STORE, reward: REWARD, card } });
    api.on('GET /api/customer/cards/card-1', { status: 200, body: { card, redemptions: [given] } });
    renderPage();
    await settle();
    expect(api.requests.some((r) => r.path === '/api/customer/cards/card-1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show the reward screen again' })).not.toBeInTheDocument();
  });

  it('claims a full card after confirming, then shows the reward-ready screen with a running clock', async () => {
    const full = sampleCard({ stamps: 2, required: 2, canClaim: true, reward: { ...REWARD, stamps: 2 } });
    api.on(SCAN, { status: 200, body: sampleScan({ card: full, message: 'Your card is full — claim your free Flat White!' }) });
    api.on('POST /api/customer/cards/card-1/claim', {
      status: 200,
      body: sampleClaim(Date.now(), { ...full, stamps: 0, canClaim: false, updatedAt: full.updatedAt + 1 }),
    });
    renderPage();
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Claim reward' }));
    expect(screen.getByText('Claim your reward now?')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.endsWith('/claim'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Claim now' }));
    await settle();

    const ready = screen.getByRole('dialog', { name: 'Reward ready — show this to staff' });
    expect(within(ready).getByText('Bean There Café')).toBeInTheDocument();
    expect(within(ready).getByText('Flat White')).toBeInTheDocument();
    expect(within(ready).getByText('Claimed at 10:41:58')).toBeInTheDocument();
    expect(within(ready).getByTestId('live-clock')).toHaveTextContent('10:41:58');
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(within(ready).getByTestId('live-clock')).toHaveTextContent('10:42:01');

    fireEvent.click(within(ready).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('0 / 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim reward' })).not.toBeInTheDocument();
  });

  it('a claim whose answer was lost (the network dropped) and then refused as not full shows the claim it made', async () => {
    const full = sampleCard({ stamps: 2, required: 2, canClaim: true, reward: { ...REWARD, stamps: 2 } });
    const emptied = { ...full, stamps: 0, canClaim: false, updatedAt: full.updatedAt + 5 };
    const made = sampleClaim(full.updatedAt + 5, emptied);
    api.on(SCAN, { status: 200, body: sampleScan({ card: full }) });
    api.on('POST /api/customer/cards/card-1/claim', 'network-failure');
    api.on('GET /api/customer/cards/card-1', 'network-failure');
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Claim reward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim now' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach Stampwise. Check your connection and try again.');

    // Back online: the server made the claim; pressing Claim again is refused, and the phone shows the claim's code.
    api.on('POST /api/customer/cards/card-1/claim', { status: 409, body: { error: 'This card is not full yet: 2 more stamps to go.' } });
    api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: emptied, redemptions: [made.redemption] } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim reward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim now' }));
    await settle();
    const ready = screen.getByRole('dialog', { name: 'Reward ready — show this to staff' });
    expect(within(ready).getByTestId('handover-code')).toHaveTextContent('K7MQ4');
    expect(screen.queryByText('This card is not full yet: 2 more stamps to go.')).not.toBeInTheDocument();
  });

  it('a refused claim is not covered by an older claim still waiting at the counter', async () => {
    const full = sampleCard({ stamps: 2, required: 2, canClaim: true, updatedAt: 1_700_000_100_000 });
    const older = sampleClaim(1_700_000_000_000, full);
    api.on(SCAN, { status: 200, body: sampleScan({ card: full }) });
    api.on('POST /api/customer/cards/card-1/claim', { status: 409, body: { error: 'This card is not full yet: 2 more stamps to go.' } });
    api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: full, redemptions: [older.redemption] } });
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Claim reward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim now' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This card is not full yet: 2 more stamps to go.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says why a claim was refused (e.g. the card is not full any more)", async () => {
    const full = sampleCard({ stamps: 2, required: 2, canClaim: true });
    api.on(SCAN, { status: 200, body: sampleScan({ card: full }) });
    api.on('POST /api/customer/cards/card-1/claim', { status: 409, body: { error: 'This card is not full yet: 2 more stamps to go.' } });
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Claim reward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim now' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This card is not full yet: 2 more stamps to go.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
