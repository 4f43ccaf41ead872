// inTransaction (server/db/transactions.ts): a transaction the database gives up in a conflict (deadlock,
// serialization failure) runs again, and a conflict that outlasts the attempts is a 503, never a 500. The
// PostgreSQL pass provokes a real deadlock on the dashboard's histogram rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql, type Kysely, type TransactionBuilder } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { openDb } from '../../../server/db';
import { isDatabaseUnavailable, isTransactionConflict } from '../../../server/db/errors';
import { inRedoableTransaction, inTransaction, redoableCommitCte, retryPauseMs, RETRY_BASE_MS, TRANSACTION_ATTEMPTS, type RetryPolicy } from '../../../server/db/transactions';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../../server/app';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';
import { createStore, dynamicToken, newCustomer, scan, setReward, type TestStore } from '../factories';

const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });

describe('isTransactionConflict', () => {
  it('knows deadlocks, serialization failures and a stale SQLite snapshot, and nothing else', () => {
    expect(isTransactionConflict(conflict('40P01'))).toBe(true);
    expect(isTransactionConflict(conflict('40001'))).toBe(true);
    expect(isTransactionConflict(conflict('SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isTransactionConflict(new Error('wrapped', { cause: conflict('40P01') }))).toBe(true);
    // A unique violation is an answer (409), a busy timeout an outage (503 by isDatabaseUnavailable): neither is re-run.
    expect(isTransactionConflict(conflict('23505'))).toBe(false);
    expect(isTransactionConflict(conflict('SQLITE_BUSY'))).toBe(false);
    expect(isDatabaseUnavailable(conflict('SQLITE_BUSY'))).toBe(true);
    expect(isTransactionConflict(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('retryPauseMs', () => {
  it('doubles from RETRY_BASE_MS, each pause somewhere in the upper half of its ceiling', () => {
    expect([1, 2, 3].map((rerun) => retryPauseMs(rerun, () => 0))).toEqual([RETRY_BASE_MS / 2, RETRY_BASE_MS, RETRY_BASE_MS * 2]);
    expect([1, 2, 3].map((rerun) => retryPauseMs(rerun, () => 0.999999))).toEqual([RETRY_BASE_MS, RETRY_BASE_MS * 2, RETRY_BASE_MS * 4]);
  });
});

describe('the server', () => {
  it('opens every transaction through inTransaction, so every one survives a conflict', () => {
    const root = path.resolve(__dirname, '../../../server');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const opened = files.filter((file) => file !== path.join('db', 'transactions.ts') && /\.transaction\(\)/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(opened).toEqual([]);
  });
});

describe('inTransaction', () => {
  let t: TestApp;
  const pauses: number[] = [];
  const policy: RetryPolicy = { attempts: TRANSACTION_ATTEMPTS, pause: async (ms) => void pauses.push(ms), random: () => 0.5 };

  beforeEach(async () => {
    t = await buildTestApp();
    pauses.length = 0;
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const vendorRows = async () => Number((await t.db.kysely.selectFrom('vendors').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('runs the work again after a conflict, keeping nothing of the failed runs', async () => {
    const store = await createStore(t);
    let runs = 0;
    const answer = await inTransaction(t.db.kysely, async (trx) => {
      runs += 1;
      await trx.updateTable('vendors').set({ company: `Run ${runs}` }).where('id', '=', store.id).execute();
      await trx.insertInto('app_settings').values({ key: `run-${runs}`, value: 'x' }).execute();
      if (runs < 3) throw conflict(runs === 1 ? '40P01' : '40001');
      return 'done';
    }, policy);
    expect({ answer, runs, pauses }).toEqual({ answer: 'done', runs: 3, pauses: [retryPauseMs(1, () => 0.5), retryPauseMs(2, () => 0.5)] });
    const company = await t.db.kysely.selectFrom('vendors').select('company').where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(company.company).toBe('Run 3');
    const settings = await t.db.kysely.selectFrom('app_settings').select('key').where('key', 'like', 'run-%').execute();
    expect(settings.map((s) => s.key)).toEqual(['run-3']);
  });

  it('does not run again for any other error', async () => {
    let runs = 0;
    await expect(inTransaction(t.db.kysely, async () => {
      runs += 1;
      throw conflict('23505');
    }, policy)).rejects.toThrow('conflict 23505');
    expect(runs).toBe(1);
    expect(pauses).toEqual([]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs with the conflict itself`, async () => {
    let runs = 0;
    const before = await vendorRows();
    await expect(inTransaction(t.db.kysely, async () => {
      runs += 1;
      throw conflict('40P01');
    }, policy)).rejects.toThrow('conflict 40P01');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(pauses).toHaveLength(TRANSACTION_ATTEMPTS - 1);
    expect(await vendorRows()).toBe(before);
  });

  it('makes a conflict that outlasts the runs a 503 the client may retry, not a 500', async () => {
    const store = await createStore(t);
    await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
    const real = t.db.kysely.transaction.bind(t.db.kysely);
    let begun = 0;
    // Every transaction the scan opens is given up by the database at its commit, as a deadlock victim is.
    jest.spyOn(t.db.kysely, 'transaction').mockImplementation(() => {
      const builder = real();
      return {
        execute: async (work: Parameters<TransactionBuilder<Database>['execute']>[0]) => {
          begun += 1;
          // The work runs; then the transaction is rolled back with the error, as PostgreSQL does to a deadlock victim.
          return builder.execute(async (trx) => {
            await work(trx);
            throw conflict('40P01');
          });
        },
      } as unknown as TransactionBuilder<Database>;
    });
    const response = await scan(t, dynamicToken(t, store.id));
    expect(begun).toBe(TRANSACTION_ATTEMPTS);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ error: SERVICE_UNAVAILABLE_MESSAGE });
  });
});

(usingPostgres ? describe.skip : describe)('a SQLite file written by two processes', () => {
  it('runs a transaction again when another connection committed between its read and its write (SQLITE_BUSY_SNAPSHOT)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-snapshot-'));
    const db = openDb({ sqlitePath: path.join(dir, 'stampwise.db'), sqliteReadWorker: false });
    // Another process's connection to the same file (a second server, an admin script).
    const elsewhere = new SQLite(path.join(dir, 'stampwise.db'));
    try {
      await sql`CREATE TABLE tally (n INTEGER NOT NULL)`.execute(db.kysely);
      let runs = 0;
      const counted = await inTransaction(db.kysely, async (trx) => {
        runs += 1;
        const before = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM tally`.execute(trx)).rows[0].n);
        // Only the first run is overtaken: the other connection commits after this transaction's read.
        if (runs === 1) elsewhere.prepare('INSERT INTO tally (n) VALUES (1)').run();
        await sql`INSERT INTO tally (n) VALUES (${before + 1})`.execute(trx);
        return before + 1;
      });
      expect({ runs, counted }).toEqual({ runs: 2, counted: 2 });
      expect((await sql<{ n: number }>`SELECT n FROM tally ORDER BY n`.execute(db.kysely)).rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      elsewhere.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

(usingPostgres ? describe : describe.skip)('a real PostgreSQL deadlock on the dashboard histogram (PostgreSQL pass)', () => {
  let t: TestApp;
  let store: TestStore;
  let other: pg.Client;

  beforeEach(async () => {
    t = await buildTestApp({ config: { stampCooldownMinutes: 0 } as never });
    store = await createStore(t, { company: 'Deadlock Diner' });
    await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
    other = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'stampwise-test-other' });
    await other.connect();
    await other.query(`SET search_path TO ${t.db.pgSchema}`);
  });
  afterEach(async () => {
    await other.end();
    await t.close();
  });

  const histogram = async () =>
    (await sql<{ stamps: number; cards: number }>`SELECT stamps, cards FROM store_card_stamps WHERE vendor_id = ${store.id} AND cards <> 0 ORDER BY stamps`.execute(t.db.kysely)).rows;
  const cardsByStamps = async () =>
    (await sql<{ stamps: number; cards: number }>`SELECT stamps, COUNT(*)::int AS cards FROM stamp_cards WHERE vendor_id = ${store.id} GROUP BY stamps ORDER BY stamps`.execute(t.db.kysely)).rows;

  /** Resolves once some other transaction waits for a row lock that `other`'s open transaction holds. */
  async function untilSomeoneWaitsOnOther(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await other.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid = pg_current_xact_id()::xid`,
      );
      if (rows[0].n > 0) return;
      if (Date.now() > deadline) throw new Error('the scan never waited for the row the other transaction holds');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('answers the scan that PostgreSQL chose as the deadlock victim (it runs again), and the figures stay right', async () => {
    // PostgreSQL gives up the transaction whose wait reaches deadlock_timeout (1 s) first with the two waiting on
    // each other: the scan's, which begins waiting first. On a loaded machine the other UPDATE can come more
    // than that second later: the scan's one check then found no circle, and the other session's check gives
    // the other up instead. Such a round says nothing about the re-run, so it is played again on a fresh store
    // (its figures must be right too); the scan is the victim in the first round unless the machine stalls.
    let scanWasTheVictim = false;
    for (let round = 1; round <= 5 && !scanWasTheVictim; round += 1) {
      if (round > 1) {
        store = await createStore(t, { company: `Deadlock Diner ${round}` });
        await setReward(t, store.id, { stamps: 10, itemCustom: 'Flat White' });
      }
      // Card A holds 1 stamp, card B 2: the histogram has rows for 1 and 2 stamps.
      const a = await newCustomer(t, store.id, '192.0.2.1');
      const b = await newCustomer(t, store.id, '192.0.2.2');
      expect((await scan(t, dynamicToken(t, store.id), { credential: b, remoteAddress: '192.0.2.2' })).statusCode).toBe(200);
      expect(await histogram()).toEqual([{ stamps: 1, cards: 1 }, { stamps: 2, cards: 1 }]);

      // The other transaction changes the histogram rows as voiding one stamp of card B (last changed on an
      // earlier day) does at its commit: the 2-stamp row first, then the 1-stamp row.
      await other.query('BEGIN');
      await other.query('UPDATE store_card_stamps SET cards = cards - 1 WHERE vendor_id = $1 AND stamps = 2', [store.id]);
      // Card A's scan (1 → 2 stamps) takes them the other way round at its commit: the 1-stamp row, then waits for the 2-stamp row.
      const answer = scan(t, dynamicToken(t, store.id), { credential: a, remoteAddress: '192.0.2.1' });
      await untilSomeoneWaitsOnOther();
      // Now each waits for the other, and PostgreSQL gives one of them up (40P01): when it is the scan's
      // transaction, this UPDATE goes through.
      const otherWentOn = await other.query('UPDATE store_card_stamps SET cards = cards + 1 WHERE vendor_id = $1 AND stamps = 1', [store.id]).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code !== '40P01') throw error;
          return false;
        },
      );
      await other.query('ROLLBACK');

      const response = await answer;
      expect({ status: response.statusCode, stamps: response.json().card?.stamps }).toEqual({ status: 200, stamps: 2 });
      expect(await histogram()).toEqual(await cardsByStamps());
      expect(await histogram()).toEqual([{ stamps: 2, cards: 2 }]);
      scanWasTheVictim = otherWentOn;
    }
    expect(scanWasTheVictim).toBe(true);
  });

  it('locks the histogram rows of a void in ascending order, as a scan does (migration 2026112216): no cycle between them', async () => {
    // Card A holds 1 stamp, card B 2, B last changed two days ago.
    const a = await newCustomer(t, store.id, '192.0.2.1');
    const b = await newCustomer(t, store.id, '192.0.2.2');
    expect(a).toBeTruthy();
    expect((await scan(t, dynamicToken(t, store.id), { credential: b, remoteAddress: '192.0.2.2' })).statusCode).toBe(200);
    const cardB = await t.db.kysely.selectFrom('stamp_cards').select(['id', 'updated_at']).where('vendor_id', '=', store.id).where('stamps', '=', 2).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('stamp_cards').set({ updated_at: Number(cardB.updated_at) - 2 * 86_400_000 }).where('id', '=', cardB.id).execute();

    // Another transaction holds the 2-stamp row; voiding one of B's stamps today (2 → 1 stamps, an earlier
    // day → today) must take the 1-stamp row first and then wait for the 2-stamp row, as a scan from 1 to
    // 2 stamps would. (2026112213 took the 2-stamp row first: the reverse of a scan.)
    await other.query('BEGIN');
    await other.query('SELECT cards FROM store_card_stamps WHERE vendor_id = $1 AND stamps = 2 FOR UPDATE', [store.id]);
    const voiding = t.db.kysely.transaction().execute((trx) =>
      trx.updateTable('stamp_cards').set({ stamps: 1, updated_at: t.clock.now() }).where('id', '=', cardB.id).execute(),
    );
    await untilSomeoneWaitsOnOther();
    const probe = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'stampwise-test-probe' });
    await probe.connect();
    try {
      await probe.query(`SET search_path TO ${t.db.pgSchema}`);
      const oneStampRow = probe.query('SELECT cards FROM store_card_stamps WHERE vendor_id = $1 AND stamps = 1 FOR UPDATE NOWAIT', [store.id]);
      await expect(oneStampRow).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await probe.end();
      await other.query('ROLLBACK');
    }
    await voiding;
    expect(await histogram()).toEqual(await cardsByStamps());
  });
});

describe('inRedoableTransaction (writes a later run redoes: a campaign plan chunk)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  /** Whether a commit on this connection waits for the disk: SQLite's `synchronous` (2 FULL, 1 NORMAL), PostgreSQL's `synchronous_commit`. */
  const waitsForDisk = async (db: Kysely<Database>): Promise<boolean> => {
    if (usingPostgres) return (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]!.synchronous_commit !== 'off';
    return Number((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0]!.synchronous) >= 2;
  };
  const written = async () => (await t.db.kysely.selectFrom('app_settings').select('key').where('key', 'like', 'redo-%').execute()).map((row) => row.key);

  it('commits its work without waiting for the disk, and every other commit still waits for it', async () => {
    expect(await waitsForDisk(t.db.kysely)).toBe(true);
    const waitedInside = await inRedoableTransaction(t.db, async (trx) => {
      await trx.insertInto('app_settings').values({ key: 'redo-1', value: 'x' }).execute();
      return waitsForDisk(trx);
    });
    expect(waitedInside).toBe(false);
    expect(await written()).toEqual(['redo-1']);
    expect(await waitsForDisk(t.db.kysely)).toBe(true);
  });

  it('keeps nothing of work that failed, and leaves the other commits waiting for the disk', async () => {
    await expect(
      inRedoableTransaction(t.db, async (trx) => {
        await trx.insertInto('app_settings').values({ key: 'redo-2', value: 'x' }).execute();
        throw new Error('the chunk failed');
      }),
    ).rejects.toThrow('the chunk failed');
    expect(await written()).toEqual([]);
    expect(await waitsForDisk(t.db.kysely)).toBe(true);
  });
});

(usingPostgres ? describe : describe.skip)('redoableCommitCte (one statement that is its own transaction: a campaign plan chunk on PostgreSQL)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const synchronousCommit = async (db: Kysely<Database>): Promise<string> => (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;

  it("makes the statement's transaction commit without waiting for the disk, and no other", async () => {
    const inside = await t.db.kysely.connection().execute(async (connection) => {
      // A transaction block here only so that the setting can be read back before the commit.
      await sql`BEGIN`.execute(connection);
      await sql`WITH ${redoableCommitCte} INSERT INTO app_settings (key, value) SELECT 'redo-3', 'x' FROM redoable_commit`.execute(connection);
      const setting = await synchronousCommit(connection);
      await sql`COMMIT`.execute(connection);
      return { setting, after: await synchronousCommit(connection) };
    });
    expect(inside).toEqual({ setting: 'off', after: 'on' });
    expect((await t.db.kysely.selectFrom('app_settings').select('key').where('key', '=', 'redo-3').execute()).length).toBe(1);
  });
});
