// Makes the Help walkthrough's screenshots (public/tutorial/*.png) from the real, built app: a store is
// set up through the API, then Chromium (playwright-core, /usr/bin/chromium) visits each screen. Each image
// is re-encoded as an optimised palette PNG and must stay under 150 KB.
// Run after `npm run build`: `npx tsx scripts/tutorial-screenshots.ts`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { QrTokenResponse } from '../src/api/contract/qrcode';
import { launchBrowser, newPage, signInPage, signUpVendor, startServer, vendorApi } from '../test/e2e/harness';

const OUT_DIR = path.resolve(__dirname, '..', 'public', 'tutorial');
const MAX_BYTES = 150 * 1024;
const DESKTOP = { width: 1280, height: 800 };

async function save(shot: Buffer, name: string): Promise<void> {
  // Half size keeps every word readable in the page's 900 px column and the file small.
  let width = 960;
  let png = await sharp(shot).resize({ width, withoutEnlargement: true }).png({ palette: true, quality: 80, effort: 10, compressionLevel: 9 }).toBuffer();
  while (png.length > MAX_BYTES && width > 480) {
    width -= 120;
    png = await sharp(shot).resize({ width, withoutEnlargement: true }).png({ palette: true, quality: 70, effort: 10, compressionLevel: 9 }).toBuffer();
  }
  if (png.length > MAX_BYTES) throw new Error(`${name} is ${png.length} bytes, over ${MAX_BYTES}`);
  fs.writeFileSync(path.join(OUT_DIR, name), png);
  console.log(`${name}: ${(png.length / 1024).toFixed(0)} KB at ${width} px`);
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({ STAMP_COOLDOWN_MINUTES: '0' });
  const browser = await launchBrowser();
  try {
    const vendor = await signUpVendor(server, { company: 'Harbour Roasters', name: 'Rita Sousa' });
    const desk = await newPage(browser, { viewport: DESKTOP });
    const page = desk.page;
    await signInPage(page, server, vendor);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await save(await page.screenshot(), '1-dashboard.png');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Store Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Address').fill('12 Harbour Road, Porto');
    await dialog.getByLabel('Opening Hours').fill('Mon–Sat 7:00–18:00');
    await dialog.getByLabel('Website').fill('harbour.example');
    await dialog.getByRole('tab', { name: 'Menu & Items' }).click();
    for (const [name, price] of [['Flat White', '4.20'], ['Pastel de nata', '1.50'], ['Espresso', '2.10']]) {
      await dialog.getByLabel('Item name').fill(name);
      await dialog.getByLabel('Price').fill(price);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText(name).first().waitFor();
    }
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await dialog.getByRole('article').waitFor();
    await page.waitForTimeout(400);
    await save(await page.screenshot(), '2-store-settings.png');
    await dialog.getByRole('tab', { name: 'Setup' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 8, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
    await page.goto(`${server.baseUrl}/rewards/${vendor.vendorId}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await save(await page.screenshot(), '3-rewards.png');

    await page.goto(`${server.baseUrl}/qr-code/${vendor.vendorId}`);
    await page.getByTestId('qr-code').waitFor();
    await page.waitForLoadState('networkidle');

    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true });
    const qr = await vendorApi<QrTokenResponse>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
    await phone.page.goto(qr.url);
    await phone.page.getByText('1 / 8').waitFor();
    await phone.page.getByRole('region', { name: /^About / }).waitFor();
    await phone.page.waitForTimeout(1200);
    await save(await phone.page.screenshot({ fullPage: true }), '5-customer-card.png');
    await phone.context.close();

    await page.getByTestId('live-feed').locator('li').first().waitFor();
    await page.waitForTimeout(400);
    await save(await page.screenshot(), '4-qr-page.png');
    await desk.context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
