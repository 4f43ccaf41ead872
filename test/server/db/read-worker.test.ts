// On a SQLite file, Db.reads runs queries in a worker thread with its own read-only
// connection: it sees every committed write of the main connection, and it refuses to write. What it has not
// answered yet can be asked for (a slow request's warning says it), and a stopped worker refuses at once.
// A thread that dies is replaced (the reads it held go to the next one, and the main connection answers
// meanwhile), until threads keep dying; a normal close starts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { CompiledQuery, sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../server/db';
import { migratedDatabaseImage } from '../database-image';
import { READ_WORKER_EXIT_WINDOW_MS, READ_WORKER_MAX_EXITS, SqliteReadWorkerDialect, type ReadWorkerLog } from '../../../server/db/read-worker';

let dir: string;
let db: Db;
/** Every read thread started, in order, with a promise of its first message (`ready`). */
let threads: { thread: Worker; ready: Promise<unknown> }[];
let log: { warn: jest.Mock; error: jest.Mock } & ReadWorkerLog;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-read-worker-'));
  threads = [];
  log = { warn: jest.fn(), error: jest.fn() };
  // The run's migrated database, written as the file (migrating it here is a fifth of a second per test, and
  // waits for a disk sync per migration); the migrator then finds nothing left to do.
  const image = migratedDatabaseImage();
  if (image) fs.writeFileSync(path.join(dir, 'db.sqlite'), image);
  db = openDb({
    sqlitePath: path.join(dir, 'db.sqlite'),
    readWorkerLog: log,
    onReadThreadStart: (thread) => threads.push({ thread, ready: once(thread, 'message') }),
  });
  await migrateToLatest(db);
  // The thread starts with the first read.
  await sql`SELECT 1`.execute(db.reads);
});

afterEach(async () => {
  jest.useRealTimers();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Stops a read thread from outside, as a crash would: its `exit` is handled once this settles. */
async function kill(index: number): Promise<void> {
  await threads[index]?.thread.terminate();
}

/** A read that keeps its thread busy for a while (a count through a few hundred thousand rows), so it is still in flight when the thread is killed. */
const slowRead = () => sql<{ n: number }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) AS n FROM c`.execute(db.reads);

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
  const dialect = new SqliteReadWorkerDialect(path.join(dir, 'db.sqlite'), { fallback: () => Promise.reject(new Error('no main connection here')), log });
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

it('answers a read after its thread dies: on the main connection at once, then on a new thread', async () => {
  await db.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
  expect(await db.reads.selectFrom('app_settings').select('value').executeTakeFirst()).toEqual({ value: 'one' });
  await kill(0);
  expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ exitCode: 1 }), 'the read worker stopped: starting a new one');
  expect(await db.reads.selectFrom('app_settings').select('value').executeTakeFirst()).toEqual({ value: 'one' });
  expect(threads).toHaveLength(2);
  await threads[1]?.ready;
  // Sent to the new thread: it is waiting there (the main connection would have answered already).
  const read = db.reads.selectFrom('app_settings').select('value').executeTakeFirst();
  await new Promise((resolve) => process.nextTick(resolve));
  expect(db.readBacklog?.()).toMatchObject({ waiting: 1 });
  expect(await read).toEqual({ value: 'one' });
  expect(log.error).not.toHaveBeenCalled();
});

it('sends the reads a dying thread held to the new thread, so their callers get answers', async () => {
  await db.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
  const held = [slowRead(), db.reads.selectFrom('app_settings').select('value').executeTakeFirst()];
  await new Promise((resolve) => process.nextTick(resolve));
  expect(db.readBacklog?.()).toMatchObject({ waiting: 2 });
  await kill(0);
  expect(await Promise.all(held)).toEqual([{ rows: [{ n: 300000 }] }, { value: 'one' }]);
  expect(threads).toHaveLength(2);
});

it('sends a held read once more, never twice: it fails if the new thread dies with it too', async () => {
  const held = slowRead();
  await new Promise((resolve) => process.nextTick(resolve));
  await kill(0);
  await threads[1]?.ready;
  await kill(1);
  await expect(held).rejects.toThrow(/the read worker stopped \(exit code 1\)/);
});

it('stops starting threads once three die within a minute: reads stay on the main connection, said once at error', async () => {
  jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  await db.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
  await kill(0);
  await threads[1]?.ready;
  jest.setSystemTime(Date.now() + 20_000);
  await kill(1);
  await threads[2]?.ready;
  jest.setSystemTime(Date.now() + 20_000);
  await kill(2);
  expect(threads).toHaveLength(3);
  expect(log.warn).toHaveBeenCalledTimes(2);
  expect(log.error).toHaveBeenCalledTimes(1);
  expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ exitCode: 1, exitsWithinMinute: 3 }), expect.stringMatching(/keeps stopping/));
  // The main connection answers, and refuses writes as the thread did.
  const reads = await Promise.all([db.reads.selectFrom('app_settings').select('value').executeTakeFirst(), slowRead()]);
  expect(reads).toEqual([{ value: 'one' }, { rows: [{ n: 300000 }] }]);
  await expect(db.reads.insertInto('app_settings').values({ key: 'b', value: 'x' }).execute()).rejects.toThrow(/read only/);
  expect(db.readBacklog?.()).toEqual({ waiting: 0, oldestMs: 0, oldestSql: '' });
  expect(threads).toHaveLength(3);
});

it('keeps replacing a thread that dies now and then (three deaths spread over more than a minute)', async () => {
  jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  for (const index of [0, 1, 2]) {
    await threads[index]?.ready;
    await kill(index);
    jest.setSystemTime(Date.now() + READ_WORKER_EXIT_WINDOW_MS / 2 + 1);
  }
  expect(threads).toHaveLength(4);
  expect(log.error).not.toHaveBeenCalled();
  await threads[3]?.ready;
  const read = sql`SELECT 1 AS one`.execute(db.reads);
  await new Promise((resolve) => process.nextTick(resolve));
  expect(db.readBacklog?.()).toMatchObject({ waiting: 1 });
  expect((await read).rows).toEqual([{ one: 1 }]);
});

it('starts no new thread on a normal close, and says nothing: a read still in flight fails', async () => {
  expect(threads).toHaveLength(1);
  const held = slowRead();
  await new Promise((resolve) => process.nextTick(resolve));
  await db.close();
  await expect(held).rejects.toThrow(/the read worker stopped/);
  expect(threads).toHaveLength(1);
  expect(log.warn).not.toHaveBeenCalled();
  expect(log.error).not.toHaveBeenCalled();
  // afterEach closes again: a second close is harmless.
});

describe('the read thread has a heap cap of its own', () => {
  /** 150,000 customer ids: about 20 MB of rows in the thread's heap, past the small cap these tests give it. */
  const readTooLargeForTheCap = (reads: Db['reads']) =>
    sql<{ id: string }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 150000) SELECT printf('%08d-0000-4000-8000-%012d', x, x) AS id FROM c`.execute(reads);
  let capped: Db;
  let cappedThreads: Worker[];

  beforeEach(async () => {
    cappedThreads = [];
    capped = openDb({
      sqlitePath: path.join(dir, 'db.sqlite'),
      readWorkerLog: log,
      readWorkerResourceLimits: { maxOldGenerationSizeMb: 12, maxYoungGenerationSizeMb: 2 },
      onReadThreadStart: (thread) => cappedThreads.push(thread),
    });
    await sql`SELECT 1`.execute(capped.reads);
  });
  afterEach(async () => {
    await capped.close();
  });

  it('a read too big for the cap fails with a clear error, is not sent again, and the next read is answered', async () => {
    await capped.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
    await expect(readTooLargeForTheCap(capped.reads)).rejects.toMatchObject({ code: 'ERR_READ_TOO_LARGE', message: expect.stringMatching(/more memory than the read worker may use \(12 MB\)/) });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ error: expect.stringMatching(/out of memory/i), refusedRead: expect.stringMatching(/^WITH RECURSIVE/) }), 'the read worker stopped: starting a new one');
    // One thread died (the read was not tried on a second), and its replacement answers.
    expect(cappedThreads).toHaveLength(2);
    expect(await capped.reads.selectFrom('app_settings').select('value').executeTakeFirst()).toEqual({ value: 'one' });
  });

  it('a read that was waiting behind the runaway one is answered by the next thread', async () => {
    await capped.kysely.insertInto('app_settings').values({ key: 'a', value: 'one' }).execute();
    const runaway = readTooLargeForTheCap(capped.reads);
    const behind = capped.reads.selectFrom('app_settings').select('value').executeTakeFirst();
    await expect(runaway).rejects.toMatchObject({ code: 'ERR_READ_TOO_LARGE' });
    expect(await behind).toEqual({ value: 'one' });
  });

  it('runaway reads never make the server give up the thread or run them on the uncapped main connection: each fails alone', async () => {
    for (let i = 0; i < READ_WORKER_MAX_EXITS; i += 1) await expect(readTooLargeForTheCap(capped.reads)).rejects.toMatchObject({ code: 'ERR_READ_TOO_LARGE' });
    expect(log.error).not.toHaveBeenCalled();
    await new Promise((resolve) => cappedThreads.at(-1)?.once('message', resolve));
    const read = sql`SELECT 1 AS one`.execute(capped.reads);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(capped.readBacklog?.()).toMatchObject({ waiting: 1 });
    expect((await read).rows).toEqual([{ one: 1 }]);
  });
});
