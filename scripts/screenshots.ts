// The README's three screenshots, taken from the real built app in Chromium: the counter screen (QR page in
// counter mode), a customer's card on a phone, and the dashboard of a store with a few customers.
// `npx tsx scripts/screenshots.ts` (builds first when stale; CHROME_PATH, default /usr/bin/chromium) writes
// public/screenshots/{counter,phone-card,dashboard}.png.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { QrTokenResponse } from '../src/api/contract/qrcode';
import {
  animationsSettled,
  launchBrowser,
  logoPng,
  newPage,
  signInPage,
  signUpVendor,
  startServer,
  uploadStoreLogo,
  vendorApi,
  type E2eServer,
  type SignedUpVendor,
} from '../test/e2e/harness';

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, 'public', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const PUNCHES = 10;
/** Stamps each sample customer collects; the last one is the phone in the screenshot (7 of 10). */
const CUSTOMER_STAMPS = [3, 5, 2, 7];
/** One more customer fills the card and claims, so a reward waits at the counter (Hand over) in the feed. */
const CLAIMING_CUSTOMER_STAMPS = PUNCHES;

async function freshCodeUrl(server: E2eServer, vendor: SignedUpVendor): Promise<string> {
  const qr = await vendorApi<QrTokenResponse>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`);
  return qr.url;
}

/** One phone collecting `stamps` stamps, each from a fresh counter code; the page is left on the last one. */
async function customerCollects(browser: Browser, server: E2eServer, vendor: SignedUpVendor, stamps: number): Promise<Page> {
  const { page } = await newPage(browser, { viewport: PHONE, isMobile: true });
  for (let stamp = 1; stamp <= stamps; stamp += 1) {
    await page.goto(await freshCodeUrl(server, vendor));
    await page.getByText(`${stamp} / ${PUNCHES}`).waitFor();
  }
  return page;
}

/** Writes a screenshot as a palette PNG: a tenth of the bytes, the same picture to the eye. */
async function save(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  const shot = await page.screenshot({ fullPage: false });
  const file = path.join(OUT_DIR, `${name}.png`);
  await sharp(shot).png({ palette: true, quality: 90, effort: 10 }).toFile(file);
  console.log(`wrote ${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} KiB)`);
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'build-if-stale.ts')], {
    stdio: 'inherit',
  });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  // No cooldown, so one phone can fill its card from a few fresh codes in a row.
  const server = await startServer({ STAMP_COOLDOWN_MINUTES: '0' });
  const browser = await launchBrowser();
  try {
    const vendor = await signUpVendor(server, { company: 'Bean There Café', name: 'Ana Barista' });
    await uploadStoreLogo(server, vendor, await logoPng());
    await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, {
      stamps: PUNCHES,
      item: null,
      itemCustom: 'Flat White',
      expiry: '2030-12-31',
    });

    await vendorApi(server, vendor, 'POST', '/api/qrcode/flyer-printed', { vendorId: vendor.vendorId });

    let phone: Page | undefined;
    for (const stamps of CUSTOMER_STAMPS) phone = await customerCollects(browser, server, vendor, stamps);
    if (!phone) throw new Error('no customer collected a stamp');
    await save(phone, 'phone-card');

    // Last, so the claim waiting at the counter tops the feed.
    const claimer = await customerCollects(browser, server, vendor, CLAIMING_CUSTOMER_STAMPS);
    await claimer.getByRole('button', { name: 'Claim reward' }).click();
    await claimer.getByRole('button', { name: 'Claim now' }).click();
    await claimer.getByRole('dialog', { name: 'Reward ready — show this to staff' }).waitFor();

    const { page: dashboard } = await newPage(browser, { viewport: DESKTOP });
    await signInPage(dashboard, server, vendor, `/dashboard/${vendor.vendorId}`);
    await dashboard.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await dashboard.getByRole('heading', { name: 'Engaged Customers' }).waitFor();
    await dashboard.waitForLoadState('networkidle');
    await save(dashboard, 'dashboard');

    const { page: counter } = await newPage(browser, { viewport: DESKTOP });
    await signInPage(counter, server, vendor, `/qr-code/${vendor.vendorId}`);
    await counter.getByRole('button', { name: 'Counter mode' }).click();
    await counter.getByRole('button', { name: 'Leave counter mode' }).waitFor();
    await counter.waitForLoadState('networkidle');
    await save(counter, 'counter');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
