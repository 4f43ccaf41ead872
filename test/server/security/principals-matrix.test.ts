// Every route of the API over real HTTP, asked by the callers roles-matrix.test.ts does not walk: a paired
// counter screen, a removed screen, a removed staff member, a manager made staff (old token), a signed-out
// session, a customer's credential (in its own header and as a bearer token) and nobody. The route list is
// the app's own table, so a route added later is walked too. Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, customerWithCardAt, pairCounterScreen, setReward, type PairedScreen, type TestVendor } from '../factories';
import type { Access } from '../../../server/services/access';

const GUARDED: ReadonlySet<Access> = new Set(['signed-in', 'staff', 'manager', 'owner', 'counter', 'device']);

let t: TestApp;
let store: TestVendor;
let base: string;
let screen: PairedScreen;
let cardId: string;
let credential: string;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createVendor(t, { company: 'Principals Café' });
  await setReward(t, store.id, { stamps: 5, itemCustom: 'Coffee' });
  screen = await pairCounterScreen(t, store);
  ({ cardId, credential } = await customerWithCardAt(t, store.id));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

const apiRoutes = () => t.app.accessTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD');
const guardedRoutes = () => apiRoutes().filter((route) => GUARDED.has(route.access));

function pathOf(url: string): string {
  return url.replace(':vendorId', store.id).replace(':cardId', cardId).replace(/:(\w+)/g, 'unknown-$1');
}

/** One request over the network, as a client sends it: a JSON body `{}` for the methods that carry one. */
async function send(method: string, url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const response = await fetch(base + pathOf(url), {
    method,
    headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { body: '{}' } : {}),
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, body: (await response.text()).slice(0, 100) };
}

it('a paired counter screen gets exactly the counter-mode routes; every other guarded route answers 403 and says why', async () => {
  const outcomes: string[] = [];
  for (const route of guardedRoutes()) {
    const { status, body } = await send(route.method, route.url, screen.auth);
    const allowed = route.access === 'counter' || route.access === 'device';
    const refused = status === 401 || status === 403;
    if (refused === allowed) outcomes.push(`${route.method} ${route.url} (${route.access}): ${status} ${body}`);
    if (!allowed && status === 403 && !body.includes('A counter screen can only show counter mode')) outcomes.push(`${route.method} ${route.url}: ${body}`);
  }
  expect(outcomes).toEqual([]);
});

it("a counter screen of another store gets 403 on every route naming this store, its own counter routes included", async () => {
  const elsewhere = await createVendor(t, { company: 'Elsewhere' });
  const theirScreen = await pairCounterScreen(t, elsewhere, 'Their till');
  const outcomes: string[] = [];
  for (const route of guardedRoutes().filter((r) => r.url.includes(':vendorId'))) {
    const { status, body } = await send(route.method, route.url, theirScreen.auth);
    if (status !== 403) outcomes.push(`${route.method} ${route.url}: ${status} ${body}`);
  }
  expect(outcomes).toEqual([]);
});

it('a counter screen reads no customer data through the customer routes: its token is no customer credential', async () => {
  const outcomes: string[] = [];
  for (const route of apiRoutes().filter((r) => r.access === 'customer')) {
    const { status, body } = await send(route.method, route.url, { ...screen.auth, 'x-customer-key': screen.deviceToken });
    if (status < 400) outcomes.push(`${route.method} ${route.url}: ${status} ${body}`);
  }
  expect(outcomes).toEqual([]);
});

describe('callers whose standing has ended, customers and nobody get 401 on every guarded route', () => {
  async function removedScreenAuth(): Promise<Record<string, string>> {
    const removed = await pairCounterScreen(t, store, 'Till gone');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/devices/${removed.deviceId}`, headers: store.auth });
    expect(response.statusCode).toBe(204);
    return removed.auth;
  }
  async function removedStaffAuth(): Promise<Record<string, string>> {
    const person = await addTeamMember(t, store.id, 'staff');
    const response = await t.app.inject({ method: 'DELETE', url: `/api/team/${store.id}/people/${person.id}`, headers: store.auth });
    expect(response.statusCode).toBe(204);
    return person.auth;
  }
  async function demotedManagerAuth(): Promise<Record<string, string>> {
    const person = await addTeamMember(t, store.id, 'manager');
    const response = await t.app.inject({ method: 'PUT', url: `/api/team/${store.id}/people/${person.id}/role`, headers: store.auth, payload: { role: 'staff' } });
    expect(response.statusCode).toBe(204);
    return person.auth;
  }
  async function signedOutAuth(): Promise<Record<string, string>> {
    const person = await addTeamMember(t, store.id, 'manager');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.auth });
    expect(response.statusCode).toBe(204);
    return person.auth;
  }

  it.each([
    ['a removed counter screen', removedScreenAuth],
    ['a removed staff member', removedStaffAuth],
    ['a manager made staff, with the token of before', demotedManagerAuth],
    ['a session ended with Logout', signedOutAuth],
    ["a customer's credential in its own header", async () => ({ 'x-customer-key': credential })],
    ["a customer's credential as a bearer token", async () => ({ authorization: `Bearer ${credential}` })],
    ['nobody (no credential)', async () => ({})],
  ])('%s', async (_name, auth) => {
    const headers = await auth();
    const outcomes: string[] = [];
    for (const route of guardedRoutes()) {
      const { status, body } = await send(route.method, route.url, headers);
      if (status !== 401) outcomes.push(`${route.method} ${route.url} (${route.access}): ${status} ${body}`);
    }
    expect(outcomes).toEqual([]);
  });
});

it('the automatic HEAD twin of every guarded GET refuses what its GET refuses; OPTIONS and a method override reach no route', async () => {
  // GET, HEAD and the POSTs below end no session: one staff member asks them all.
  const headers = (await addTeamMember(t, store.id, 'staff')).auth;
  const outcomes: string[] = [];
  for (const route of guardedRoutes().filter((r) => r.method === 'GET')) {
    const [get, head] = [await send('GET', route.url, headers), await send('HEAD', route.url, headers)];
    const refused = (status: number) => status === 401 || status === 403;
    if (refused(get.status) !== refused(head.status)) outcomes.push(`HEAD ${route.url}: ${head.status}, GET ${get.status}`);
  }
  for (const route of guardedRoutes()) {
    const options = await send('OPTIONS', route.url, store.auth);
    if (options.status !== 404) outcomes.push(`OPTIONS ${route.url}: ${options.status}`);
  }
  // A staff member's POST that names a manager-only route's method in an override header is still a POST: no
  // route of a higher level runs for it.
  for (const route of guardedRoutes().filter((r) => r.access === 'manager' || r.access === 'owner')) {
    if (route.method === 'POST') continue;
    const overridden = await send('POST', route.url, { ...headers, 'x-http-method-override': route.method, 'x-http-method': route.method, 'x-method-override': route.method });
    if (overridden.status < 400) outcomes.push(`POST+override ${route.method} ${route.url}: ${overridden.status}`);
  }
  expect(outcomes).toEqual([]);
});
