// "Get offers from {store} as notifications" on the card page: shown only where the browser supports push;
// switching on asks for permission, subscribes with the server's VAPID key and sends the subscription to the
// server with the customer's credential; permission refused says so and stays off; switching off removes it.
import { fireEvent, screen } from '@testing-library/react';
import CardPage from '../../../../src/features/customer/CardPage';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { renderCustomerPage } from './renderCustomer';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

const VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/browser-1';
const SUBSCRIPTION_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

interface FakeBrowserPush {
  permission: NotificationPermission;
  answerToRequest: NotificationPermission;
  subscription: { endpoint: string; options: { applicationServerKey: ArrayBuffer | null }; toJSON: () => unknown; unsubscribe: jest.Mock } | null;
  subscribe: jest.Mock;
  register: jest.Mock;
  requestPermission: jest.Mock;
  restore: () => void;
}

/** jsdom has no service workers, Push API or notifications: a browser that has them, scripted per test. */
function installBrowserPush(): FakeBrowserPush {
  const fake = {} as FakeBrowserPush;
  fake.permission = 'default';
  fake.answerToRequest = 'granted';
  fake.subscription = null;
  const makeSubscription = (options: { applicationServerKey: Uint8Array }) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: options.applicationServerKey.slice().buffer },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: jest.fn(async () => {
      fake.subscription = null;
      return true;
    }),
  });
  fake.subscribe = jest.fn(async (options: { applicationServerKey: Uint8Array }) => {
    fake.subscription = makeSubscription(options);
    return fake.subscription;
  });
  const pushManager = { getSubscription: async () => fake.subscription, subscribe: fake.subscribe };
  const registration = { pushManager };
  let registered = false;
  fake.register = jest.fn(async () => {
    registered = true;
    return registration;
  });
  fake.requestPermission = jest.fn(async () => {
    fake.permission = fake.answerToRequest;
    return fake.permission;
  });
  const serviceWorker = { register: fake.register, ready: Promise.resolve(registration), getRegistration: async () => (registered ? registration : undefined) };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(window, 'Notification', {
    value: { get permission() { return fake.permission; }, requestPermission: fake.requestPermission },
    configurable: true,
  });
  fake.restore = () => {
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    delete (window as unknown as Record<string, unknown>).PushManager;
    delete (window as unknown as Record<string, unknown>).Notification;
  };
  return fake;
}

let api: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  api = installFakeApi();
  localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
  api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: sampleCard({ id: 'card-1', stamps: 3 }), redemptions: [] } });
  api.on('GET /api/customer/cards/card-1/store', { status: 404, body: { error: 'Not found.' } });
  api.on('GET /api/web-push/key', { status: 200, body: { publicKey: VAPID_KEY } });
  api.on('GET /api/web-push/cards/card-1/subscriptions', { status: 200, body: { endpoints: [] } });
});

afterEach(() => {
  api.restore();
  localStorage.clear();
  jest.useRealTimers();
});

async function openCard(): Promise<HTMLElement> {
  renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
  await settle();
  await settle();
  return screen.findByRole('switch', { name: 'Get offers from Bean There Café as notifications' });
}

it('is not shown where the browser lacks service workers or the Push API', async () => {
  renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
  await settle();
  await settle();
  expect(screen.getByText('3 / 10')).toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
});

describe('in a browser with push', () => {
  let browser: FakeBrowserPush;
  beforeEach(() => {
    browser = installBrowserPush();
  });
  afterEach(() => browser.restore());

  it('switching on asks for permission, subscribes with the server\'s key and sends the subscription with the credential', async () => {
    api.on('POST /api/web-push/cards/card-1/subscriptions', { status: 204 });
    const toggle = await openCard();
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await settle();
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/wallet/' });
    const { applicationServerKey, userVisibleOnly } = browser.subscribe.mock.calls[0][0] as { applicationServerKey: Uint8Array; userVisibleOnly: boolean };
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(VAPID_KEY);
    const [sent] = api.sent('POST /api/web-push/cards/card-1/subscriptions');
    expect(JSON.parse(sent.body as string)).toEqual(SUBSCRIPTION_JSON);
    expect(sent.headers.get('X-Customer-Key')).toBe(CREDENTIAL);
    expect(toggle).toBeChecked();
  });

  it('permission refused: says notifications are blocked, stays off, and sends nothing to the server', async () => {
    browser.answerToRequest = 'denied';
    const toggle = await openCard();
    fireEvent.click(toggle);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent("Notifications are blocked for this site. Allow them in your browser's settings to get offers from Bean There Café.");
    expect(toggle).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(api.sent('POST /api/web-push/cards/card-1/subscriptions')).toHaveLength(0);
  });

  it('shows on for a browser the server has for this store; switching off removes it there and unsubscribes the browser', async () => {
    browser.subscription = { endpoint: ENDPOINT, options: { applicationServerKey: null }, toJSON: () => SUBSCRIPTION_JSON, unsubscribe: jest.fn(async () => true) };
    await browser.register();
    api.on('GET /api/web-push/cards/card-1/subscriptions', { status: 200, body: { endpoints: [ENDPOINT] } });
    api.on('DELETE /api/web-push/cards/card-1/subscriptions', { status: 200, body: { endpointStillUsed: false } });
    const toggle = await openCard();
    await settle();
    expect(toggle).toBeChecked();
    const unsubscribeBrowser = browser.subscription.unsubscribe;
    fireEvent.click(toggle);
    await settle();
    const [sent] = api.sent('DELETE /api/web-push/cards/card-1/subscriptions');
    expect(JSON.parse(sent.body as string)).toEqual({ endpoint: ENDPOINT });
    expect(unsubscribeBrowser).toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
  });

  it('a server that refuses the subscription: says it could not be changed, and stays off', async () => {
    api.on('POST /api/web-push/cards/card-1/subscriptions', { status: 409, body: { error: 'Too many.' } });
    const toggle = await openCard();
    fireEvent.click(toggle);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Notifications could not be changed. Please try again.');
    expect(toggle).not.toBeChecked();
  });
});
