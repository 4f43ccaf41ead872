// Counter mode — full screen, the store and its offer, the largest QR, the countdown, the live feed,
// a flash (and an opt-in chime) when a stamp lands, a screen wake lock; Esc leaves. Print flyer and the
// "Set up your reward first" question before a flyer of a store without a working reward.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { FirstDayStatus, RewardResponse } from '../../../../../src/api/contract/rewards';
import { FakeEventSource, installFakeEventSource } from '../../../support/fakeEventSource';
import { GENERATE, PRINTABLE, VENDOR, button, cornerCafe, mockedHtml2canvas, renderQrPage, withQrPageSetup } from '../qrPageSetup';

jest.mock('html2canvas', () => ({
  __esModule: true,
  default: jest.fn(async () => ({ toDataURL: () => 'data:image/png;base64,Zmx5ZXI=' })),
}));
jest.mock('../../../../../src/features/qr/counter/chime', () => ({ playChime: jest.fn() }));
const { playChime } = jest.requireMock('../../../../../src/features/qr/counter/chime') as { playChime: jest.Mock };

jest.setTimeout(30_000);

const FIRST_DAY = `GET /api/rewards/${VENDOR}/first-day`;
const FLYER_PRINTED = 'POST /api/qrcode/flyer-printed';
const ready: FirstDayStatus = { rewardSaved: true, rewardUsable: true, rewardExpiry: '2099-12-31', flyerPrinted: false, firstStamp: false };
const flatWhite: RewardResponse = { reward: { stamps: 10, item: 'fw', itemCustom: null, expiry: '2099-12-31' }, items: [{ _id: 'fw', name: 'Flat White' }] };

let removeEventSource: () => void;
const setup = withQrPageSetup((http) => {
  http.on(GENERATE, { status: 200, body: { token: 'DTOKENAAAAAAAAAA', url: 'HTTP://STAMPWISE.TEST/S/DTOKENAAAAAAAAAA', expiresAt: 0 } });
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: cornerCafe('/api/images/abc') });
  http.on(`GET /api/rewards/${VENDOR}`, { status: 200, body: flatWhite });
  http.on(FIRST_DAY, { status: 200, body: ready });
  http.on(PRINTABLE, { status: 200, body: { token: 'PTOKEN', url: 'HTTP://STAMPWISE.TEST/S/PTOKEN' } });
  http.on(FLYER_PRINTED, { status: 200, body: { flyerPrinted: true } });
  http.on(`GET /api/campaigns/${VENDOR}/offers`, { status: 200, body: { offers: [] } });
  http.on(`POST /api/activity/${VENDOR}/stream-ticket`, { status: 200, body: { ticket: 't', expiresAt: 0, url: `/api/activity/${VENDOR}/stream?ticket=t` } });
});

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));
let requestFullscreen: jest.Mock;
let wakeLockRequest: jest.Mock;
let release: jest.Mock;

beforeEach(() => {
  removeEventSource = installFakeEventSource();
  playChime.mockClear();
  localStorage.clear();
  requestFullscreen = jest.fn(async () => undefined);
  document.documentElement.requestFullscreen = requestFullscreen;
  release = jest.fn(async () => undefined);
  wakeLockRequest = jest.fn(async () => ({ release }));
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request: wakeLockRequest } });
});
afterEach(() => {
  removeEventSource();
});

async function openCounterMode() {
  renderQrPage();
  await settle();
  fireEvent.click(button('Counter mode'));
  await settle();
  return screen.getByTestId('counter-screen');
}

describe('counter mode', () => {
  it('goes full screen with the store, its offer, the QR, the countdown and the feed, and keeps the screen awake', async () => {
    const counter = await openCounterMode();
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(within(counter).getByRole('heading', { level: 1, name: 'Corner Café' })).toBeInTheDocument();
    expect(within(counter).getByAltText('Corner Café logo')).toHaveAttribute('src', '/api/images/abc');
    expect(within(counter).getByTestId('counter-offer')).toHaveTextContent('Buy 10 Flat White, get 1 free');
    expect(within(counter).getByTestId('qr-code')).toBeInTheDocument();
    expect(within(counter).getByTestId('refresh-label')).toHaveTextContent(/^Refresh in \d+ s$/);
    expect(within(counter).getByTestId('counter-feed')).toHaveTextContent('Live activity');
    expect(wakeLockRequest).toHaveBeenCalledWith('screen');
  });

  it("shows the store's offers running now, so staff know what customers may ask for", async () => {
    setup.http.on(`GET /api/campaigns/${VENDOR}/offers`, {
      status: 200,
      body: { offers: [{ id: 'o1', type: 'limited-time', title: 'Pumpkin latte week', description: 'Our autumn latte, this week only.', items: ['Pumpkin latte'], endsAt: '2099-11-30T18:00:00.000Z' }] },
    });
    const counter = await openCounterMode();
    const offers = await within(counter).findByRole('region', { name: 'Offers running now' });
    expect(offers).toHaveTextContent('Pumpkin latte week Our autumn latte, this week only.');
    expect(offers).toHaveTextContent('On: Pumpkin latte · Until 30 Nov');
  });

  it('shows no offers while none runs', async () => {
    const counter = await openCounterMode();
    expect(within(counter).queryByTestId('counter-offers')).not.toBeInTheDocument();
  });

  it("says 'Scans paused' under the code and in the feed while the server cannot reach its database, and the countdown again once it can", async () => {
    const counter = await openCounterMode();
    await act(() => FakeEventSource.latest().emit('open'));
    await act(() => FakeEventSource.latest().emit('server-state', { database: 'down' }));
    expect(within(counter).getByTestId('refresh-label')).toHaveTextContent('Scans paused');
    expect(within(counter).getByTestId('live-status')).toHaveTextContent('Scans paused');
    expect(within(counter).getByTestId('scans-paused')).toHaveTextContent('the server cannot reach its database');
    await act(() => FakeEventSource.latest().emit('server-state', { database: 'up' }));
    expect(within(counter).getByTestId('refresh-label')).toHaveTextContent(/^Refresh in \d+ s$/);
    expect(within(counter).getByTestId('live-status')).toHaveTextContent('Live');
    expect(within(counter).queryByTestId('scans-paused')).not.toBeInTheDocument();
  });

  it('flashes when a stamp lands, and chimes only when the vendor asked for it', async () => {
    const counter = await openCounterMode();
    await act(() => FakeEventSource.latest().emit('open'));
    expect(within(counter).queryByTestId('counter-flash')).not.toBeInTheDocument();
    await act(() => FakeEventSource.latest().emit('activity', { id: 'e1', type: 'stamp', customer: 'Ana', date: Date.now(), reward: 'Flat White', stamps: 1, required: 10 }));
    expect(within(counter).getByTestId('counter-flash')).toHaveTextContent('Stamp collected!');
    expect(playChime).not.toHaveBeenCalled();

    fireEvent.click(within(counter).getByLabelText('Chime on each stamp'));
    await act(() => FakeEventSource.latest().emit('activity', { id: 'r1', type: 'redemption', customer: 'Ben', date: Date.now(), reward: 'Flat White', required: 10 }));
    expect(within(counter).getByTestId('counter-flash')).toHaveTextContent('Reward claimed!');
    expect(playChime).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('stampwise.counterChime')).toBe('1');
  });

  it('Esc leaves counter mode and releases the wake lock; the page and its cycle carry on', async () => {
    await openCounterMode();
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    expect(screen.queryByTestId('counter-screen')).not.toBeInTheDocument();
    expect(release).toHaveBeenCalled();
    expect(screen.getByTestId('refresh-label')).toHaveTextContent(/^Refresh in \d+ s$/);
    expect(setup.http.sent(GENERATE)).toHaveLength(1);
  });
});

describe('the flyer', () => {
  it('Print flyer prints the print-sized flyer with the offer, and records that the flyer was printed', async () => {
    const print = jest.fn();
    window.print = print;
    renderQrPage();
    await settle();
    fireEvent.click(button('Print flyer'));
    await settle();
    await settle();
    expect(print).toHaveBeenCalledTimes(1);
    const flyer = screen.getByTestId('print-flyer');
    expect(flyer.closest('.sw-print-root')?.parentElement).toBe(document.body);
    expect(within(flyer).getByText('Corner Café')).toBeInTheDocument();
    expect(within(flyer).getByTestId('flyer-offer')).toHaveTextContent('Buy 10 Flat White, get 1 free');
    expect(setup.http.sent(FLYER_PRINTED).map((request) => JSON.parse(String(request.body)))).toEqual([{ vendorId: VENDOR }]);
  });

  it('before Export PNG of a store without a working reward: "Set up your reward first", exporting only if asked', async () => {
    // The download is an anchor click, which jsdom cannot follow (it would log "Not implemented: navigation").
    const downloads = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    setup.http.on(FIRST_DAY, { status: 200, body: { ...ready, rewardSaved: false, rewardUsable: false, rewardExpiry: null } });
    renderQrPage();
    await settle();
    expect(screen.getByTestId('set-up-reward-first')).toHaveTextContent('Set up your reward first');
    fireEvent.click(button('Export PNG'));
    await settle();
    const dialog = document.querySelector('.ant-modal-confirm') as HTMLElement;
    expect(within(dialog).getAllByText('Set up your reward first').length).toBeGreaterThan(0);
    expect(setup.http.sent(PRINTABLE)).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Export anyway').closest('button') as HTMLButtonElement);
    await act(() => jest.advanceTimersByTimeAsync(400));
    expect(setup.http.sent(PRINTABLE)).toHaveLength(1);
    expect(mockedHtml2canvas()).toHaveBeenCalledTimes(1);
    expect(downloads).toHaveBeenCalledTimes(1);
    downloads.mockRestore();
  });
});
