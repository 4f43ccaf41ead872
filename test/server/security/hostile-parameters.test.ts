// Path and query parameters and the one free-text body field outside the shared text schema, sent what a
// hostile client sends: a NUL (PostgreSQL refuses it in text, so it must never reach a query) and the
// other characters the text schema refuses. Each gets a 4xx, never a 5xx; a named free-text parameter gets
// the text schema's own 400.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, freshCustomerAddress, newCustomer, setReward, type TestVendor } from '../factories';
import { CONTROL_CHARACTERS, codePoint, expectClientError } from './helpers';

let t: TestApp;
let store: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createVendor(t, { company: 'Parameter Café' });
});
afterAll(async () => {
  await t.close();
});

// A fresh owner session per request: "sign out everywhere" or deleting a session on the walk would end the rest of it.
async function ownerAuth(): Promise<Record<string, string>> {
  const { session_generation } = await t.db.kysely.selectFrom('vendors').select('session_generation').where('id', '=', store.id).executeTakeFirstOrThrow();
  return { authorization: `Bearer ${t.deps.sessions.issue(store.id, Number(session_generation))}` };
}

const NUL = encodeURIComponent('a\u0000b');

it('no route answers a NUL in any path parameter with a 5xx', async () => {
  const outcomes: string[] = [];
  for (const route of t.app.accessTable.filter((r) => r.url.startsWith('/api/') && r.url.includes('/:'))) {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((name) => name !== 'vendorId');
    for (const target of names) {
      const url = route.url.replace(':vendorId', store.id).replace(/:(\w+)/g, (_whole, name: string) => (name === target ? NUL : name === 'page' ? '1' : `unknown-${name}`));
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: await ownerAuth(), remoteAddress: freshCustomerAddress() });
      if (response.statusCode >= 500) outcomes.push(`${route.method} ${route.url} (${target}): ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
  }
  expect(outcomes).toEqual([]);
});

describe('free-text parameters refuse control characters like every text field', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('%s in a campaign id, an invitation address, a session id and a customer search', async (_name, c) => {
    const value = encodeURIComponent(`a${c}b`);
    const requests: ReadonlyArray<{ method: 'GET' | 'POST' | 'DELETE'; url: string; field: string }> = [
      { method: 'GET', url: `/api/campaigns/${store.id}/${value}/results`, field: 'campaignId' },
      ...['pause', 'resume', 'end'].map((action) => ({ method: 'POST' as const, url: `/api/campaigns/${store.id}/${value}/${action}`, field: 'campaignId' })),
      { method: 'DELETE', url: `/api/team/${store.id}/invitations/${value}`, field: 'email' },
      { method: 'DELETE', url: `/api/account/sessions/${value}`, field: 'sessionId' },
      { method: 'GET', url: `/api/customers/${store.id}/search?q=${value}`, field: 'q' },
    ];
    for (const { method, url, field } of requests) {
      const response = await t.app.inject({ method, url, headers: await ownerAuth() });
      expectClientError(response);
      expect([`${method} ${url}`, response.statusCode, response.json().details]).toEqual([`${method} ${url}`, 400, [{ field, message: 'contains characters that are not allowed' }]]);
    }
  });

  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))("refuses %s in a stamp removal's reason, and the stamp stays", async (_name, c) => {
    await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
    await newCustomer(t, store.id, freshCustomerAddress());
    const stamp = await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', store.id).where('voided_at', 'is', null).executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'POST', url: `/api/activity/${store.id}/stamps/${stamp.id}/remove`, headers: await ownerAuth(), payload: { reason: `Mistake${c}` } });
    expectClientError(response);
    expect(response.json().details).toEqual([{ field: 'reason', message: 'contains characters that are not allowed' }]);
    const after = await t.db.kysely.selectFrom('stamp_events').select('voided_at').where('id', '=', stamp.id).executeTakeFirstOrThrow();
    expect(after.voided_at).toBeNull();
  });

  it('a blank reason is still refused, and a plain one still removes the stamp', async () => {
    await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
    await newCustomer(t, store.id, freshCustomerAddress());
    const stamp = await t.db.kysely.selectFrom('stamp_events').select('id').where('vendor_id', '=', store.id).where('voided_at', 'is', null).executeTakeFirstOrThrow();
    const url = `/api/activity/${store.id}/stamps/${stamp.id}/remove`;
    expect((await t.app.inject({ method: 'POST', url, headers: await ownerAuth(), payload: { reason: '   ' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, headers: await ownerAuth(), payload: { reason: 'Scanned twice' } })).statusCode).toBe(200);
  });
});
