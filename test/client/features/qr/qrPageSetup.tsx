// Shared frame of the QR page tests: the vendor, the fake API the page talks to, a canvas stub and renderQrPage().
// Each test file still calls jest.mock('html2canvas', …) itself: jest hoists that call only within the file.
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../render';
import QrPage from '../../../../src/features/qr/QrPage';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';

export const VENDOR = 'vendor-1';
export const GENERATE = `GET /api/qrcode/generate/${VENDOR}`;
export const PRINTABLE = 'POST /api/qrcode/printable';

/** The mocked html2canvas (each test file mocks the module), to inspect its calls. */
export const mockedHtml2canvas = (): jest.Mock => (jest.requireMock('html2canvas') as { default: jest.Mock }).default;

/** GET /api/vendor/{id}'s body for Corner Café, with `logo` (an image path or null). */
export const cornerCafe = (logo: string | null) => ({
  vendor: { company: 'Corner Café', address: '', open_hours: '', website: '', logo, banner: null },
  items: [],
});

/**
 * Before each test: fake timers, a fresh fake API with the routes `installRoutes` adds, no canvas drawing and
 * a cleared html2canvas mock; after it, all restored. `http` is the current test's fake API.
 */
export function withQrPageSetup(installRoutes: (http: FakeApi) => void): { readonly http: FakeApi } {
  const current = {} as { http: FakeApi };
  let getContext: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    current.http = installFakeApi();
    installRoutes(current.http);
    // jsdom has no canvas (qrcode.react draws on one); the QR draws nothing, which is fine for these tests.
    getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    mockedHtml2canvas().mockClear();
  });
  afterEach(() => {
    current.http.restore();
    getContext.mockRestore();
    jest.useRealTimers();
  });
  return current;
}

/** The QR page of VENDOR, signed in, at /qr-code/{VENDOR}. */
export function renderQrPage() {
  return renderWithApp(<QrPage />, {
    preloadedState: { session: { token: sessionTokenFor(VENDOR) } },
    route: `/qr-code/${VENDOR}`,
    path: '/qr-code/:userId',
  });
}

/** The <button> whose label is `text` (text queries keep the suites quick: *ByRole walks antd's whole tree). */
export const button = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;
