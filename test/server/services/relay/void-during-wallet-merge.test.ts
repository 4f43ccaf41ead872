// A store voids a flagged code while the wallet holding that code's stamp is merged into the wallet its
// phone recovered (PostgreSQL, where the two transactions overlap; SQLite runs write transactions one
// at a time). The void read the stamp on the anonymous card; the merge moved it onto the recovered
// wallet's card before the void reached any card. That card is the one that loses the stamp, so it still
// adds up from its rows: stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn.
import { inTransaction } from '../../../../server/db/transactions';
import { voidCode } from '../../../../server/services/relay/review';
import { mergeAnonymousWallet } from '../../../../server/services/wallet-merge';
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers';
import { pausingAfter, statementOn } from '../../interleaving';
import { cardAgainstItsRows, createStore, dynamicToken, newCustomer, scan, setReward, customerIdOfCredential, type TestStore } from '../../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Merge Lane Coffee' });
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

const cardOf = (customerId: string) => cardAgainstItsRows(t, store.id, customerId);

(usingPostgres ? describe : describe.skip)('a void while the wallet holding its stamp is merged (PostgreSQL)', () => {
  it("takes the stamp off the recovered wallet's card it was moved to, which still adds up from its rows", async () => {
    const recovered = await newCustomer(t, store.id, '198.51.100.1');
    t.clock.advance(1000);
    const anonymous = await newCustomer(t, store.id, '203.0.113.5');
    t.clock.advance(1000);
    expect((await scan(t, dynamicToken(t, store.id), { credential: anonymous, remoteAddress: '192.0.2.44' })).statusCode).toBe(200);
    const fromId = await customerIdOfCredential(t, anonymous);
    const intoId = await customerIdOfCredential(t, recovered);
    const [flagged] = await t.db.kysely.selectFrom('stamp_events').select('code_key').where('customer_id', '=', fromId).orderBy('created_at').execute();
    const codeKey = flagged.code_key ?? '';
    await t.db.kysely.updateTable('code_usage').set({ flagged_at: t.clock.now(), flag_reason: 'networks' }).where('code_key', '=', codeKey).execute();
    t.clock.advance(60_000);

    // The void has found the code's stamp on the anonymous card; it stops there while the merge commits.
    const pausedVoid = pausingAfter(t.db.kysely, statementOn('SelectQueryNode', 'stamp_events', 'e'));
    const voiding = voidCode({ ...t.deps, db: { ...t.db, kysely: pausedVoid.handle } }, store.id, codeKey, null);
    await pausedVoid.atPause;
    await inTransaction(t.db.kysely, (trx) => mergeAnonymousWallet(t.deps, fromId, intoId, t.clock.now(), trx));
    pausedVoid.resume();

    expect(await voiding).toMatchObject({ voidedStamps: 1, cards: 1 });
    // The recovered wallet had one stamp, the merge brought two, the void took one back.
    expect(await cardOf(intoId)).toEqual({ stamps: 2, fromRows: 2 });
  });
});
