// A café is a team: the owner invites a staff member from Account Settings, the invitee joins through the
// mailed link, signs in on /login with that address, and cannot reach Customers or Store Settings: the app
// does not offer them, and the server refuses them.
import { linkFrom, newPage, signInPage, useE2eApp, type PageHandle } from './harness';

const app = useE2eApp();
let owner: PageHandle;
let staff: PageHandle;

beforeAll(async () => {
  owner = await newPage(app.browser, { viewport: { width: 1280, height: 800 } });
  staff = await newPage(app.browser, { viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await owner?.context.close();
  await staff?.context.close();
});

const STAFF_PASSWORD = 'cortado-counter-2026';

test('the owner invites a staff member, who signs in and cannot reach Customers or Store Settings', async () => {
  const { server, vendor } = app;
  const staffEmail = `staff${Date.now()}@example.com`;

  // The owner: profile menu → Account Settings → invite a staff member.
  await signInPage(owner.page, server, vendor);
  await owner.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await owner.page.locator('header.sw-nav').getByRole('button', { name: /^Account menu/ }).click();
  await owner.page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await owner.page.waitForURL(`${server.baseUrl}/account/${vendor.vendorId}`);
  const since = Date.now();
  const team = owner.page.getByTestId('team-section');
  await team.getByLabel('E-mail address').fill(staffEmail);
  await team.getByRole('button', { name: 'Invite' }).click();
  await owner.page.getByText(`Invitation sent to ${staffEmail}. The link works once, for 7 days.`).waitFor();

  // The invitee: the mailed link → name and password → signed in on the store's dashboard.
  const mail = await server.waitForMail(staffEmail, { since });
  expect(mail.subject).toBe(`You are invited to ${vendor.company} on Stampwise`);
  await staff.page.goto(linkFrom(mail, '/invitation/'));
  await staff.page.getByRole('heading', { name: `Join ${vendor.company} on Stampwise` }).waitFor();
  await staff.page.getByLabel('Your name').fill('Maria');
  await staff.page.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.page.getByRole('button', { name: 'Join the team' }).click();
  await staff.page.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);

  // Later: signing in on /login with the invited address.
  await staff.page.evaluate(() => localStorage.removeItem('token'));
  await staff.page.goto(`${server.baseUrl}/login`);
  await staff.page.getByLabel('Username').fill(staffEmail);
  await staff.page.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.page.getByRole('button', { name: 'Sign In' }).click();
  await staff.page.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);
  await staff.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  // Not in the UI: no Customers link on the dashboard, no Rewards button, no Store Settings in the profile menu.
  const nav = staff.page.locator('header.sw-nav');
  await expect(nav.getByRole('button', { name: 'QR Code' }).count()).resolves.toBe(1);
  await expect(nav.getByRole('button', { name: 'Rewards' }).count()).resolves.toBe(0);
  await expect(staff.page.getByRole('link', { name: /Customers/ }).count()).resolves.toBe(0);
  await nav.getByRole('button', { name: /^Account menu/ }).click();
  await staff.page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
  await expect(staff.page.getByRole('menuitem', { name: 'Store Settings' }).count()).resolves.toBe(0);
  await staff.page.keyboard.press('Escape');

  // Typing the address leads back to the dashboard.
  await staff.page.goto(`${server.baseUrl}/customers/${vendor.vendorId}`);
  await staff.page.waitForURL(`${server.baseUrl}/dashboard/${vendor.vendorId}`);

  // Refused by the server: the customer list, its export, and saving the store settings.
  const token = await staff.page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token in local storage after signing in');
  const headers = { authorization: `Bearer ${token}` };
  const customers = await fetch(`${server.baseUrl}/api/customers/${vendor.vendorId}`, { headers });
  expect(customers.status).toBe(403);
  const exported = await fetch(`${server.baseUrl}/api/customers/${vendor.vendorId}/export.csv`, { headers });
  expect(exported.status).toBe(403);
  const form = new FormData();
  form.set('company', 'Taken Over');
  const settings = await fetch(`${server.baseUrl}/api/vendor/${vendor.vendorId}`, { method: 'POST', headers, body: form });
  expect(settings.status).toBe(403);
  const dashboard = await fetch(`${server.baseUrl}/api/dashboard/${vendor.vendorId}`, { headers });
  expect(dashboard.status).toBe(200);
  expect(staff.errors.filter((e) => !/403|Forbidden/.test(e))).toEqual([]);
});
