// The wallet pages' service worker (public/sw.js), run against a stand-in of the worker's global scope:
// a push shows the store's offer as a notification, and a tap on it opens (or focuses) the card page —
// never a page of another site.
import fs from 'node:fs';
import path from 'node:path';

type Listener = (event: Record<string, unknown>) => void;

interface WindowClient {
  url: string;
  focus: jest.Mock;
}

function loadServiceWorker(openWindows: WindowClient[] = []) {
  const listeners = new Map<string, Listener>();
  const pending: Promise<unknown>[] = [];
  const showNotification = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => null);
  const clients = { matchAll: jest.fn(async () => openWindows), openWindow, claim: jest.fn(async () => undefined) };
  const scope = {
    location: { origin: 'https://stampwise.example' },
    registration: { showNotification },
    clients,
    skipWaiting: jest.fn(),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const source = fs.readFileSync(path.join(__dirname, '../../../public/sw.js'), 'utf8');
  new Function('self', 'clients', source)(scope, clients);
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    listeners.get(type)!({ ...fields, waitUntil: (work: Promise<unknown>) => pending.push(work) });
    await Promise.all(pending);
  };
  return { dispatch, showNotification, openWindow };
}

const pushData = (payload: unknown) => ({ json: () => payload, text: () => JSON.stringify(payload) });

test("a push shows the offer's title and body, and keeps the card page's path for the tap", async () => {
  const worker = loadServiceWorker();
  await worker.dispatch('push', { data: pushData({ title: 'Double stamps', body: 'Until Sunday', url: '/wallet/card-1' }) });
  expect(worker.showNotification).toHaveBeenCalledWith('Double stamps', expect.objectContaining({ body: 'Until Sunday', data: { url: '/wallet/card-1' } }));
});

test('a tap opens the card page, or focuses it when it is already open', async () => {
  const worker = loadServiceWorker();
  const notification = { close: jest.fn(), data: { url: '/wallet/card-1' } };
  await worker.dispatch('notificationclick', { notification });
  expect(notification.close).toHaveBeenCalled();
  expect(worker.openWindow).toHaveBeenCalledWith('https://stampwise.example/wallet/card-1');

  const open = { url: 'https://stampwise.example/wallet/card-1', focus: jest.fn() };
  const again = loadServiceWorker([open]);
  await again.dispatch('notificationclick', { notification });
  expect(open.focus).toHaveBeenCalled();
  expect(again.openWindow).not.toHaveBeenCalled();
});

test('a link to another site in a push leads to the wallet instead', async () => {
  const worker = loadServiceWorker();
  await worker.dispatch('push', { data: pushData({ title: 'Offer', body: '', url: 'https://evil.example/phish' }) });
  expect(worker.showNotification).toHaveBeenCalledWith('Offer', expect.objectContaining({ data: { url: '/wallet' } }));
});
