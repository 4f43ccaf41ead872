// Builds the real Fastify app on a real database for API tests: SQLite in memory, or a fresh
// PostgreSQL schema when DATABASE_URL is set (the PostgreSQL pass of CI).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { schemaCodeStore } from './schema-code';
import type { Config } from '../../server/config';
import { migrateToLatest, openDb, type Db } from '../../server/db';
import type { AppDeps } from '../../server/deps';
import type { MailMessage, Mailer } from '../../server/infra/mailer';
import type { MenuScanner, ScannedItem } from '../../server/menu-scan';
import { createSessionTokens } from '../../server/infra/session-tokens';
import { createQrTokens } from '../../server/infra/qr-tokens';
import { createActivityBus } from '../../server/infra/activity-bus';
import { createMenuScanQueue } from '../../server/services/menu/scan-queue';
import { migratedDatabaseImage } from './database-image';
import { TEST_APP_ENV, testConfig } from './test-config';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** Where a test app's clock starts. */
export const TEST_CLOCK_START = Date.parse('2026-11-22T10:00:00Z');

export function testClock(start = TEST_CLOCK_START): TestClock {
  let current = start;
  return { now: () => current, set: (ms) => { current = ms; }, advance: (ms) => { current += ms; } };
}

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
  last(): MailMessage | undefined;
}

export function capturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return { sent, last: () => sent[sent.length - 1], send: async (m) => { sent.push(m); }, close: () => undefined };
}

/** A scanner that answers whatever the test sets, so route tests don't run OCR. */
export function fakeScanner(items: ScannedItem[] = []): MenuScanner & { next: ScannedItem[] } {
  const scanner = { next: items, scan: async () => scanner.next, close: async () => undefined };
  return scanner;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  mailer: CapturingMailer;
  clock: TestClock;
  close(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function buildTestApp(overrides: Omit<Partial<AppDeps>, 'config'> & { config?: Partial<Config> } = {}): Promise<TestApp> {
  const { config: configOverrides, ...depOverrides } = overrides;
  const config: Config = { ...testConfig(TEST_APP_ENV), ...configOverrides };
  const pgSchema = usingPostgres ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const sqliteImage = migratedDatabaseImage();
  const db = openDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: ':memory:', sqliteImage, pgSchema, connectTimeoutMs: config.dbConnectTimeoutMs });
  // A copy of the run's migrated image is at the latest migration already: the migrator would only read its
  // bookkeeping (~5 ms of CPU an app).
  if (!sqliteImage) {
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  const clock = testClock();
  const mailer = capturingMailer();
  const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
  const deps: AppDeps = {
    config,
    db,
    secret,
    sessions: createSessionTokens(secret, config.sessionTtlHours, clock.now),
    qrTokens: createQrTokens(secret, clock.now),
    mailer,
    menuScanner: fakeScanner(),
    menuScans: createMenuScanQueue(),
    // The real transport for the database under test: LISTEN/NOTIFY in the PostgreSQL pass (it connects on first use).
    activityBus: await createActivityBus({ databaseUrl: process.env.DATABASE_URL, redisUrl: undefined }, db),
    now: clock.now,
    ...depOverrides,
  };
  // A test calls a few of the routes: each route's schemas are compiled when it is first called.
  const app = await buildApp(deps, { compileSchemasAtFirstUse: true, schemaCodeStore: schemaCodeStore() });
  await app.ready();
  return {
    app,
    deps,
    db,
    mailer,
    clock,
    async close() {
      await app.close();
      await deps.activityBus.close();
      if (pgSchema) await sql`DROP SCHEMA IF EXISTS ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
      await db.close();
    },
  };
}

/** The migrator's bookkeeping: the only rows a migrated database starts with. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const tablesOf = new WeakMap<Db, Promise<string[]>>();

function dataTables(db: Db): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = (async () => {
      const rows = db.dialect === 'postgres'
        ? (await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db.kysely)).rows
        : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db.kysely)).rows;
      return rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.has(name)).sort();
    })();
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * Puts an app built once for a file back where buildTestApp leaves a new one: every table empty (the
 * migrations' bookkeeping kept), the clock at its start and no mail captured. Building an app costs
 * ~30 ms of CPU on SQLite and a migrated schema on PostgreSQL; this costs ~1 ms on SQLite. What it does
 * not reset stays a file's own concern: the rate limiter's counts (kept by key, in the app), caches
 * keyed by id, the event bus's subscribers and any dependency a test swapped or changed.
 */
export async function resetTestApp(t: TestApp): Promise<void> {
  const tables = await dataTables(t.db);
  if (t.db.dialect === 'postgres') {
    // One statement: TRUNCATE fires no row triggers and takes the foreign keys among the listed tables as a whole.
    await sql`TRUNCATE ${sql.join(tables.map((name) => sql.id(name)))} RESTART IDENTITY CASCADE`.execute(t.db.kysely);
  } else {
    // The foreign keys are off while the tables empty, so the order does not matter and no cascade runs. An
    // aggregate's trigger may write into a table emptied earlier in the pass: passes repeat until one deletes nothing.
    await sql`PRAGMA foreign_keys = OFF`.execute(t.db.kysely);
    try {
      let deleted = 1n;
      while (deleted > 0n) {
        deleted = 0n;
        for (const name of tables) deleted += (await sql`DELETE FROM ${sql.id(name)}`.execute(t.db.kysely)).numAffectedRows ?? 0n;
      }
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(t.db.kysely);
    }
  }
  t.clock.set(TEST_CLOCK_START);
  t.mailer.sent.length = 0;
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF, line breaks inside quotes) as a spreadsheet import does. */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') { cell += '"'; i += 1; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) { row.push(cell); cell = ''; }
    else if (ch === '\r' && body[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; }
    else cell += ch;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  return rows;
}
