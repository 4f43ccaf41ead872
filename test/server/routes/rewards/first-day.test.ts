// The first-day checklist: reward set and usable → flyer printed → first real stamp.
import { buildTestApp, type TestApp } from '../../helpers';
import { createVendor, type TestVendor, dynamicToken, newCustomer, setReward } from '../../factories';

let t: TestApp;
let vendor: TestVendor;

beforeEach(async () => {
  t = await buildTestApp();
  vendor = await createVendor(t);
});

afterEach(async () => {
  await t.close();
});

const firstDay = (headers: Record<string, string> = vendor.auth, vendorId = vendor.id) =>
  t.app.inject({ method: 'GET', url: `/api/rewards/${vendorId}/first-day`, headers });
const flyerPrinted = (headers: Record<string, string> = vendor.auth, vendorId = vendor.id) =>
  t.app.inject({ method: 'POST', url: '/api/qrcode/flyer-printed', headers, payload: { vendorId } });

describe('GET /api/rewards/:vendorId/first-day', () => {
  it('a brand-new store: nothing done yet', async () => {
    const response = await firstDay();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ rewardSaved: false, rewardUsable: false, rewardExpiry: null, flyerPrinted: false, firstStamp: false });
  });

  it('a reward whose expiry date has passed is saved but not usable; a future one is usable', async () => {
    await setReward(t, vendor.id, { stamps: 10, itemCustom: 'Flat White', expiry: '2025-12-31' });
    expect((await firstDay()).json()).toMatchObject({ rewardSaved: true, rewardUsable: false, rewardExpiry: '2025-12-31' });
    await setReward(t, vendor.id, { stamps: 10, itemCustom: 'Flat White', expiry: '2027-11-22' });
    expect((await firstDay()).json()).toMatchObject({ rewardSaved: true, rewardUsable: true, rewardExpiry: '2027-11-22' });
  });

  it('counts the flyer once printed (the first date is kept) and the first real stamp', async () => {
    await setReward(t, vendor.id, { stamps: 10, itemCustom: 'Flat White' });
    expect((await flyerPrinted()).json()).toEqual({ flyerPrinted: true });
    const first = await t.db.kysely.selectFrom('vendors').select('flyer_printed_at').where('id', '=', vendor.id).executeTakeFirstOrThrow();
    t.clock.advance(60_000);
    expect((await flyerPrinted()).statusCode).toBe(200);
    const again = await t.db.kysely.selectFrom('vendors').select('flyer_printed_at').where('id', '=', vendor.id).executeTakeFirstOrThrow();
    expect(again.flyer_printed_at).toBe(first.flyer_printed_at);
    expect((await firstDay()).json()).toMatchObject({ flyerPrinted: true, firstStamp: false });
    expect(dynamicToken(t, vendor.id)).toMatch(/^[A-Z2-7]{51}$/);
    await newCustomer(t, vendor.id);
    expect((await firstDay()).json()).toEqual({ rewardSaved: true, rewardUsable: true, rewardExpiry: '2026-12-31', flyerPrinted: true, firstStamp: true });
  });

  it("answers 401 without a session and 403 for another vendor's store, changing nothing", async () => {
    const other = await createVendor(t);
    expect((await firstDay({})).statusCode).toBe(401);
    expect((await firstDay(vendor.auth, other.id)).statusCode).toBe(403);
    expect((await flyerPrinted({})).statusCode).toBe(401);
    expect((await flyerPrinted(vendor.auth, other.id)).statusCode).toBe(403);
    expect((await firstDay(other.auth, other.id)).json()).toMatchObject({ flyerPrinted: false });
  });
});
