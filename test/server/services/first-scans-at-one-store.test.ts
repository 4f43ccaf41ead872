// New customers' first scans at one store on PostgreSQL: each takes the store's next customer number, and
// none waits for another's transaction to end before its own stamp goes in. A burst of first scans (a
// store's opening day, a flyer handed out) then goes through as fast as the connections allow, instead of
// one transaction at a time, whose waiters got 503 once they had waited 5 s for a connection.
import { sql } from 'kysely';
import { scan } from '../../../server/services/stamping';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { pausingAfter, statementOn } from '../interleaving';
import { createStore, dynamicToken, setReward, type TestStore } from '../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Opening Day Coffee' });
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

/**
 * Resolves with 'waits' once a session waits for a row lock the paused scan holds (a session blocked by one
 * stopped after its card's UPDATE: other suites' sessions on the same server do not count); `stop` ends the watch.
 */
function watchForWaitsOnThePausedScan(): { waits: Promise<'waits'>; stop: () => void } {
  let stopped = false;
  const waits = (async (): Promise<'waits'> => {
    while (!stopped) {
      const { rows } = await sql<{ n: number }>`
        SELECT COUNT(*) AS n FROM pg_stat_activity waiting
        WHERE waiting.wait_event_type = 'Lock' AND waiting.datname = current_database()
          AND EXISTS (SELECT 1 FROM pg_stat_activity holder WHERE holder.pid = ANY (pg_blocking_pids(waiting.pid))
                      AND holder.state = 'idle in transaction' AND holder.query LIKE 'update "stamp_cards" set "stamps"%')`.execute(t.db.kysely);
      if (Number(rows[0]?.n ?? 0) > 0) return 'waits';
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return new Promise<'waits'>(() => undefined);
  })();
  return { waits, stop: () => (stopped = true) };
}

const firstScan = (deps: TestApp['deps'], address: string) => scan(deps, { token: dynamicToken(t, store.id), credential: undefined, clientAddress: address, mayCreateCustomer: async () => true });

(usingPostgres ? describe : describe.skip)('first scans of new customers at one store (PostgreSQL)', () => {
  it('stamps a new customer while another new customer’s first scan is still in its transaction, and numbers both', async () => {
    // The first newcomer's scan stops inside its transaction, once its card has the stamp.
    const paused = pausingAfter(t.db.kysely, statementOn('UpdateQueryNode', 'stamp_cards'));
    const first = firstScan({ ...t.deps, db: { ...t.db, kysely: paused.handle } }, '203.0.113.1');
    await paused.atPause;

    const watch = watchForWaitsOnThePausedScan();
    const second = firstScan(t.deps, '203.0.113.2');
    const outcome = await Promise.race([second.then((result) => (result.ok ? 'stamped' : result.refusal.code)), watch.waits]);
    watch.stop();
    paused.resume();
    expect(outcome).toBe('stamped');
    expect((await first).ok).toBe(true);
    await second;

    const numbers = await t.db.kysely.selectFrom('stamp_cards').select('customer_number').where('vendor_id', '=', store.id).execute();
    expect(numbers.map((row) => Number(row.customer_number)).sort()).toEqual([1, 2]);
    const vendor = await t.db.kysely.selectFrom('vendors').select('customer_count').where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(Number(vendor.customer_count)).toBe(2);
  });
});
