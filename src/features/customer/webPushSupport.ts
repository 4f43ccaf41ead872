// Whether this browser can take web push at all: a service worker, the Push API and notifications.
// Kept apart from the switch, so the card page decides without loading the switch's chunk.
export function browserSupportsPush(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}
