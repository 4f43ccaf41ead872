// A Vienna café's team in German (browser de-AT): a phone shows the first-day call to action and the
// campaigns table in full, a stamp that fills a card reads "Prämie bereit" on the counter's feed, and a staff
// member who types an owner's page is told why they are on the dashboard instead.
import type { Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { hasHorizontalScroll, linkFrom, settledScreenshot, signInPage, useE2eApp, vendorApi } from './harness';
import { DESKTOP, PHONE, openIn } from './languages';

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { name: 'Anna Müller', company: 'Kaffeehaus Größenwahn (Wien)' } });

async function germanPage(viewport: { width: number; height: number }, pathname: string, token = app.vendor.token): Promise<Page> {
  const { page } = await openIn(app.browser, 'de-AT', viewport);
  await signInPage(page, app.server, { ...app.vendor, token }, pathname);
  return page;
}

test('on a 390 px phone the QR page says "set up your reward first" in whole lines, and Kampagnen keeps to the screen', async () => {
  const page = await germanPage(PHONE, `/qr-code/${app.vendor.vendorId}`);
  const callToAction = page.getByTestId('set-up-reward-first');
  await callToAction.getByText('Richten Sie zuerst Ihre Prämie ein').waitFor();
  const [alert, text] = await Promise.all([callToAction.boundingBox(), callToAction.locator('.ant-alert-description').boundingBox()]);
  // Beside the button the text had a third of the box: a word or two a line.
  expect(text!.width).toBeGreaterThan(alert!.width * 0.7);
  await settledScreenshot(page, 'german-cafe-qr-390');

  await page.goto(`${app.server.baseUrl}/campaigns/${app.vendor.vendorId}`);
  await page.getByRole('heading', { name: 'Kampagnen', level: 1 }).waitFor();
  await page.getByRole('columnheader', { name: /Benachrichti/ }).waitFor();
  await expect(hasHorizontalScroll(page)).resolves.toBe(false);
  await page.context().close();
});

test('a stamp that fills the card reads "Prämie bereit" on the QR page\'s feed, not a count', async () => {
  const { vendorId } = app.vendor;
  await vendorApi(app.server, app.vendor, 'POST', `/api/rewards/${vendorId}`, { stamps: 1, item: null, itemCustom: 'Wiener Melange', expiry: '2030-12-31' });
  const page = await germanPage(DESKTOP, `/qr-code/${vendorId}`);
  await page.getByText('Warten auf den nächsten Scan …').waitFor();
  const qr = await vendorApi<QrTokenResponse>(app.server, app.vendor, 'GET', `/api/qrcode/generate/${vendorId}`);
  const scanned = await fetch(`${app.server.baseUrl}/api/customer/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: qr.token }) });
  expect(scanned.status).toBe(200);
  await page.getByText(/hat einen Stempel bekommen · Prämie bereit$/).waitFor();
  await expect(page.getByText(/· 1\/1$/).count()).resolves.toBe(0);
  await page.context().close();
});

test('a staff member who types the Rewards address lands on the dashboard, which says why in German', async () => {
  const { vendorId } = app.vendor;
  const email = `selin${Date.now()}@example.at`;
  const since = Date.now();
  await vendorApi(app.server, app.vendor, 'POST', `/api/team/${vendorId}/invitations`, { email, role: 'staff' });
  const invitation = new URL(linkFrom(await app.server.waitForMail(email, { since }), '/invitation/')).pathname.split('/').pop();
  const accepted = await fetch(`${app.server.baseUrl}/api/auth/accept-invitation/${invitation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Selin', password: 'verlängerter-2026' }),
  });
  const { token } = (await accepted.json()) as { token: string };
  const page = await germanPage(PHONE, `/rewards/${vendorId}`, token);
  await page.waitForURL(`${app.server.baseUrl}/dashboard/${vendorId}`);
  await page
    .getByRole('status')
    .filter({ hasText: 'Nur Inhaber und Filialleitung können Prämien öffnen, daher sind Sie auf der Übersicht.' })
    .waitFor();
  await settledScreenshot(page, 'german-cafe-staff-typed-rewards-390');
  await page.context().close();
});
