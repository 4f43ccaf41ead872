// A counter screen paired as a device, end to end in real Chromium: /counter takes the pairing code and a
// name and shows counter mode with no password; the network to the server is cut (Playwright offline) and
// the code keeps rotating — signed by the screen — while a phone in another context scans it and collects;
// back online the feed catches up and says which screen; the store removes the screen and its next code
// is refused.
import type { Page } from 'playwright-core';
import type { PairingCodeResponse } from '../../src/api/contract/counter';
import { newPage, screenshot, useE2eApp, vendorApi, type PageHandle } from './harness';

const PHONE = { width: 390, height: 844 };
const OFFLINE_TEXT = 'Offline — codes still work; new stamps show when the connection is back';

const app = useE2eApp({ env: { STAMP_COOLDOWN_MINUTES: '0' }, vendor: { company: 'Bean There Café' } });
let counter: PageHandle;
let phone: PageHandle;
let counterPage: Page;
let phonePage: Page;

/** The URL the counter's QR encodes now. */
async function shownCode(): Promise<string> {
  const qr = counterPage.getByTestId('qr-code');
  await qr.waitFor();
  return (await qr.getAttribute('data-url')) ?? '';
}

/** Waits until the counter shows a code other than `previous` (at most `timeout` ms). */
async function nextCode(previous: string, timeout: number): Promise<string> {
  await counterPage.waitForFunction(
    (before) => {
      const url = document.querySelector('[data-testid="qr-code"]')?.getAttribute('data-url');
      return Boolean(url) && url !== before;
    },
    previous,
    { timeout, polling: 250 },
  );
  return shownCode();
}

beforeAll(async () => {
  const { server, vendor, browser } = app;
  await vendorApi(server, vendor, 'POST', `/api/rewards/${vendor.vendorId}`, { stamps: 5, item: null, itemCustom: 'Flat White', expiry: '2030-12-31' });
  counter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  counterPage = counter.page;
  phone = await newPage(browser, { viewport: PHONE, isMobile: true });
  phonePage = phone.page;
});

describe('a paired counter screen', () => {
  let firstCode = '';
  let deviceId = '';

  it('pairs with the code from the owner and a name, then shows counter mode with no password', async () => {
    const { pairingCode } = await vendorApi<PairingCodeResponse>(app.server, app.vendor, 'POST', `/api/team/${app.vendor.vendorId}/devices`);
    await counterPage.goto(`${app.server.baseUrl}/counter`);
    await counterPage.getByLabel('Pairing code').fill(pairingCode);
    await counterPage.getByLabel('Name of this screen').fill('Till 1');
    await counterPage.getByRole('button', { name: 'Pair this screen' }).click();
    await counterPage.getByTestId('counter-screen').waitFor();
    await counterPage.getByText('Bean There Café').waitFor();
    // Online, the code comes from the server (signed with the screen's key) and counts down as usual.
    await counterPage.getByTestId('refresh-label').getByText(/^Refresh in/).waitFor();
    firstCode = await shownCode();
    expect(firstCode).toMatch(/\/S\/[A-Z2-7]{51}$/);
    await phonePage.goto(firstCode);
    await phonePage.getByText('1 / 5').waitFor();
    // The feed's rows are laid out as in the vendor's own counter mode: no list bullets, the time beside the line.
    const row = counterPage.getByTestId('counter-feed').locator('li').first();
    await row.waitFor();
    expect(await row.evaluate((li) => [getComputedStyle(li).display, getComputedStyle(li).listStyleType])).toEqual(['flex', 'none']);
    const handOverField = counterPage.getByLabel('Code on the customer’s screen');
    expect(await handOverField.evaluate((input) => getComputedStyle(input).borderTopStyle)).toBe('solid');
    const devices = await vendorApi<{ items: Array<{ id: string; name: string; pairedBy: string }> }>(app.server, app.vendor, 'GET', `/api/team/${app.vendor.vendorId}/devices`);
    expect(devices.items).toEqual([expect.objectContaining({ name: 'Till 1', pairedBy: 'Ana Barista' })]);
    deviceId = devices.items[0].id;
    await screenshot(counterPage, 'counter-1-paired');
  });

  it('offline, the code keeps rotating and a phone on its own connection still collects', async () => {
    const serverCode = await shownCode();
    await counter.context.setOffline(true);
    await counterPage.getByTestId('refresh-label').getByText(OFFLINE_TEXT).waitFor();
    // At once, not at the next rotation, the screen signs its codes itself. Within the server's code's own
    // minute that can be the very same code (the server signs with the screen's key), so what shows the
    // switch is the offline notice and the hand-over note, and the next rotation below.
    const offlineCode = await shownCode();
    expect(offlineCode.startsWith(serverCode.slice(0, serverCode.lastIndexOf('/') + 1))).toBe(true);
    await counterPage.getByTestId('handover-offline').waitFor();
    await screenshot(counterPage, 'counter-2-offline');
    // The next rotation comes from the screen itself, 60 s on.
    const rotated = await nextCode(offlineCode, 70_000);
    expect(rotated).not.toBe(offlineCode);
    await phonePage.goto(rotated);
    await phonePage.getByText('2 / 5').waitFor();
  });

  it('back online, the feed catches up on the stamp it missed and names the screen', async () => {
    await counter.context.setOffline(false);
    const feed = counterPage.getByTestId('counter-feed');
    await feed.locator('li', { hasText: 'on Till 1' }).nth(1).waitFor({ timeout: 30_000 });
    await counterPage.getByTestId('refresh-label').getByText(/^Refresh in/).waitFor({ timeout: 30_000 });
  });

  it('removed by the store, its next code is refused and the screen asks to be paired again', async () => {
    await counter.context.setOffline(true);
    await counterPage.getByTestId('refresh-label').getByText(OFFLINE_TEXT).waitFor();
    const lastCode = await shownCode();
    const removed = await fetch(`${app.server.baseUrl}/api/team/${app.vendor.vendorId}/devices/${deviceId}`, { method: 'DELETE', headers: { authorization: `Bearer ${app.vendor.token}` } });
    expect(removed.status).toBe(204);
    await phonePage.goto(lastCode);
    await phonePage.getByText('This code is not a valid Stampwise code — scan the code on the counter again').waitFor();
    await counter.context.setOffline(false);
    await counterPage.getByText('This counter screen was removed from the store. Pair it again to use it.').waitFor({ timeout: 20_000 });
    await screenshot(counterPage, 'counter-3-removed');
  });
});
