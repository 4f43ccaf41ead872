// Opens the database (SQLite by default, PostgreSQL when DATABASE_URL says so) and migrates it.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, PostgresDialect, SqliteDialect, type MigrationProvider, type Migration, type SqliteDatabase } from 'kysely';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { dropPlannerStatistics } from './sqlite-statistics';
import type { Database } from './schema';
import type { Dialect } from './migrations/dialect-types';
import { migrationsFor } from './migrations';
import { SqliteReadWorkerDialect, type ReadBacklog, type ReadWorkerLog, type ReadWorkerResourceLimits } from './read-worker';

// int8 (bigint: our epoch-millisecond columns and count(*)) fits a JS number for any real value.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export interface Db {
  kysely: Kysely<Database>;
  /**
   * For heavy read-only queries (the dashboard, the activity list): on a SQLite file, a worker thread's
   * own read-only connection, so they never hold the event loop; on PostgreSQL a small pool of
   * its own, so they never take every connection; for an in-memory SQLite `kysely` itself.
   */
  reads: Kysely<Database>;
  dialect: Dialect;
  /** SQLite file only: the heavy reads its worker thread has not answered yet. */
  readBacklog?(): ReadBacklog;
  /** PostgreSQL schema the connections use (tests); undefined means the default. */
  pgSchema?: string;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for tests. */
  sqlitePath: string;
  /**
   * In memory only: start from a copy of this database file's bytes instead of an empty database. The
   * API tests migrate one database per run and copy it for each app, rather than migrating every app.
   */
  sqliteImage?: Buffer;
  /** PostgreSQL only: run everything inside this schema (tests use one schema per suite). */
  pgSchema?: string;
  /** PostgreSQL: opening a connection or waiting for a free one (default 5000 ms). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels longer statements (default 10000 ms). */
  statementTimeoutMs?: number;
  /** SQLite file: heavy reads in a worker thread (default true; see Db.reads). */
  sqliteReadWorker?: boolean;
  /** SQLite: 'full' (default) survives power loss; 'normal' only a process crash. */
  sqliteSynchronous?: 'normal' | 'full';
  /** PostgreSQL: shown in pg_stat_activity (default 'stampwise'), so operators and tests can find our connections. */
  applicationName?: string;
  /** A pooled connection failed while idle (database restart, failover): logged, never fatal. */
  onConnectionError?: (error: Error) => void;
  /** SQLite file: where the read worker says its thread died and was replaced or given up on (default: the console). */
  readWorkerLog?: ReadWorkerLog;
  /** SQLite file: each new read worker thread as it starts (tests stop one to watch the next take over). */
  onReadThreadStart?: (thread: Worker) => void;
  /** SQLite file: the read thread's heap cap (default READ_WORKER_RESOURCE_LIMITS; tests hit a smaller one). */
  readWorkerResourceLimits?: ReadWorkerResourceLimits;
}

/** Prepared statements kept per SQLite connection; past this the cache starts over (a runaway of distinct SQL). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew (~6% of a scan's CPU). The app's SQL is a
 * small fixed set with parameters, so each text is prepared once and reused.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

const consoleReadWorkerLog: ReadWorkerLog = {
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/** PostgreSQL connections for heavy reads (Db.reads), apart from the main pool of 10. */
const READ_POOL_SIZE = 3;

/** How much longer than the statement timeout the client waits for an answer that may never come. */
const NETWORK_GRACE_MS = 2000;

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
    const serverOptions = [`-c statement_timeout=${statementTimeoutMs}`, `-c idle_in_transaction_session_timeout=${statementTimeoutMs * 2}`];
    if (schema) serverOptions.push(`-c search_path=${schema}`);
    const newPool = (max: number) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
        // A database that stops answering (network cut, frozen host) must not hold a request forever.
        query_timeout: statementTimeoutMs + NETWORK_GRACE_MS,
        keepAlive: true,
        application_name: options.applicationName ?? 'stampwise',
        options: serverOptions.join(' '),
      });
      guardPool(pool, options.onConnectionError ?? ((error) => console.error(`database connection lost: ${error.message}`)));
      return pool;
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: newPool(10) }) });
    // Heavy reads (the dashboard, the activity list) get a small pool of their own, so ten
    // vendors loading dashboards never take the connections a scan or a health check needs.
    const reads = new Kysely<Database>({ dialect: new PostgresDialect({ pool: newPool(READ_POOL_SIZE) }) });
    return {
      kysely,
      reads,
      dialect: 'postgres',
      pgSchema: schema,
      close: async () => {
        await reads.destroy();
        await kysely.destroy();
      },
    };
  }
  if (options.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  if (options.sqliteImage && options.sqlitePath !== ':memory:') throw new Error('a SQLite image opens only in memory');
  const sqlite = new SQLite(options.sqliteImage ?? options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  const database = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: keepingRollbackCauses(new SqliteDialect({ database }), sqlite) });
  if (options.sqlitePath === ':memory:' || options.sqliteReadWorker === false) return { kysely, reads: kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  const readWorker = new SqliteReadWorkerDialect(options.sqlitePath, {
    // Through Kysely, so a read waits for a transaction in progress rather than seeing its uncommitted rows
    // (no code reads through Db.reads inside a transaction: that read would wait for its own transaction).
    fallback: async (query) => {
      if (!database.prepare(query.sql).reader) throw new Error('the read worker runs queries that read only');
      return kysely.executeQuery(query);
    },
    log: options.readWorkerLog ?? consoleReadWorkerLog,
    onThreadStart: options.onReadThreadStart,
    resourceLimits: options.readWorkerResourceLimits,
  });
  const reads = new Kysely<Database>({ dialect: readWorker });
  return {
    kysely,
    reads,
    dialect: 'sqlite',
    readBacklog: () => readWorker.backlog(),
    close: async () => {
      await reads.destroy();
      await kysely.destroy();
    },
  };
}

/**
 * Without an `error` listener, an idle pooled connection that drops (pg_terminate_backend, failover,
 * restart) throws from an EventEmitter and ends the process. The pool itself discards the broken
 * connection; this only reports it. A query that timed out on the client leaves its connection out of
 * step with the server (the late answer would be read as the next query's), so that connection is
 * closed rather than reused.
 */
function guardPool(pool: pg.Pool, onConnectionError: (error: Error) => void): void {
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => {
    // A checked-out client has no pool listener: its query fails anyway, the event only needs absorbing.
    client.on('error', () => undefined);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values) and awaits the promise; other call shapes pass through untouched.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            client.connection.stream.destroy();
            void client.end().catch(() => undefined);
          }
        });
      }
      return result;
    };
  });
}

class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`SELECT current_schema() AS schema`.execute(db.kysely);
  return rows[0]?.schema ?? 'public';
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (db.pgSchema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(db.pgSchema)}`.execute(db.kysely);
  const migrator = new Migrator({
    db: db.kysely,
    provider: new ListedMigrations(db.dialect),
    // Kysely's own bookkeeping tables live beside ours, so each schema migrates on its own. Named even for the
    // connection's default schema: without a name, Kysely takes another schema's bookkeeping table in the same
    // database for ours, skips creating it, and the migration fails ("kysely_migration_lock does not exist").
    ...(db.dialect === 'postgres' ? { migrationTableSchema: db.pgSchema ?? (await currentSchema(db)) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // A database that cannot be reached is not a migration problem: let the caller say so plainly.
    if (!failed && error instanceof Error) throw error;
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (db.dialect === 'sqlite') await dropPlannerStatistics(db.kysely);
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL when the disk is full, SQLITE_IOERR,
 * SQLITE_NOMEM). Kysely's own ROLLBACK then fails with "cannot rollback - no transaction is active", and that
 * error replaces the one that caused it: a full disk would answer 500 instead of 503. The driver here skips
 * the ROLLBACK when SQLite has already ended the transaction.
 */
function keepingRollbackCauses(dialect: SqliteDialect, sqlite: SQLite.Database): SqliteDialect {
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const driver = createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  };
  return dialect;
}
