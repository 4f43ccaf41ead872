// A paired counter screen's QR cycle, with fake timers against a real store and its listeners: it sends
// its device token, signs valid codes itself while the server is out of reach, says so, and stops when
// the store removes it.
import crypto from 'node:crypto';
import { makeStore, type AppStore } from '../../../../../src/app/store';
import { QR_TIMING } from '../../../../../src/constants';
import { codeHealth, pageClosed, pageOpened, qrCode } from '../../../../../src/features/qr/qrSlice';
import { codeStatusText } from '../../../../../src/features/qr/QrCodeStatus';
import { feedConnected, feedDropped } from '../../../../../src/features/activity/activityFeedSlice';
import type { PairedCounterDevice } from '../../../../../src/features/qr/device/counterDeviceSlice';
import { readDeviceCode, deviceCodeSignedBy } from '../../../../../server/infra/device-codes';
import { installFakeApi, type FakeApi } from '../../../support/fakeHttp';

const VENDOR = '3b1f8a52-6c0e-4d7a-9f3e-2a1b4c5d6e7f';
const GENERATE = `GET /api/qrcode/generate/${VENDOR}`;
const KEY = crypto.randomBytes(32);
const DEVICE: PairedCounterDevice = {
  deviceToken: `swc.${crypto.randomUUID()}.${'a'.repeat(43)}`,
  vendorId: VENDOR,
  deviceId: crypto.randomUUID(),
  name: 'Till 1',
  keyNumber: 3,
  deviceKey: KEY.toString('base64url'),
  scanUrlPrefix: 'HTTP://STAMPWISE.TEST/S/',
};

let http: FakeApi;
let store: AppStore;
let serverReachable: boolean;
let sentAuthorization: string[];

beforeEach(() => {
  jest.useFakeTimers();
  // Each failed fetch is logged on purpose; the tests read the state instead.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  http = installFakeApi();
  serverReachable = true;
  sentAuthorization = [];
  http.on(GENERATE, (request) => {
    sentAuthorization.push(request.headers.get('authorization') ?? '');
    if (!serverReachable) return 'network-failure';
    return { status: 200, body: { token: 'SERVERCODE', url: 'HTTP://STAMPWISE.TEST/S/SERVERCODE', expiresAt: Date.now() + 90_000 } };
  });
  store = makeStore({ counterDevice: { status: 'paired', device: DEVICE, onScreen: true } });
});

afterEach(() => {
  store.dispatch(pageClosed());
  http.restore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const qr = () => store.getState().qr;
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('a paired counter screen', () => {
  it('asks the server for codes with its device token while it is reachable', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(qr().status).toBe('live');
    expect(sentAuthorization).toEqual([`Bearer ${DEVICE.deviceToken}`]);
  });

  it('signs valid codes itself while the server is out of reach, rotating every 60 s, and says so', async () => {
    serverReachable = false;
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(qr().status).toBe('self-signed');
    const first = qrCode(qr());
    expect(first?.url).toBe(`${DEVICE.scanUrlPrefix}${first?.token}`);
    // The server accepts it: its layout names the store and the key id, and the screen's key signed it.
    const fields = readDeviceCode(first?.token ?? '');
    expect(fields).toMatchObject({ vendorId: VENDOR, keyNumber: 3, count: 1 });
    expect(fields?.expiresAt).toBe((Math.floor(Date.now() / 1000) + 90) * 1000);
    expect(deviceCodeSignedBy(first?.token ?? '', KEY)).toBe(true);
    expect(codeStatusText(codeHealth(qr(), Date.now()), 60)).toBe('Offline — codes still work; new stamps show when the connection is back');

    await jest.advanceTimersByTimeAsync(QR_TIMING.refreshIntervalMs + QR_TIMING.tickMs);
    const second = qrCode(qr());
    expect(qr().status).toBe('self-signed');
    expect(second?.token).not.toBe(first?.token);
    expect(codeHealth(qr(), Date.now())).toEqual({ kind: 'self-signed' });
  });

  it('switches to a code it signs itself the moment its live feed loses the server, not at the next rotation', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(qrCode(qr())?.token).toBe('SERVERCODE');
    // The café's internet is down while its Wi-Fi is up: no offline event, only the feed's connection drops.
    serverReachable = false;
    await jest.advanceTimersByTimeAsync(5_000);
    store.dispatch(feedDropped());
    await settle();
    expect(qr().status).toBe('self-signed');
    expect(deviceCodeSignedBy(qrCode(qr())?.token ?? '', KEY)).toBe(true);

    // The feed is back: the screen asks the server for a code at once.
    serverReachable = true;
    store.dispatch(feedConnected());
    await settle();
    expect(qr().status).toBe('live');
    expect(qrCode(qr())?.token).toBe('SERVERCODE');
  });

  it('switches to a code it signs itself the moment the browser goes offline', async () => {
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    serverReachable = false;
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(qr().status).toBe('self-signed');
    expect(deviceCodeSignedBy(qrCode(qr())?.token ?? '', KEY)).toBe(true);
  });

  it('goes back to server codes when the server answers again', async () => {
    serverReachable = false;
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    serverReachable = true;
    await jest.advanceTimersByTimeAsync(QR_TIMING.refreshIntervalMs + QR_TIMING.tickMs);
    expect(qr().status).toBe('live');
    expect(qrCode(qr())?.token).toBe('SERVERCODE');
  });

  it('shows no code and forgets its pairing once the store removed it', async () => {
    http.on(GENERATE, () => ({ status: 401, body: { error: 'This counter screen was removed from the store. Pair it again to use it.' } }));
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(qr().status).toBe('retrying');
    expect(qrCode(qr())).toBeNull();
    expect(store.getState().counterDevice).toEqual({ status: 'unpaired', removed: true });
  });

  it('a signed-in page that is not a counter screen never signs codes', async () => {
    store = makeStore({ counterDevice: { status: 'paired', device: DEVICE, onScreen: false } });
    serverReachable = false;
    store.dispatch(pageOpened({ vendorId: VENDOR }));
    await settle();
    expect(qr().status).toBe('retrying');
  });
});
