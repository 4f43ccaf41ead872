// The server's clock stepped back (an NTP correction of 5 minutes) while the counter's codes rotate: a code
// made before the step is still good until its own expiry, a code is still taken once per customer, an
// expired one is still refused, and the cooldown is not stretched into a refusal where none is configured.
import { DYNAMIC_QR_TTL_SECONDS } from '../../../../server/infra/qr-tokens-impl';
import { buildCustomerTestApp, createStore, dynamicToken, newCustomer, scan, setReward } from '../../factories';
import type { TestApp } from '../../helpers';

const MINUTE_MS = 60_000;
const STEP_BACK_MS = 5 * MINUTE_MS;

describe.each([0, 10])('the clock steps back 5 minutes with a cooldown of %i minutes', (cooldown) => {
  let t: TestApp;
  let vendorId: string;

  beforeAll(async () => {
    t = await buildCustomerTestApp({ stampCooldownMinutes: cooldown });
    vendorId = (await createStore(t, { company: 'Clock Café' })).id;
    await setReward(t, vendorId, { stamps: 10, item: 'Flat White' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('codes made before and after the step are taken once per customer; an expired one is refused; the cooldown holds as configured', async () => {
    const customer = await newCustomer(t, vendorId);
    const other = await newCustomer(t, vendorId);
    const before = dynamicToken(t, vendorId);
    t.clock.advance(1000);
    t.clock.advance(-STEP_BACK_MS);
    // The code shown before the step, for another customer: good (its expiry is further away now) and taken once,
    // unless that customer's own cooldown refuses it.
    expect((await scan(t, before, { credential: other })).statusCode).toBe(cooldown === 0 ? 200 : 409);
    if (cooldown === 0) {
      expect((await scan(t, before, { credential: other })).json()).toMatchObject({ code: 'already-collected' });
      // A new code for a customer whose last stamp is now "in the future": no cooldown is configured, so none applies.
      t.clock.advance(1000);
      expect((await scan(t, dynamicToken(t, vendorId), { credential: customer })).statusCode).toBe(200);
    } else {
      // A cooldown counts from the last stamp, which is ahead of the clock now: it refuses until the clock has
      // caught up with it and the cooldown has passed (the step lengthens it once, by the step).
      expect((await scan(t, dynamicToken(t, vendorId), { credential: customer })).json()).toMatchObject({ code: 'cooldown' });
      t.clock.advance(STEP_BACK_MS + cooldown * MINUTE_MS);
      expect((await scan(t, dynamicToken(t, vendorId), { credential: customer })).statusCode).toBe(200);
    }
    // A code past its expiry is refused, the step notwithstanding.
    const old = dynamicToken(t, vendorId);
    t.clock.advance(DYNAMIC_QR_TTL_SECONDS * 1000 + 1000);
    expect((await scan(t, old, { credential: await newCustomer(t, vendorId) })).json()).toMatchObject({ code: 'expired' });
  });
});
