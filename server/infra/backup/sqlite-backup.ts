// SQLite's online backup API (better-sqlite3 `backup()`) in a worker thread: the copy is one read
// transaction of the source, so it is a consistent snapshot even while the server writes, and the
// server's event loop never waits on it.
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * Plain CommonJS, run with `new Worker(source, { eval: true })` (so the built server needs no extra
 * file). The first step only opens the backup; the progress callback then asks for every remaining
 * page in one step: a step that copies part of the file lets another connection's commit restart it,
 * which under steady load could go on forever.
 */
const BACKUP_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqliteModule);
const source = new SQLite(workerData.source, { readonly: true, fileMustExist: true });
source.pragma('busy_timeout = 5000');
source
  .backup(workerData.destination, { progress: () => 0x7fffffff })
  .then((result) => parentPort.postMessage({ ok: true, pages: result.totalPages }))
  .catch((error) => parentPort.postMessage({ ok: false, message: error.message }))
  .finally(() => source.close());
`;

/** Copies the SQLite database `source` to the new file `destination`; resolves with its page count. */
export function backupSqliteFile(source: string, destination: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BACKUP_WORKER_SOURCE, { eval: true, workerData: { sqliteModule: require.resolve('better-sqlite3'), source, destination } });
    let settled = false;
    worker.once('message', (message: { ok: true; pages: number } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) resolve(message.pages);
      else reject(new Error(`the backup of ${source} failed: ${message.message}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the backup worker stopped (code ${code}) before the copy was done`));
    });
  });
}

/** 'ok', or what SQLite's integrity check (or opening the file at all) found wrong. */
export function checkSqliteIntegrity(file: string): string {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) return problems.slice(0, 5).join('; ');
    // A file with no tables at all passes the check but is no Stampwise database.
    const hasStamps = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'stamp_cards'").get();
    return hasStamps ? 'ok' : 'it holds no Stampwise tables';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/**
 * The names of the migrations a Stampwise database has run (Kysely's `kysely_migration` table), oldest first;
 * none for a database that has run none.
 */
export function appliedMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

/**
 * Brings a database's journal into the file itself and leaves no journal beside it: the WAL checkpointed
 * (and removed when the last connection closes), a rollback journal left by a crash rolled back. False
 * when SQLite cannot do it (a damaged file, one still in use).
 */
export function settleJournal(file: string): boolean {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    const mode = db.pragma('journal_mode', { simple: true }) as string;
    if (mode === 'wal') {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (result?.busy !== 0) return false;
    } else {
      // Reading a page rolls back a hot journal, which SQLite then deletes.
      db.prepare('select count(*) from sqlite_master').get();
    }
    return true;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}
