// Signing out in a real browser: the owner signs in through the form, a signed-in owner who opens `/` or a
// mistyped path lands on their dashboard, and Profile → Logout really ends the session on the server — the
// POST /api/auth/logout leaves the browser, and a copy of the token taken before is refused everywhere. An owner
// whose address is not verified yet is offered a new verification link by the sign-in screen.
import type { Page } from 'playwright-core';
import { linkFrom, newPage, useE2eApp, type PageHandle } from './harness';

const app = useE2eApp();
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 800 } });
  page = handle.page;
});

afterAll(async () => {
  await handle?.context.close();
});

/** The routes a stolen token would be used on: the store, its figures, its QR code and its customers. */
const protectedRoutes = (vendorId: string) => [
  `/api/vendor/${vendorId}`,
  `/api/dashboard/${vendorId}`,
  `/api/qrcode/generate/${vendorId}`,
  `/api/customers/${vendorId}`,
];

async function statusesWith(token: string, vendorId: string): Promise<number[]> {
  return Promise.all(
    protectedRoutes(vendorId).map(async (pathname) => (await fetch(`${app.server.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } })).status),
  );
}

describe('signing in and out in a real browser', () => {
  test('signed in through the form, the owner opening / or a mistyped path goes to their dashboard', async () => {
    const { vendor, server } = app;
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Username').fill(vendor.email);
    await page.getByLabel('Password').fill(vendor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);

    for (const pathname of ['/', '/no/such/page']) {
      await page.goto(`${server.baseUrl}${pathname}`);
      await page.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    }
  });

  test('Profile → Logout sends POST /api/auth/logout, and the copied token gets 401 on every vendor route', async () => {
    const { vendor, server } = app;
    await page.goto(`${server.baseUrl}/dashboard/${vendor.vendorId}`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const copiedToken = await page.evaluate(() => localStorage.getItem('token'));
    if (!copiedToken) throw new Error('no token in local storage after signing in');
    expect(await statusesWith(copiedToken, vendor.vendorId)).toEqual([200, 200, 200, 200]);

    await page.locator('header.sw-nav').getByRole('button', { name: /^Account menu/ }).click();
    const logoutLeaves = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/logout', { timeout: 10_000 });
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const logoutRequest = await logoutLeaves;
    expect(logoutRequest.headers().authorization).toBe(`Bearer ${copiedToken}`);
    expect((await logoutRequest.response())?.status()).toBe(204);

    await page.waitForURL(`${server.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await statusesWith(copiedToken, vendor.vendorId)).toEqual([401, 401, 401, 401]);
  });

  test('signed out, `/` shows the sign-in screen again', async () => {
    await page.goto(`${app.server.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('an address not verified yet: the refused sign-in offers a new verification link, and the mail arrives', async () => {
    const { server } = app;
    const email = `unverified${Date.now()}@example.com`;
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Noa Baker', business: 'Late Bloom Bakery', email, address: '3 Quay Street', openingHours: 'Daily 7–15', website: '' })) {
      form.set(name, value);
    }
    expect((await fetch(`${server.baseUrl}/api/auth/register`, { method: 'POST', body: form })).status).toBe(201);
    await server.waitForMail(email);

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill('a password it never had');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(/Registered, but not verified your e-mail address yet\?/).waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe(email);

    const since = Date.now();
    await page.getByRole('button', { name: 'Send a new verification link' }).click();
    await page.getByText(/If this e-mail address belongs to an account that is not verified yet, we have sent it a new verification link\./).waitFor();
    const mail = await server.waitForMail(email, { since });
    expect(mail.subject).toBe('Your new Stampwise verification link');
    await page.goto(linkFrom(mail, '/verify/'));
    await page.getByRole('heading', { name: 'Verification Successful!' }).waitFor();
  });
});
