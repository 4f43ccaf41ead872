// Migrating a database costs a fifth of a second of CPU, and the API suites build hundreds of apps. So the
// server projects' global set-up (jest.config.ts) migrates one in-memory SQLite database per run and writes
// it to a file; buildTestApp opens each app's database as a copy of those bytes, already at the latest
// migration (the migrator would only read its bookkeeping). The PostgreSQL pass migrates a schema per app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDb } from '../../server/db';

/** Where the global set-up tells the test workers (which it starts after it returns) the file is. */
const IMAGE_PATH_VARIABLE = 'STAMPWISE_TEST_SQLITE_IMAGE';

export default async function writeDatabaseImage(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-jest-'));
  const file = path.join(directory, 'migrated.db');
  const db = openDb({ sqlitePath: ':memory:' });
  try {
    await migrateToLatest(db);
    await sql`VACUUM INTO ${file}`.execute(db.kysely);
  } finally {
    await db.close();
  }
  process.env[IMAGE_PATH_VARIABLE] = file;
}

export function removeDatabaseImage(): void {
  const file = process.env[IMAGE_PATH_VARIABLE];
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

let image: Buffer | undefined;

/** The migrated database's bytes, or undefined outside a run with the global set-up (then each app migrates). */
export function migratedDatabaseImage(): Buffer | undefined {
  const file = process.env[IMAGE_PATH_VARIABLE];
  if (!file || process.env.DATABASE_URL) return undefined;
  image ??= fs.readFileSync(file);
  return image;
}
