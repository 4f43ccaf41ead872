// Two flagged codes voided at once whose stamps share a card (PostgreSQL, where the two transactions
// overlap; SQLite runs write transactions one at a time). Each void works the card's stamp
// figures out again from what it can see; the visit numbers and live-stamp counts must come out as if
// the voids had run one after the other.
import { sql, type Kysely, type KyselyPlugin, type Transaction } from 'kysely';
import type { Database } from '../../../../server/db/schema';
import { voidCode } from '../../../../server/services/relay/review';
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers';
import { createStore, DAY, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Void Lane Coffee' });
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

/**
 * The app's database handle whose transactions stop right after they first renumber the card's visits
 * (an UPDATE of stamp_events setting card_visit: the void's stamps are marked, nothing is committed) until
 * `resume` is called. A plugin sees every statement of the transaction, built or compiled ahead.
 */
function pausingAfterFigures(db: Kysely<Database>) {
  let reached!: () => void;
  let resume!: () => void;
  const atPause = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (resume = resolve));
  let paused = false;
  const renumbering = new Set<unknown>();
  const pause: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const text = JSON.stringify(node);
      if (node.kind === 'UpdateQueryNode' && text.includes('"stamp_events"') && text.includes('"card_visit"')) renumbering.add(queryId.queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!paused && renumbering.has(queryId.queryId)) {
        paused = true;
        reached();
        await released;
      }
      return result;
    },
  };
  const handle = new Proxy(db, {
    get(object, property) {
      if (property === 'transaction') {
        return () => ({
          execute: <R>(work: (trx: Transaction<Database>) => Promise<R>) => object.transaction().execute((trx) => work(trx.withPlugin(pause))),
        });
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
  return { handle, atPause, resume };
}

/** Resolves once another session of this database waits for a row lock (the scan, held by the void). */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const rows = await t.db.kysely
      .selectFrom('pg_stat_activity' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wait_event_type' as never, '=', 'Lock' as never)
      // Only this database's sessions: other suites may run on the same server.
      .where(sql<boolean>`datname = current_database()`)
      .executeTakeFirstOrThrow();
    if (Number(rows.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function figures(): Promise<Array<{ card_visit: number | null; card_stamps_after: number | null; voided: boolean }>> {
  const rows = await t.db.kysely.selectFrom('stamp_events').select(['card_visit', 'card_stamps_after', 'voided_at']).where('vendor_id', '=', store.id).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ card_visit: r.card_visit, card_stamps_after: r.card_stamps_after, voided: r.voided_at !== null }));
}

(usingPostgres ? describe : describe.skip)('two codes voided at once whose stamps share a card, the later stamp first (PostgreSQL)', () => {
  it('leaves every stamp of the card with its visit number and the live stamps after it', async () => {
    const credential = await newCustomer(t, store.id, '203.0.113.1');
    // Two more stamps of the same card, a day apart (three visits), each from another code and network.
    t.clock.advance(DAY);
    expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await scan(t, dynamicToken(t, store.id), { credential, remoteAddress: '192.0.2.9' })).statusCode).toBe(200);
    // The codes of the card's first two stamps, the LATER stamp's code first: its void, paused after its
    // figures, holds only the rows from its stamp on, so the other void marks the earlier stamp
    // unhindered and then works the figures out from a snapshot without the first void's stamp —
    // unless the card is locked before any stamp is marked.
    const stamps = await t.db.kysely.selectFrom('stamp_events').select(['code_key', 'created_at']).where('vendor_id', '=', store.id).orderBy('created_at').orderBy('id').execute();
    expect(stamps.map((s) => Number(s.created_at) - Number(stamps[0].created_at))).toEqual([0, DAY, 2 * DAY]);
    const laterFirst = [stamps[1].code_key, stamps[0].code_key].map((key) => key ?? '');
    await t.db.kysely.updateTable('code_usage').set({ flagged_at: t.clock.now(), flag_reason: 'networks' }).where('code_key', 'in', laterFirst).execute();

    const paused = pausingAfterFigures(t.db.kysely);
    const first = voidCode({ ...t.deps, db: { ...t.db, kysely: paused.handle } }, store.id, laterFirst[0], null);
    await paused.atPause;
    const second = voidCode(t.deps, store.id, laterFirst[1], null);
    // The second void either finishes while the first waits (the race) or waits for the first's card.
    await Promise.race([second, someoneWaitsForALock()]);
    paused.resume();
    expect(await first).toMatchObject({ voidedStamps: 1 });
    expect(await second).toMatchObject({ voidedStamps: 1 });

    // Both removed days stop being visits: the third day is the first visit, and each removed stamp
    // names its day's place among them.
    expect(await figures()).toEqual([
      { card_visit: 1, card_stamps_after: 0, voided: true },
      { card_visit: 1, card_stamps_after: 0, voided: true },
      { card_visit: 1, card_stamps_after: 1, voided: false },
    ]);
    const card = await t.db.kysely.selectFrom('stamp_cards').select(['stamps', 'visits']).where('vendor_id', '=', store.id).executeTakeFirstOrThrow();
    expect(card).toEqual({ stamps: 1, visits: 1 });
  });
});
