// Apple Wallet end to end, against a local fake APNs (cleartext HTTP/2) and throw-away certificates:
// a phone in Chromium collects a stamp, adds the card with "Add to Apple Wallet", Wallet registers for
// updates; the next scan reaches the fake APNs within 2 s, and the web service then serves the pass
// with the new count.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { QrTokenResponse } from '../../src/api/contract/qrcode';
import { makeTestAppleCertificates, type TestAppleCertificates } from '../server/apple-certificates';
import { startFakeApns, type FakeApns } from '../support/fake-apns';
import { launchBrowser, newPage, signUpVendor, startServer, vendorApi, type E2eServer, type PageHandle, type SignedUpVendor } from './harness';

const PHONE = { width: 390, height: 844 };
const DEVICE = 'e2e0devicelibrary0000000000000001';
const PUSH_TOKEN = 'e2e0push0token000000000000000000000000000000000000000000000000001';

let certs: TestAppleCertificates;
let fakeApns: FakeApns;
let server: E2eServer;
let browser: Browser;
let vendor: SignedUpVendor;
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  certs = makeTestAppleCertificates();
  fakeApns = await startFakeApns();
  server = await startServer({ ...certs.env, APNS_URL: fakeApns.url, STAMP_COOLDOWN_MINUTES: '0' });
  browser = await launchBrowser();
  vendor = await signUpVendor(server, { company: 'Café Luna' });
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  handle = await newPage(browser, { viewport: PHONE, isMobile: true });
  page = handle.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fakeApns?.close();
  certs?.remove();
});

async function qrUrl(): Promise<string> {
  return (await vendorApi<QrTokenResponse>(server, vendor, 'GET', `/api/qrcode/generate/${vendor.vendorId}`)).url;
}

function passJsonOf(pkpass: Buffer): { serialNumber: string; authenticationToken: string; passTypeIdentifier: string; webServiceURL: string; storeCard: { primaryFields: { value: string }[] } } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-e2e-pkpass-'));
  try {
    fs.writeFileSync(path.join(dir, 'card.pkpass'), pkpass);
    return JSON.parse(execFileSync('unzip', ['-p', 'card.pkpass', 'pass.json'], { cwd: dir }).toString('utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('Apple Wallet: add the card, then a scan updates the pass on the phone', () => {
  let pass: ReturnType<typeof passJsonOf>;
  let webService: string;

  it('offers "Add to Apple Wallet" on the card, which downloads the signed pass', async () => {
    await page.goto(await qrUrl());
    await page.getByText('1 / 10').waitFor();
    await page.goto(`${server.baseUrl}/wallet`);
    const cardLink = page.locator('a[href^="/wallet/"]').first();
    await cardLink.waitFor();
    await cardLink.click();
    const badge = page.getByRole('button', { name: 'Add to Apple Wallet' });
    await badge.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), badge.click()]);
    // Safari would hand the file to Wallet; here the same URL is fetched as Wallet's sheet would read it.
    const response = await fetch(download.url());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    pass = passJsonOf(Buffer.from(await response.arrayBuffer()));
    expect(pass.storeCard.primaryFields[0]!.value).toBe('1 of 10');
    expect(pass.webServiceURL).toBe(`${server.baseUrl}/api/passes/apple`);
    webService = pass.webServiceURL;
  });

  it('Wallet registers the phone; a scan in the browser pushes to it within 2 s; the pass then says 2 of 10', async () => {
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const registered = await fetch(`${webService}/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ pushToken: PUSH_TOKEN }),
    });
    expect(registered.status).toBe(201);
    const before = await fetch(`${webService}/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}`);
    const { lastUpdated } = (await before.json()) as { lastUpdated: string };

    await page.goto(await qrUrl());
    await page.getByText('2 / 10').waitFor();
    const stampShownAt = Date.now();
    const [push] = await fakeApns.waitForDelivered(1, 2000);
    expect(push!.token).toBe(PUSH_TOKEN);
    expect(push!.topic).toBe(pass.passTypeIdentifier);
    expect(push!.at - stampShownAt).toBeLessThan(2000);

    const changed = await fetch(`${webService}/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}?passesUpdatedSince=${lastUpdated}`);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
    const latest = await fetch(`${webService}/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, { headers: auth });
    expect(latest.status).toBe(200);
    expect(passJsonOf(Buffer.from(await latest.arrayBuffer())).storeCard.primaryFields[0]!.value).toBe('2 of 10');
    const notModified = await fetch(`${webService}/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, { headers: { ...auth, 'if-modified-since': latest.headers.get('last-modified') ?? '' } });
    expect(notModified.status).toBe(304);
  });
});
