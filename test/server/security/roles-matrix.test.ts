// The role × route matrix: for every route of the API, what the owner, a manager and a staff member of the
// store get, and what a team member of another store gets. Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import { buildTestApp, type TestApp } from '../helpers';
import { addTeamMember, createVendor, type TestVendor } from '../factories';
import type { Access } from '../../../server/services/access';
import type { Role } from '../../../src/api/contract/team';

/** What each role may use, route by route (the product's role list); every other route follows its declaration. */
const EXPECTED: Record<string, Access> = {
  // staff: dashboard figures, the QR Code page and counter mode, the live feed, hand-over
  'GET /api/dashboard/:vendorId': 'staff',
  'GET /api/qrcode/generate/:vendorId': 'counter',
  'POST /api/qrcode/printable': 'staff',
  'GET /api/activity/:vendorId': 'counter',
  'GET /api/activity/:vendorId/today': 'counter',
  'POST /api/activity/:vendorId/stream-ticket': 'counter',
  'GET /api/handover/:vendorId/pending': 'counter',
  'POST /api/handover/:vendorId/claims/:claimId': 'counter',
  'POST /api/handover/:vendorId/code': 'counter',
  'GET /api/rewards/:vendorId/counter-settings': 'counter',
  // manager: store settings, menu, reward setup, customers, exports, relay review and voids, stamp budgets
  'POST /api/vendor/:vendorId': 'manager',
  'POST /api/vendor/:vendorId/upload-menu': 'manager',
  'POST /api/vendor/:vendorId/add-item': 'manager',
  'POST /api/vendor/:vendorId/delete-item': 'manager',
  'POST /api/rewards/:vendorId': 'manager',
  'PUT /api/rewards/:vendorId/settings': 'manager',
  'GET /api/customers/:vendorId': 'manager',
  'GET /api/customers/:vendorId/search': 'manager',
  'GET /api/customers/:vendorId/export.csv': 'manager',
  'GET /api/activity/:vendorId/export.csv': 'manager',
  'POST /api/activity/:vendorId/stamps/:stampId/remove': 'manager',
  'GET /api/qrcode/:vendorId/alerts': 'manager',
  'POST /api/qrcode/:vendorId/alerts/void': 'manager',
  'PUT /api/qrcode/:vendorId/stamp-budget': 'manager',
  // manager: counter screens (an owner or a manager adds, lists, renames and removes them)
  'POST /api/team/:vendorId/devices': 'manager',
  'GET /api/team/:vendorId/devices': 'manager',
  'PATCH /api/team/:vendorId/devices/:deviceId': 'manager',
  'DELETE /api/team/:vendorId/devices/:deviceId': 'manager',
  // owner: the team
  'GET /api/team/:vendorId': 'owner',
  'POST /api/team/:vendorId/invitations': 'owner',
  'PUT /api/team/:vendorId/people/:personId/role': 'owner',
  'DELETE /api/team/:vendorId/people/:personId': 'owner',
  // owner: deleting the store
  'POST /api/account/:vendorId/delete-store': 'owner',
  // everyone signed in: their own account
  'PUT /api/account/name': 'signed-in',
  'POST /api/account/email-change': 'signed-in',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions/:sessionId': 'signed-in',
};

/** The product's rule, written out here rather than taken from the server: staff < manager < owner. */
const RANK: Record<Role, number> = { staff: 1, manager: 2, owner: 3 };
function personMayUse(role: Role, access: Access): boolean {
  if (access === 'device') return false;
  if (access === 'signed-in') return true;
  const minimum: Role = access === 'counter' ? 'staff' : (access as Role);
  return RANK[role] >= RANK[minimum];
}

const GUARDED: ReadonlySet<Access> = new Set(['signed-in', 'staff', 'manager', 'owner', 'counter', 'device']);
const ROLES: Role[] = ['owner', 'manager', 'staff'];

describe('role × route matrix', () => {
  let t: TestApp;
  let store: TestVendor;
  let otherStore: TestVendor;

  beforeAll(async () => {
    t = await buildTestApp();
    store = await createVendor(t, { company: 'Matrix Café' });
    otherStore = await createVendor(t, { company: 'Elsewhere' });
  });
  afterAll(async () => {
    await t.close();
  });

  const guardedRoutes = () => t.app.accessTable.filter((route) => route.url.startsWith('/api/') && GUARDED.has(route.access) && route.method !== 'HEAD');

  // A fresh session per request: Logout and role routes may end the session they are sent with.
  async function tokenFor(role: Role, vendorId: string): Promise<string> {
    if (role === 'owner') {
      // In the owner's current generation: "sign out everywhere" on the walk moves it on.
      const { session_generation } = await t.db.kysely.selectFrom('vendors').select('session_generation').where('id', '=', vendorId).executeTakeFirstOrThrow();
      return t.deps.sessions.issue(vendorId, Number(session_generation));
    }
    return (await addTeamMember(t, vendorId, role)).token;
  }

  function call(method: string, url: string, vendorId: string, token: string) {
    const path = url.replace(':vendorId', encodeURIComponent(vendorId)).replace(/:(\w+)/g, 'unknown-$1');
    const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    return t.app.inject({
      method: method as 'GET',
      url: path,
      headers: { authorization: `Bearer ${token}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: '{}' } : {}),
    });
  }

  it('declares each route of the role list at its level', () => {
    const declared = new Map(t.app.accessTable.map((route) => [`${route.method} ${route.url}`, route.access]));
    for (const [route, access] of Object.entries(EXPECTED)) expect([route, declared.get(route)]).toEqual([route, access]);
  });

  it.each(ROLES)('gives the %s of the store exactly the routes their role allows', async (role) => {
    const outcomes: string[] = [];
    for (const route of guardedRoutes()) {
      const response = await call(route.method, route.url, store.id, await tokenFor(role, store.id));
      const refused = response.statusCode === 401 || response.statusCode === 403;
      const allowed = personMayUse(role, route.access);
      if (refused === allowed) outcomes.push(`${route.method} ${route.url} (${route.access}): ${response.statusCode} ${response.body.slice(0, 80)}`);
    }
    expect(outcomes).toEqual([]);
  });

  it.each(ROLES)("refuses every store route to the %s of another store with 403, changing nothing", async (role) => {
    const before = await t.db.kysely.selectFrom('vendors').select(['updated_at']).where('id', '=', store.id).executeTakeFirstOrThrow();
    const outcomes: string[] = [];
    for (const route of guardedRoutes().filter((r) => r.url.includes(':vendorId'))) {
      const response = await call(route.method, route.url, store.id, await tokenFor(role, otherStore.id));
      if (response.statusCode !== 403) outcomes.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(outcomes).toEqual([]);
    const after = await t.db.kysely.selectFrom('vendors').select(['updated_at']).where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses every guarded route without a token with 401', async () => {
    const outcomes: string[] = [];
    for (const route of guardedRoutes()) {
      const path = route.url.replace(':vendorId', store.id).replace(/:(\w+)/g, 'x');
      const response = await t.app.inject({ method: route.method as 'GET', url: path });
      if (response.statusCode !== 401) outcomes.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(outcomes).toEqual([]);
  });
});
