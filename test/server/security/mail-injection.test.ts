// Mail built from what stores and people type: a store name, a campaign's title and text, a team member's
// name. Markup in them reaches a mail's HTML as text, never as elements; a line break, which would start a
// header of its own in a subject, never gets in; and a mail goes to one address however the address is typed.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, multipart, type TestVendor } from '../factories';
import { campaignMail } from '../../../server/services/campaign-delivery/email';
import type { CampaignMessage } from '../../../server/services/campaign-delivery/channel';

const MARKUP = '<img src=x onerror=alert(1)><a href="https://evil.example/">Luna</a> & "Co"';

let t: TestApp;
let store: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  store = await createVendor(t, { company: 'Mail Café' });
  t.mailer.sent.length = 0;
});

const saveProfile = (auth: Record<string, string>, company: string) => {
  const form = multipart({ company, address: '1 Main St', open_hours: 'Mon–Fri 8–17' });
  return t.app.inject({ method: 'POST', url: `/api/vendor/${store.id}`, headers: { ...auth, ...form.headers }, payload: form.payload });
};

it("a store name with markup is kept as typed and reaches the invitation mail's HTML as text", async () => {
  const manager = await addTeamMember(t, store.id, 'manager');
  expect((await saveProfile(manager.auth, MARKUP)).statusCode).toBe(200);
  const email = `markup.${crypto.randomUUID()}@example.test`;
  expect((await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/invitations`, headers: store.auth, payload: { email, role: 'staff' } })).statusCode).toBe(201);
  const mail = t.mailer.last()!;
  expect(mail.subject).toContain(MARKUP);
  expect(mail.html).not.toMatch(/<img|<a href="https:\/\/evil/);
  expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
});

it.each(['\r\nBcc: everyone@example.test', '\nBcc: everyone@example.test', '\u2028Bcc: x'])('a store name with a line break (%j) is refused: a subject never gets a header of its own', async (tail) => {
  const response = await saveProfile(store.auth, `Luna${tail}`);
  expect(response.statusCode).toBe(400);
  const row = await t.db.kysely.selectFrom('vendors').select('company').where('id', '=', store.id).executeTakeFirstOrThrow();
  expect(row.company).toBe('Mail Café');
});

it('a campaign mail writes the store name, title and text as text, and links only to this server', () => {
  const message: CampaignMessage = {
    messageId: 'm1',
    deliveryKey: 'k1',
    campaignId: 'c1',
    vendorId: store.id,
    customerId: 'cu1',
    storeName: MARKUP,
    title: `<script>alert(1)</script>${MARKUP}`,
    body: `<iframe src="https://evil.example/"></iframe>${MARKUP}`,
    url: `${t.deps.config.publicUrl}/wallet/card-1`,
  };
  const mail = campaignMail('guest@example.test', message, `${t.deps.config.publicUrl}/api/unsubscribe/tok`, 'en', t.deps.config.publicUrl);
  expect(mail.html).not.toMatch(/<script|<iframe|<img|<a href="https:\/\/evil/);
  const links = [...mail.html!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${t.deps.config.publicUrl}/`)).toBe(true);
});

it.each([
  'one@example.test, two@example.test',
  'one@example.test;two@example.test',
  '"one@example.test" <two@example.test>',
  'one@example.test\r\nBcc: two@example.test',
  'one@example.test two@example.test',
])('an invitation to %j is refused: one invitation, one address', async (email) => {
  const response = await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/invitations`, headers: store.auth, payload: { email, role: 'staff' } });
  expect(response.statusCode).toBe(400);
  expect(t.mailer.sent).toEqual([]);
});
