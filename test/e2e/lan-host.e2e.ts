// A phone on the shop's Wi-Fi reaches the counter PC by a LAN name over plain http (docs/operations.md: "Phones on the
// shop's Wi-Fi"). Every other browser test uses 127.0.0.1, which browsers treat as secure; this one uses `cafe.test`,
// mapped to 127.0.0.1, so an https-only header (CSP upgrade-insecure-requests, HSTS) would leave the page blank.
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { checkA11y, newPage, screenshot, useE2eApp, vendorApi } from './harness';

const HOST = 'cafe.test';
const app = useE2eApp({ publicHost: HOST, env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Corner Café' } });
const lanOrigin = () => `http://${HOST}:${new URL(app.server.baseUrl).port}`;

beforeAll(async () => {
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${app.vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
});

describe(`the app over plain http at a LAN host name (${HOST})`, () => {
  it('sends no https-only headers to a LAN origin', async () => {
    const response = await fetch(`${app.server.baseUrl}/login`);
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('renders the vendor QR page, whose code points at the LAN address', async () => {
    const { context, page, errors } = await newPage(app.browser);
    try {
      await page.goto(`${lanOrigin()}/login`);
      await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
      await page.goto(`${lanOrigin()}/qr-code/${app.vendor.vendorId}`);
      await page.getByText('Scan This QR Code').waitFor();
      await page.getByTestId('qr-code').waitFor();
      expect(new URL(page.url()).origin).toBe(lanOrigin());
      expect(errors).toEqual([]);
      await screenshot(page, 'lan-host-qr-page');
    } finally {
      await context.close();
    }
  });

  it('copies the whole QR link with Copy link, though plain http at a LAN name has no Clipboard API', async () => {
    const { context, page, errors } = await newPage(app.browser);
    try {
      await page.goto(`${lanOrigin()}/login`);
      await page.evaluate((token) => localStorage.setItem('token', token), app.vendor.token);
      await page.goto(`${lanOrigin()}/qr-code/${app.vendor.vendorId}`);
      await page.getByTestId('qr-code').waitFor();
      expect(await page.evaluate(() => [window.isSecureContext, 'clipboard' in navigator])).toEqual([false, false]);
      // What the copy put on the clipboard: the page's selection as the browser copies it.
      await page.evaluate(() => {
        document.addEventListener('copy', () => {
          document.body.dataset.copied = document.getSelection()?.toString() ?? '';
        });
      });
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Link copied').waitFor();
      const copied = await page.evaluate(() => document.body.dataset.copied ?? '');
      expect(copied.startsWith(`${lanOrigin().toUpperCase()}/S/`)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Copy link');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a phone open the QR code url and collect a stamp', async () => {
    const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${app.vendor.vendorId}`);
    expect(qr.url.startsWith(`${lanOrigin().toUpperCase()}/S/`)).toBe(true);
    const { context, page, errors } = await newPage(app.browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      await page.goto(qr.url);
      await page.getByText('1 / 5').waitFor();
      await page.getByRole('heading', { name: 'Corner Café', level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await screenshot(page, 'lan-host-customer-stamp');
      await checkA11y(page, `on the scan page at ${HOST}`);
    } finally {
      await context.close();
    }
  });
});
