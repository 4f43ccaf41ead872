// Logout in one tab ends the session in every tab of the browser: two pages of one browser context share the
// token in local storage; Logout in the first sends the second to the sign-in screen at once, saying why, and
// the second's live-feed stream request ends (no line of the store's activity reaches a signed-out tab).
// Signing in again in one tab signs the other in with the new token, with no reload.
import type { Request } from 'playwright-core';
import { newPage, useE2eApp, type PageHandle } from './harness';

const app = useE2eApp();
let handle: PageHandle;

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await handle?.context.close();
});

const isStream = (request: Request) => /\/api\/activity\/[^/]+\/stream\?ticket=/.test(request.url());

describe('Logout in one tab', () => {
  test('sends the other tab of the same browser to /login and ends its live-feed stream', async () => {
    const { vendor, server } = app;
    const first = handle.page;
    await first.goto(`${server.baseUrl}/login`);
    await first.getByLabel('Username').fill(vendor.email);
    await first.getByLabel('Password').fill(vendor.password);
    await first.getByRole('button', { name: 'Sign In' }).click();
    await first.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);

    // The second tab: same context, so the same local storage and the same session.
    const second = await handle.context.newPage();
    const streamOpens = second.waitForRequest(isStream, { timeout: 15_000 });
    await second.goto(`${server.baseUrl}/dashboard/${vendor.vendorId}`);
    await second.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const stream = await streamOpens;
    let streamEnded = false;
    const streamEnds = Promise.race([
      second.waitForEvent('requestfinished', { predicate: (request) => request === stream, timeout: 10_000 }),
      second.waitForEvent('requestfailed', { predicate: (request) => request === stream, timeout: 10_000 }),
    ]).then(() => {
      streamEnded = true;
    });
    // Opened, and not ended, while the session stands.
    await second.waitForTimeout(500);
    expect(streamEnded).toBe(false);
    const newStreams: Request[] = [];
    second.on('request', (request) => {
      if (isStream(request)) newStreams.push(request);
    });

    await first.locator('header.sw-nav').getByRole('button', { name: /^Account menu/ }).click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await first.waitForURL(`${server.baseUrl}/login`);

    // No reload, no click in the second tab: it follows at once.
    await second.waitForURL(`${server.baseUrl}/login`, { timeout: 5000 });
    await second.getByText('You were signed out because this session was ended with Logout (in another tab or window). Please sign in again.').waitFor();
    await streamEnds;
    expect(streamEnded).toBe(true);
    // Signed out, the tab asks for no new stream.
    await second.waitForTimeout(1500);
    expect(newStreams).toEqual([]);
    await second.close();
  });

  test('signing in again in one tab takes the other tab, on the sign-in screen, to the dashboard with the new token', async () => {
    const { vendor, server } = app;
    const first = handle.page;
    const second = await handle.context.newPage();
    await second.goto(`${server.baseUrl}/login`);
    await second.getByRole('heading', { name: 'Sign in' }).waitFor();
    if (!first.url().endsWith('/login')) await first.goto(`${server.baseUrl}/login`);
    await first.getByLabel('Username').fill(vendor.email);
    await first.getByLabel('Password').fill(vendor.password);
    await first.getByRole('button', { name: 'Sign In' }).click();
    await first.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);

    // No reload, no click in the second tab: it follows, and its requests carry the new token (no 401).
    const refused: string[] = [];
    second.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await second.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`, { timeout: 5000 });
    await second.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await second.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await expect(second.evaluate(() => localStorage.getItem('token'))).resolves.toBe(await first.evaluate(() => localStorage.getItem('token')));
    await second.close();
  });
});
