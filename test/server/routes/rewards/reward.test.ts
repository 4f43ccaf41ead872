// The punch-card reward API: defaults, validation, ownership and upsert.
import { buildTestApp, resetTestApp, type TestApp } from '../../helpers';
import { createMenuItem as createItem, createVendor, type TestVendor } from '../../factories';

let t: TestApp;
let vendor: TestVendor;
let latteId: string;

// One app for the file, emptied and rewound before each test.
beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await resetTestApp(t);
  vendor = await createVendor(t);
  latteId = await createItem(t, vendor.id, 'Latte');
});

const validReward = () => ({ stamps: 8, item: latteId, itemCustom: null, expiry: '2027-06-30' });

function post(body: unknown, headers: Record<string, string> = vendor.auth, vendorId = vendor.id) {
  return t.app.inject({ method: 'POST', url: `/api/rewards/${vendorId}`, headers, payload: body as object });
}

describe('GET /api/rewards/:vendorId', () => {
  it("answers the default reward and the vendor's items when nothing is saved", async () => {
    const croissantId = await createItem(t, vendor.id, 'Croissant');
    const response = await t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}`, headers: vendor.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reward: { stamps: 10, item: null, itemCustom: null, expiry: '2025-12-31' },
      items: [{ _id: latteId, name: 'Latte' }, { _id: croissantId, name: 'Croissant' }],
      // Beside the reward and its items: no card is in progress yet (the resize warning reads it).
      cardsByStamps: [],
    });
  });

  it("does not list another vendor's items", async () => {
    const other = await createVendor(t);
    await createItem(t, other.id, 'Secret Blend');
    const response = await t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}`, headers: vendor.auth });
    expect(response.json().items).toEqual([{ _id: latteId, name: 'Latte' }]);
  });

  it('answers 401 without a token and 403 for another vendor', async () => {
    const other = await createVendor(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}` })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}`, headers: other.auth });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: expect.any(String) });
  });
});

describe('POST /api/rewards/:vendorId', () => {
  it('saves the reward and GET reads it back', async () => {
    const saved = await post(validReward());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ reward: validReward() });
    const read = await t.app.inject({ method: 'GET', url: `/api/rewards/${vendor.id}`, headers: vendor.auth });
    expect(read.json().reward).toEqual(validReward());
  });

  it('replaces the saved reward when posted twice (one row per vendor)', async () => {
    await post(validReward());
    const second = await post({ stamps: 12, item: null, itemCustom: '  Any pastry  ', expiry: '2028-02-29' });
    expect(second.statusCode).toBe(200);
    expect(second.json().reward).toEqual({ stamps: 12, item: null, itemCustom: 'Any pastry', expiry: '2028-02-29' });
    const rows = await t.db.kysely.selectFrom('rewards').selectAll().where('vendor_id', '=', vendor.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stamps: 12, item_id: null, item_custom: 'Any pastry', expiry: '2028-02-29' });
  });

  it('drops the custom text when a menu item is chosen', async () => {
    const saved = await post({ ...validReward(), itemCustom: 'ignored' });
    expect(saved.json().reward.itemCustom).toBeNull();
  });

  const longText = 'x'.repeat(121);
  it.each([
    ['stamps 0', { stamps: 0 }, 'stamps'],
    ['stamps 101', { stamps: 101 }, 'stamps'],
    ['stamps 7.5', { stamps: 7.5 }, 'stamps'],
    ['stamps "many"', { stamps: 'many' }, 'stamps'],
    ['stamps missing', { stamps: undefined }, 'stamps'],
    ['expiry 2025-02-30 (no such day)', { expiry: '2025-02-30' }, 'expiry'],
    ['expiry 2027-13-01', { expiry: '2027-13-01' }, 'expiry'],
    ['expiry 31/12/2027', { expiry: '31/12/2027' }, 'expiry'],
    ['expiry empty', { expiry: '' }, 'expiry'],
    ['expiry 2026-02-29 (not a leap year)', { expiry: '2026-02-29' }, 'expiry'],
    ['no item and no custom text', { item: null, itemCustom: null }, 'itemCustom'],
    ['no item and blank custom text', { item: null, itemCustom: '   ' }, 'itemCustom'],
    ['custom text over 120 characters', { item: null, itemCustom: longText }, 'itemCustom'],
    ['an unknown item id', { item: 'no-such-item' }, 'item'],
    ['an unexpected field', { autoRedeem: true }, 'autoRedeem'],
  ])('answers 400 naming the field for %s, and saves nothing', async (_label, change, field) => {
    const body: Record<string, unknown> = { ...validReward(), ...change };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json.error).toContain(field);
    expect(json.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await t.db.kysely.selectFrom('rewards').selectAll().execute()).toEqual([]);
  });

  it("answers 400 for another vendor's menu item", async () => {
    const other = await createVendor(t);
    const theirItem = await createItem(t, other.id, 'Their Latte');
    const response = await post({ ...validReward(), item: theirItem });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'item', message: 'must be one of your menu items' }]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST', url: `/api/rewards/${vendor.id}`, headers: { ...vendor.auth, 'content-type': 'application/json' }, payload: '{"stamps":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it("answers 401 without a token and 403 on another vendor's reward, changing nothing", async () => {
    const other = await createVendor(t);
    expect((await post(validReward(), {})).statusCode).toBe(401);
    expect((await post(validReward(), { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await post(validReward(), other.auth)).statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('rewards').selectAll().execute()).toEqual([]);
  });

  it('answers 401 for an expired session', async () => {
    t.clock.advance(t.deps.config.sessionTtlHours * 3600 * 1000 + 1000);
    expect((await post(validReward())).statusCode).toBe(401);
  });
});
