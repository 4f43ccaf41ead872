// On a SQLite file, Db.reads runs queries in a worker thread with its own read-only
// connection: it sees every committed write of the main connection, and it refuses to write. What it has not
// answered yet can be asked for (a slow request's warning says it), and a stopped worker refuses at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../server/db';
import { SqliteReadWorkerDialect } from '../../../server/db/read-worker';

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

it('tells which queries the worker has not answered yet, oldest first, and forgets them once answered', async () => {
  expect(db.readBacklog?.()).toEqual({ waiting: 0, oldestMs: 0, oldestSql: '' });
  // Both are sent before this code yields, so neither answer can have come back yet.
  const first = sql`SELECT 1 AS one`.execute(db.reads);
  const second = sql`SELECT 2 AS two`.execute(db.reads);
  await new Promise((resolve) => process.nextTick(resolve));
  const backlog = db.readBacklog?.();
  expect(backlog).toMatchObject({ waiting: 2, oldestSql: 'SELECT 1 AS one' });
  await Promise.all([first, second]);
  expect(db.readBacklog?.()).toEqual({ waiting: 0, oldestMs: 0, oldestSql: '' });
});

it('refuses a query once its worker has stopped, instead of leaving it waiting for ever', async () => {
  const dialect = new SqliteReadWorkerDialect(path.join(dir, 'db.sqlite'));
  const driver = dialect.createDriver();
  await driver.init();
  const connection = await driver.acquireConnection();
  expect((await connection.executeQuery(CompiledQuery.raw('SELECT 1 AS one'))).rows).toEqual([{ one: 1 }]);
  await driver.destroy();
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve('still waiting after 2 s'), 2000);
  });
  const outcome = await Promise.race([connection.executeQuery(CompiledQuery.raw('SELECT 1 AS one')).catch((error: Error) => error.message), stuck]);
  clearTimeout(timer);
  expect(outcome).toMatch(/the read worker stopped/);
});
