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
  setPlanPosition,
  type ActiveCampaign,
  type NewCampaignMessage,
  type PlannedMessage,
} from '../../repositories/campaign-delivery';
import { AUDIENCE_WINDOW_DAYS, DAILY_VISITOR_DAYS, WEEKLY_VISITOR_VISITS } from '../campaigns';
import { isHeldOut } from '../campaign-split';
import type { CampaignChannel } from './channel';
import { storeDay, utcOffsetSpans } from '../store-day';
import { sendableAt } from './quiet-hours';
import { campaignQuietSteps, queuePlanWindow } from './schedule';

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

/**
 * How far ahead of the sends the plan writes: `rate` messages a second (CAMPAIGN_PLAN_RATE, by default the
 * send rate). A run writes one window of `rate` messages (at least a chunk) per campaign and queues the
 * campaign's next window as far ahead as the sends need to send it, so the plan's writes are spread over the
 * send as the sends are. 0 (or none given) writes the whole plan in one run.
 */
export interface PlanAhead {
  rate: number;
}

/** The messages a window of the plan writes at most, at `rate` messages a second: a second's worth, and at least one chunk. */
export function planWindow(rate: number, sizes: PlanSizes = PLAN_SIZES): number {
  return rate > 0 ? Math.max(sizes.chunkSize, rate) : Number.POSITIVE_INFINITY;
}

/**
 * Plans the messages due now; answers how many were added. Planning ahead (`ahead.rate` > 0), a campaign
 * whose plan is under way (its next window queued) is left to that window, and one that has none starts
 * from its first customer: its first window is written, the rest of its messages counted (they show as
 * waiting), and its next window queued.
 */
export async function planCampaignMessages(
  deps: Pick<AppDeps, 'db' | 'now' | 'requestsInFlight'>,
  channels: readonly CampaignChannel[],
  sizes: PlanSizes = PLAN_SIZES,
  ahead: PlanAhead = { rate: 0 },
): Promise<number> {
  const now = deps.now();
  let planned = 0;
  for (const campaign of await activeCampaigns(deps.db.kysely, now)) {
    if (ahead.rate <= 0) {
      planned += (await planCampaign(deps, channels, campaign, now, sizes, { after: FIRST_CUSTOMER_ID, size: Number.POSITIVE_INFINITY, countRest: false })).added;
      continue;
    }
    const period = periodOf(campaign, now);
    if (campaign.plan_after !== null && campaign.plan_period === period) {
      // Its plan is under way: the next window is queued already, and this folds into it. Only a window
      // that can no longer run (a queue restored without it) makes this one count.
      await queuePlanWindow(deps.db.kysely, now, campaign.id, 0);
      continue;
    }
    const outcome = await planCampaign(deps, channels, campaign, now, sizes, { after: FIRST_CUSTOMER_ID, size: planWindow(ahead.rate, sizes), countRest: true });
    planned += outcome.added;
    await planNextWindow(deps, campaign, period, outcome, outcome.rest, ahead.rate);
  }
  return planned;
}

/**
 * The next window of one campaign's plan (a queued plan job with the campaign's id): from where the window
 * before it stopped, if the campaign is still active and in the same period; a paused or ended campaign's
 * plan stops here, with nothing left counted as waiting (a resume plans it again from its first customer).
 */
export async function planCampaignWindow(
  deps: Pick<AppDeps, 'db' | 'now' | 'requestsInFlight'>,
  channels: readonly CampaignChannel[],
  campaignId: string,
  ahead: PlanAhead,
  sizes: PlanSizes = PLAN_SIZES,
): Promise<number> {
  const now = deps.now();
  const [campaign] = await activeCampaigns(deps.db.kysely, now, campaignId);
  if (!campaign) {
    await setPlanPosition(deps.db.kysely, campaignId, null);
    return 0;
  }
  const period = periodOf(campaign, now);
  if (campaign.plan_after === null) return 0;
  if (campaign.plan_period !== period) {
    // The day (week) changed while its plan was written: what it did not write is not sent (the new day's
    // plan, started by the regular run from the first customer, takes its place), so it is no longer waiting.
    await setPlanPosition(deps.db.kysely, campaignId, null);
    return 0;
  }
  const outcome = await planCampaign(deps, channels, campaign, now, sizes, { after: campaign.plan_after, size: planWindow(ahead.rate, sizes), countRest: false });
  await planNextWindow(deps, campaign, period, outcome, Math.max(0, campaign.unplanned_messages - outcome.written), ahead.rate);
  return outcome.added;
}

/** Records where the plan goes on and queues its next window, due when the sends have had time for this one; or records that it is over. */
async function planNextWindow(deps: Pick<AppDeps, 'db'> & { now: () => number }, campaign: ActiveCampaign, period: number, outcome: PlanOutcome, unplanned: number, rate: number): Promise<void> {
  if (outcome.resumeAfter === null || (outcome.counted && unplanned === 0)) {
    if (campaign.plan_after !== null || campaign.unplanned_messages !== 0) await setPlanPosition(deps.db.kysely, campaign.id, null);
    return;
  }
  // The position first: a window never starts from an older one (without its job, the next regular run queues it).
  await setPlanPosition(deps.db.kysely, campaign.id, { after: outcome.resumeAfter, period, unplanned });
  await queuePlanWindow(deps.db.kysely, deps.now(), campaign.id, Math.round((1000 * outcome.written) / rate));
}

/** Where a window of the plan starts and how many messages it writes at most; `countRest`: count the messages after it. */
interface PlanSpan {
  after: string;
  size: number;
  countRest: boolean;
}

interface PlanOutcome {
  /** Messages new in the database (another server may have written some of the same). */
  added: number;
  /** Messages the window wrote (new or not). */
  written: number;
  /** The customer after whom the plan goes on; null when it reached the store's last customer. */
  resumeAfter: string | null;
  /** Messages after the window, when counted. */
  rest: number;
  counted: boolean;
}

async function planCampaign(
  deps: Pick<AppDeps, 'db' | 'requestsInFlight'>,
  channels: readonly CampaignChannel[],
  campaign: ActiveCampaign,
  now: number,
  sizes: PlanSizes,
  span: PlanSpan,
): Promise<PlanOutcome> {
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
  const outcome: PlanOutcome = { added: 0, written: 0, resumeAfter: null, rest: 0, counted: span.countRest };
  // Plans the audience's customers within one page of the store's card holders (everyone an audience can
  // hold has a card at the store, so the pages, one after the other, cover the whole audience), writing at
  // most `room` messages; the rest of the page's messages are counted when asked.
  const planRange = async (range: CustomerIdRange, room: number): Promise<{ added: number; written: number; resumeAfter: string | null; rest: number }> => {
    const audience = await read(() => audienceIn(reads, campaign.vendor_id, campaign.audience, window, range));
    if (audience.length === 0) return { added: 0, written: 0, resumeAfter: null, rest: 0 };
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
    const pending = peekable(messagesToPlan());
    const written = await writeInChunks(deps, pending, sizes.chunkSize, quietStep, now, room, range.after);
    let rest = 0;
    if (span.countRest) for (let next = pending.next(); !next.done; next = pending.next()) rest += 1;
    return { ...written, resumeAfter: written.stoppedAfter, rest };
  };
  for (let after = span.after; ; ) {
    const customers = await read(() => storeCustomerPage(reads, campaign.vendor_id, { after, limit: sizes.pageSize }));
    const last = customers.at(-1);
    if (last === undefined) return outcome;
    const room = span.size - outcome.written;
    // With the window written, only the count of what is left reads on.
    if (room <= 0 && !span.countRest) return outcome;
    const page = await planRange({ after, last }, room);
    outcome.added += page.added;
    outcome.written += page.written;
    outcome.rest += page.rest;
    // The window stopped within this page, or it ended with the page (the next window starts after it).
    if (outcome.resumeAfter === null && (page.resumeAfter !== null || (span.size - outcome.written <= 0 && customers.length === sizes.pageSize))) outcome.resumeAfter = page.resumeAfter ?? last;
    if (customers.length < sizes.pageSize) return outcome;
    after = last;
  }
}

/** An iterator whose next value can be looked at before it is taken. */
interface Peekable<T> extends Iterator<T> {
  peek(): IteratorResult<T>;
}

function peekable<T>(source: Iterator<T>): Peekable<T> {
  let ahead: IteratorResult<T> | undefined;
  return {
    next() {
      const result = ahead ?? source.next();
      ahead = undefined;
      return result;
    },
    peek() {
      ahead ??= source.next();
      return ahead;
    },
  };
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

/**
 * Writes the messages and their send jobs, `chunkSize` per transaction, each in its turn, `room` messages at
 * most; answers how many were written and new, and, when it stopped with messages left, the customer after
 * whom they start (a customer's messages on several channels are planned together: one cut between two of
 * them goes on before that customer, whose planned channels the next window reads).
 */
async function writeInChunks(
  deps: Pick<AppDeps, 'db' | 'requestsInFlight'>,
  pending: Peekable<NewCampaignMessage>,
  chunkSize: number,
  quietStep: () => Promise<void>,
  now: number,
  room: number,
  startsAfter: string,
): Promise<{ added: number; written: number; stoppedAfter: string | null }> {
  let written = 0;
  const nextChunk = (): NewCampaignMessage[] => {
    const chunk: NewCampaignMessage[] = [];
    if (written >= room) return chunk;
    for (let next = pending.next(); !next.done; next = pending.next()) {
      chunk.push(next.value);
      if (chunk.length === chunkSize || written + chunk.length >= room) break;
    }
    return chunk;
  };
  let added = 0;
  let doneThrough = startsAfter;
  for (let chunk = nextChunk(); chunk.length > 0; chunk = nextChunk()) {
    // Each chunk waits for its turn among requests: one that starts while a stamp is half done makes the
    // stamp wait for it at each of its remaining queries (SQLite's one connection; PostgreSQL's CPU).
    await quietStep();
    const chunkStarted = performance.now();
    added += await insertPlannedMessages(deps.db, chunk.map((message): PlannedMessage => ({ message, job: sendJob(message, now) })), now);
    written += chunk.length;
    const next = pending.peek();
    const cut = next.done ? undefined : next.value.customerId;
    const whole = chunk.filter((message) => message.customerId !== cut).at(-1);
    if (whole) doneThrough = whole.customerId;
    // On a server, a rest as long as the chunk took: the plan takes at most half of the moments between
    // requests, so a stamp arriving in one finds the database free half the time or more.
    if (deps.requestsInFlight) await rest(Math.round(performance.now() - chunkStarted));
  }
  return { added, written, stoppedAfter: pending.peek().done ? null : doneThrough };
}
