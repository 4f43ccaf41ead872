// The soak's account of a card that does not add up (test/soak/card-history.ts): its rows, the merges into
// its wallet, and what ran at the same time as each merge on the merged wallet, the card's wallet and its store.
import { CompiledQuery } from 'kysely';
import { cardHistory, cardHistoryLines, type CardFigures, type JournalEntry, type Query } from '../../soak/card-history';
import { buildTestApp, type TestApp } from '../helpers';
import { claim, createStore, customerWithStamps, setReward } from '../factories';

const T = Date.parse('2026-11-26T08:40:00.000Z');
const card: CardFigures = { id: 'card-1', customerId: 'customer-3', vendorId: 'store-a-0123456789', stamps: 130, live: 433, held: 303, withdrawn: 2 };
const rows = { voided: 4, claims: { given: 90, pending: 11, expired: 7 }, wallet: 3, email: 'pg-wallet-2@example.test' };

describe("the soak's history of a card that does not add up", () => {
  it('names the request that ran beside a merge into its wallet: here the deletion of the wallet being merged', () => {
    const journal: JournalEntry[] = [
      { op: 'scan', wallet: 57, store: card.vendorId, startedAt: T - 5000, endedAt: T - 4900, status: 200 },
      { op: 'merge', wallet: 57, into: 3, startedAt: T, endedAt: T + 180, status: 200, detail: 'merged {"cards":1,"stamps":0,"skippedStamps":2,"redemptions":0}' },
      { op: 'delete', wallet: 57, startedAt: T + 20, endedAt: T + 150, status: 200 },
      // Another wallet's request at the same moment is no part of it.
      { op: 'scan', wallet: 12, store: 'store-b', startedAt: T + 30, endedAt: T + 60, status: 200 },
      { op: 'merge', wallet: 60, into: 3, startedAt: T + 60_000, endedAt: T + 60_100, status: 200, detail: 'merged null' },
    ];
    expect(cardHistoryLines(card, rows, journal)).toEqual([
      'card card-1 of wallet #3 (pg-wallet-2@example.test), customer customer-3 at store store-a-0123456789: 433 live and 4 voided stamp rows; claims: 90 given, 11 pending, 7 expired',
      '  merge by wallet #57 into #3 08:40:00.000–08:40:00.180 → 200 merged {"cards":1,"stamps":0,"skippedStamps":2,"redemptions":0}',
      '    meanwhile: delete by wallet #57 08:40:00.020–08:40:00.150 → 200',
      '  merge by wallet #60 into #3 08:41:00.000–08:41:00.100 → 200 merged null',
    ]);
  });

  it('says so when the card belongs to a wallet the soak did not follow', () => {
    expect(cardHistoryLines(card, { voided: 0, claims: {} }, [])).toEqual([
      'card card-1 of customer customer-3 (a wallet the soak did not follow) at store store-a-0123456789: 433 live and 0 voided stamp rows; claims: none',
    ]);
  });
});

describe("the soak's history of a broken card, read from the database", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ config: { stampCooldownMinutes: 0 } });
  });

  afterAll(async () => {
    await t.close();
  });

  /** The soak's checks' way of querying: `$1` … for parameters (the SQLite reader takes `?`). */
  const query: Query = async <R,>(text: string, params: unknown[] = []) =>
    (await t.db.kysely.executeQuery<R>(CompiledQuery.raw(t.db.dialect === 'postgres' ? text : text.replace(/\$\d+/g, '?'), params))).rows;

  async function cardWithAClaim() {
    const store = await createStore(t, { company: 'History Coffee' });
    await setReward(t, store.id, { stamps: 3, itemCustom: 'Flat White' });
    const who = await customerWithStamps(t, store.id, 4);
    expect((await claim(t, who)).statusCode).toBe(200);
    const row = await t.db.kysely.selectFrom('stamp_cards').select('customer_id').where('id', '=', who.cardId).executeTakeFirstOrThrow();
    const figures: CardFigures = { id: who.cardId, customerId: row.customer_id, vendorId: store.id, stamps: 0, live: 4, held: 3, withdrawn: 0 };
    return { ...who, customerId: row.customer_id, storeId: store.id, figures };
  }

  it('finds a wallet others merge into by its e-mail, with its rows and the merges into it', async () => {
    const card = await cardWithAClaim();
    await t.db.kysely.updateTable('customers').set({ email: 'kept@example.test', email_normalized: 'kept@example.test' }).where('id', '=', card.customerId).execute();
    const journal: JournalEntry[] = [{ op: 'merge', wallet: 8, into: 3, startedAt: T, endedAt: T + 100, status: 200, detail: 'merged null' }];
    expect(await cardHistory(query, [{ label: 2 }, { label: 3, email: 'kept@example.test' }], journal, card.figures)).toEqual([
      `card ${card.cardId} of wallet #3 (kept@example.test), customer ${card.customerId} at store ${card.storeId}: 4 live and 0 voided stamp rows; claims: 1 pending`,
      '  merge by wallet #8 into #3 08:40:00.000–08:40:00.100 → 200 merged null',
    ]);
  });

  it('finds an anonymous wallet by the credential it still holds', async () => {
    const card = await cardWithAClaim();
    const lines = await cardHistory(query, [{ label: 5, credential: 'not-this-one' }, { label: 6, credential: card.credential }], [], card.figures);
    expect(lines).toEqual([
      `card ${card.cardId} of wallet #6, customer ${card.customerId} at store ${card.storeId}: 4 live and 0 voided stamp rows; claims: 1 pending`,
      '  no merge into this wallet answered 200',
    ]);
  });
});
