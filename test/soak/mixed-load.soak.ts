// `npm run test:soak`: two built servers on one PostgreSQL database and one Redis, and one on SQLite,
// under a seeded random mix of every write the product has — scans from many customers of several
// stores, claims, hand-overs, relay voids, wallet merges (recovery on a phone that has its own wallet)
// and deletions, reward and budget saves, profile saves, exports and dashboards — including the known
// races (a merge or a deletion while that wallet scans, a void while its cards claim). SOAK_MINUTES
// (default 3) of load, then, per deployment:
//   - no answer was a 5xx (or lost);
//   - every card's stamps equal its live stamp rows minus the stamps its claims hold (pending or given);
//   - every store's running counters (dashboard) equal a recount from the rows;
//   - no customer has two stamps from one counter code;
//   - every acknowledged stamp and claim is in the database.
// A failure prints the seed: SOAK_SEED=<seed> replays the same choices (the timing differs). A card that
// does not add up is printed with its rows and what the soak did to its wallet: the merges into it and what
// ran beside each (test/soak/card-history.ts). A request that got no answer is printed with what the soak
// saw of it (sent or not, from which port, whether the soak's own loop stalled) and its server's log around
// it (the server warns of a request unanswered for 5 s, with its stage, and of an event loop held up for
// 1 s: server/plugins/slow-requests.ts).
// SOAK_MIX=dashboard=40,export=20 changes operations' weights (to drive one harder); SOAK_DEPLOYMENTS=sqlite
// runs only the SQLite server (or =pg only the PostgreSQL pair).
// Each server's RSS is read every 30 s; with SOAK_MINUTES of 30 or more it must end (the median of the last
// 2 minutes) within 20% of where it was after the first 5 minutes (the median of the two minutes around it),
// test/soak/memory-rule.ts. The level at one third of the run against the last third is printed too.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CUSTOMER_CREDENTIAL_HEADER } from '../../src/api/contract/protocol';
import { linkFrom, signUpVendor, startServer, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../server/redis-server';
import { createScratchDatabase, type ScratchDatabase } from '../server/scratch-postgres';
import { keepsRssRule, rssFigures, rssReportLines, RSS_RULE_FROM_MINUTES, type RssFigures } from './memory-rule';
import { cardHistory, type CardFigures, type JournalEntry } from './card-history';
import { seededRandom, type Random } from './random';
import { logLinesBetween, serverWarningsLine, traceRequests, TRACE_HEADER, type RequestTracer } from './request-trace';

const MINUTES = Number(process.env.SOAK_MINUTES || 3);
const SEED = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : Math.floor(Math.random() * 2 ** 31);
const STORES = 3;
const CUSTOMERS = 24;
const ACTORS = 6;
const REWARD_STAMPS = 3;
const REQUEST_TIMEOUT_MS = 20_000;
const MINUTE_MS = 60_000;
/** The server mails a wallet at most one recovery link a minute (a little more, for clocks). */
const RECOVERY_MAIL_SPACING_MS = 61_000;

const RSS_READING_EVERY_MS = 30_000;

type Operation = 'scan' | 'sharedScan' | 'claim' | 'handover' | 'void' | 'merge' | 'delete' | 'rewardSave' | 'budgetSave' | 'profileSave' | 'export' | 'dashboard';
const MIX: Record<Operation, number> = withWeights(
  { scan: 40, sharedScan: 8, claim: 12, handover: 8, void: 4, merge: 3, delete: 2, rewardSave: 3, budgetSave: 2, profileSave: 3, export: 3, dashboard: 4 },
  process.env.SOAK_MIX ?? '',
);
const DEPLOYMENTS = new Set((process.env.SOAK_DEPLOYMENTS || 'pg,sqlite').split(',').map((name) => name.trim()));
/** The server's log printed for a lost request: from this long before it began to this long after it was given up. */
const LOG_MARGIN_MS = 5000;
/** Lost requests printed with their server's log (the count says how many there were). */
const LOST_REQUESTS_SHOWN = 3;
/** Broken cards printed with their wallet's history (the count says how many there were). */
const CARD_HISTORIES_SHOWN = 3;

/** `base` with the weights `spec` names ("dashboard=40,export=20"). */
function withWeights(base: Record<Operation, number>, spec: string): Record<Operation, number> {
  const weights = { ...base };
  for (const part of spec.split(',').filter(Boolean)) {
    const [name, weight] = part.split('=');
    if (!(name in weights) || !(Number(weight) >= 0)) throw new Error(`SOAK_MIX: "${part}" is not <operation>=<weight> (operations: ${Object.keys(base).join(', ')})`);
    weights[name as Operation] = Number(weight);
  }
  return weights;
}

interface Customer {
  /** The soak's number for this wallet (its history in a broken card's report). */
  label: number;
  ip: string;
  credential?: string;
  /** A confirmed recovery e-mail (the wallet other phones' wallets merge into). */
  email?: string;
  /** When its last recovery mail was asked for: the server sends at most one a minute per wallet. */
  recoveryAskedAt?: number;
  /** Acknowledged stamps and claims, per card; dropped once the wallet is merged away or deleted. */
  stamps: Map<string, number>;
  claims: string[];
  cards: Map<string, string>; // vendorId → cardId
  gone: boolean;
}

interface Deployment {
  name: string;
  servers: E2eServer[];
  stores: SignedUpVendor[];
  customers: Customer[];
  /** A counter code per store that many phones scan (relay detection flags it; voids take it back). */
  sharedTokens: Map<string, string>;
  pendingClaims: Array<{ vendorId: string; code: string; claimId: string; wallet: number }>;
  acknowledgedClaims: string[];
  /** Every wallet the run had (merged away and deleted ones too), by its number. */
  wallets: Map<number, Customer>;
  /** The wallets' writes, and each store's voids and hand-overs, in the order they were answered. */
  journal: JournalEntry[];
  failures: string[];
  /** Requests that got no answer: which server, when, and what the soak saw of them. */
  lost: Array<{ server: E2eServer; label: string; startedAt: number; endedAt: number }>;
  answers: number;
  statuses: Map<string, number>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  rss: Array<{ server: string; figures: RssFigures }>;
  /** Each server's RSS every few minutes of the run (MB), to tell a level-off from steady growth. */
  rssCurve: Map<E2eServer, number[]>;
}

/**
 * SOAK_MEMORY_DIR=<dir>: each server logs its memory every 30 s into <dir> (test/soak/memory-probe.cjs), to
 * tell the JS heap's growth from memory outside it.
 */
function memoryProbe(label: string): Record<string, string> {
  const dir = process.env.SOAK_MEMORY_DIR;
  if (!dir) return {};
  fs.mkdirSync(dir, { recursive: true });
  const preload = `--require ${path.join(__dirname, 'memory-probe.cjs')}`;
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(), MEMORY_PROBE_DIR: path.resolve(dir), MEMORY_PROBE_LABEL: label };
}

let addressCounter = 0;
function newAddress(): string {
  addressCounter += 1;
  return `10.${50 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function rssMb(server: E2eServer): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

interface CallOptions {
  body?: unknown;
  auth?: string;
  credential?: string;
  ip?: string;
  /** Which server answers (default: one at random); mail goes to that server's capture. */
  server?: E2eServer;
}

let tracer: RequestTracer | undefined;

async function call(d: Deployment, random: Random, op: string, method: string, pathname: string, options: CallOptions = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const server = options.server ?? random.pick(d.servers);
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? newAddress() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) headers.authorization = `Bearer ${options.auth}`;
  if (options.credential) headers[CUSTOMER_CREDENTIAL_HEADER] = options.credential;
  d.answers += 1;
  const traceId = tracer?.next();
  if (traceId) headers[TRACE_HEADER] = traceId;
  const startedAt = Date.now();
  try {
    const response = await fetch(`${server.baseUrl}${pathname}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (traceId) tracer?.done(traceId);
    const key = `${op} ${response.status}`;
    d.statuses.set(key, (d.statuses.get(key) ?? 0) + 1);
    if (response.status >= 500) d.failures.push(`${op}: ${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // CSV exports and empty bodies
    }
    return { status: response.status, body };
  } catch (error) {
    const endedAt = Date.now();
    const seen = traceId ? ` (${tracer?.describe(traceId, startedAt, endedAt)})` : '';
    if (traceId) tracer?.done(traceId);
    const label = `${op}: ${method} ${pathname.split('?')[0]}`;
    d.failures.push(`${label} got no answer: ${(error as Error).message}${seen}`);
    d.lost.push({ server, label, startedAt, endedAt });
    return { status: 0, body: {} };
  }
}

async function freshToken(d: Deployment, random: Random, store: SignedUpVendor): Promise<string | undefined> {
  const issued = await call(d, random, 'qr', 'GET', `/api/qrcode/generate/${store.vendorId}`, { auth: store.token });
  return issued.status === 200 ? (issued.body.token as string) : undefined;
}

async function scanAs(d: Deployment, random: Random, customer: Customer, store: SignedUpVendor, token: string, op: string): Promise<void> {
  const credential = customer.credential;
  const startedAt = Date.now();
  const answer = await call(d, random, op, 'POST', '/api/customer/scan', { body: { token }, credential, ip: customer.ip });
  d.journal.push({ op, wallet: customer.label, store: store.vendorId, startedAt, endedAt: Date.now(), status: answer.status });
  if (answer.status !== 200) return;
  // The wallet may have been merged away or deleted while the scan ran: only a wallet still in use counts it.
  if (customer.credential !== credential || customer.gone) return;
  customer.credential ??= answer.body.credential as string | undefined;
  const cardId = (answer.body.card as { id: string }).id;
  customer.cards.set(store.vendorId, cardId);
  customer.stamps.set(cardId, (customer.stamps.get(cardId) ?? 0) + 1);
}

/** A new phone replaces a wallet that was merged away or deleted. */
function replace(d: Deployment, index: number): void {
  const customer: Customer = { label: d.wallets.size + 1, ip: newAddress(), stamps: new Map(), claims: [], cards: new Map(), gone: false };
  d.wallets.set(customer.label, customer);
  d.customers[index] = customer;
}

async function confirmEmail(d: Deployment, customer: Customer, email: string): Promise<boolean> {
  const server = d.servers[0];
  const since = Date.now();
  const asked = await fetch(`${server.baseUrl}/api/customer/me`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', [CUSTOMER_CREDENTIAL_HEADER]: customer.credential ?? '', 'x-forwarded-for': customer.ip },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 200) return false;
  const mail = await server.waitForMail(email, { since });
  const token = new URL(linkFrom(mail, '/wallet/confirm-email/')).pathname.split('/').pop() ?? '';
  const confirmed = await fetch(`${server.baseUrl}/api/customer/email/${token}`, { method: 'POST', headers: { 'x-forwarded-for': customer.ip } });
  if (confirmed.status !== 200) return false;
  customer.email = email;
  return true;
}

async function step(d: Deployment, random: Random): Promise<void> {
  const store = random.pick(d.stores);
  const index = random.int(d.customers.length);
  const customer = d.customers[index];
  const op = random.weighted(MIX);
  switch (op) {
    case 'scan': {
      const token = await freshToken(d, random, store);
      if (token) await scanAs(d, random, customer, store, token, op);
      return;
    }
    case 'sharedScan': {
      const token = d.sharedTokens.get(store.vendorId);
      if (token) await scanAs(d, random, customer, store, token, op);
      return;
    }
    case 'claim': {
      const cardId = customer.cards.get(store.vendorId);
      const credential = customer.credential;
      if (!cardId || !credential) return;
      const startedAt = Date.now();
      const answer = await call(d, random, op, 'POST', `/api/customer/cards/${cardId}/claim`, { credential, ip: customer.ip });
      const redemption = answer.body.redemption as { id: string; code: string } | undefined;
      d.journal.push({ op, wallet: customer.label, store: store.vendorId, startedAt, endedAt: Date.now(), status: answer.status, detail: redemption?.id });
      if (answer.status !== 200 || !redemption) return;
      d.acknowledgedClaims.push(redemption.id);
      d.pendingClaims.push({ vendorId: store.vendorId, code: redemption.code, claimId: redemption.id, wallet: customer.label });
      return;
    }
    case 'handover': {
      const claim = d.pendingClaims.splice(random.int(d.pendingClaims.length), 1)[0];
      if (!claim) return;
      const owner = d.stores.find((s) => s.vendorId === claim.vendorId) ?? store;
      const startedAt = Date.now();
      const answer = await call(d, random, op, 'POST', `/api/handover/${claim.vendorId}/code`, { auth: owner.token, body: { code: claim.code, screen: 'counter' } });
      d.journal.push({ op, wallet: claim.wallet, store: claim.vendorId, startedAt, endedAt: Date.now(), status: answer.status, detail: claim.claimId });
      return;
    }
    case 'void': {
      const alerts = await call(d, random, 'alerts', 'GET', `/api/qrcode/${store.vendorId}/alerts`, { auth: store.token });
      const open = ((alerts.body.alerts as Array<{ code: string; voided?: unknown; voidedAt?: unknown }> | undefined) ?? []).filter((a) => !a.voidedAt && !a.voided);
      if (open.length === 0) return;
      const startedAt = Date.now();
      const voided = await call(d, random, op, 'POST', `/api/qrcode/${store.vendorId}/alerts/void`, { auth: store.token, body: { code: random.pick(open).code } });
      d.journal.push({ op, wallet: 0, store: store.vendorId, startedAt, endedAt: Date.now(), status: voided.status, detail: voided.status === 200 ? JSON.stringify(voided.body) : undefined });
      // The voided code grants nothing more: the store shows a new one.
      const token = await freshToken(d, random, store);
      if (token) d.sharedTokens.set(store.vendorId, token);
      return;
    }
    case 'merge': {
      // This phone recovers a wallet with an e-mail; its own anonymous wallet (maybe scanning right now) merges in.
      const target = d.customers.find((c) => c.email && !c.gone && c !== customer && Date.now() - (c.recoveryAskedAt ?? 0) > RECOVERY_MAIL_SPACING_MS);
      if (!target?.email || !customer.credential || customer.email) return;
      target.recoveryAskedAt = Date.now();
      const server = random.pick(d.servers);
      const since = Date.now();
      // Asked on this phone (its credential along), the link merges its wallet without the question a forwarded link gets.
      const asked = await call(d, random, op, 'POST', '/api/customer/recover', { body: { email: target.email }, credential: customer.credential, ip: customer.ip, server });
      // The server spaces mails from the moment it handled the ask, which under load can be seconds after it was
      // sent: counting from the answer keeps the next ask past that spacing, so a silent refusal is never taken for a lost mail.
      target.recoveryAskedAt = Date.now();
      if (asked.status !== 202) return;
      const mail = await server.waitForMail(target.email, { since, timeoutMs: 5000 }).catch(() => undefined);
      if (!mail) d.failures.push(`merge: no recovery mail to ${target.email} within 5 s`);
      if (!mail) return;
      const token = new URL(linkFrom(mail, '/wallet/recover/')).pathname.split('/').pop() ?? '';
      const startedAt = Date.now();
      const used = await call(d, random, op, 'POST', `/api/customer/recover/${token}`, { credential: customer.credential, ip: customer.ip });
      d.journal.push({ op, wallet: customer.label, into: target.label, startedAt, endedAt: Date.now(), status: used.status, detail: used.status === 200 ? `merged ${JSON.stringify(used.body.merged)}` : undefined });
      if (used.status !== 200) return;
      // The merged wallet's stamps and claims now count on the recovered wallet's cards: no longer checked one by one.
      customer.gone = true;
      target.stamps.clear();
      target.claims = [];
      replace(d, index);
      return;
    }
    case 'delete': {
      if (!customer.credential || customer.email) return;
      const startedAt = Date.now();
      const answer = await call(d, random, op, 'DELETE', '/api/customer/me', { credential: customer.credential, ip: customer.ip });
      d.journal.push({ op, wallet: customer.label, startedAt, endedAt: Date.now(), status: answer.status });
      if (answer.status === 200) {
        customer.gone = true;
        replace(d, index);
      }
      return;
    }
    case 'rewardSave':
      await call(d, random, op, 'POST', `/api/rewards/${store.vendorId}`, { auth: store.token, body: { stamps: REWARD_STAMPS, item: null, itemCustom: random.pick(['Flat White', 'Cortado', 'Chai Latte']), expiry: '2099-12-31' } });
      return;
    case 'budgetSave':
      await call(d, random, op, 'PUT', `/api/qrcode/${store.vendorId}/stamp-budget`, { auth: store.token, body: { codeBudgetFloor: random.pick([null, 50, 100]), flyerBudgetFloor: null } });
      return;
    case 'profileSave': {
      if (!customer.credential) return;
      const startedAt = Date.now();
      const answer = await call(d, random, op, 'PATCH', '/api/customer/me', { credential: customer.credential, ip: customer.ip, body: { displayName: random.pick(['Sam', 'Alex', null]) } });
      d.journal.push({ op, wallet: customer.label, startedAt, endedAt: Date.now(), status: answer.status });
      return;
    }
    case 'export': {
      const today = new Date().toISOString().slice(0, 10);
      const pathname = random.next() < 0.5 ? `/api/customers/${store.vendorId}/export.csv?filter=all&utcOffset=0` : `/api/activity/${store.vendorId}/export.csv?from=${today}&to=${today}&utcOffset=0`;
      await call(d, random, op, 'GET', pathname, { auth: store.token });
      return;
    }
    case 'dashboard':
      await call(d, random, op, 'GET', `/api/dashboard/${store.vendorId}`, { auth: store.token });
      return;
  }
}

/**
 * The rows' own account of each invariant (`broken`, empty when everything adds up), and for the first cards
 * that do not add up, their rows and what the soak did to their wallets (`histories`).
 */
async function brokenInvariants(d: Deployment): Promise<{ broken: string[]; histories: string[] }> {
  const broken: string[] = [];
  const live = "voided_at IS NULL";
  const cards = await d.query<{ id: string; customer_id: string; vendor_id: string; stamps: number; live: number; held: number; withdrawn: number; deleted: number }>(
    `SELECT c.id, c.customer_id, c.vendor_id, c.stamps, c.claimed_stamps_withdrawn AS withdrawn,
       (SELECT COUNT(*) FROM stamp_events e WHERE e.card_id = c.id AND e.${live}) AS live,
       (SELECT COALESCE(SUM(r.stamps_required), 0) FROM redemptions r WHERE r.card_id = c.id AND r.status IN ('pending', 'given')) AS held,
       (SELECT COUNT(*) FROM customers u WHERE u.id = c.customer_id AND u.deleted_at IS NOT NULL) AS deleted
     FROM stamp_cards c`,
  );
  let checked = 0;
  const short: CardFigures[] = [];
  for (const card of cards) {
    // A deleted wallet's cards are emptied, and stay empty: a scan that raced the deletion stamps nothing.
    if (Number(card.deleted) > 0) {
      if (Number(card.stamps) !== 0) broken.push(`card ${card.id} of a deleted wallet holds ${card.stamps} stamps`);
      continue;
    }
    checked += 1;
    // Stamps a kept claim had spent before they were voided or merged away are counted by the card itself.
    const expected = Number(card.live) - Number(card.held) + Number(card.withdrawn);
    if (Number(card.stamps) !== expected) {
      broken.push(`card ${card.id}: ${card.stamps} stamps, but ${card.live} live stamp rows minus ${card.held} held by claims plus ${card.withdrawn} withdrawn is ${expected}`);
      short.push({ id: card.id, customerId: card.customer_id, vendorId: card.vendor_id, stamps: Number(card.stamps), live: Number(card.live), held: Number(card.held), withdrawn: Number(card.withdrawn) });
    }
  }
  const histories: string[] = [];
  for (const card of short.slice(0, CARD_HISTORIES_SHOWN)) histories.push(...(await cardHistory(d.query, d.wallets.values(), d.journal, card)).map((line) => `  ${line}`));
  if (checked === 0) broken.push('no card was checked');
  const counters = await d.query<{ vendor_id: string; metric: string; count: number; recount: number }>(
    `SELECT s.vendor_id, s.metric, s.count,
       CASE s.metric
         WHEN 'stamps' THEN (SELECT COUNT(*) FROM stamp_events e WHERE e.vendor_id = s.vendor_id AND e.${live})
         WHEN 'claims' THEN (SELECT COUNT(*) FROM redemptions r WHERE r.vendor_id = s.vendor_id)
         ELSE s.count END AS recount
     FROM store_counters s WHERE s.slot = 0`,
  );
  for (const row of counters) {
    if (Number(row.count) !== Number(row.recount)) broken.push(`store ${row.vendor_id}: running count of ${row.metric} is ${row.count}, the rows say ${row.recount}`);
  }
  const slots = await d.query<{ vendor_id: string; metric: string; total: number; all_time: number }>(
    `SELECT s.vendor_id, s.metric, SUM(s.count) AS total, (SELECT a.count FROM store_counters a WHERE a.vendor_id = s.vendor_id AND a.metric = s.metric AND a.slot = 0) AS all_time
     FROM store_counters s WHERE s.slot <> 0 GROUP BY s.vendor_id, s.metric`,
  );
  for (const row of slots) {
    if (Number(row.total) !== Number(row.all_time)) broken.push(`store ${row.vendor_id}: the time slots of ${row.metric} add up to ${row.total}, the all-time count is ${row.all_time}`);
  }
  const duplicates = await d.query<{ customer_id: string; token_id: string; n: number }>(
    "SELECT customer_id, token_id, COUNT(*) AS n FROM stamp_events WHERE kind = 'dynamic' GROUP BY customer_id, token_id HAVING COUNT(*) > 1",
  );
  for (const row of duplicates) broken.push(`customer ${row.customer_id} has ${row.n} stamps from code ${row.token_id}`);
  for (const customer of d.customers) {
    if (customer.gone) continue;
    for (const [cardId, acked] of customer.stamps) {
      const [row] = await d.query<{ n: number }>('SELECT COUNT(*) AS n FROM stamp_events WHERE card_id = $1', [cardId]);
      if (Number(row?.n ?? 0) < acked) broken.push(`card ${cardId}: ${acked} stamps acknowledged, ${row?.n ?? 0} in the database`);
    }
  }
  for (const claimId of d.acknowledgedClaims) {
    const [row] = await d.query<{ n: number }>('SELECT COUNT(*) AS n FROM redemptions WHERE id = $1', [claimId]);
    if (Number(row?.n ?? 0) !== 1) broken.push(`claim ${claimId} was acknowledged but is not in the database`);
  }
  return { broken, histories };
}

const SERVERS_TEXT = [DEPLOYMENTS.has('pg') ? 'two PostgreSQL + Redis servers' : '', DEPLOYMENTS.has('sqlite') ? 'one SQLite server' : ''].filter(Boolean).join(' and ');

describe(`soak: ${MINUTES} min of mixed writes on ${SERVERS_TEXT} (SOAK_SEED=${SEED})`, () => {
  const adminUrl = process.env.PG_TEST_URL ?? process.env.DATABASE_URL;
  const databaseName = `stampwise_soak_${process.pid}`;
  let database: ScratchDatabase | undefined;
  let redis: PrivateRedis | undefined;
  let sqliteReader: SQLite.Database | undefined;
  const deployments: Deployment[] = [];

  afterAll(async () => {
    tracer?.stop();
    sqliteReader?.close();
    for (const d of deployments) for (const server of d.servers) await server.stop();
    await redis?.stop();
    await database?.drop();
  });

  async function deploy(name: string, servers: E2eServer[], query: Deployment['query']): Promise<Deployment> {
    const d: Deployment = { name, servers, stores: [], customers: [], sharedTokens: new Map(), pendingClaims: [], acknowledgedClaims: [], wallets: new Map(), journal: [], failures: [], lost: [], answers: 0, statuses: new Map(), query, rss: [], rssCurve: new Map(servers.map((server) => [server, []])) };
    const random = seededRandom(SEED);
    for (let i = 0; i < STORES; i += 1) {
      const store = await signUpVendor(servers[0], { email: `${name}-store-${i}-${process.pid}@example.test`, company: `${name} Café ${i}` });
      d.stores.push(store);
      const saved = await call(d, random, 'rewardSave', 'POST', `/api/rewards/${store.vendorId}`, { auth: store.token, body: { stamps: REWARD_STAMPS, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' } });
      if (saved.status !== 200) throw new Error(`${name}: the reward could not be saved (${saved.status})`);
      const token = await freshToken(d, random, store);
      if (token) d.sharedTokens.set(store.vendorId, token);
    }
    for (let i = 0; i < CUSTOMERS; i += 1) replace(d, i);
    // A quarter of the wallets get a recovery e-mail: other phones' wallets merge into them.
    for (let i = 0; i < CUSTOMERS / 4; i += 1) {
      const customer = d.customers[i];
      const token = await freshToken(d, random, d.stores[0]);
      if (token) await scanAs(d, random, customer, d.stores[0], token, 'scan');
      if (customer.credential && !(await confirmEmail(d, customer, `${name}-wallet-${i}-${process.pid}@example.test`))) throw new Error(`${name}: e-mail ${i} could not be confirmed`);
    }
    deployments.push(d);
    return d;
  }

  it('answers no 5xx and every figure adds up', async () => {
    process.stdout.write(`\nsoak: SOAK_SEED=${SEED}, ${MINUTES} min\n`);
    tracer = traceRequests();
    const common = {
      SESSION_SECRET: 'soak-suite-session-secret-0123456789abcdef',
      TRUST_PROXY: '1',
      STAMP_COOLDOWN_MINUTES: '0',
      // Relay detection flags a shared code after a few networks, so voids happen.
      RELAY_NETWORKS_PER_CODE: '3',
      RELAY_CODE_BUDGET_FLOOR: '1000',
    };
    if (DEPLOYMENTS.has('pg')) {
      if (!adminUrl) throw new Error('PG_TEST_URL is not set: the soak needs PostgreSQL (a role that may CREATE DATABASE)');
      if (!hasRedisServer()) throw new Error('redis-server is not installed: the soak needs it');
      database = await createScratchDatabase(adminUrl, databaseName, 'stampwise-soak-check');
      const direct = database.url;
      redis = await startPrivateRedis();
      const pgEnv = { ...common, DATABASE_URL: direct.toString(), REDIS_URL: redis.url };
      const first = await startServer({ ...pgEnv, ...memoryProbe('pg-1') });
      const second = await startServer({ ...pgEnv, ...memoryProbe('pg-2') });
      const checkPool = database.check;
      await deploy('pg', [first, second], async (text, params) => (await checkPool.query(text, params)).rows);
    }
    if (DEPLOYMENTS.has('sqlite')) {
      const sqliteServer = await startServer({ ...common, ...memoryProbe('sqlite') });
      sqliteReader = new SQLite(path.join(sqliteServer.dataDir, 'stampwise.db'), { readonly: true });
      const reader = sqliteReader;
      await deploy('sqlite', [sqliteServer], async (text, params = []) => reader.prepare(text.replace(/\$\d+/g, '?')).all(...params) as never);
    }
    if (deployments.length === 0) throw new Error(`SOAK_DEPLOYMENTS=${process.env.SOAK_DEPLOYMENTS}: name pg, sqlite or both`);

    const loadStartedAt = Date.now();
    const endAt = loadStartedAt + MINUTES * MINUTE_MS;
    const readings = new Map<E2eServer, Array<{ minute: number; mb: number }>>();
    const readingTimer = setInterval(() => {
      const minute = (Date.now() - loadStartedAt) / MINUTE_MS;
      for (const d of deployments) for (const server of d.servers) readings.set(server, [...(readings.get(server) ?? []), { minute, mb: rssMb(server) }]);
    }, RSS_READING_EVERY_MS);
    const curveEveryMs = Math.max(1, Math.round(MINUTES / 12)) * MINUTE_MS;
    const curveTimer = setInterval(() => {
      for (const d of deployments) for (const server of d.servers) d.rssCurve.get(server)?.push(rssMb(server));
    }, curveEveryMs);
    await Promise.all(
      deployments.flatMap((d, di) =>
        Array.from({ length: ACTORS }, async (_, actor) => {
          const random = seededRandom(SEED + di * 1000 + actor + 1);
          while (Date.now() < endAt) await step(d, random);
        }),
      ),
    );
    clearInterval(curveTimer);
    clearInterval(readingTimer);

    const report: string[] = [];
    let broken = 0;
    for (const d of deployments) {
      d.servers.forEach((server, i) => d.rss.push({ server: `${d.name} ${i + 1}`, figures: rssFigures(readings.get(server) ?? [], MINUTES) }));
      const { broken: invariants, histories } = await brokenInvariants(d);
      broken += invariants.length + d.failures.length;
      const statuses = [...d.statuses].sort().map(([k, n]) => `${k}: ${n}`).join(', ');
      report.push(`${d.name}: ${d.answers} requests; ${d.failures.length} 5xx or lost; ${invariants.length} broken invariants`);
      report.push(`  answers: ${statuses}`);
      for (const line of [...d.failures, ...invariants].slice(0, 20)) report.push(`  ${line}`);
      report.push(...histories);
      d.servers.forEach((server, i) => report.push(`  ${d.name} ${i + 1}'s warnings: ${serverWarningsLine(server.output())}`));
      for (const lost of d.lost.slice(0, LOST_REQUESTS_SHOWN)) {
        const serverName = `${d.name} ${d.servers.indexOf(lost.server) + 1}`;
        const lines = logLinesBetween(lost.server.output(), lost.startedAt - LOG_MARGIN_MS, lost.endedAt + LOG_MARGIN_MS);
        report.push(`  ${serverName}'s log from ${LOG_MARGIN_MS / 1000} s before "${lost.label}" (${new Date(lost.startedAt).toISOString()}) to ${LOG_MARGIN_MS / 1000} s after it was given up:`);
        report.push(...(lines.length > 0 ? lines.map((line) => `    ${line}`) : ['    (nothing: no request waited 5 s there, and its event loop was never held up 1 s)']));
      }
      for (const r of d.rss) for (const line of rssReportLines(r.server, r.figures, MINUTES)) report.push(`  ${line}`);
      d.servers.forEach((server, i) => report.push(`  RSS ${d.name} ${i + 1} every ${curveEveryMs / MINUTE_MS} min: ${(d.rssCurve.get(server) ?? []).join(', ')} MB`));
    }
    if (broken > 0) report.push(`replay with SOAK_SEED=${SEED} SOAK_MINUTES=${MINUTES} npm run test:soak`);
    process.stdout.write(`\n${report.join('\n')}\n`);
    expect(broken).toBe(0);
    // A long run keeps every server's RSS within 20% of where it was after the first 5 minutes.
    const grown = MINUTES >= RSS_RULE_FROM_MINUTES ? deployments.flatMap((d) => d.rss.filter((r) => !keepsRssRule(r.figures)).map((r) => r.server)) : [];
    expect(grown).toEqual([]);
  });
});
