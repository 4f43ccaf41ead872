// `npm run bench`: the hot paths as shares of a bare Fastify route measured in the same run.
// Each target runs in its own process (bench/target.ts): the yardstick, then the real app with logging
// at the default level and TRUST_PROXY on (every request names its own client address, so per-address
// limits never cap a row). Rows: light vendor reads, the scan (new customer, returning customer, refused
// by cooldown), the dashboard and activity list of a store with BENCH_SEED_EVENTS (default 1,000,000)
// stamp events, each one alone, and /api/health while 10 clients load the heavy rows (head-of-line).
// Two more yardsticks for the scan rows: the commit floor (a bare route doing one durable SQLite insert +
// commit, its own process) and the refused scan's framework floor (the same route config, a constant 409).
// bench/budgets.json holds the goals; the bench says which are met. Not a test: nothing fails.
//
// BENCH_SECONDS (default 5) sets each row's length, BENCH_CONNECTIONS (default 10) its clients;
// BENCH_ROWS=vendor,scan runs only the rows whose name contains one of these words;
// BENCH_PROFILE=1 writes a CPU profile of the app process (--cpu-prof) to bench/profiles/.
// BENCH_ONLY=menu runs the menu-scanning corpus (bench/menu.ts) and the stamp latency while a menu is
// read (bench/menu-responsiveness.ts), with the real menus of bench/field-menus.ts between; BENCH_ONLY=menu-load only the latter; BENCH_ONLY=durability the
// SQLite `synchronous` comparison; BENCH_ONLY=http only the rows below. BENCH_ONLY=integrity runs only the
// stamp-integrity section (bench/integrity.ts), which a full run prints too. BENCH_ONLY=customers:
// the Customers page at 100,000 customers and a 1,000,000-row CSV export (bench/customers.ts).
// BENCH_ONLY=wallet-apple: Apple Wallet pass generation (p50, p99), a stamp's p99 on cards in both wallets against
// cards in none, the cost of queueing a change's APNs pushes and Google PATCH, and the push queue's throughput (bench/wallet-apple.ts).
// BENCH_ONLY=campaign-send: the stamp's p99 with and without a campaign being sent to 10,000 customers (bench/campaign-send.ts).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createQrTokens } from '../server/infra/qr-tokens';
import { CUSTOMER_CREDENTIAL_HEADER } from '../src/api/contract/protocol';
import { CUSTOMERS_BENCH_GROUP } from './customers-scenarios';
import { runCustomersBench } from './customers';
import { runDurabilityBench } from './durability';
import { runIntegrityBench } from './integrity';
import { runWalletAppleBench } from './wallet-apple';
import { runCampaignSendBench } from './campaign-send';
import { measure, nextClientAddress, type LoadRequest, type Row } from './load';
import { runFieldMenuBench } from './field-menus';
import { runMenuBench } from './menu';
import { runResponsivenessBench } from './menu-responsiveness';
import { BENCH_SECRET, type AppTargetInfo } from './target-info';
import { createLocalMenuScanner } from '../server/menu-scan';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HEAVY_CLIENTS = 10;
/** The yardsticks of the scan rows (their names hold "scan", and the second "refused", for BENCH_ROWS). */
const COMMIT_FLOOR_ROW = 'commit floor for the scan: one durable SQLite insert + commit';
const REFUSAL_FLOOR_ROW = 'refused-scan floor: same plugins and schemas, constant 409';

interface Budgets {
  shares: Record<string, number>;
  latencyMs: Record<string, number>;
  healthP99UnderLoadMs: number;
}

interface Target<T> {
  info: T;
  stop(): Promise<void>;
}

/** Starts bench/target.ts as a child process and waits for what it tells once it listens. */
function startTarget<T>(kind: 'bare' | 'commit' | 'app'): Promise<Target<T>> {
  const execArgv = [...process.execArgv];
  if (kind === 'app' && process.env.BENCH_PROFILE === '1') execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.join(__dirname, 'profiles')}`);
  const child: ChildProcess = fork(path.join(__dirname, 'target.ts'), [kind], { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: process.env });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench target "${kind}" exited (${code}) before it listened`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        info: info as T,
        stop: () => new Promise((done) => { child.once('exit', () => done()); child.send('stop'); }),
      });
    });
  });
}

function share(row: Row, yardstick: Row): number {
  return (100 * row.requestsPerSecond) / Math.max(1, yardstick.requestsPerSecond);
}

function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress(), ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function runHttpBench(): Promise<void> {
  const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as Budgets;
  const load = { seconds: SECONDS, connections: CONNECTIONS };
  const bare = await startTarget<{ url: string }>('bare');
  const app = await startTarget<AppTargetInfo>('app');
  const { url, light, busy, scanVendorId, flyerToken } = app.info;
  const qr = createQrTokens(BENCH_SECRET, Date.now);
  const freshCode = () => JSON.stringify({ token: qr.issueDynamic(scanVendorId).token });
  const vendorAuth = { authorization: `Bearer ${light.token}` };

  console.log(`Stampwise bench: ${SECONDS}s per row, ${CONNECTIONS} connections, ${process.env.DATABASE_URL ? 'postgres' : 'sqlite'}, node ${process.version}, ${os.cpus().length} cores`);
  console.log('app: logging at the default level (info), TRUST_PROXY=1 with a new X-Forwarded-For address per request');
  if (busy) console.log(`seeded ${busy.seeded.toLocaleString('en-US')} stamp events over 10,000 customers in ${busy.seedSeconds.toFixed(1)} s`);
  console.log('');

  const rows: Row[] = [];
  // BENCH_ROWS=vendor,scan: only the rows whose name contains one of these (the yardstick always runs).
  const picked = process.env.BENCH_ROWS?.split(',').map((s) => s.trim()).filter(Boolean);
  const run = async (name: string, request: LoadRequest, options: Parameters<typeof measure>[2] = load) => {
    if (picked && rows.length > 0 && !picked.some((part) => name.includes(part))) return undefined;
    const row = await measure(name, request, options);
    rows.push(row);
    return row;
  };
  const yardstick = await measure('bare Fastify route (yardstick)', { url: `${bare.info.url}/bare` }, load);
  rows.push(yardstick);
  await run('GET /api/health', { url: `${url}/api/health` });
  await run('GET /api/vendor/:id', { url: `${url}/api/vendor/${light.vendorId}`, headers: vendorAuth });
  await run('GET /api/rewards/:id', { url: `${url}/api/rewards/${light.vendorId}`, headers: vendorAuth });
  await run('GET /api/qrcode/generate/:id', { url: `${url}/api/qrcode/generate/${light.vendorId}`, headers: vendorAuth });

  // The second yardstick for the accepted scan (SQLite): a bare route doing one durable insert + commit,
  // what a stamp that has its own durable commit cannot go below on this disk.
  let commitFloor: Row | undefined;
  if (!process.env.DATABASE_URL) {
    const floorTarget = await startTarget<{ url: string }>('commit');
    commitFloor = await run(COMMIT_FLOOR_ROW, { url: `${floorTarget.info.url}/commit`, method: 'POST', body: freshCode(), perRequest: (request) => { request.body = freshCode(); } });
    await floorTarget.stop();
  }

  // The scan. New customers hand back their credential; the returning row stamps those customers on
  // fresh counter codes (no cooldown for those here), the refused row scans the flyer again (its cooldown).
  const credentials: string[] = [];
  await run('scan, accepted, new customer', {
    url: `${url}/api/customer/scan`,
    method: 'POST',
    body: freshCode(),
    perRequest: (request) => { request.body = freshCode(); },
    onBody: (status, body) => {
      if (status === 200) credentials.push((JSON.parse(body) as { credential: string }).credential);
    },
  });
  if (credentials.length === 0) {
    // The new-customer row was left out (BENCH_ROWS): a few customers for the rows after it.
    for (let i = 0; i < 200; i += 1) credentials.push((await postJson(`${url}/api/customer/scan`, { token: qr.issueDynamic(scanVendorId).token })).json.credential as string);
  }
  let next = 0;
  let nextCooling = 0;
  const returning = () => credentials[(next += 1) % credentials.length];
  // Each customer once: a second scan of the same minute's counter code is refused ("already collected"),
  // a cheap refusal that would count as accepted throughput (~22% of the row's answers when it cycled).
  await run('scan, accepted, returning customer', {
    url: `${url}/api/customer/scan`,
    method: 'POST',
    body: freshCode(),
    perRequest: (request) => {
      request.body = freshCode();
      request.headers[CUSTOMER_CREDENTIAL_HEADER] = returning();
    },
  }, { ...load, amount: credentials.length });
  // The refused scan's framework floor (bench/target.ts): the same route config and answer, no scan work.
  await run(REFUSAL_FLOOR_ROW, {
    url: `${url}/bench/refusal-floor`,
    method: 'POST',
    body: JSON.stringify({ token: flyerToken }),
    expectStatus: 409,
    perRequest: (request) => { request.headers[CUSTOMER_CREDENTIAL_HEADER] = credentials[(nextCooling += 1) % credentials.length]; },
  });
  const cooling = credentials.slice(0, 100);
  for (const credential of cooling) await postJson(`${url}/api/customer/scan`, { token: flyerToken }, { [CUSTOMER_CREDENTIAL_HEADER]: credential });
  nextCooling = 0;
  const refused = await run('scan, refused by cooldown (409)', {
    url: `${url}/api/customer/scan`,
    method: 'POST',
    body: JSON.stringify({ token: flyerToken }),
    expectStatus: 409,
    perRequest: (request) => { request.headers[CUSTOMER_CREDENTIAL_HEADER] = cooling[(nextCooling += 1) % cooling.length]; },
  });

  const acceptedScans = rows.filter((r) => r.name.startsWith('scan, accepted'));
  const refusalFloor = rows.find((r) => r.name === REFUSAL_FLOOR_ROW);

  const latencyRows: Row[] = [];
  let heavy: LoadRequest[] = [];
  if (busy) {
    const busyAuth = { authorization: `Bearer ${busy.token}` };
    // Page 100 (pageSize 100), reached the way the pager reaches it: page after page by cursor.
    const activityUrl = `${url}/api/activity/${busy.vendorId}?pageSize=100`;
    const readPage = async (query: string) =>
      (await (await fetch(`${activityUrl}${query}`, { headers: { ...busyAuth, 'x-forwarded-for': nextClientAddress() } })).json()) as { nextCursor?: string; total: number };
    let shown = await readPage('');
    const lastPage = Math.ceil(shown.total / 100);
    for (let page = 2; page <= 100; page += 1) {
      if (!shown.nextCursor) throw new Error(`page ${page - 1} of the busy store gave no nextCursor`);
      shown = await readPage(`&page=${page}&before=${encodeURIComponent(shown.nextCursor)}`);
    }
    const cursor = shown.nextCursor;
    if (!cursor) throw new Error('page 100 of the busy store gave no nextCursor');
    heavy = [
      { url: `${url}/api/dashboard/${busy.vendorId}?utcOffset=60`, headers: busyAuth },
      { url: `${url}/api/activity/${busy.vendorId}`, headers: busyAuth },
      // A page jumped to directly: the pager reads it from the page on screen's cursor, rows along (the
      // farthest the API accepts, ACTIVITY_SEEK_MAX_ROWS = 400: antd's "5 pages on" at pageSize 100),
      // or — the last page — by number, from the oldest event.
      { url: `${activityUrl}&page=105&before=${encodeURIComponent(cursor)}&skip=400`, headers: busyAuth },
      { url: `${activityUrl}&page=${lastPage}`, headers: busyAuth },
      { url: `${activityUrl}&page=101&before=${encodeURIComponent(cursor)}`, headers: busyAuth },
    ];
    const names = [
      'dashboard, 1M-event store',
      'activity, page 1',
      'activity, page jumped to (cursor + 400 rows)',
      'activity, last page (by number)',
      'activity, deep page by cursor',
    ];
    for (const [i, request] of heavy.entries()) await run(names[i], request);
    // Each request alone (one client): what one costs, the figure the latency budgets are about.
    for (const [i, request] of heavy.entries()) latencyRows.push(await measure(names[i], request, { seconds: Math.min(SECONDS, 3), connections: 1 }));
  }

  console.log('Throughput (each row as a share of the bare route measured in this run):');
  printTable(
    ['row', 'req/s', '% of bare', 'goal', 'p50 ms', 'p99 ms', 'unexpected', 'errors'],
    rows.map((r) => {
      const goal = budgets.shares[r.name];
      const met = goal === undefined ? '' : `${share(r, yardstick) >= goal ? 'met' : 'MISSED'} ≥${goal}%`;
      return [r.name, String(r.requestsPerSecond), `${share(r, yardstick).toFixed(1)}%`, met, r.p50.toFixed(1), r.p99.toFixed(1), String(r.unexpected), String(r.errors)];
    }),
  );
  for (const r of rows.filter((row) => row.unexpected > 0)) {
    console.log(`  ${r.name}: unexpected answers ${Object.entries(r.unexpectedKinds).map(([kind, n]) => `${kind} ×${n}`).join(', ')}`);
  }
  const floor = commitFloor;
  if (floor && acceptedScans.length > 0) {
    const floorShare = share(floor, yardstick);
    // No stamp with a durable commit of its own can be answered faster than this route on this disk.
    console.log(`\nAccepted scans against the commit floor (one durable SQLite insert + commit per request: ${floor.requestsPerSecond} req/s, ${floorShare.toFixed(1)}% of the bare route):`);
    printTable(['row', '% of bare', '% of commit floor'], acceptedScans.map((r) => [r.name, `${share(r, yardstick).toFixed(1)}%`, `${share(r, floor).toFixed(1)}%`]));
  }
  if (refused && refusalFloor) {
    console.log(`\nThe refused scan against its framework floor (the same hooks, limits, schemas and log line, a constant 409: ${share(refusalFloor, yardstick).toFixed(1)}% of the bare route):`);
    printTable(['row', '% of bare', '% of floor'], [[refused.name, `${share(refused, yardstick).toFixed(1)}%`, `${share(refused, refusalFloor).toFixed(1)}%`]]);
  }
  const verdicts: string[] = rows.flatMap((r) => (budgets.shares[r.name] === undefined ? [] : [`${r.name} ≥ ${budgets.shares[r.name]}% of bare: ${share(r, yardstick) >= budgets.shares[r.name] ? 'met' : 'MISSED'} (${share(r, yardstick).toFixed(1)}%)`]));

  if (busy) {
    console.log('\nOne request at a time (one client):');
    printTable(
      ['row', 'mean ms', 'p50 ms', 'p99 ms', 'goal'],
      latencyRows.map((r) => {
        const goal = budgets.latencyMs[r.name];
        return [r.name, r.mean.toFixed(2), r.p50.toFixed(1), r.p99.toFixed(1), goal === undefined ? '' : `${r.mean < goal ? 'met' : 'MISSED'} <${goal} ms`];
      }),
    );
    for (const r of latencyRows) {
      const goal = budgets.latencyMs[r.name];
      if (goal !== undefined) verdicts.push(`${r.name} < ${goal} ms: ${r.mean < goal ? 'met' : 'MISSED'} (${r.mean.toFixed(2)} ms mean)`);
    }

    // Head-of-line: /api/health from one client while HEAVY_CLIENTS load the heavy rows.
    const alone = await measure('GET /api/health, alone (1 client)', { url: `${url}/api/health` }, { seconds: SECONDS, connections: 1 });
    const heavyLoads = heavy.map((request, i) => measure(`heavy ${i}`, request, { seconds: SECONDS + 1, connections: Math.ceil(HEAVY_CLIENTS / heavy.length) }));
    const health = await measure(`GET /api/health with ${HEAVY_CLIENTS} clients on the heavy rows`, { url: `${url}/api/health` }, { seconds: SECONDS, connections: 1 });
    const heavyDone = await Promise.all(heavyLoads);
    console.log('\nHead-of-line:');
    printTable(
      ['row', 'req/s', 'p50 ms', 'p99 ms', 'goal'],
      [
        [alone.name, String(alone.requestsPerSecond), alone.p50.toFixed(1), alone.p99.toFixed(1), ''],
        [health.name, String(health.requestsPerSecond), health.p50.toFixed(1), health.p99.toFixed(1), `${health.p99 < budgets.healthP99UnderLoadMs ? 'met' : 'MISSED'} p99 <${budgets.healthP99UnderLoadMs} ms`],
        ['  (the heavy rows meanwhile, req/s together)', String(heavyDone.reduce((sum, r) => sum + r.requestsPerSecond, 0)), '', '', ''],
      ],
    );
    verdicts.push(`health p99 under load < ${budgets.healthP99UnderLoadMs} ms: ${health.p99 < budgets.healthP99UnderLoadMs ? 'met' : 'MISSED'} (${health.p99.toFixed(1)} ms)`);
  }

  const missed = verdicts.filter((v) => v.includes('MISSED')).length;
  console.log(`\nBudgets (bench/budgets.json): ${verdicts.length - missed} met, ${missed} missed`);
  for (const verdict of verdicts) console.log(`  ${verdict}`);

  await app.stop();
  await bare.stop();
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  // Menu scanning on the generated corpus (only when asked: it takes minutes).
  if (only?.includes('menu') || only?.includes('menu-load')) {
    const engine = process.env.MENU_ENGINE === 'tesseract' ? 'tesseract' : 'paddle';
    if (only.includes('menu')) {
      // A longer budget than the server's: on a shared machine a big photo (or a cold first page under
      // load) can take over a minute, and the table should show that time rather than a refusal.
      // MENU_GENERATED=0 skips the generated corpus (a field-menus-only run).
      if (process.env.MENU_GENERATED !== '0') await runMenuBench(() => createLocalMenuScanner({ engine, ocrTimeoutMs: 300_000 }));
      await runFieldMenuBench(() => createLocalMenuScanner({ engine, ocrTimeoutMs: 300_000 }));
    }
    // MENU_RESPONSIVENESS=0 skips the stamp-latency run that follows the corpus tables.
    if (process.env.MENU_RESPONSIVENESS !== '0') await runResponsivenessBench(engine, SECONDS);
    if (only.every((name) => name === 'menu' || name === 'menu-load')) return;
    console.log('');
  }
  // The Customers page at 100,000 customers and the streamed export (only when asked: the seed takes minutes).
  if (only?.includes(CUSTOMERS_BENCH_GROUP)) {
    await runCustomersBench(SECONDS, CONNECTIONS);
    if (only.length === 1) return;
    console.log('');
  }
  // Wallet passes: pass generation, stamps with updates queued, the push queue's throughput (only when asked: it makes certificates).
  if (only?.includes('wallet-apple')) {
    await runWalletAppleBench();
    if (only.length === 1) return;
    console.log('');
  }
  // Campaigns: the stamp's p99 while a 10,000-customer send runs (only when asked: the seed takes a while).
  if (only?.includes('campaign-send')) {
    await runCampaignSendBench();
    if (only.length === 1) return;
    console.log('');
  }
  // Relay detection, simulated scan by scan against the real server.
  if (!only || only.includes('integrity')) {
    await runIntegrityBench();
    if (only && only.length === 1) return;
    console.log('');
  }
  // SQLite's `synchronous` setting, measured both ways (SQLite only: PostgreSQL has its own fsync).
  if (!process.env.DATABASE_URL && (!only || only.includes('durability'))) {
    await runDurabilityBench(SECONDS);
    if (only && !only.includes('http')) return;
    console.log('');
  }
  await runHttpBench();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
