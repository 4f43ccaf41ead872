/* global self, clients */
// The service worker of the wallet pages (scope /wallet/): it shows a store's offer sent by web push
// ({ title, body, url } as JSON) and, on a tap, brings the card page to the front or opens it.
// It handles no fetches: the pages load from the network as without it.

const FALLBACK_PATH = '/wallet';

/** A path of this site; anything else (another origin, a malformed URL) leads to the wallet. */
function pathOnThisSite(raw) {
  try {
    const url = new URL(typeof raw === 'string' ? raw : FALLBACK_PATH, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : FALLBACK_PATH;
  } catch {
    return FALLBACK_PATH;
  }
}

function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Stampwise';
  const body = typeof payload.body === 'string' ? payload.body : '';
  event.waitUntil(self.registration.showNotification(title, { body, icon: '/favicon.svg', data: { url: pathOnThisSite(payload.url) } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pathOnThisSite(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : clients.openWindow(target);
    }),
  );
});
