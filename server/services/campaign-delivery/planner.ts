// The delivery plan: for each active campaign, each period of its schedule (once: one; daily: each day
// since the start; weekly: each week), a message per customer of the audience per channel that reaches
// them. Each is a row with a unique (campaign, customer, channel, period) and a send job written in the
// same transaction, so planning twice (a retry, two servers) never plans a message twice.
// Left out: customers who turned the store's campaign messages off, the held-out half of an A/B test,
// and customers who already had 2 message occasions from the store in the last 7 days (they are
// planned on a later run within the period, once the week has room).
//
// The audience is read a page of the store's customers at a time, in customer-id order, and everything
// the plan needs to know about them (in the audience, opted out, planned already, recent occasions,
// reach per channel) is read for that page alone: each read is short and takes its own turn among requests, one after another, so
// the plan never holds more than one database connection and never reads 10,000 customers in one go.
import { setTimeout as rest } from 'node:timers/promises';
import type { AppDeps } from '../../deps';
import { jobRow, type JobRequest } from '../../infra/jobs';
import type { NewJob } from '../../repositories/jobs';
import { timeOrderedId } from '../../infra/time-ordered-id';
import { audienceIn, FIRST_CUSTOMER_ID, storeCustomerPage, type CustomerIdRange } from '../../repositories/campaign-audience-pages';
import {
  activeCampaigns,
  insertPlannedMessages,
  optedOutCustomerIds,
  plannedChannels,
  recentOccasionCounts,
  type ActiveCampaign,
  type NewCampaignMessage,
  type PlannedMessage,
} from '../../repositories/campaign-delivery';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from '../campaigns';
import { isHeldOut } from '../campaign-split';
import type { CampaignChannel } from './channel';
import { storeDay, utcOffsetSpans } from '../store-day';
import { sendableAt } from './quiet-hours';
import { campaignQuietSteps } from './schedule';

export const CAMPAIGN_SEND_JOB = 'campaign-message.send';
/** Campaign message occasions one customer may get from one store in any 7 days, all campaigns and channels together. */
export const WEEKLY_MESSAGE_CAP = 2;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/**
 * Messages planned per chunk. Each chunk starts just after an answer went out (campaignQuietSteps) and
 * should be over before the next request comes: on SQLite it holds the one write connection and runs
 * synchronously in this thread until it commits; on PostgreSQL it is one statement that a stamp arriving
 * meanwhile shares the database's CPU with. The commit does not wait for the disk (a power cut takes back
 * only the last chunks, which the next plan writes again). On the bench, 100 a chunk slowed stamps during
 * the plan on both databases; 25 made the plan slower to finish (twice the chunks, each waiting for its
 * turn) without a stamp faster that the runs could tell.
 */
const PLAN_CHUNK = 50;
/**
 * The store's customers read per page. A page is one short query per read (who they are, which of them
 * the audience holds, then what is known about those), where the whole audience at once was one long
 * one: on PostgreSQL it held a connection and a core of the database while stamps waited their turn for it.
 */
const PLAN_PAGE = 1000;

/** How much the plan reads and writes at a time (tests make them small to cross many pages and chunks). */
export interface PlanSizes {
  pageSize: number;
  chunkSize: number;
}

export const PLAN_SIZES: PlanSizes = { pageSize: PLAN_PAGE, chunkSize: PLAN_CHUNK };

/**
 * The schedule period `now` is in, counted in the store's calendar days from the campaign's start day: a daily
 * campaign's next message is due on the store's next morning (not 24 hours after the launch), a weekly one's
 * on the same weekday a week on; a day of the clocks changing is one day like any other.
 */
export function periodOf(campaign: Pick<ActiveCampaign, 'start_at' | 'notification_frequency' | 'time_zone'>, now: number): number {
  if (campaign.notification_frequency === 'once') return 0;
  const days = Math.max(0, storeDay(now, campaign.time_zone) - storeDay(campaign.start_at, campaign.time_zone));
  return campaign.notification_frequency === 'weekly' ? Math.floor(days / 7) : days;
}

/** A send job's payload: none (the job's id is its message's), or the message's id (a job an older server queued). */
export interface SendJobPayload {
  messageId?: string;
}

/** Plans the messages due now; answers how many were added. */
export async function planCampaignMessages(deps: Pick<AppDeps, 'db' | 'now' | 'requestsInFlight'>, channels: readonly CampaignChannel[], sizes: PlanSizes = PLAN_SIZES): Promise<number> {
  const now = deps.now();
  let planned = 0;
  for (const campaign of await activeCampaigns(deps.db.kysely, now)) planned += await planCampaign(deps, channels, campaign, now, sizes);
  return planned;
}

async function planCampaign(
  deps: Pick<AppDeps, 'db' | 'requestsInFlight'>,
  channels: readonly CampaignChannel[],
  campaign: ActiveCampaign,
  now: number,
  sizes: PlanSizes,
): Promise<number> {
  // The plan's reads go to the read connection: on SQLite a worker thread, so reading customers never
  // blocks a stamp. A row another server commits meanwhile is caught by the unique (campaign, customer,
  // channel, period).
  const reads = deps.db.reads;
  const quietStep = campaignQuietSteps(deps.requestsInFlight);
  // Each read takes its turn among requests too (on PostgreSQL it shares the database's CPU with them).
  const read = async <T>(query: () => Promise<T>): Promise<T> => {
    await quietStep();
    return query();
  };
  const period = periodOf(campaign, now);
  const since = now - AUDIENCE_WINDOW_DAYS * DAY_MS;
  const window = {
    from: since,
    until: now + 1,
    storeOffsets: utcOffsetSpans(campaign.time_zone, since, now + 1),
    dailyDays: DAILY_VISITOR_DAYS,
    weeklyVisits: WEEKLY_VISITOR_VISITS,
  };
  const dueAt = sendableAt(now, campaign.time_zone);
  // The plan's message ids sort in the order it writes them (see timeOrderedId).
  let sequence = 0;
  // Plans the audience's customers within one page of the store's card holders (everyone an audience can
  // hold has a card at the store, so the pages, one after the other, cover the whole audience).
  const planRange = async (range: CustomerIdRange): Promise<number> => {
    const audience = await read(() => audienceIn(reads, campaign.vendor_id, campaign.audience, window, range));
    if (audience.length === 0) return 0;
    const optedOut = await read(() => optedOutCustomerIds(reads, campaign.vendor_id, range));
    const already = await read(() => plannedChannels(reads, campaign.id, period, range));
    const occasions = await read(() => recentOccasionCounts(reads, campaign.vendor_id, now - WEEK_MS, range));
    const reach: { channel: CampaignChannel; customers: Set<string> }[] = [];
    for (const channel of channels) reach.push({ channel, customers: await read(() => channel.reachableCustomerIds(campaign.vendor_id, range)) });
    // The messages are made a chunk at a time, as they are written: a page's worth at once would be one
    // long stretch of work in this thread, which a stamp arriving meanwhile would wait out.
    function* messagesToPlan(): Generator<NewCampaignMessage> {
      for (const customerId of audience) {
        if (optedOut.has(customerId)) continue;
        if (campaign.ab_testing === 1 && isHeldOut(campaign.id, customerId)) continue;
        const plannedHere = already.get(customerId);
        const missing = reach.filter(({ channel, customers }) => customers.has(customerId) && !plannedHere?.has(channel.id));
        if (missing.length === 0) continue;
        // A channel added to an occasion already planned (an address confirmed since) is the same occasion: no new count.
        if (!plannedHere && (occasions.get(customerId) ?? 0) >= WEEKLY_MESSAGE_CAP) continue;
        for (const { channel } of missing) {
          yield { id: timeOrderedId(now, sequence++), campaignId: campaign.id, vendorId: campaign.vendor_id, customerId, channel: channel.id, period, dueAt };
        }
      }
    }
    return writeInChunks(deps, messagesToPlan(), sizes.chunkSize, quietStep, now);
  };
  let added = 0;
  for (let after = FIRST_CUSTOMER_ID; ; ) {
    const customers = await read(() => storeCustomerPage(reads, campaign.vendor_id, { after, limit: sizes.pageSize }));
    const last = customers.at(-1);
    if (last === undefined) return added;
    added += await planRange({ after, last });
    if (customers.length < sizes.pageSize) return added;
    after = last;
  }
}

/**
 * The send job of a planned message: its id is the message's, and so is its idempotency key, and it
 * carries nothing else (the job's row is written once per message, so each byte of it is 10,000 bytes of
 * a big plan's log). The statement that writes the message writes its job only when the message is new,
 * so the message's unique (campaign, customer, channel, period) is what keeps it from being planned or
 * sent twice. The id sorts in the order the plan writes, so each index entry goes to the index's right edge.
 * A job keyed by its own id has no entry in the keys' index on PostgreSQL (its primary key already makes the
 * key unique) and is deleted once done rather than kept as a done row (the settled message is the record).
 */
function sendJob(message: NewCampaignMessage, now: number): NewJob {
  const request: JobRequest = { kind: CAMPAIGN_SEND_JOB, payload: null, idempotencyKey: message.id, delayMs: message.dueAt - now };
  return { ...jobRow(now, request), id: message.id };
}

/** Writes the messages and their send jobs, `chunkSize` per transaction, each in its turn; answers how many were new. */
async function writeInChunks(
  deps: Pick<AppDeps, 'db' | 'requestsInFlight'>,
  pending: Iterator<NewCampaignMessage>,
  chunkSize: number,
  quietStep: () => Promise<void>,
  now: number,
): Promise<number> {
  const nextChunk = (): NewCampaignMessage[] => {
    const chunk: NewCampaignMessage[] = [];
    for (let next = pending.next(); !next.done; next = pending.next()) {
      chunk.push(next.value);
      if (chunk.length === chunkSize) break;
    }
    return chunk;
  };
  let added = 0;
  for (let chunk = nextChunk(); chunk.length > 0; chunk = nextChunk()) {
    // Each chunk waits for its turn among requests: one that starts while a stamp is half done makes the
    // stamp wait for it at each of its remaining queries (SQLite's one connection; PostgreSQL's CPU).
    await quietStep();
    const chunkStarted = performance.now();
    added += await insertPlannedMessages(deps.db, chunk.map((message): PlannedMessage => ({ message, job: sendJob(message, now) })), now);
    // On a server, a rest as long as the chunk took: the plan takes at most half of the moments between
    // requests, so a stamp arriving in one finds the database free half the time or more.
    if (deps.requestsInFlight) await rest(Math.round(performance.now() - chunkStarted));
  }
  return added;
}
