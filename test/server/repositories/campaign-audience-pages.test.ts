// The campaign plan reads its audience a page of the store's card holders at a time: page after page, it
// meets every customer the whole audience holds, once, for every frequency, whatever the page size (a
// page boundary falling between any two customers). Runs on SQLite and (with DATABASE_URL) PostgreSQL.
import type { CustomerFrequency } from '../../../src/api/contract/campaigns';
import { audienceCustomerIds, type AudienceWindow } from '../../../server/repositories/campaign-audience';
import { audienceIn, FIRST_CUSTOMER_ID, storeCustomerPage } from '../../../server/repositories/campaign-audience-pages';
import { mailableCustomerIds } from '../../../server/repositories/campaign-delivery';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from '../../../server/services/campaigns';
import { utcOffsetSpans } from '../../../server/services/store-day';
import { buildTestApp, type TestApp } from '../helpers';
import { addCard, createStore, DAY, HOUR, mailableCards, stampRowsAt, type TestStore } from '../factories';
import { seededRandom } from '../../soak/random';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Café Luna' });
});

afterEach(async () => {
  await t.close();
});

const FREQUENCIES: CustomerFrequency[] = ['daily', 'weekly', 'monthly', 'all'];

function windowNow(): AudienceWindow {
  const now = t.clock.now();
  const since = now - AUDIENCE_WINDOW_DAYS * DAY;
  return { from: since, until: now + 1, dailyDays: DAILY_VISITOR_DAYS, weeklyVisits: WEEKLY_VISITOR_VISITS, storeOffsets: utcOffsetSpans(null, since, now + 1) };
}

/** What `readPage` answers for each page of `pageSize` card holders after another, as the plan reads it (the audience, a channel's reach). */
async function readInPages(frequency: CustomerFrequency, pageSize: number, readPage = (range: { after: string; last: string }): Promise<Iterable<string>> => audienceIn(t.db.reads, store.id, frequency, windowNow(), range)): Promise<string[][]> {
  const pages: string[][] = [];
  for (let after = FIRST_CUSTOMER_ID; ; ) {
    const customers = await storeCustomerPage(t.db.reads, store.id, { after, limit: pageSize });
    const last = customers.at(-1);
    if (last === undefined) return pages;
    pages.push([...(await readPage({ after, last }))]);
    if (customers.length < pageSize) return pages;
    after = last;
  }
}

it('page after page gives the customers of one read, each once, for every frequency and page size', async () => {
  const random = seededRandom(20261126);
  const now = t.clock.now();
  for (let i = 0; i < 30; i += 1) {
    const card = await addCard(t, store.id, `Customer ${i}`);
    await stampRowsAt(t, card, Array.from({ length: random.int(16) }, () => now - random.int(40) * DAY - random.int(24) * HOUR));
  }
  // Another store's customers, in no page of this one.
  const elsewhere = await createStore(t, { company: 'Café Sol' });
  await stampRowsAt(t, await addCard(t, elsewhere.id, 'Elsewhere'), [now - DAY]);

  for (const frequency of FREQUENCIES) {
    const whole = (await audienceCustomerIds(t.db.reads, store.id, frequency, windowNow())).sort();
    expect(whole.length).toBeGreaterThan(0);
    for (const pageSize of [1, 2, 7, 30, 31]) {
      const pages = await readInPages(frequency, pageSize);
      const read = pages.flat();
      expect({ frequency, pageSize, read: [...read].sort() }).toEqual({ frequency, pageSize, read: whole });
      expect(new Set(read).size).toBe(read.length);
      expect(pages.every((page) => page.length <= pageSize)).toBe(true);
      // A page for each pageSize of the store's 30 card holders (the other store's are in none).
      expect(pages).toHaveLength(Math.ceil(30 / pageSize));
    }
  }
});

it('page after page leaves out the customers who deleted their wallet, and gives the e-mail reach of one read', async () => {
  const now = t.clock.now();
  const mailable = await mailableCards(t, store.id, 12);
  const others = [];
  for (let i = 0; i < 8; i += 1) others.push(await addCard(t, store.id, `Customer ${i}`));
  await stampRowsAt(t, others[0]!, [now - DAY]);
  // Gone: two who took campaign e-mail and one who did not; one took it back; one never confirmed an address.
  await t.db.kysely.updateTable('customers').set({ deleted_at: now }).where('id', 'in', [mailable[0]!, mailable[5]!, others[1]!.customerId]).execute();
  await t.db.kysely.updateTable('customers').set({ campaign_mail_opt_in: 0 }).where('id', '=', mailable[7]!).execute();
  await t.db.kysely.updateTable('customers').set({ campaign_mail_opt_in: 1 }).where('id', '=', others[2]!.customerId).execute();

  const whole = (await audienceCustomerIds(t.db.reads, store.id, 'all', windowNow())).sort();
  expect(whole).toHaveLength(17);
  const reach = [...(await mailableCustomerIds(t.db.reads, store.id))].sort();
  expect(reach).toEqual(mailable.filter((_, i) => i !== 0 && i !== 5 && i !== 7).sort());
  for (const pageSize of [1, 3, 20]) {
    expect((await readInPages('all', pageSize)).flat().sort()).toEqual(whole);
    expect((await readInPages('all', pageSize, (range) => mailableCustomerIds(t.db.reads, store.id, range))).flat().sort()).toEqual(reach);
  }
});
