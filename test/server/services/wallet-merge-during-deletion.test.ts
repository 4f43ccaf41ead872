// A phone deletes its anonymous wallet while the same phone recovers its other wallet, whose merge
// names the anonymous wallet (PostgreSQL, where the two transactions overlap; SQLite runs write
// transactions one at a time). The deletion emptied the anonymous cards but kept their stamp rows for
// the store's counts: a merge that went on would move those rows onto the recovered card without their
// stamps, and the recovered card would no longer add up from its rows
// (stamps = live stamp rows − stamps its claims hold + spent stamps withdrawn).
import { inTransaction } from '../../../server/db/transactions';
import { mergeAnonymousWallet } from '../../../server/services/wallet-merge';
import { deleteWallet } from '../../../server/services/wallet-deletion';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { pausingAfter, someoneWaitsForALock, statementOn } from '../interleaving';
import { cardAgainstItsRows, createStore, customerIdOfCredential, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Merge Corner Coffee' });
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});

const cardOf = (customerId: string) => cardAgainstItsRows(t, store.id, customerId);

(usingPostgres ? describe : describe.skip)('a wallet merge that waited for the deletion of the wallet it merges (PostgreSQL)', () => {
  it('merges nothing of the deleted wallet: the recovered card keeps its own stamps and still adds up from its rows', async () => {
    const recovered = await newCustomer(t, store.id, '198.51.100.1');
    t.clock.advance(1000);
    const anonymous = await newCustomer(t, store.id, '203.0.113.5');
    t.clock.advance(1000);
    expect((await scan(t, dynamicToken(t, store.id), { credential: anonymous, remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    const fromId = await customerIdOfCredential(t, anonymous);
    const intoId = await customerIdOfCredential(t, recovered);
    t.clock.advance(60_000);

    // The deletion has marked the anonymous wallet deleted and stops there (nothing committed); the
    // merge, which found the wallet through its credential before that, waits for the wallet's row.
    const pausedDeletion = pausingAfter(t.db.kysely, statementOn('UpdateQueryNode', 'customers'));
    const deleting = deleteWallet({ ...t.deps, db: { ...t.db, kysely: pausedDeletion.handle } }, fromId);
    await pausedDeletion.atPause;
    const merging = inTransaction(t.db.kysely, (trx) => mergeAnonymousWallet(t.deps, fromId, intoId, t.clock.now(), trx));
    await someoneWaitsForALock(t.db.kysely);
    pausedDeletion.resume();
    await deleting;

    const merged = await merging;
    // The recovered wallet had one stamp; the deleted wallet's two stay with it, emptied.
    expect(await cardOf(intoId)).toEqual({ stamps: 1, fromRows: 1 });
    expect(merged).toBeNull();
    const deletedCard = await t.db.kysely.selectFrom('stamp_cards').select('stamps').where('customer_id', '=', fromId).executeTakeFirstOrThrow();
    expect(Number(deletedCard.stamps)).toBe(0);
  });
});

describe('a wallet merge naming a wallet already deleted', () => {
  it('merges nothing: the recovered card keeps its own stamps and still adds up from its rows', async () => {
    const recovered = await newCustomer(t, store.id, '198.51.100.1');
    t.clock.advance(1000);
    const anonymous = await newCustomer(t, store.id, '203.0.113.5');
    const fromId = await customerIdOfCredential(t, anonymous);
    const intoId = await customerIdOfCredential(t, recovered);
    t.clock.advance(60_000);
    await deleteWallet(t.deps, fromId);

    expect(await inTransaction(t.db.kysely, (trx) => mergeAnonymousWallet(t.deps, fromId, intoId, t.clock.now(), trx))).toBeNull();
    expect(await cardOf(intoId)).toEqual({ stamps: 1, fromRows: 1 });
  });
});
