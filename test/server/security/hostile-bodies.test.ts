// Every route that takes a body, sent what a hostile client sends: JSON nested a hundred thousand deep,
// a prototype-pollution key, a megabyte-long string, lone UTF-16 surrogates. Each gets a 4xx or its
// ordinary answer, never a 5xx, and nothing leaks into Object.prototype.
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor } from '../factories';

let t: TestApp;
let store: TestVendor;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createVendor(t, { company: 'Hostile Café' });
});
afterAll(async () => {
  await t.close();
});

const DEPTH = 100_000;
const BODIES: ReadonlyArray<{ name: string; payload: string }> = [
  { name: 'arrays nested 100,000 deep', payload: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
  { name: 'objects nested 100,000 deep', payload: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}` },
  { name: 'a __proto__ key', payload: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "email": "a@b.example"}' },
  { name: 'a string just under the body limit', payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 - 20) }) },
  { name: 'lone surrogates in every usual field', payload: '{"name": "\\ud800", "email": "\\udfff@b.example", "campaignTitle": "\\ud800x", "pairingCode": "\\ud800"}' },
];

// Fastify's JSON parser is one function for every route: what differs from route to route is what the route
// does with the parsed value. Parsing a text nested 100,000 deep takes ~25 ms of CPU, so each deep text is
// parsed for real by the first route it reaches and every later route gets that value again, its top level
// copied so that no route sees what another changed (the first request of each still proves the parser).
const DEEP_PAYLOADS = BODIES.slice(0, 2).map(({ payload }) => payload);
const parse = JSON.parse;
const parsedDeep = new Map<string, unknown>();
jest.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
  const deep = reviver === undefined && typeof text === 'string' ? DEEP_PAYLOADS.find((payload) => payload === text) : undefined;
  if (deep === undefined) return parse(text, reviver) as unknown;
  if (!parsedDeep.has(deep)) parsedDeep.set(deep, parse(deep));
  const value = parsedDeep.get(deep);
  return Array.isArray(value) ? [...value] : { ...(value as object) };
});

// A fresh owner session per request: "sign out everywhere" on the walk would otherwise end the rest of it at 401.
async function ownerAuth(): Promise<Record<string, string>> {
  const { session_generation } = await t.db.kysely.selectFrom('vendors').select('session_generation').where('id', '=', store.id).executeTakeFirstOrThrow();
  return { authorization: `Bearer ${t.deps.sessions.issue(store.id, Number(session_generation))}` };
}

const withBody = () => t.app.accessTable.filter((route) => route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));

it.each(BODIES)('no route answers $name with a 5xx', async ({ payload }) => {
  const outcomes: string[] = [];
  const signedOut: string[] = [];
  for (const route of withBody()) {
    const url = route.url.replace(':vendorId', store.id).replace(/:(\w+)/g, 'unknown-$1');
    const response = await t.app.inject({ method: route.method as 'POST', url, headers: { ...(await ownerAuth()), 'content-type': 'application/json' }, payload });
    if (response.statusCode >= 500) outcomes.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    if (response.statusCode === 401 && route.access !== 'public' && route.access !== 'customer' && route.access !== 'device') signedOut.push(`${route.method} ${route.url}`);
  }
  expect(outcomes).toEqual([]);
  // Each signed-in route read the body as the owner's: none was skipped for want of a session.
  expect(signedOut).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
