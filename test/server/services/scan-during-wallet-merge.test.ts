// A phone scans with the credential of its anonymous wallet while that wallet is being merged into the
// wallet it recovered, or while that wallet is deleted: the scan read the old customer, the merge or the
// deletion went through before the scan's transaction. The answer is a clean 401 (the credential is
// revoked), never a 500, and the wallet gets no stamp.
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { inTransaction } from '../../../server/db/transactions';
import { scan } from '../../../server/services/stamping';
import { mergeAnonymousWallet } from '../../../server/services/wallet-merge';
import { deleteWallet } from '../../../server/services/wallet-deletion';
import { storeCounterTotal } from '../../../server/repositories/store-counters';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { pausingAfter, someoneWaitsForALock, statementOn } from '../interleaving';
import { createStore, dynamicToken, newCustomer, setReward, customerIdOfCredential, type TestStore } from '../factories';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  store = await createStore(t, { company: 'Merge Street Coffee' });
  await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
});

afterEach(async () => {
  await t.close();
});


/**
 * The app's database handle, except that once the scan's first read has answered (and let go of its
 * connection), `between` runs before the scan goes on: the interleaving the race needs, every time.
 */
function pausingAfterFirstRead(db: Kysely<Database>, between: () => Promise<void>): Kysely<Database> {
  let paused = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async (...args: Parameters<Kysely<Database>['executeQuery']>) => {
          const result = await target.executeQuery(...args);
          if (!paused) {
            paused = true;
            await between();
          }
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a scan with the credential of a wallet merged away while the scan runs', () => {
  it.each([
    ['has a card at the store (it moves to the recovered wallet)', true],
    ['has no card at the store yet', false],
  ])('answers 401 "no stamp cards" when the anonymous wallet %s, never 500', async (_, hasCardHere) => {
    const recovered = await newCustomer(t, store.id, '198.51.100.1');
    const elsewhere = await createStore(t, { company: 'Elsewhere' });
    await setReward(t, elsewhere.id, { stamps: 5, itemCustom: 'Tea' });
    const anonymous = await newCustomer(t, hasCardHere ? store.id : elsewhere.id, '198.51.100.2');
    const fromId = await customerIdOfCredential(t, anonymous);
    const intoId = await customerIdOfCredential(t, recovered);
    t.clock.advance(60_000);

    const merge = () => inTransaction(t.db.kysely, (trx) => mergeAnonymousWallet(t.deps, fromId, intoId, t.clock.now(), trx)).then(() => undefined);
    const deps = { ...t.deps, db: { ...t.db, kysely: pausingAfterFirstRead(t.db.kysely, merge) } };
    const outcome = scan(deps, { token: dynamicToken(t, store.id), credential: anonymous, clientAddress: '198.51.100.2', mayCreateCustomer: async () => true });

    await expect(outcome).rejects.toMatchObject({ statusCode: 401, message: "This phone has no stamp cards yet. Scan a store's QR code to start one." });
    // The merge went through whole: the anonymous wallet is gone, nothing was stamped for it.
    expect(await t.db.kysely.selectFrom('customers').select('id').where('id', '=', fromId).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('stamp_events').select('id').where('customer_id', '=', fromId).execute()).toEqual([]);
  });
});

describe('a scan with the credential of a wallet deleted while the scan runs', () => {
  it.each([
    ['has a card at the store (emptied by the deletion)', true],
    ['has no card at the store yet', false],
  ])('answers 401 "no stamp cards" when the wallet %s; the deleted wallet keeps no stamp and the store counts none', async (_, hasCardHere) => {
    const elsewhere = await createStore(t, { company: 'Elsewhere' });
    await setReward(t, elsewhere.id, { stamps: 5, itemCustom: 'Tea' });
    const credential = await newCustomer(t, hasCardHere ? store.id : elsewhere.id, '198.51.100.3');
    const customerId = await customerIdOfCredential(t, credential);
    const storeStampsBefore = await storeCounterTotal(t.db.kysely, store.id, 'stamps');
    t.clock.advance(60_000);

    const deletion = () => deleteWallet(t.deps, customerId).then(() => undefined);
    const deps = { ...t.deps, db: { ...t.db, kysely: pausingAfterFirstRead(t.db.kysely, deletion) } };
    const outcome = scan(deps, { token: dynamicToken(t, store.id), credential, clientAddress: '198.51.100.3', mayCreateCustomer: async () => true });

    await expect(outcome).rejects.toMatchObject({ statusCode: 401, message: "This phone has no stamp cards yet. Scan a store's QR code to start one." });
    const cards = await t.db.kysely.selectFrom('stamp_cards').select(['vendor_id', 'stamps']).where('customer_id', '=', customerId).where('vendor_id', '=', store.id).execute();
    expect(cards).toEqual(hasCardHere ? [{ vendor_id: store.id, stamps: 0 }] : []);
    expect(await t.db.kysely.selectFrom('stamp_events').select('id').where('customer_id', '=', customerId).where('vendor_id', '=', store.id).execute()).toHaveLength(hasCardHere ? 1 : 0);
    expect(await storeCounterTotal(t.db.kysely, store.id, 'stamps')).toBe(storeStampsBefore);
  });
});

(usingPostgres ? describe : describe.skip)('a scan while the wallet is being deleted, its cards already emptied (PostgreSQL)', () => {
  it('waits for the deletion, then answers 401 and starts no card at a store the wallet had none at', async () => {
    const elsewhere = await createStore(t, { company: 'Elsewhere' });
    await setReward(t, elsewhere.id, { stamps: 5, itemCustom: 'Tea' });
    const credential = await newCustomer(t, elsewhere.id, '198.51.100.4');
    const customerId = await customerIdOfCredential(t, credential);
    t.clock.advance(60_000);

    // The deletion has emptied the wallet's cards and stops before its commit.
    const pausedDeletion = pausingAfter(t.db.kysely, statementOn('UpdateQueryNode', 'stamp_cards'));
    const deleting = deleteWallet({ ...t.deps, db: { ...t.db, kysely: pausedDeletion.handle } }, customerId);
    await pausedDeletion.atPause;
    const scanning = scan(t.deps, { token: dynamicToken(t, store.id), credential, clientAddress: '198.51.100.4', mayCreateCustomer: async () => true });
    // The scan either finishes while the deletion waits (the race) or waits for the deletion's wallet.
    await Promise.race([scanning.catch(() => undefined), someoneWaitsForALock(t.db.kysely)]);
    pausedDeletion.resume();
    await deleting;

    await expect(scanning).rejects.toMatchObject({ statusCode: 401 });
    expect(await t.db.kysely.selectFrom('stamp_cards').select('stamps').where('customer_id', '=', customerId).where('vendor_id', '=', store.id).execute()).toEqual([]);
  });
});
