// A vendor who signs in and at once opens another page by its address stays signed in. Under load the dashboard
// had started its requests when the vendor left it; leaving aborted them, and the profile menu took the failed
// load of the store for a refused session and signed out, deleting the token the next page was about to start
// with (it opened on the sign-in screen, having sent no request).
import type { Page } from 'playwright-core';
import { newPage, useE2eApp } from './harness';

const app = useE2eApp({ vendor: { company: 'Harbour Bakery' } });

async function signInThroughTheForm(page: Page): Promise<void> {
  await page.goto(`${app.server.baseUrl}/login`);
  await page.getByLabel('Username').fill(app.vendor.email);
  await page.getByLabel('Password').fill(app.vendor.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${app.server.baseUrl}/dashboard/${app.vendor.vendorId}`);
}

// Twenty sign-ins: as many as the server allows one address in 15 minutes.
test('signed in through the form, the vendor opens another page by address at once: signed in, 20 times out of 20', async () => {
  const landedOnSignIn: number[] = [];
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const { context, page } = await newPage(app.browser);
    await signInThroughTheForm(page);
    await page.goto(`${app.server.baseUrl}/account/${app.vendor.vendorId}`);
    // The app's answer either way: the signed-in pages' navigation, or the sign-in screen.
    await page.locator('header nav[aria-label="Main"], h1:text-is("Sign in")').first().waitFor();
    if (new URL(page.url()).pathname !== `/account/${app.vendor.vendorId}`) landedOnSignIn.push(attempt);
    await context.close();
  }
  expect(landedOnSignIn).toEqual([]);
}, 600_000);
