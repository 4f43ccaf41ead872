// The delivery plan of a big campaign, read a page of customers at a time and written a chunk at a time:
// every reachable customer of the audience is planned once whatever the page and chunk sizes, a plan
// that left gaps anywhere is completed without doubles, and the plan asks for one database connection
// at a time (a stamp always finds the others free), and each chunk costs PostgreSQL one round trip. Runs on
// SQLite and (with DATABASE_URL) PostgreSQL.
import type { DatabaseConnection, Kysely } from 'kysely';
import type { Db } from '../../../../server/db';
import type { Database } from '../../../../server/db/schema';
import { insertOptOut } from '../../../../server/repositories/campaign-delivery';
import { campaignChannels, planCampaignMessages, type CampaignChannel } from '../../../../server/services/campaign-delivery';
import { campaignInput, launchCampaign, mailableCards, rewardStore, DAY, type TestStore } from '../../factories';
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers';

let t: TestApp;
let store: TestStore;

beforeEach(async () => {
  t = await buildTestApp();
  store = await rewardStore(t, 'Café Luna');
});

afterEach(async () => {
  await t.close();
});

const launch = (): Promise<string> => launchCampaign(t, store, campaignInput(t, { endDateTime: new Date(t.clock.now() + 14 * DAY).toISOString() }));

const plannedRows = () => t.db.kysely.selectFrom('campaign_messages').select(['id', 'campaign_id', 'customer_id', 'channel', 'period']).execute();
const sendJobKeys = async () => (await t.db.kysely.selectFrom('jobs').select('idempotency_key').where('kind', '=', 'campaign-message.send').execute()).map((row) => row.idempotency_key);

/**
 * The app's database, counting the connections asked for at once (held or waited for) through either of
 * its handles: every query, transaction and connection of a Kysely goes through its executor.
 */
function countingConnections(db: Db): { db: Db; most: () => number; statements: () => readonly string[] } {
  let asked = 0;
  let most = 0;
  // Every statement sent on a connection, BEGIN and COMMIT included (the driver sends those on the connection itself).
  const statements: string[] = [];
  const recording = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: (query) => {
      statements.push(query.sql);
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  const counted = (kysely: Kysely<Database>): Kysely<Database> => {
    // A copy with its own executor (a plugin that changes nothing), so the app's own handle is left as it is.
    const copy = kysely.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
    const executor = copy.getExecutor();
    const provide = executor.provideConnection.bind(executor);
    executor.provideConnection = async <T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> => {
      asked += 1;
      most = Math.max(most, asked);
      try {
        return await provide((connection) => consumer(recording(connection)));
      } finally {
        asked -= 1;
      }
    };
    return copy;
  };
  const kysely = counted(db.kysely);
  const reads = db.reads === db.kysely ? kysely : counted(db.reads);
  return { db: { ...db, kysely, reads }, most: () => most, statements: () => statements };
}

it('a plan read 4 customers a page and written 3 a chunk plans every reachable customer once, and completes a plan that left gaps without doubles', async () => {
  const customers = await mailableCards(t, store.id, 30);
  const optedOut = customers.filter((_, i) => i % 7 === 3);
  for (const customerId of optedOut) await insertOptOut(t.db.kysely, store.id, customerId, t.clock.now());
  await launch();
  const reachable = customers.filter((id) => !optedOut.includes(id)).sort();

  expect(await planCampaignMessages(t.deps, campaignChannels(t.deps), { pageSize: 4, chunkSize: 3 })).toBe(reachable.length);
  expect((await plannedRows()).map((row) => row.customer_id).sort()).toEqual(reachable);

  // Every third message and its job lost (a plan cut short here and there): the next plan writes those, and only those.
  const lost = (await plannedRows()).filter((_, i) => i % 3 === 0);
  await t.db.kysely.deleteFrom('campaign_messages').where('id', 'in', lost.map((row) => row.id)).execute();
  // A message's send job has the message's id.
  expect((await t.db.kysely.deleteFrom('jobs').where('id', 'in', lost.map((row) => row.id)).executeTakeFirst()).numDeletedRows).toBe(BigInt(lost.length));

  expect(await planCampaignMessages(t.deps, campaignChannels(t.deps), { pageSize: 4, chunkSize: 3 })).toBe(lost.length);
  const rows = await plannedRows();
  expect(rows.map((row) => row.customer_id).sort()).toEqual(reachable);
  const keys = await sendJobKeys();
  expect(keys).toHaveLength(reachable.length);
  expect(new Set(keys).size).toBe(reachable.length);
  expect(await planCampaignMessages(t.deps, campaignChannels(t.deps), { pageSize: 4, chunkSize: 3 })).toBe(0);
});

it('asks for one database connection at a time, whatever the number of channels it reads', async () => {
  await mailableCards(t, store.id, 12);
  await launch();
  const counting = countingConnections(t.db);
  const deps = { ...t.deps, db: counting.db };
  // E-mail, and a second channel that reaches every card holder: each reads who it reaches.
  const everyone: CampaignChannel = {
    id: 'push',
    reachableCustomerIds: async (vendorId, range) => {
      const rows = await counting.db.reads.selectFrom('stamp_cards').select('customer_id').where('vendor_id', '=', vendorId).execute();
      return new Set(rows.map((row) => row.customer_id).filter((id) => !range || (id > range.after && id <= range.last)));
    },
    send: async () => 'sent',
  };
  const channels = [...campaignChannels(deps), everyone];

  expect(await planCampaignMessages(deps, channels, { pageSize: 5, chunkSize: 4 })).toBe(24);
  expect(counting.most()).toBe(1);
});

it('writes each chunk of messages with their send jobs in one statement on PostgreSQL (one round trip), and in one transaction of two inserts on SQLite', async () => {
  await mailableCards(t, store.id, 12);
  await launch();
  const counting = countingConnections(t.db);
  const deps = { ...t.deps, db: counting.db };

  expect(await planCampaignMessages(deps, campaignChannels(deps), { pageSize: 100, chunkSize: 4 })).toBe(12);
  const chunks = 3;
  // What the plan sent besides its reads (SQLite's own PRAGMAs of a commit that does not wait for the disk aside).
  const writes = counting.statements().filter((statement) => !/^\s*(select|pragma)\b/i.test(statement));
  if (usingPostgres) {
    expect(writes).toHaveLength(chunks);
    expect(writes.every((statement) => /insert into campaign_messages[\s\S]*insert into jobs/i.test(statement))).toBe(true);
  } else {
    expect(writes.map((statement) => statement.trim().split(/\s+/, 2).join(' ').toLowerCase())).toEqual(
      Array.from({ length: chunks }, () => ['begin', 'insert into', 'insert into', 'commit']).flat(),
    );
  }
  const jobs = await t.db.kysely.selectFrom('jobs').select(['id', 'run_after', 'state']).where('kind', '=', 'campaign-message.send').execute();
  expect(jobs).toHaveLength(12);
  const messageIds = (await plannedRows()).map((row) => row.id).sort();
  expect(jobs.map((job) => job.id).sort()).toEqual(messageIds);
  expect(jobs.every((job) => job.state === 'queued' && Number(job.run_after) === t.clock.now())).toBe(true);
});
