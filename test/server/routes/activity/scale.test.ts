// The dashboard and activity figures stay fast as a store's history grows: one store with a million
// stamp events over 10,000 customers (bulk-inserted in one transaction), every query the two endpoints
// run checked with EXPLAIN (QUERY PLAN) for index use — no scan of the whole event log — and both
// endpoints timed. Size: ACTIVITY_SCALE_EVENTS (default 1,000,000 on SQLite; 100,000 in the PostgreSQL
// pass, whose bulk insert is several times slower).
import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { ActivityPage, DashboardResponse } from '../../../../src/api/contract/activity';
import { ACTIVITY_SEEK_MAX_ROWS } from '../../../../src/api/contract/limits';
import { seedActivity } from '../../../../bench/seed-activity';
import { createStore, setReward, type TestStore, getActivity, getDashboard } from '../../factories';
import { buildTestApp, usingPostgres, type TestApp } from '../../helpers';
import { ACTIVITY_EXPORT_SOURCES } from '../../../../server/services/export/activity-sources';

const EVENTS = Number(process.env.ACTIVITY_SCALE_EVENTS ?? (usingPostgres ? 100_000 : 1_000_000));
const CUSTOMERS = 10_000;
/** Generous on purpose (a busy 2-core CI machine): the bench reports the real latency. */
const BOUND_MS = 3000;

let t: TestApp;
let store: TestStore;
let captured: CompiledQuery[] = [];

/** Records the SQL of every query the app runs, so each one can be EXPLAINed afterwards. */
const captureQueries = (compile: (node: RootOperationNode, queryId: PluginTransformQueryArgs['queryId']) => CompiledQuery): KyselyPlugin => ({
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    captured.push(compile(args.node, args.queryId));
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  },
});

beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t, { company: 'Busy Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  // A second, small store: the big one must not be all there is.
  const neighbour = await createStore(t, { company: 'Quiet Café' });
  await seedActivity(t.db, neighbour.id, { events: 2_000, customers: 50, now: t.clock.now() });
  await seedActivity(t.db, store.id, { events: EVENTS, customers: CUSTOMERS, now: t.clock.now() });
  const base = t.db.kysely;
  t.db.kysely = base.withPlugin(captureQueries((node, queryId) => base.getExecutor().compileQuery(node, queryId)));
  // The dashboard and the list read through Db.reads (the same connection for an in-memory database).
  t.db.reads = t.db.kysely;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** The plan of one query, one line per step. */
async function plan(query: CompiledQuery): Promise<string[]> {
  const explain = usingPostgres ? `EXPLAIN ${query.sql}` : `EXPLAIN QUERY PLAN ${query.sql}`;
  const result = await t.db.kysely.executeQuery<Record<string, string>>(CompiledQuery.raw(explain, [...query.parameters]));
  return result.rows.map((row) => row['QUERY PLAN'] ?? row.detail);
}

/** Plan lines that read a whole table (or a whole index) of `table`, under its own name or an alias. */
function fullScansOf(table: string, sqlText: string, lines: string[]): string[] {
  if (usingPostgres) return lines.filter((line) => new RegExp(`Seq Scan on ${table}\\b`).test(line));
  const names = new Set([table, ...[...sqlText.matchAll(new RegExp(`"${table}" as "(\\w+)"`, 'g'))].map((m) => m[1])]);
  return lines.filter((line) => {
    const match = /^SCAN (\w+)/.exec(line.trim());
    return match !== null && names.has(match[1]);
  });
}

/**
 * A reusable query (server/db/reusable-query.ts: the session check, the vendor's profile) is compiled once with
 * stand-in arguments, and that is what the capture sees; PostgreSQL refuses the stand-ins' NUL bytes in an
 * EXPLAIN. None of them reads stamp_events, so they are left out here.
 */
const withStandInArguments = (query: CompiledQuery) =>
  query.parameters.some((parameter) => typeof parameter === 'string' && parameter.startsWith('\u0000reusable-argument-'));

async function explainEach(queries: CompiledQuery[]) {
  const plans: { sql: string; lines: string[] }[] = [];
  for (const query of queries) {
    if (withStandInArguments(query)) {
      expect(query.sql).not.toContain('"stamp_events"');
      continue;
    }
    plans.push({ sql: query.sql, lines: await plan(query) });
  }
  return plans;
}

describe(`GET /api/dashboard and /api/activity with ${EVENTS.toLocaleString('en-US')} stamp events`, () => {
  it('answers the dashboard quickly, from indexes only', async () => {
    captured = [];
    const { result: response, ms } = await timed(() => getDashboard(t, store.id, store.auth));
    expect(response.statusCode).toBe(200);
    const body = response.json<DashboardResponse>();
    expect(body.hasActivity).toBe(true);
    expect(body.totalRedemptions).toBe(Math.floor(EVENTS / 10));
    expect(body.recent).toHaveLength(4);
    expect(body.engagedCustomers).toHaveLength(4);
    expect(ms).toBeLessThan(BOUND_MS);

    const plans = await explainEach(captured.splice(0));
    expect(plans.some((p) => p.sql.includes('"stamp_events"'))).toBe(true);
    for (const { sql, lines } of plans) {
      expect({ sql, fullScans: fullScansOf('stamp_events', sql, lines) }).toEqual({ sql, fullScans: [] });
      if (!usingPostgres) expect({ sql, fullScans: fullScansOf('redemptions', sql, lines) }).toEqual({ sql, fullScans: [] });
    }
  });

  it('answers activity pages quickly, through the (vendor_id, created_at) indexes, at any depth', async () => {
    // A row half-way down the history, for a cursor there (read before the capture starts).
    const middle = await t.db.kysely.selectFrom('stamp_events').select(['id', 'created_at']).where('vendor_id', '=', store.id)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').offset(Math.floor(EVENTS / 2)).limit(1).executeTakeFirstOrThrow();
    captured = [];
    const first = await timed(() => getActivity(t, store.id, store.auth, '?page=1&pageSize=100'));
    expect(first.result.statusCode).toBe(200);
    const page = first.result.json<ActivityPage>();
    expect(page.items).toHaveLength(100);
    const total = EVENTS + Math.floor(EVENTS / 10);
    expect(page).toMatchObject({ total, totalIsCapped: false, hasMore: true });
    expect(first.ms).toBeLessThan(BOUND_MS);
    // The last page, by number: read from the oldest event.
    const lastPage = Math.ceil(total / 100);
    const last = await timed(() => getActivity(t, store.id, store.auth, `?page=${lastPage}&pageSize=100`));
    expect(last.result.json<ActivityPage>()).toMatchObject({ hasMore: false, prevCursor: expect.any(String) });
    expect(last.ms).toBeLessThan(BOUND_MS);
    // Half-way down: pages a jump away from a cursor there, older and newer.
    const cursor = encodeURIComponent(`${Number(middle.created_at)}_${middle.id}`);
    for (const query of [`?pageSize=100&before=${cursor}&skip=${ACTIVITY_SEEK_MAX_ROWS}`, `?pageSize=100&after=${cursor}&skip=${ACTIVITY_SEEK_MAX_ROWS}`]) {
      const jump = await timed(() => getActivity(t, store.id, store.auth, query));
      expect(jump.result.json<ActivityPage>().items).toHaveLength(100);
      expect(jump.ms).toBeLessThan(BOUND_MS);
    }
    // Half-way down by number: refused, not counted through.
    expect((await getActivity(t, store.id, store.auth, `?page=${Math.floor(lastPage / 2)}&pageSize=100`)).statusCode).toBe(400);

    const plans = await explainEach(captured.splice(0));
    const listPlan = plans.find((p) => p.sql.includes('union all'));
    expect(listPlan?.lines.join('\n')).toEqual(expect.stringContaining('stamp_events_vendor_idx'));
    expect(listPlan?.lines.join('\n')).toEqual(expect.stringContaining('redemptions_vendor_idx'));
    // The list's total counts the voided stamps from a partial index of them alone, not from the store's events.
    const voidedPlan = plans.find((p) => p.sql.includes('"voided_at" is not null') && p.sql.includes('count('));
    expect(voidedPlan?.lines.join('\n')).toEqual(expect.stringContaining('stamp_events_vendor_voided_idx'));
    for (const { sql, lines } of plans) {
      expect({ sql, fullScans: fullScansOf('stamp_events', sql, lines) }).toEqual({ sql, fullScans: [] });
      if (!usingPostgres) expect({ sql, fullScans: fullScansOf('redemptions', sql, lines) }).toEqual({ sql, fullScans: [] });
    }
  });

  it('exports in keyset batches read along the (vendor_id, time, id) indexes, half-way down as at the start', async () => {
    const middle = await t.db.kysely
      .selectFrom('stamp_events')
      .select(['created_at', 'id'])
      .where('vendor_id', '=', store.id)
      .orderBy('created_at')
      .orderBy('id')
      .offset(Math.floor(EVENTS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const range = { vendorId: store.id, from: 0, to: t.clock.now() + 1 };
    captured = [];
    for (const source of ACTIVITY_EXPORT_SOURCES) {
      const { result: batch, ms } = await timed(() => source.read(t.deps, range, { at: Number(middle.created_at), id: middle.id }, 1000));
      if (source.kind === 'stamp') {
        expect(batch).toHaveLength(1000);
        // Oldest first, strictly after the position: nothing sent twice, nothing skipped.
        expect(batch[0].at).toBeGreaterThanOrEqual(Number(middle.created_at));
        expect(batch.some((row) => row.id === middle.id)).toBe(false);
      }
      expect(ms).toBeLessThan(BOUND_MS);
    }
    const plans = await explainEach(captured.splice(0));
    expect(plans).toHaveLength(ACTIVITY_EXPORT_SOURCES.length);
    for (const { sql, lines } of plans) {
      const read = { sql, fullScans: [...fullScansOf('stamp_events', sql, lines), ...fullScansOf('customers', sql, lines), ...fullScansOf('redemptions', sql, lines)] };
      expect(read).toEqual({ sql, fullScans: [] });
      // The index hands the rows over in order: no sort of the store's events (SQLite: a temp b-tree).
      if (!usingPostgres) expect({ sql, sorts: lines.filter((line) => line.includes('TEMP B-TREE')) }).toEqual({ sql, sorts: [] });
    }
  });
});
