// Vendor accounts in a real browser: register through the UI, open the link from the captured mail, set a
// password, land on the dashboard, log out, fail a sign-in (alert + countdown), sign in. Screenshots of every
// screen at 1280 px; the nav bar and sign-in screen are also checked at 1024 and 768 px.
import type { Browser, Locator, Page } from 'playwright-core';
import {
  checkA11y,
  hasHorizontalScroll,
  launchBrowser,
  linkFrom,
  newPage,
  screenshot,
  imageShows,
  startServer,
  type E2eServer,
  type PageHandle,
} from './harness';

let server: E2eServer;
let browser: Browser;
let handle: PageHandle;
let page: Page;

const vendor = {
  name: 'Mia Torres',
  company: 'Corner Café',
  email: `mia${Date.now()}@corner-cafe.example`,
  address: '12 Market Street, Springfield',
  hours: 'Mon–Fri 7:00–17:00, Sat 8:00–14:00',
  website: 'corner-cafe.example',
  password: 'oat-milk-cortado-2026',
};

/** A screenshot of the viewport once images are in and antd's transitions have ended. */
async function shot(name: string, fullPage = false): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  await screenshot(page, name, { fullPage });
}

const signInButton = (): Locator => page.locator('.sw-login form[name=login] button[type=submit]');
const navBar = (): Locator => page.locator('header.sw-nav');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  handle = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  page = handle.page;
});

afterAll(async () => {
  await handle?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('vendor accounts', () => {
  let vendorId = '';

  test('the sign-in screen: every element, the preview image on wide screens only', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    for (const label of ['Username', 'Password']) expect(await page.getByLabel(label).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Register!' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).isVisible()).toBe(true);
    const preview = page.getByRole('img', { name: /stamp card with seven of ten/ });
    expect(await preview.isVisible()).toBe(true);
    expect(await imageShows(preview)).toBe(true);
    await checkA11y(page, 'on the sign-in screen');
    await shot('auth-login-1280');

    await page.setViewportSize({ width: 768, height: 900 });
    expect(await preview.isVisible()).toBe(false);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await shot('auth-login-768');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Any other path shows the sign-in screen too.
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  });

  test('registration in three steps through the UI, then the mail with the verification link', async () => {
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Register!' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await checkA11y(page, 'on registration step 1');
    await shot('auth-register-step1-1280');

    // Next with nothing filled in: antd's messages say what is missing.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter Full Name').waitFor();
    await shot('auth-register-step1-required-1280');

    await page.getByLabel('Full Name').fill(vendor.name);
    await page.getByLabel('Business/Company').fill(vendor.company);
    await page.getByLabel('Email Address').fill(vendor.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Store Information' }).waitFor();
    await page.getByLabel('Store Address').fill(vendor.address);
    await page.getByLabel('Opening Hours').fill(vendor.hours);
    await page.getByLabel('Website Link (optional)').fill(vendor.website);
    await checkA11y(page, 'on registration step 2');
    await shot('auth-register-step2-1280');

    const since = Date.now();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Account Created' }).waitFor();
    expect(await page.getByText(/Click the link in the e-mail/).isVisible()).toBe(true);
    await checkA11y(page, 'on registration step 3');
    await shot('auth-register-step3-1280');

    const mail = await server.waitForMail(vendor.email, { since });
    const link = linkFrom(mail, '/verify/');
    expect(new URL(link).origin).toBe(server.baseUrl);

    // The link opens the verification page: set a password that breaks the rule first, then a good one.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Verification Successful!' }).waitFor();
    expect(await page.getByText('Set your password to access your account').isVisible()).toBe(true);
    await checkA11y(page, 'on the verification page');
    await shot('auth-verify-1280');

    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByText(/at least 8 characters long/).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/verify\//);
    await shot('auth-verify-password-rule-1280');

    await page.getByLabel('Password').fill(vendor.password);
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL(/\/dashboard\/[^/]+$/);
    vendorId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(vendorId).not.toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The used link is spent: opening it again goes to /login.
    const second = await browser.newContext();
    const secondPage = await second.newPage();
    await secondPage.goto(link);
    await secondPage.waitForURL(/\/login$/);
    await second.close();
  });

  test('the dashboard has the nav bar with the profile menu, from 1280 px down to 768 px', async () => {
    await navBar().getByText(vendor.company).waitFor();
    const nav = navBar().getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('button', { name: 'Campaigns' }).isEnabled()).toBe(true);
    expect(await navBar().getByPlaceholder('Search for anything...').isVisible()).toBe(true);
    await checkA11y(page, 'on the dashboard');
    await shot('auth-dashboard-1280');

    for (const width of [1024, 768]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await hasHorizontalScroll(page)).toBe(false);
      for (const name of ['Dashboard', 'Rewards', 'QR Code', 'Campaigns', 'Help & Resources']) {
        expect(await nav.getByRole('button', { name }).isVisible()).toBe(true);
      }
      await shot(`auth-dashboard-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await nav.getByRole('button', { name: 'Rewards' }).click();
    await page.waitForURL(`${server.baseUrl}/rewards/${vendorId}`);
    await nav.locator('button[aria-current="page"]', { hasText: 'Rewards' }).waitFor();
    expect(await nav.locator('button[aria-current="page"]').count()).toBe(1);
    await nav.getByRole('button', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/${vendorId}`);
    await nav.locator('button[aria-current="page"]', { hasText: 'Dashboard' }).waitFor();

    // Another vendor's page sends the vendor to their own dashboard.
    await page.goto(`${server.baseUrl}/rewards/someone-else`);
    await page.waitForURL(`${server.baseUrl}/dashboard/${vendorId}`);

    await navBar().getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Account Settings' }).getAttribute('aria-disabled')).toBeNull();
    await shot('auth-profile-menu-1280');
    await page.keyboard.press('Escape');
  });

  test('log out, fail a sign-in (alert and countdown), then sign in', async () => {
    await navBar().getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The protected page is gone for good: opening it again lands on /login.
    await page.goto(`${server.baseUrl}/dashboard/${vendorId}`);
    await page.waitForURL(`${server.baseUrl}/login`);

    // Record every text the sign-in button shows, with a timestamp, however busy the machine is.
    await page.evaluate(() => {
      const seen: { text: string; at: number }[] = [];
      (window as unknown as { __buttonTexts: typeof seen }).__buttonTexts = seen;
      const record = () => {
        const text = document.querySelector('.sw-login form[name=login] button[type=submit]')?.textContent ?? '';
        if (seen.at(-1)?.text !== text) seen.push({ text, at: performance.now() });
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      record();
    });
    let attempts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) attempts += 1;
    });

    await page.getByLabel('Username').fill(vendor.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
    expect(await signInButton().isDisabled()).toBe(true);
    expect(await signInButton().innerText()).toMatch(/^Try again in [123]s$/);
    await shot('auth-login-lockout-1280');
    // Enter during the countdown sends nothing.
    await page.getByLabel('Password').press('Enter');
    await page.waitForFunction(() => document.querySelector('.sw-login form[name=login] button[type=submit]')?.textContent === 'Sign In');
    expect(await signInButton().isEnabled()).toBe(true);
    expect(attempts).toBe(1);

    const texts = await page.evaluate(() => (window as unknown as { __buttonTexts: { text: string; at: number }[] }).__buttonTexts);
    const countdown = texts.filter((entry) => entry.text.startsWith('Try again'));
    expect(countdown.map((entry) => entry.text)).toEqual(['Try again in 3s', 'Try again in 2s', 'Try again in 1s']);
    const lockedFor = (texts.at(-1)?.at ?? 0) - countdown[0].at;
    expect(lockedFor).toBeGreaterThan(2_500);
    expect(lockedFor).toBeLessThan(4_500);

    await page.getByLabel('Password').fill(vendor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/${vendorId}`);
    await navBar().getByText(vendor.company).waitFor();
    expect(attempts).toBe(2);

    // Only the refused sign-in and the password rule may have logged errors (the browser logs failed requests).
    const unexpected = handle.errors.filter((error) => !/status of (400|401)/.test(error));
    expect(unexpected).toEqual([]);
  });
});
