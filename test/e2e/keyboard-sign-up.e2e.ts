// Keyboard only, as a screen-reader user signs up: after Next, Back, Register and "Send me a link" the focus
// is on the next step's first field or the answer's heading — never fallen to the page (<body>), where the
// next Tab would start again from the top. A wrong password at sign-in leaves it in the form; a right one
// opens the dashboard with the focus on its heading.
import type { Page } from 'playwright-core';
import { focusedElement, newPage, settledScreenshot, useE2eApp, type PageHandle } from './harness';

const app = useE2eApp({ vendor: { company: 'Focus Kaffee' } });
let handle: PageHandle;
let page: Page;

beforeAll(async () => {
  handle = await newPage(app.browser, { viewport: { width: 1280, height: 900 } });
  page = handle.page;
});
afterAll(() => handle?.context.close());

/** The focused element as `tag: name`, or `body` when focus fell to the page. */
const focused = async () => {
  const { tag, name } = await focusedElement(page);
  return tag === 'body' ? 'body' : `${tag}: ${name}`;
};

/** Presses Tab until the focused element's name matches, as a keyboard user would. */
async function tabTo(name: RegExp, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (name.test(await focused())) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${name}; focus is on "${await focused()}"`);
}

it('sign-up: Next goes to the store step\'s first field, Back to the account step\'s, Register to "Account Created"', async () => {
  await page.goto(`${app.server.baseUrl}/register`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await tabTo(/^input: Full Name/);
  await page.keyboard.type('Kira Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard Café');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`keys-${Date.now()}@example.com`);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Store Information' }).waitFor();
  await expect(focused()).resolves.toBe('input: Store Address');

  await tabTo(/^button: Back/);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await expect(focused()).resolves.toBe('input: Full Name');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Store Information' }).waitFor();

  await expect(focused()).resolves.toBe('input: Store Address');
  await page.keyboard.type('1 Key Street');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mon–Fri 7–17');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Account Created' }).waitFor();
  await expect(focused()).resolves.toBe('h1: Account Created');
  await settledScreenshot(page, 'keyboard-sign-up-created', false);
});

it('screen readers hear each field and step by its name: no "*" before a required field, no "check" before a done step', async () => {
  await page.goto(`${app.server.baseUrl}/register`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  const form = page.locator('main');
  const accountStep = await form.ariaSnapshot();
  expect(accountStep).toContain('textbox "Full Name"');
  expect(accountStep).not.toMatch(/"\*/);
  await page.getByLabel('Full Name').fill('Sam Reader');
  await page.getByLabel('Business/Company').fill('Reader Café');
  await page.getByLabel('Email Address').fill(`reader-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Store Information' }).waitFor();
  const storeStep = await form.ariaSnapshot();
  expect(storeStep).toContain('textbox "Store Address"');
  expect(storeStep).not.toMatch(/"\*/);
  expect(storeStep).not.toMatch(/\bcheck\b/i);
  // The asterisk is still drawn for sighted users.
  await expect(page.locator('label[for="address"] .sw-required-mark, label[for$="address"] .sw-required-mark').first().textContent()).resolves.toBe('*');
});

it('forgot password: "Send me a link" moves the focus to "Check your inbox"', async () => {
  await page.goto(`${app.server.baseUrl}/forgot-password`);
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.keyboard.type(app.vendor.email);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await expect(focused()).resolves.toBe('h1: Check your inbox');
});

it('sign-in with a wrong password says so and leaves the focus in the form', async () => {
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await tabTo(/^input: Username/);
  await page.keyboard.type(app.vendor.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await page.getByRole('alert').waitFor();
  await expect(focused()).resolves.not.toBe('body');
});

it('sign-in: the dashboard it opens has the focus on its heading, not on the page', async () => {
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await tabTo(/^input: Username/);
  await page.keyboard.type(app.vendor.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(app.vendor.password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 });
  await expect(focused()).resolves.toBe('h1: Dashboard');
  // The next Tab goes on from the heading, not from the top of the page.
  await page.keyboard.press('Tab');
  await expect(focused()).resolves.not.toBe('body');
  // A reload is no sign-in: the page opens as any page does.
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await expect(focused()).resolves.toBe('body');
});
