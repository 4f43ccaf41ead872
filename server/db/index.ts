// Opens the database (SQLite by default, PostgreSQL when DATABASE_URL says so) and migrates it.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, PostgresDialect, SqliteDialect, type MigrationProvider, type Migration } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { Dialect } from './migrations/dialect-types';
import { migrationsFor } from './migrations';

// int8 (bigint: our epoch-millisecond columns and count(*)) fits a JS number for any real value.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connections use (tests); undefined means the default. */
  pgSchema?: string;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** SQLite file; ':memory:' for tests. */
  sqlitePath: string;
  /** PostgreSQL only: run everything inside this schema (tests use one schema per suite). */
  pgSchema?: string;
}

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pgSchema: schema, close: () => kysely.destroy() };
  }
  if (options.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  if (db.pgSchema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(db.pgSchema)}`.execute(db.kysely);
  const migrator = new Migrator({
    db: db.kysely,
    provider: new ListedMigrations(db.dialect),
    // Kysely's own bookkeeping tables live beside ours, so each test schema migrates on its own.
    ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
