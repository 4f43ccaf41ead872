// On a SQLite file, Db.reads runs queries in a worker thread with its own read-only
// connection: it sees every committed write of the main connection, and it refuses to write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../server/db';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-read-worker-'));
  db = openDb({ sqlitePath: path.join(dir, 'db.sqlite') });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('reads through its own connection, seeing what the main connection committed', async () => {
  expect(db.reads).not.toBe(db.kysely);
  await db.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
  expect(await db.reads.selectFrom('app_settings').select('value').where('key', '=', 'a').executeTakeFirst()).toEqual({ value: 'one' });
  await db.kysely.updateTable('app_settings').set({ value: 'two' }).where('key', '=', 'a').execute();
  const [first, second] = await Promise.all([
    db.reads.selectFrom('app_settings').select('value').executeTakeFirst(),
    db.reads.selectFrom('app_settings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  expect(first).toEqual({ value: 'two' });
  expect(second).toEqual({ n: 1 });
});

it('refuses writes and reports SQL errors to the caller', async () => {
  await expect(db.reads.insertInto('app_settings').values({ key: 'b', value: 'x' }).execute()).rejects.toThrow(/read only|readonly/i);
  await expect(sql`SELECT * FROM no_such_table`.execute(db.reads)).rejects.toThrow(/no such table/);
});

it('uses the main connection for an in-memory database', async () => {
  const memory = openDb({ sqlitePath: ':memory:' });
  expect(memory.reads).toBe(memory.kysely);
  await memory.close();
});
