// SQL of campaign delivery: the messages planned per (campaign, customer, channel, period), who can be
// reached on which channel, per-store opt-outs, the customer's campaign e-mail opt-in, and the campaign
// text a card's wallet pass shows.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CampaignMessageTable, Database } from '../db/schema';
import type { Db } from '../db';
import { inRedoableTransaction, redoableCommitCte, retryingConflicts } from '../db/transactions';
import type { CustomerIdRange } from './campaign-audience-pages';
import { insertJobs, type NewJob } from './jobs';

type Queryable = Kysely<Database> | Transaction<Database>;

export type CampaignMessageState = CampaignMessageTable['state'];

export interface ActiveCampaign {
  id: string;
  vendor_id: string;
  audience: string;
  start_at: number;
  notification_frequency: string;
  ab_testing: number;
  time_zone: string | null;
  /** Where the plan of `plan_period` goes on (see setPlanPosition); null: no plan under way. */
  plan_after: string | null;
  plan_period: number | null;
  unplanned_messages: number;
}

/** Campaigns between their start and end, neither paused nor ended, at `now` (only `campaignId`, when given). */
export async function activeCampaigns(db: Queryable, now: number, campaignId?: string): Promise<ActiveCampaign[]> {
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .select(['c.id', 'c.vendor_id', 'c.audience', 'c.start_at', 'c.notification_frequency', 'c.ab_testing', 'v.time_zone', 'c.plan_after', 'c.plan_period', 'c.unplanned_messages'])
    .$if(campaignId !== undefined, (qb) => qb.where('c.id', '=', campaignId as string))
    .where('c.start_at', '<=', now)
    .where('c.end_at', '>', now)
    .where('c.paused_at', 'is', null)
    .where('c.ended_at', 'is', null)
    .orderBy('c.start_at')
    .execute();
  return rows.map((row) => ({
    ...row,
    start_at: Number(row.start_at),
    ab_testing: Number(row.ab_testing),
    plan_period: row.plan_period === null ? null : Number(row.plan_period),
    unplanned_messages: Number(row.unplanned_messages),
  }));
}

/** Where a campaign's plan written ahead of its sends goes on, and how many messages it has still to write. */
export interface PlanPosition {
  after: string;
  period: number;
  unplanned: number;
}

/** Records where the campaign's plan goes on (null: no plan under way, nothing left to write). */
export async function setPlanPosition(db: Queryable, campaignId: string, position: PlanPosition | null): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ plan_after: position?.after ?? null, plan_period: position?.period ?? null, unplanned_messages: position?.unplanned ?? 0 })
    .where('id', '=', campaignId)
    .execute();
}

/** The store's customers who turned its campaign messages off (among `range` only, when given). */
export async function optedOutCustomerIds(db: Queryable, vendorId: string, range?: CustomerIdRange): Promise<Set<string>> {
  const rows = await db
    .selectFrom('campaign_opt_outs')
    .select('customer_id')
    .where('vendor_id', '=', vendorId)
    .$if(range !== undefined, (qb) => qb.where('customer_id', '>', (range as CustomerIdRange).after).where('customer_id', '<=', (range as CustomerIdRange).last))
    .execute();
  return new Set(rows.map((row) => row.customer_id));
}

/** The channels each customer (of `range`, when given) already has a message on for this period of the campaign. */
export async function plannedChannels(db: Queryable, campaignId: string, period: number, range?: CustomerIdRange): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('campaign_messages')
    .select(['customer_id', 'channel'])
    .where('campaign_id', '=', campaignId)
    .$if(range !== undefined, (qb) => qb.where('customer_id', '>', (range as CustomerIdRange).after).where('customer_id', '<=', (range as CustomerIdRange).last))
    .where('period', '=', period)
    .execute();
  const planned = new Map<string, Set<string>>();
  for (const row of rows) {
    const channels = planned.get(row.customer_id) ?? new Set<string>();
    channels.add(row.channel);
    planned.set(row.customer_id, channels);
  }
  return planned;
}

/** How long after its campaign's end a message can fall due: planned before the end, held at most a night for the store's morning. */
const MAX_DUE_AFTER_END_MS = 24 * 60 * 60_000;

/**
 * Per customer of the store: how many message occasions (one campaign period, whatever the channels)
 * fall due after `since` (customers of `range` only, when given), not counting those that reached the customer on no channel (all dead or skipped).
 */
export async function recentOccasionCounts(db: Queryable, vendorId: string, since: number, range?: CustomerIdRange): Promise<Map<string, number>> {
  // Through the store's campaigns and each one's unique key (campaign, customer, …): the messages have no
  // index by store and customer, which every planned message would write an entry in. A message falls due
  // at most a night after it was planned, and it is planned only before its campaign's end, so campaigns
  // that ended over a day before `since` have none due after it.
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_messages as m', 'm.campaign_id', 'c.id')
    .select(['m.customer_id', sql<number>`COUNT(DISTINCT m.campaign_id || ':' || CAST(m.period AS TEXT))`.as('occasions')])
    .where('c.vendor_id', '=', vendorId)
    .where('c.end_at', '>', since - MAX_DUE_AFTER_END_MS)
    .$if(range !== undefined, (qb) => qb.where('m.customer_id', '>', (range as CustomerIdRange).after).where('m.customer_id', '<=', (range as CustomerIdRange).last))
    .where('m.due_at', '>', since)
    .where('m.state', 'in', ['waiting', 'sent'])
    .groupBy('m.customer_id')
    .execute();
  return new Map(rows.map((row) => [row.customer_id, Number(row.occasions)]));
}

export interface NewCampaignMessage {
  id: string;
  campaignId: string;
  vendorId: string;
  customerId: string;
  channel: string;
  period: number;
  dueAt: number;
}

/** Plans the messages in one statement; answers the ids of those that were new (a (campaign, customer, channel, period) already planned is left out). */
export async function insertCampaignMessages(db: Queryable, messages: readonly NewCampaignMessage[], now: number): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const rows = await db
    .insertInto('campaign_messages')
    .values(
      messages.map((message) => ({
        id: message.id,
        campaign_id: message.campaignId,
        vendor_id: message.vendorId,
        customer_id: message.customerId,
        channel: message.channel,
        period: message.period,
        state: 'waiting' as const,
        due_at: message.dueAt,
        attempts: 0,
        last_error: null,
        created_at: now,
        finished_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['campaign_id', 'customer_id', 'channel', 'period']).doNothing())
    .returning('id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A message the plan writes, with its send job (the job's idempotency key is the message's key). */
export interface PlannedMessage {
  message: NewCampaignMessage;
  job: NewJob;
}

/**
 * Writes the messages and each new one's send job, all or nothing, and answers how many messages were new
 * (a (campaign, customer, channel, period) already planned is left out, and so is its job). The commit does
 * not wait for the disk: a power cut takes back only the last such writes, which the next plan writes again.
 * On PostgreSQL one statement (its own transaction: one round trip, where a transaction block with the two
 * inserts and `SET LOCAL` took five, each a turn of the database a stamp shares); the rows go as one array
 * per column, so the statement's text and parameters are the same whatever the number of rows. On SQLite,
 * which cannot insert from a `WITH` query, the two inserts in one transaction: there a round trip is a call
 * in this thread, not a trip to another process.
 */
export async function insertPlannedMessages(db: Db, planned: readonly PlannedMessage[], now: number): Promise<number> {
  if (planned.length === 0) return 0;
  if (db.dialect === 'postgres') {
    const column = <T>(value: (row: PlannedMessage) => T): T[] => planned.map(value);
    const { rows } = await retryingConflicts(() =>
      sql<{ messages: number }>`
        WITH ${redoableCommitCte},
        planned AS (
          SELECT * FROM unnest(
            ${column((row) => row.message.id)}::text[], ${column((row) => row.message.campaignId)}::text[],
            ${column((row) => row.message.vendorId)}::text[], ${column((row) => row.message.customerId)}::text[],
            ${column((row) => row.message.channel)}::text[], ${column((row) => row.message.period)}::integer[],
            ${column((row) => row.message.dueAt)}::bigint[], ${column((row) => row.job.id)}::text[],
            ${column((row) => row.job.kind)}::text[], ${column((row) => row.job.idempotencyKey)}::text[],
            ${column((row) => row.job.coalesceKey)}::text[], ${column((row) => row.job.payload)}::text[],
            ${column((row) => row.job.runAfter)}::bigint[]
          ) AS p(id, campaign_id, vendor_id, customer_id, channel, period, due_at, job_id, job_kind, job_key, job_coalesce_key, job_payload, job_run_after)
        ),
        inserted AS (
          INSERT INTO campaign_messages (id, campaign_id, vendor_id, customer_id, channel, period, state, due_at, attempts, last_error, created_at, finished_at)
          SELECT p.id, p.campaign_id, p.vendor_id, p.customer_id, p.channel, p.period, 'waiting', p.due_at, 0, NULL, ${now}::bigint, NULL
          FROM planned p CROSS JOIN redoable_commit
          ON CONFLICT (campaign_id, customer_id, channel, period) DO NOTHING
          RETURNING id
        ),
        queued AS (
          INSERT INTO jobs (id, kind, idempotency_key, coalesce_key, payload, state, attempts, run_after, lease_owner, lease_expires_at, last_error, created_at, finished_at)
          SELECT p.job_id, p.job_kind, p.job_key, p.job_coalesce_key, p.job_payload, 'queued', 0, p.job_run_after, NULL, NULL, NULL, ${now}::bigint, NULL
          FROM planned p JOIN inserted USING (id)
          ON CONFLICT DO NOTHING
        )
        SELECT count(*) AS messages FROM inserted`.execute(db.kysely),
    );
    return Number(rows[0]?.messages ?? 0);
  }
  return inRedoableTransaction(db, async (trx) => {
    const inserted = await insertCampaignMessages(trx, planned.map((row) => row.message), now);
    await insertJobs(trx, planned.filter((row) => inserted.has(row.message.id)).map((row) => row.job));
    return inserted.size;
  });
}

export interface MessageToSend {
  id: string;
  campaign_id: string;
  vendor_id: string;
  customer_id: string;
  channel: string;
  period: number;
  state: CampaignMessageState;
  due_at: number;
  /** Tries started (the attempting mark): more than 0 while still waiting means an earlier try may have reached the service. */
  attempts: number;
  /** When an earlier try ended not knowing whether the service took the message; null if none did. */
  outcome_unknown_at: number | null;
  title: string;
  description: string;
  company: string;
  time_zone: string | null;
  start_at: number;
  notification_frequency: string;
  end_at: number;
  paused_at: number | null;
  ended_at: number | null;
  opted_out: number;
  /** The customer's card of the store (its page is the message's link); null once the card is gone. */
  card_id: string | null;
}

/** The message with all a send needs, in one query (a round trip per message saved on PostgreSQL). */
export async function findMessageToSend(db: Queryable, messageId: string): Promise<MessageToSend | undefined> {
  const row = await db
    .selectFrom('campaign_messages as m')
    .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
    .innerJoin('vendors as v', 'v.id', 'm.vendor_id')
    .leftJoin('stamp_cards as s', (join) => join.onRef('s.vendor_id', '=', 'm.vendor_id').onRef('s.customer_id', '=', 'm.customer_id'))
    .select([
      's.id as card_id',
      'm.id',
      'm.campaign_id',
      'm.vendor_id',
      'm.customer_id',
      'm.channel',
      'm.period',
      'm.state',
      'm.due_at',
      'm.attempts',
      'm.outcome_unknown_at',
      'c.title',
      'c.description',
      'v.company',
      'v.time_zone',
      'c.start_at',
      'c.notification_frequency',
      'c.end_at',
      'c.paused_at',
      'c.ended_at',
    ])
    .select((eb) =>
      eb
        .case()
        .when(eb.exists(eb.selectFrom('campaign_opt_outs as o').select('o.customer_id').whereRef('o.vendor_id', '=', 'm.vendor_id').whereRef('o.customer_id', '=', 'm.customer_id')))
        .then(1)
        .else(0)
        .end()
        .as('opted_out'),
    )
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    period: Number(row.period),
    attempts: Number(row.attempts),
    due_at: Number(row.due_at),
    end_at: Number(row.end_at),
    paused_at: row.paused_at === null ? null : Number(row.paused_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    opted_out: Number(row.opted_out),
  };
}

/**
 * The attempting mark, written just before the message goes to its service: counts the try, and only
 * while the message is still waiting and the send job is still leased to `owner` (a server whose lease
 * ran out, or whose message another server already settled, does not send). False: do not send.
 */
export async function markAttempt(db: Queryable, messageId: string, lease: { jobId: string; owner: string }, now: number): Promise<boolean> {
  const result = await db
    .updateTable('campaign_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', messageId)
    .where('state', '=', 'waiting')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('jobs')
          .select('jobs.id')
          .where('jobs.id', '=', lease.jobId)
          .where('jobs.lease_owner', '=', lease.owner)
          .where('jobs.state', '=', 'running')
          .where('jobs.lease_expires_at', '>', now),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The attempting mark (see markAttempt), committed without waiting for the disk: lost to a power cut, it is
 * lost with everything after it, which leaves the message waiting as a server that died mid-send does. On
 * PostgreSQL one statement that is its own transaction (one round trip, where a transaction block with
 * `SET LOCAL` took four, each a turn of the database the stamps share); on SQLite a transaction in this thread.
 */
export async function markAttemptRedoably(db: Db, messageId: string, lease: { jobId: string; owner: string }, now: number): Promise<boolean> {
  if (db.dialect !== 'postgres') return inRedoableTransaction(db, (trx) => markAttempt(trx, messageId, lease, now));
  const result = await retryingConflicts(() =>
    sql`
      WITH ${redoableCommitCte}
      UPDATE campaign_messages SET attempts = attempts + 1
      FROM redoable_commit
      WHERE campaign_messages.id = ${messageId} AND campaign_messages.state = 'waiting'
        AND EXISTS (
          SELECT 1 FROM jobs
          WHERE jobs.id = ${lease.jobId} AND jobs.lease_owner = ${lease.owner} AND jobs.state = 'running' AND jobs.lease_expires_at > ${now}::bigint
        )`.execute(db.kysely),
  );
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Settles a waiting message; false when it had already been settled (another server got there first). */
export async function settleMessage(db: Queryable, messageId: string, state: Exclude<CampaignMessageState, 'waiting'>, now: number, error: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('campaign_messages')
    .set({ state, finished_at: now, last_error: error })
    .where('id', '=', messageId)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordFailedAttempt(db: Queryable, messageId: string, error: string): Promise<void> {
  await db.updateTable('campaign_messages').set({ last_error: error }).where('id', '=', messageId).where('state', '=', 'waiting').execute();
}

/** A try ended without knowing whether the service took the message: the next one is its last. */
export async function recordUnknownOutcome(db: Queryable, messageId: string, now: number, error: string): Promise<void> {
  await db.updateTable('campaign_messages').set({ last_error: error, outcome_unknown_at: now }).where('id', '=', messageId).where('state', '=', 'waiting').execute();
}

export interface DeliveryCounts {
  sent: number;
  waiting: number;
  failed: number;
}

export async function deliveryCounts(db: Queryable, campaignIds: readonly string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map<string, DeliveryCounts>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .selectFrom('campaign_messages')
    .select((eb) => ['campaign_id', 'state', eb.fn.countAll<number>().as('n')])
    .where('campaign_id', 'in', [...campaignIds])
    .groupBy(['campaign_id', 'state'])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.campaign_id) ?? { sent: 0, waiting: 0, failed: 0 };
    if (row.state === 'sent' || row.state === 'waiting' || row.state === 'failed') entry[row.state] += Number(row.n);
    counts.set(row.campaign_id, entry);
  }
  // Messages the plan has still to write (it writes them just ahead of the sends) are waiting too: the
  // table shows what the campaign is planned for, not the rows written so far.
  const unplanned = await db.selectFrom('campaigns').select(['id', 'unplanned_messages']).where('id', 'in', [...campaignIds]).where('unplanned_messages', '>', 0).execute();
  for (const row of unplanned) {
    const entry = counts.get(row.id) ?? { sent: 0, waiting: 0, failed: 0 };
    entry.waiting += Number(row.unplanned_messages);
    counts.set(row.id, entry);
  }
  return counts;
}

// ---- who can be reached where --------------------------------------------------------------------

/** Customers of the store (of `range`, when given) with a confirmed address who asked for campaign e-mail. */
export async function mailableCustomerIds(db: Queryable, vendorId: string, range?: CustomerIdRange): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stamp_cards as s')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .select('c.id')
    .where('s.vendor_id', '=', vendorId)
    // The range on both sides of the join, so that only that range of customers is read (see audienceMembers).
    .$if(range !== undefined, (qb) =>
      qb
        .where('s.customer_id', '>', (range as CustomerIdRange).after)
        .where('s.customer_id', '<=', (range as CustomerIdRange).last)
        .where('c.id', '>', (range as CustomerIdRange).after)
        .where('c.id', '<=', (range as CustomerIdRange).last),
    )
    .where('c.email', 'is not', null)
    // A literal, not a parameter: the index of these customers' ids (customers_campaign_mail) is for `= 1`,
    // and SQLite uses a partial index only for a condition it can see in the statement's text.
    .where((eb) => eb('c.campaign_mail_opt_in', '=', eb.lit(1)))
    .where('c.deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Customers (of `range`, when given) whose card of the store is in Apple Wallet on at least one phone. */
export async function applePassCustomerIds(db: Queryable, vendorId: string, range?: CustomerIdRange): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stamp_cards as s')
    .innerJoin('apple_passes as p', 'p.card_id', 's.id')
    .innerJoin('apple_pass_registrations as r', 'r.serial_number', 'p.serial_number')
    .select('s.customer_id')
    .distinct()
    .where('s.vendor_id', '=', vendorId)
    .$if(range !== undefined, (qb) => qb.where('s.customer_id', '>', (range as CustomerIdRange).after).where('s.customer_id', '<=', (range as CustomerIdRange).last))
    .execute();
  return new Set(rows.map((row) => row.customer_id));
}

/** Customers (of `range`, when given) whose card of the store has a Google Wallet object. */
export async function googlePassCustomerIds(db: Queryable, vendorId: string, range?: CustomerIdRange): Promise<Set<string>> {
  const rows = await db
    .selectFrom('stamp_cards as s')
    .innerJoin('google_wallet_objects as g', 'g.card_id', 's.id')
    .select('s.customer_id')
    .where('s.vendor_id', '=', vendorId)
    .$if(range !== undefined, (qb) => qb.where('s.customer_id', '>', (range as CustomerIdRange).after).where('s.customer_id', '<=', (range as CustomerIdRange).last))
    .execute();
  return new Set(rows.map((row) => row.customer_id));
}

export interface MailContact {
  email: string | null;
  campaign_mail_opt_in: number;
  locale: string | null;
  deleted_at: number | null;
}

export async function findMailContact(db: Queryable, customerId: string): Promise<MailContact | undefined> {
  const row = await db.selectFrom('customers').select(['email', 'campaign_mail_opt_in', 'locale', 'deleted_at']).where('id', '=', customerId).executeTakeFirst();
  return row && { ...row, campaign_mail_opt_in: Number(row.campaign_mail_opt_in), deleted_at: row.deleted_at === null ? null : Number(row.deleted_at) };
}

export async function setCampaignMailOptIn(db: Queryable, customerId: string, optIn: boolean, locale: string | null, now: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ campaign_mail_opt_in: optIn ? 1 : 0, updated_at: now, ...(locale ? { locale } : {}) })
    .where('id', '=', customerId)
    .execute();
}

export async function campaignMailOptIn(db: Queryable, customerId: string): Promise<boolean> {
  const row = await db.selectFrom('customers').select('campaign_mail_opt_in').where('id', '=', customerId).executeTakeFirst();
  return Number(row?.campaign_mail_opt_in ?? 0) === 1;
}

// ---- opting out per store ------------------------------------------------------------------------

export async function insertOptOut(db: Queryable, vendorId: string, customerId: string, now: number): Promise<void> {
  await db.insertInto('campaign_opt_outs').values({ vendor_id: vendorId, customer_id: customerId, created_at: now }).onConflict((oc) => oc.columns(['vendor_id', 'customer_id']).doNothing()).execute();
}

export async function deleteOptOut(db: Queryable, vendorId: string, customerId: string): Promise<void> {
  await db.deleteFrom('campaign_opt_outs').where('vendor_id', '=', vendorId).where('customer_id', '=', customerId).execute();
}

/** The stores (of these) whose campaign messages the customer turned off. */
export async function optedOutStores(db: Queryable, customerId: string, vendorIds: readonly string[]): Promise<Set<string>> {
  if (vendorIds.length === 0) return new Set();
  const rows = await db.selectFrom('campaign_opt_outs').select('vendor_id').where('customer_id', '=', customerId).where('vendor_id', 'in', [...vendorIds]).execute();
  return new Set(rows.map((row) => row.vendor_id));
}

// ---- the campaign text on a card's pass ------------------------------------------------------------

export async function cardIdAt(db: Queryable, vendorId: string, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('stamp_cards').select('id').where('vendor_id', '=', vendorId).where('customer_id', '=', customerId).executeTakeFirst();
  return row?.id;
}

export async function vendorOfCard(db: Queryable, customerId: string, cardId: string): Promise<string | undefined> {
  const row = await db.selectFrom('stamp_cards').select('vendor_id').where('id', '=', cardId).where('customer_id', '=', customerId).executeTakeFirst();
  return row?.vendor_id;
}

export async function saveCardCampaignMessage(db: Queryable, message: { cardId: string; campaignId: string; title: string; body: string }, now: number): Promise<void> {
  await db
    .insertInto('card_campaign_messages')
    .values({ card_id: message.cardId, campaign_id: message.campaignId, title: message.title, body: message.body, sent_at: now })
    .onConflict((oc) => oc.column('card_id').doUpdateSet({ campaign_id: message.campaignId, title: message.title, body: message.body, sent_at: now }))
    .execute();
}

/** The campaign text the card's pass shows, while its campaign has not ended. */
export async function findCardCampaignMessage(db: Queryable, cardId: string, now: number): Promise<{ title: string; body: string } | undefined> {
  return db
    .selectFrom('card_campaign_messages as m')
    .innerJoin('campaigns as c', 'c.id', 'm.campaign_id')
    .select(['m.title', 'm.body'])
    .where('m.card_id', '=', cardId)
    .where('c.ended_at', 'is', null)
    .where('c.end_at', '>', now)
    .executeTakeFirst();
}

/** Google notifications (sent campaign pass messages) to the customer's card of the store since `since`. */
export async function googleNotificationsSince(db: Queryable, vendorId: string, customerId: string, since: number): Promise<number> {
  // Through the store's campaigns and each one's unique key, as recentOccasionCounts. A message is sent at
  // most a day after it fell due (then it is given up), itself at most a day after its campaign's end, so
  // campaigns that ended three days before `since` (two and a margin) sent none after it.
  const row = await db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_messages as m', 'm.campaign_id', 'c.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.vendor_id', '=', vendorId)
    .where('c.end_at', '>', since - 3 * MAX_DUE_AFTER_END_MS)
    .where('m.customer_id', '=', customerId)
    .where('m.channel', '=', 'google-pass')
    .where('m.state', '=', 'sent')
    .where('m.finished_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
