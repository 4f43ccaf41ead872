// `npm run bench:web`: builds the app (when stale), starts the built server on a temporary
// database with a seeded store, then for each page prints the JavaScript it loads (gzip bytes, read from
// the build's own .gz files) and its Lighthouse scores (Lighthouse from npm, Debian's Chromium at
// CHROME_PATH, default /usr/bin/chromium; all traffic stays on 127.0.0.1). Goals from bench/budgets.json.
//
// /s/<token> is weighed up to the moment the stamp shows; the vendor pages are opened signed in (the
// session token in local storage, as after a sign-in). BENCH_WEB_RUNS (default 1) runs Lighthouse that
// many times per page and keeps the median score; each row says which metric cost the most points.
// BENCH_WEB_REPORTS=<dir> also writes every Lighthouse report there (JSON, for the audits behind a score).
// Not a test: nothing fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createQrTokens } from '../server/infra/qr-tokens';
import { createSessionTokens } from '../server/infra/session-tokens';
import { freePort } from '../test/support/free-port';
import { SERVER_ENTRY } from '../scripts/build-output';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args';

const ROOT = path.resolve(__dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SECRET = 'bench-web-secret-bench-web-secret-bench-web';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;

interface WebBudgets {
  web: {
    jsGzipKiB: Record<string, number>;
    lighthouse: Record<string, number>;
    lcpMs: Record<string, number>;
  };
}

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the page is there (for /s/<token>: the stamp). */
  ready: (page: Page) => Promise<unknown>;
  formFactors: ('mobile' | 'desktop')[];
  /** The customer page's language (chosen as with its switch); none: the browser's, English. */
  customerLanguage?: string;
}

/** A verified vendor with a reward, straight into the database the server will open. */
async function seedStore(dataDir: string): Promise<{ vendorId: string; session: string; flyerToken: string }> {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1' });
  const db = openDb({ sqlitePath: config.sqlitePath, sqliteReadWorker: false });
  await migrateToLatest(db);
  const vendorId = crypto.randomUUID();
  const now = Date.now();
  await db.kysely
    .insertInto('vendors')
    .values({
      id: vendorId, email: 'bench@bench.local', email_normalized: 'bench@bench.local', name: 'Ana Lima', company: 'Bean There Café',
      address: '1 Harbour Street', open_hours: 'Mon–Fri 7–15', website: null, logo_image_id: null, banner_image_id: null,
      password_hash: null, verified_at: now, created_at: now, updated_at: now,
    })
    .execute();
  await db.kysely.insertInto('rewards').values({ vendor_id: vendorId, stamps: 8, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
  await db.close();
  return { vendorId, session: createSessionTokens(SECRET, 24).issue(vendorId), flyerToken: createQrTokens(SECRET, Date.now).issuePrintable(vendorId, 1) };
}

async function startServer(dataDir: string, port: number): Promise<{ baseUrl: string; child: ChildProcess }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(ROOT, SERVER_ENTRY)], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, SESSION_SECRET: SECRET, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start in 30 s');
}

/** Gzip bytes of one built file: its .gz beside it, or gzipped here when the build left it small and plain. */
function gzipBytes(urlPath: string): number {
  const file = path.join(CLIENT_DIR, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** What a built file mostly is: the first packages named in its license banner, else the app's own code. */
function describeFile(urlPath: string): string {
  const banner = path.join(CLIENT_DIR, `${decodeURIComponent(urlPath)}.LICENSE.txt`);
  if (!fs.existsSync(banner)) return 'app code';
  const names = [...fs.readFileSync(banner, 'utf8').matchAll(/^ \* ([@a-z][\w./-]*(?: v[\d.]+)?)/gm)].map((m) => m[1].replace(/\.production\.js$/, ''));
  return [...new Set(names)].slice(0, 4).join(', ') || 'libraries';
}

/** The JavaScript files the page loaded up to `ready`, in gzip bytes. */
async function weighPage(context: BrowserContext, baseUrl: string, spec: PageSpec): Promise<{ files: number; gzipBytes: number; largest: string[] }> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  // As a string: this file is type-checked without the DOM library.
  if (spec.customerLanguage) await page.addInitScript(`localStorage.setItem('stampwise.customerLanguage', ${JSON.stringify(spec.customerLanguage)})`);
  await page.goto(`${baseUrl}${spec.path}`);
  await spec.ready(page);
  await page.close();
  const sized = [...scripts].map((file) => ({ file, bytes: gzipBytes(file) })).sort((a, b) => b.bytes - a.bytes);
  return {
    files: scripts.size,
    gzipBytes: sized.reduce((sum, entry) => sum + entry.bytes, 0),
    largest: sized.slice(0, 3).map((entry) => `${(entry.bytes / 1024).toFixed(0)} KiB ${describeFile(entry.file)}`),
  };
}

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** The metrics that cost the most points, e.g. 'TBT −6, LCP −2' (weight × what the metric's score lacks). */
  costs: string;
}

const METRIC_NAMES: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

interface ScoredReport {
  categories: { performance: { auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, { score: number | null } | undefined>;
}

/** Points each weighted metric lost, largest first ('TBT −6, LCP −2'); 'none' when none lost a point. */
function metricCosts(lhr: ScoredReport): string {
  const refs = lhr.categories.performance.auditRefs.filter((ref) => ref.weight > 0);
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const lost = refs
    .map((ref) => ({ name: METRIC_NAMES[ref.id] ?? ref.id, points: (100 * ref.weight * (1 - (lhr.audits[ref.id]?.score ?? 0))) / total }))
    .filter((entry) => entry.points >= 0.5)
    .sort((a, b) => b.points - a.points);
  return lost.length === 0 ? 'none' : lost.map((entry) => `${entry.name} −${Math.round(entry.points)}`).join(', ');
}

async function runLighthouse(url: string, port: number, formFactor: 'mobile' | 'desktop', reportName: string): Promise<LighthouseFigures> {
  // ES modules: loaded at run time (the bench itself runs as CommonJS under tsx).
  const { default: lighthouse } = await import('lighthouse');
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const scores: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // disableStorageReset: the signed-in pages need the session the bench put in local storage.
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, config);
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(REPORTS_DIR, `${reportName}-${formFactor}-${run + 1}.json`), JSON.stringify(lhr));
    }
    scores.push({
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      costs: metricCosts(lhr as unknown as ScoredReport),
    });
  }
  scores.sort((a, b) => a.score - b.score);
  return scores[Math.floor(scores.length / 2)];
}

function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const budgets = (JSON.parse(fs.readFileSync(path.join(__dirname, 'budgets.json'), 'utf8')) as WebBudgets).web;
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['tsx', path.join(ROOT, 'scripts/build-if-stale.ts')], { stdio: 'inherit', cwd: ROOT });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-web-'));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-bench-chromium-'));
  const store = await seedStore(dataDir);
  const { baseUrl, child } = await startServer(dataDir, await freePort());
  const debugPort = await freePort();
  // One persistent profile: its default context is the one Lighthouse's new tabs use, so the session
  // set here is there for the signed-in pages.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME,
    headless: true,
    args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox'],
  });
  try {
    const signIn = await context.newPage();
    await signIn.goto(`${baseUrl}/login`);
    // As a string: this file is type-checked without the DOM library.
    await signIn.evaluate(`localStorage.setItem('token', ${JSON.stringify(store.session)})`);
    await signIn.close();

    const pages: PageSpec[] = [
      { name: '/s/<token>', path: `/s/${store.flyerToken}`, signedIn: false, formFactors: ['mobile', 'desktop'], ready: (page) => page.getByText(/Stamp collected|card is full/).first().waitFor({ timeout: 30_000 }) },
      // The stamp page in each other language: its texts are a lazy chunk of that language only.
      ...['es', 'fr', 'de', 'ar'].map(
        (language): PageSpec => ({ name: `/s/<token> (${language})`, path: `/s/${store.flyerToken}`, signedIn: false, formFactors: [], customerLanguage: language, ready: (page) => page.getByText(/^\d+ \/ \d+$/).first().waitFor({ timeout: 30_000 }) }),
      ),
      { name: '/login', path: '/login', signedIn: false, formFactors: ['mobile', 'desktop'], ready: (page) => page.getByRole('button', { name: /sign in|log in/i }).first().waitFor({ timeout: 30_000 }) },
      { name: 'dashboard', path: `/dashboard/${store.vendorId}`, signedIn: true, formFactors: ['desktop'], ready: (page) => page.getByRole('heading').first().waitFor({ timeout: 30_000 }).then(() => page.waitForLoadState('networkidle')) },
      { name: 'QR page', path: `/qr-code/${store.vendorId}`, signedIn: true, formFactors: ['desktop'], ready: (page) => page.getByRole('heading').first().waitFor({ timeout: 30_000 }).then(() => page.waitForLoadState('networkidle')) },
    ];
    const weightLines: string[][] = [];
    const verdicts: string[] = [];
    for (const spec of pages) {
      const weight = await weighPage(context, baseUrl, spec);
      const kib = weight.gzipBytes / 1024;
      const goal = budgets.jsGzipKiB[spec.name];
      const verdict = goal === undefined ? '' : `${kib <= goal ? 'met' : 'MISSED'} ≤${goal} KiB`;
      if (goal !== undefined) verdicts.push(`${spec.name} JS ≤ ${goal} KiB gzip: ${kib <= goal ? 'met' : 'MISSED'} (${kib.toFixed(1)} KiB)`);
      weightLines.push([spec.name, String(weight.files), kib.toFixed(1), verdict, weight.largest.join('; ')]);
    }
    console.log('\nJavaScript loaded (gzip, as served), up to the page being there (/s/<token>: the stamp showing):');
    printTable(['page', 'files', 'KiB gzip', 'goal', 'largest files (what they hold)'], weightLines);

    // Lighthouse's simulated throttling scales the CPU time it observes: on a shared machine, say how loaded it was.
    const loadBefore = os.loadavg()[0];
    const lighthouseLines: string[][] = [];
    for (const spec of pages) {
      for (const formFactor of spec.formFactors) {
        const figures = await runLighthouse(`${baseUrl}${spec.path}`, debugPort, formFactor, spec.name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, ''));
        const key = `${spec.name} ${formFactor}`;
        const goal = budgets.lighthouse[key];
        const lcpGoal = budgets.lcpMs[key];
        const verdict = [
          goal === undefined ? '' : `${figures.score >= goal ? 'met' : 'MISSED'} ≥${goal}`,
          lcpGoal === undefined ? '' : `LCP ${figures.lcpMs <= lcpGoal ? 'met' : 'MISSED'} ≤${lcpGoal} ms`,
        ].filter(Boolean).join(', ');
        if (goal !== undefined) verdicts.push(`Lighthouse ${key} ≥ ${goal}: ${figures.score >= goal ? 'met' : 'MISSED'} (${figures.score})`);
        if (lcpGoal !== undefined) verdicts.push(`LCP ${key} ≤ ${lcpGoal} ms: ${figures.lcpMs <= lcpGoal ? 'met' : 'MISSED'} (${Math.round(figures.lcpMs)} ms)`);
        lighthouseLines.push([
          key, String(figures.score), String(Math.round(figures.fcpMs)), String(Math.round(figures.lcpMs)), String(Math.round(figures.tbtMs)),
          figures.cls.toFixed(3), figures.costs, verdict,
        ]);
      }
    }
    console.log(`\nLighthouse (performance, ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} each, simulated throttling; Chromium ${context.browser()?.version() ?? ''}; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after, on ${os.cpus().length} cores):`);
    printTable(['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'points lost to', 'goal'], lighthouseLines);

    const sourceMaps = fs.readdirSync(CLIENT_DIR, { recursive: true }).map(String).filter((file) => file.endsWith('.map'));
    verdicts.push(`source maps in the served folder: ${sourceMaps.length === 0 ? 'none (met)' : `${sourceMaps.length} (MISSED)`}`);
    const missed = verdicts.filter((v) => v.includes('MISSED')).length;
    console.log(`\nBudgets (bench/budgets.json "web"): ${verdicts.length - missed} met, ${missed} missed`);
    for (const verdict of verdicts) console.log(`  ${verdict}`);
  } finally {
    await context.close();
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
