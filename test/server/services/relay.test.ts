// Relay detection: the per-code budget, the signals and flags, the vendor's alert and void —
// against the real app on SQLite and (with DATABASE_URL) PostgreSQL.
import type { Config, RelayConfig } from '../../../server/config';
import type { ActivityNotice } from '../../../server/infra/activity-bus';
import { networkPrefix, stampBudget } from '../../../server/services/relay';
import type { TestApp } from '../helpers';
import { buildCustomerTestApp, createStore, dynamicToken, printableToken, scan, setReward, setStoreTimeZone, type TestStore } from '../factories';
import type { RelayAlert } from '../../../src/api/contract/relay';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const relayDefaults: RelayConfig = { codeBudgetFloor: 10, flyerBudgetFloor: 25, paceFactor: 2, networksPerCode: 4, deviceStores: 3, deviceWindowMinutes: 10 };

let t: TestApp;
let store: TestStore;

async function build(relay: Partial<RelayConfig> = {}, config: Partial<Config> = {}) {
  t = await buildCustomerTestApp({ ...config, relay: { ...relayDefaults, ...relay } });
  store = await createStore(t, { company: 'Relay Roasters' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
}

afterEach(async () => {
  await t?.close();
});

function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function alerts(vendor: TestStore = store): Promise<RelayAlert[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/qrcode/${vendor.id}/alerts`, headers: vendor.auth });
  expect(response.statusCode).toBe(200);
  return response.json().alerts;
}

function voidCode(code: string, vendor: TestStore = store) {
  return t.app.inject({ method: 'POST', url: `/api/qrcode/${store.id}/alerts/void`, headers: vendor.auth, payload: { code } });
}

/** `count` new phones scanning one token, each from its own network (10.<i>.0.1) or all from `network`. */
async function phones(token: string, count: number, network?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await scan(t, token, { remoteAddress: network ? `${network}.${i + 2}` : `10.${i + 1}.0.1` });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('budget arithmetic', () => {
  it('takes the larger of the floor and factor × the busiest minute (counter) or flyer day (flyer)', () => {
    const noFloors = { codeBudgetFloor: null, flyerBudgetFloor: null };
    expect(stampBudget('dynamic', { busiestMinute: 0, busiestFlyerDay: 0 }, noFloors, relayDefaults)).toBe(10);
    expect(stampBudget('dynamic', { busiestMinute: 4, busiestFlyerDay: 0 }, noFloors, relayDefaults)).toBe(10);
    expect(stampBudget('dynamic', { busiestMinute: 9, busiestFlyerDay: 0 }, noFloors, relayDefaults)).toBe(18);
    expect(stampBudget('printable', { busiestMinute: 9, busiestFlyerDay: 20 }, noFloors, relayDefaults)).toBe(40);
    expect(stampBudget('printable', { busiestMinute: 9, busiestFlyerDay: 3 }, noFloors, relayDefaults)).toBe(25);
  });

  it("uses the store's own floor instead of the environment's (lower or higher)", () => {
    const pace = { busiestMinute: 1, busiestFlyerDay: 1 };
    expect(stampBudget('dynamic', pace, { codeBudgetFloor: 4, flyerBudgetFloor: null }, relayDefaults)).toBe(4);
    expect(stampBudget('dynamic', pace, { codeBudgetFloor: 30, flyerBudgetFloor: null }, relayDefaults)).toBe(30);
    expect(stampBudget('printable', pace, { codeBudgetFloor: null, flyerBudgetFloor: 7 }, relayDefaults)).toBe(7);
  });

  it('groups addresses by network: /24 for IPv4, /48 for IPv6, IPv4-mapped IPv6 as IPv4', () => {
    expect(networkPrefix('203.0.113.57')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:203.0.113.57')).toBe('203.0.113.0/24');
    expect(networkPrefix('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkPrefix('2001:0db8:00ab:ffff:1:2:3:4')).toBe('2001:db8:ab::/48');
    expect(networkPrefix('::1')).toBe('0:0:0::/48');
    expect(networkPrefix(undefined)).toBe('unknown');
    expect(networkPrefix('not an address')).toBe('unknown');
  });

  it('groups an IPv4 client written in any IPv4-mapped notation by its /24, not with every other mapped client', () => {
    for (const address of ['::ffff:cb00:7139', '::FFFF:203.0.113.57', '0:0:0:0:0:ffff:203.0.113.57', '::ffff:203.0.113.57%eth0']) {
      expect(networkPrefix(address)).toBe('203.0.113.0/24');
    }
    expect(networkPrefix('::ffff:c633:6401')).toBe('198.51.100.0/24');
  });
});

describe('POST /api/customer/scan with a per-code budget', () => {
  it('grants at most the budget per code, refuses the rest with the message, and flags the code on the first refusal', async () => {
    await build();
    const token = dynamicToken(t, store.id);
    const statuses = await phones(token, 12, '198.51.100');
    expect(statuses).toEqual([...Array(10).fill(200), 409, 409]);
    const refused = await scan(t, token, { remoteAddress: '198.51.100.99' });
    expect(refused.json()).toMatchObject({ code: 'code-budget', error: 'This code was used by many people at once — ask at the counter for your stamp' });
    const [alert] = await alerts();
    expect(alert).toMatchObject({ reason: 'budget', granted: 10, refused: 3, networks: 1, budget: 10, voidedAt: null });
    expect(alert.stamps).toHaveLength(10);
    // The next code has its own budget.
    expect(await phones(dynamicToken(t, store.id), 1, '198.51.100')).toEqual([200]);
  });

  it('never refuses a legitimate queue: 8 customers in one minute from the café Wi-Fi, each code in turn, nothing flagged', async () => {
    await build();
    for (let minute = 0; minute < 3; minute += 1) {
      const token = dynamicToken(t, store.id);
      for (let i = 0; i < 8; i += 1) {
        t.clock.advance(7_000);
        expect((await scan(t, token, { remoteAddress: `192.0.2.${minute * 10 + i + 2}` })).statusCode).toBe(200);
      }
    }
    expect(await alerts()).toEqual([]);
  });

  it("follows the store's pace: twice yesterday's busiest minute, and a store floor set by the owner", async () => {
    await build();
    for (let i = 0; i < 9; i += 1) expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: `192.0.2.${i + 2}` })).statusCode).toBe(200);
    t.clock.advance(DAY);
    const settings = await t.app.inject({ method: 'GET', url: `/api/qrcode/${store.id}/stamp-budget`, headers: store.auth });
    expect(settings.json()).toEqual({ codeBudgetFloor: null, flyerBudgetFloor: null, effectiveCodeBudget: 18, effectiveFlyerBudget: 25, changedBy: null });
    const token = dynamicToken(t, store.id);
    expect(statusCounts(await phones(token, 20, '198.51.100'))).toEqual({ 200: 18, 409: 2 });

    const set = await t.app.inject({ method: 'PUT', url: `/api/qrcode/${store.id}/stamp-budget`, headers: store.auth, payload: { codeBudgetFloor: 30, flyerBudgetFloor: 5 } });
    expect(set.json()).toEqual({ codeBudgetFloor: 30, flyerBudgetFloor: 5, effectiveCodeBudget: 30, effectiveFlyerBudget: 5, changedBy: 'Test Owner' });
    const audit = await t.db.kysely.selectFrom('relay_audit').selectAll().where('vendor_id', '=', store.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['set-budget-floors']);
  });

  it('gives the flyer a daily budget', async () => {
    await build({ flyerBudgetFloor: 3 });
    const flyer = printableToken(t, store.id);
    expect(statusCounts(await phones(flyer, 5))).toEqual({ 200: 3, 409: 2 });
    t.clock.advance(DAY);
    expect(statusCounts(await phones(flyer, 2, '203.0.113'))).toEqual({ 200: 2 });
  });

  it("starts the flyer's day and the pace's day at midnight in the store's time zone (Asia/Kolkata: 18:30 UTC)", async () => {
    await build({ flyerBudgetFloor: 3 });
    await setStoreTimeZone(t, store.id, 'Asia/Kolkata');
    t.clock.set(Date.parse('2026-11-22T18:00:00Z')); // 23:30 shop time
    const flyer = printableToken(t, store.id);
    expect(statusCounts(await phones(flyer, 5))).toEqual({ 200: 3, 409: 2 });
    for (let i = 0; i < 9; i += 1) expect((await scan(t, dynamicToken(t, store.id), { remoteAddress: `192.0.2.${i + 2}` })).statusCode).toBe(200);
    t.clock.set(Date.parse('2026-11-22T19:00:00Z')); // 00:30 the next day, shop time: the same UTC day
    expect(statusCounts(await phones(flyer, 2, '203.0.113'))).toEqual({ 200: 2 });
    // Yesterday, shop time, the busiest minute had 9 stamps and the flyer 3: twice each.
    const settings = await t.app.inject({ method: 'GET', url: `/api/qrcode/${store.id}/stamp-budget`, headers: store.auth });
    expect(settings.json()).toMatchObject({ effectiveCodeBudget: 18, effectiveFlyerBudget: 6 });
  });

  it('lets exactly the budget through when phones scan one code at once at the edge', async () => {
    await build({ codeBudgetFloor: 3 });
    for (let round = 0; round < 3; round += 1) {
      const token = dynamicToken(t, store.id);
      expect(await phones(token, 2, '198.51.100')).toEqual([200, 200]);
      const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => scan(t, token, { remoteAddress: `10.${round}.${i}.9` })));
      expect(statusCounts(parallel.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 5 });
      const usage = await t.db.kysely.selectFrom('code_usage').select('granted').where('code_key', '=', token).executeTakeFirstOrThrow();
      expect(Number(usage.granted)).toBe(3);
      const events = await t.db.kysely.selectFrom('stamp_events').select((eb) => eb.fn.countAll<number>().as('n')).where('code_key', '=', token).executeTakeFirstOrThrow();
      expect(Number(events.n)).toBe(3);
    }
  });
});

describe('signals and flags', () => {
  it('records the code, its age, the network, a new device and the code counts on each stamp', async () => {
    await build();
    const token = dynamicToken(t, store.id);
    t.clock.advance(12_000);
    const first = await scan(t, token, { remoteAddress: '203.0.113.7' });
    await scan(t, token, { remoteAddress: '2001:db8:5:6::1' });
    const row = await t.db.kysely.selectFrom('stamp_events').selectAll().where('code_key', '=', token).orderBy('code_stamps').execute();
    expect(row.map((r) => [r.client_network, Number(r.code_age_ms), r.new_device, r.code_stamps, r.code_networks])).toEqual([
      ['203.0.113.0/24', 12_000, 1, 1, 1],
      ['2001:db8:5::/48', 12_000, 1, 2, 2],
    ]);
    // A known device is not new.
    t.clock.advance(11 * MINUTE);
    await scan(t, dynamicToken(t, store.id), { credential: first.json().credential, remoteAddress: '203.0.113.7' });
    const again = await t.db.kysely.selectFrom('stamp_events').select('new_device').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(again.new_device).toBe(0);
  });

  it('flags a code used from more networks than one counter serves, at the stamp that crosses the line, and tells the live feed', async () => {
    await build();
    const notices: ActivityNotice[] = [];
    const unsubscribe = t.deps.activityBus.subscribe(store.id, (notice) => notices.push(notice));
    await t.deps.activityBus.ready();
    const token = dynamicToken(t, store.id);
    await phones(token, 4);
    expect(await alerts()).toEqual([]);
    t.clock.advance(30_000);
    await phones(token, 1, '172.16.9');
    const [alert] = await alerts();
    expect(alert).toMatchObject({ reason: 'networks', granted: 5, networks: 5, refused: 0 });
    expect(alert.message).toBe('Code from 10:00 used 5 times from 5 networks in 30 s — a photo may be going around');
    await waitFor(() => notices.some((n) => n.type === 'relay-alert' && n.id === token));
    unsubscribe();
  });

  it("names the flagged code's customers in the owner's page language: German to a German page", async () => {
    await build({ codeBudgetFloor: 2 });
    const token = dynamicToken(t, store.id);
    await phones(token, 3);
    const response = await t.app.inject({ method: 'GET', url: `/api/qrcode/${store.id}/alerts`, headers: { ...store.auth, 'accept-language': 'de-DE' } });
    const [alert] = response.json<{ alerts: RelayAlert[] }>().alerts;
    expect(alert.stamps.map((stamp) => stamp.customer).sort()).toEqual(['Kunde Nr. 1', 'Kunde Nr. 2']);
  });

  it('flags a device that collects at several stores within minutes', async () => {
    await build();
    const others = [store, await createStore(t, { company: 'Second Cup' }), await createStore(t, { company: 'Third Wave' })];
    for (const other of others.slice(1)) await setReward(t, other.id, { stamps: 5, itemCustom: 'Tea' });
    const first = await scan(t, dynamicToken(t, others[0].id), { remoteAddress: '203.0.113.7' });
    const credential = first.json().credential as string;
    t.clock.advance(3 * MINUTE);
    await scan(t, dynamicToken(t, others[1].id), { credential, remoteAddress: '203.0.113.7' });
    expect(await alerts(others[1])).toEqual([]);
    t.clock.advance(3 * MINUTE);
    const token = dynamicToken(t, others[2].id);
    await scan(t, token, { credential, remoteAddress: '203.0.113.7' });
    const [alert] = await alerts(others[2]);
    expect(alert).toMatchObject({ code: token, reason: 'device', granted: 1 });
  });
});

describe('POST /api/qrcode/:vendorId/alerts/void', () => {
  async function relayedCode(count = 6) {
    const token = dynamicToken(t, store.id);
    const credentials: string[] = [];
    for (let i = 0; i < count; i += 1) {
      // A second apart, so the activity order is the scan order on both databases.
      t.clock.advance(1_000);
      const response = await scan(t, token, { remoteAddress: `10.${i + 1}.0.1` });
      credentials.push(response.json().credential);
    }
    return { token, credentials };
  }

  it('is owner-only: 401 without a session, 403 for another store, 404 for a code that is not flagged here', async () => {
    await build();
    const { token } = await relayedCode();
    const other = await createStore(t, { company: 'Nosy Neighbour' });
    expect((await t.app.inject({ method: 'POST', url: `/api/qrcode/${store.id}/alerts/void`, payload: { code: token } })).statusCode).toBe(401);
    expect((await voidCode(token, other)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/qrcode/${store.id}/alerts`, headers: other.auth })).statusCode).toBe(403);
    expect((await voidCode(dynamicToken(t, store.id))).statusCode).toBe(404);
  });

  it("takes the code's stamps off the cards, marks them in the activity and the dashboard, tells the customer, and is audited", async () => {
    await build({}, { stampCooldownMinutes: 0 });
    const { token, credentials } = await relayedCode();
    // A regular's honest stamp on another code stays.
    t.clock.advance(1_000);
    const honest = await scan(t, dynamicToken(t, store.id), { credential: credentials[0], remoteAddress: '10.1.0.1' });
    expect(honest.statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth })).json();
    expect(before.stampCard.averageStamps).toBe(1.2);

    const response = await voidCode(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ voidedStamps: 6, cards: 6, claimsKept: 0, flyerRenewed: false });
    expect((await voidCode(token)).statusCode).toBe(409);

    const cards = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { 'x-customer-key': credentials[0] }, remoteAddress: '10.1.0.1' });
    expect(cards.json().cards[0]).toMatchObject({ stamps: 1, removedStamps: 1 });
    const other = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: { 'x-customer-key': credentials[1] }, remoteAddress: '10.2.0.1' });
    expect(other.json().cards[0]).toMatchObject({ stamps: 0, removedStamps: 1 });

    const activity = (await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}?page=1&pageSize=20`, headers: store.auth })).json();
    expect(activity.items.filter((i: { voided?: boolean }) => i.voided)).toHaveLength(6);
    expect(activity.items.filter((i: { voided?: boolean }) => !i.voided)).toHaveLength(1);

    // The dashboard reads kept aggregates: voided stamps must stop counting there too.
    const dashboard = (await t.app.inject({ method: 'GET', url: `/api/dashboard/${store.id}`, headers: store.auth })).json();
    expect(dashboard.stampCard).toMatchObject({ averageStamps: 1, activeCards: 1 });
    expect(dashboard.engagedCustomers.map((c: { stamps: number }) => c.stamps)).toEqual([1]);
    expect(dashboard.recent.filter((i: { voided?: boolean }) => i.voided)).toHaveLength(3);

    const [alert] = await alerts();
    expect(alert).toMatchObject({ voidedStamps: 6, granted: 6 });
    expect(alert.stamps.every((s) => s.voided)).toBe(true);
    const audit = await t.db.kysely.selectFrom('relay_audit').selectAll().where('vendor_id', '=', store.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'void-code', code_key: token });
    expect(JSON.parse(audit[0].detail)).toMatchObject({ voidedStamps: 6, reason: 'networks' });
    // The voided code grants nothing more.
    expect((await scan(t, token, { remoteAddress: '10.99.0.1' })).json().code).toBe('code-budget');
  });

  it("lists the voided stamps in the activity export and takes them off the customers' visits", async () => {
    await build({}, { stampCooldownMinutes: 0 });
    const { token } = await relayedCode();
    expect((await voidCode(token)).statusCode).toBe(200);

    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const csv = await t.app.inject({ method: 'GET', url: `/api/activity/${store.id}/export.csv?from=${day}&to=${day}&utcOffset=0`, headers: store.auth });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines.filter((line) => line.includes(',stamp,'))).toHaveLength(6);
    expect(lines.filter((line) => line.includes(',stamp voided,'))).toHaveLength(6);

    const customers = (await t.app.inject({ method: 'GET', url: `/api/customers/${store.id}`, headers: store.auth })).json();
    expect(customers.items).toHaveLength(6);
    expect(customers.items.map((c: { visits: number }) => c.visits)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('shows a claim already made but does not reverse it', async () => {
    await build({ codeBudgetFloor: 50 }, { stampCooldownMinutes: 0 });
    await setReward(t, store.id, { stamps: 2, item: 'Flat White' });
    const token = dynamicToken(t, store.id);
    const first = await scan(t, token, { remoteAddress: '10.1.0.1' });
    const credential = first.json().credential as string;
    await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '10.1.0.1' });
    const claim = await t.app.inject({ method: 'POST', url: `/api/customer/cards/${first.json().card.id}/claim`, headers: { 'x-customer-key': credential }, remoteAddress: '10.1.0.1' });
    expect(claim.statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await scan(t, token, { remoteAddress: `10.${i + 2}.0.1` });

    const [alert] = await alerts();
    expect(alert.stamps.find((s) => s.claimedAfter)).toBeDefined();
    expect((await voidCode(token)).json()).toEqual({ voidedStamps: 5, cards: 5, claimsKept: 1, flyerRenewed: false });
    const redemptions = await t.db.kysely.selectFrom('redemptions').select('id').where('vendor_id', '=', store.id).execute();
    expect(redemptions).toHaveLength(1);
    const card = await t.db.kysely.selectFrom('stamp_cards').select(['stamps', 'claimed_stamps_withdrawn']).where('id', '=', first.json().card.id).executeTakeFirstOrThrow();
    // The voided stamp the claim had spent stays spent: the card counts it, so its figures add up from the rows.
    expect(card).toEqual({ stamps: 0, claimed_stamps_withdrawn: 1 });
    // The card held at zero is named in the audit: its stamps no longer add up from the rows alone.
    const [audit] = await t.db.kysely.selectFrom('relay_audit').select('detail').where('vendor_id', '=', store.id).where('action', '=', 'void-code').execute();
    expect(JSON.parse(audit.detail)).toMatchObject({ claimsKept: 1, cardsHeldAtZero: [first.json().card.id] });
  });

  it('renews the flyer code when the voided code was the flyer', async () => {
    await build({ flyerBudgetFloor: 2 });
    const flyer = printableToken(t, store.id);
    expect(statusCounts(await phones(flyer, 3))).toEqual({ 200: 2, 409: 1 });
    const [alert] = await alerts();
    expect(alert).toMatchObject({ kind: 'printable', reason: 'budget' });
    expect(alert.message).toMatch(/^Flyer code used 3 times from 2 networks in/);
    expect((await voidCode(alert.code)).json()).toMatchObject({ voidedStamps: 2, flyerRenewed: true });
    expect((await scan(t, flyer, { remoteAddress: '10.50.0.1' })).json().code).toBe('revoked');
    expect((await scan(t, printableToken(t, store.id, 2), { remoteAddress: '10.51.0.1' })).statusCode).toBe(200);
  });
});

/** Polls (microtask turns, no sleeping) until `check` holds; the PostgreSQL bus delivers through NOTIFY. */
async function waitFor(check: () => boolean, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not met');
}
