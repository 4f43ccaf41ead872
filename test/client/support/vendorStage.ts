// What a vendor page's test starts from: fake timers at a fixed morning, a fake API and EventSource, and
// the store's live feed and activity list answering (empty); stop() undoes it all and forgets the browser's storage.
import { installFakeApi, type FakeApi } from './fakeHttp';
import { installFakeEventSource } from './fakeEventSource';

export interface VendorStage {
  http: FakeApi;
  stop(): void;
}

export function startVendorStage(vendorId: string): VendorStage {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-11-22T10:40:00'));
  const http = installFakeApi();
  const removeEventSource = installFakeEventSource();
  http.on(`POST /api/activity/${vendorId}/stream-ticket`, { status: 200, body: { ticket: 't', expiresAt: 0, url: `/api/activity/${vendorId}/stream?ticket=t` } });
  http.on(`GET /api/activity/${vendorId}`, { status: 200, body: { items: [], page: 1, pageSize: 8, total: 0, totalIsCapped: false, hasMore: false } });
  http.on(`GET /api/activity/${vendorId}/today`, { status: 200, body: { date: '2026-11-22', items: [] } });
  return {
    http,
    stop() {
      removeEventSource();
      http.restore();
      jest.useRealTimers();
      localStorage.clear();
    },
  };
}
