// /api/unsubscribe/:token: a campaign mail's unsubscribe link works without signing in. Opening it
// (GET) only asks; the page's button or a mail program's one-click POST stops the store's campaign
// messages; a token changed by hand is refused.
import { unsubscribeToken } from '../../../server/infra/unsubscribe-tokens';
import { asCustomer, freshCustomerAddress, newCustomer, onlyCardOf, rewardStore, type TestStore } from '../factories';
import { resetTestApp, buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
let store: TestStore;
let credential: string;
let token: string;

// One app for the file, emptied and rewound before each test (resetTestApp).
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  store = await rewardStore(t, 'Café Luna');
  credential = await newCustomer(t, store.id, freshCustomerAddress());
  const card = await t.db.kysely.selectFrom('stamp_cards').select('customer_id').where('vendor_id', '=', store.id).executeTakeFirstOrThrow();
  token = unsubscribeToken(t.deps.secret, { vendorId: store.id, customerId: card.customer_id });
});

async function messagesEnabled(): Promise<boolean> {
  const cardId = await onlyCardOf(t, credential);
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/campaign-messages`, headers: asCustomer(credential), remoteAddress: freshCustomerAddress() });
  return response.json<{ enabled: boolean }>().enabled;
}

describe('/api/unsubscribe/:token', () => {
  it('GET shows a page asking to confirm, in the reader\'s language, and changes nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}`, headers: { 'accept-language': 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Keine Nachrichten mehr von Café Luna?');
    expect(response.body).toContain(`<form method="post" action="/api/unsubscribe/${token}"><button type="submit">Abbestellen</button></form>`);
    expect(await messagesEnabled()).toBe(true);
  });

  it('a one-click POST (List-Unsubscribe-Post) turns the store\'s campaign messages off', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('You are unsubscribed');
    expect(await messagesEnabled()).toBe(false);
  });

  it('the card page switch turns them back on', async () => {
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
    const cardId = await onlyCardOf(t, credential);
    const on = await t.app.inject({ method: 'PUT', url: `/api/customer/cards/${cardId}/campaign-messages`, headers: asCustomer(credential), payload: { enabled: true }, remoteAddress: freshCustomerAddress() });
    expect(on.json()).toEqual({ enabled: true });
    expect(await messagesEnabled()).toBe(true);
  });

  it.each([
    ['a changed tag', () => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`],
    ['another customer in the token', () => token.replace(/^([^.]+)\.[^.]+\./, '$1.00000000-0000-4000-8000-000000000000.')],
    ['no tag', () => token.split('.').slice(0, 2).join('.')],
  ])('refuses a token with %s (400) and unsubscribes nobody', async (_name, tampered) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: `/api/unsubscribe/${tampered()}` });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This unsubscribe link is not valid.');
    }
    expect(await messagesEnabled()).toBe(true);
  });
});
