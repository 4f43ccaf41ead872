// A full disk under SQLite: SQLite ends the transaction itself on SQLITE_FULL, and the error the caller sees is
// that one (answered 503 "the disk is full"), not the "cannot rollback" of a ROLLBACK sent after it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { isStorageFull } from '../../../server/db/errors';
import { openDb, type Db } from '../../../server/db/index';
import { inTransaction } from '../../../server/db/transactions';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-storage-full-'));
  db = openDb({ sqlitePath: path.join(dir, 'full.db'), sqliteReadWorker: false });
  await sql`create table filler (id integer primary key, bytes blob not null)`.execute(db.kysely);
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a transaction that fills the database file fails with SQLITE_FULL, and the database takes writes again once there is room', async () => {
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely);
  // The file may not grow past a few more pages: as a full disk, for this connection.
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 4}`).execute(db.kysely);
  const error: unknown = await inTransaction(db.kysely, async (trx) => {
    for (let i = 0; i < 50; i += 1) await sql`insert into filler (bytes) values (zeroblob(4096))`.execute(trx);
  }).then(() => undefined, (e: unknown) => e);
  expect((error as { code?: string }).code).toBe('SQLITE_FULL');
  expect(isStorageFull(error)).toBe(true);
  const { rows: kept } = await sql<{ n: number }>`select count(*) as n from filler`.execute(db.kysely);
  expect(kept[0]!.n).toBe(0);

  await sql.raw('pragma max_page_count = 1073741823').execute(db.kysely);
  await inTransaction(db.kysely, async (trx) => {
    await sql`insert into filler (bytes) values (zeroblob(16))`.execute(trx);
  });
  const { rows: after } = await sql<{ n: number }>`select count(*) as n from filler`.execute(db.kysely);
  expect(after[0]!.n).toBe(1);
});

it('recognises a full disk by SQLite, file writes and PostgreSQL, and nothing else', () => {
  for (const code of ['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100']) expect(isStorageFull(Object.assign(new Error(code), { code }))).toBe(true);
  expect(isStorageFull(new Error('wrapped', { cause: Object.assign(new Error('no space'), { code: 'ENOSPC' }) }))).toBe(true);
  for (const code of ['SQLITE_BUSY', 'ECONNREFUSED', '57014']) expect(isStorageFull(Object.assign(new Error(code), { code }))).toBe(false);
});
