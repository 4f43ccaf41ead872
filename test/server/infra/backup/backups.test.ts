import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { listBackups, pruneBackups, restoreBackup, RestoreRefused, takeBackup } from '../../../../server/infra/backup/backups';
import { pidFilePath } from '../../../../server/infra/backup/data-dir-lock';

/** A data directory shaped like a server's: stampwise.db in WAL mode, a stamp_cards table, an outbox mail. */
function makeDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-backup-test-'));
  const db = new SQLite(path.join(dataDir, 'stampwise.db'));
  db.pragma('journal_mode = WAL');
  db.exec('create table stamp_cards (id integer primary key, stamps integer not null)');
  db.close();
  fs.mkdirSync(path.join(dataDir, 'outbox'));
  fs.writeFileSync(path.join(dataDir, 'outbox', 'welcome.eml'), 'Subject: welcome\n');
  return dataDir;
}

function cardCount(file: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from stamp_cards').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('backups of a SQLite data directory', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const newDataDir = () => {
    const dir = makeDataDir();
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const child of children) child.kill();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every committed row and the other files of the data directory while another connection keeps writing', async () => {
    const dataDir = newDataDir();
    const writer = new SQLite(path.join(dataDir, 'stampwise.db'));
    const insert = writer.prepare('insert into stamp_cards (stamps) values (1)');
    for (let i = 0; i < 500; i += 1) insert.run();
    // Commits keep landing (each in its own transaction) until the backup is done.
    let writing = true;
    const keepWriting = (async () => {
      while (writing) {
        insert.run();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const where = await takeBackup({ dataDir, backupDir: path.join(dataDir, 'backups') });
    writing = false;
    await keepWriting;
    writer.close();

    expect(cardCount(path.join(where, 'stampwise.db'))).toBeGreaterThanOrEqual(500);
    expect(fs.readFileSync(path.join(where, 'files', 'outbox', 'welcome.eml'), 'utf8')).toBe('Subject: welcome\n');
    expect(fs.existsSync(path.join(where, 'files', 'backups'))).toBe(false);
    expect(listBackups(path.join(dataDir, 'backups'))).toEqual([where]);
  });

  it('keeps only the newest BACKUP_KEEP backups', async () => {
    const dataDir = newDataDir();
    const backupDir = path.join(dataDir, 'backups');
    const taken: string[] = [];
    for (let hour = 0; hour < 4; hour += 1) taken.push(await takeBackup({ dataDir, backupDir }, new Date(Date.UTC(2026, 10, 25, hour))));
    pruneBackups(backupDir, 2);
    expect(listBackups(backupDir)).toEqual(taken.slice(2));
  });

  it('restores a backup over the current database, whose file and journal are moved aside, not deleted', async () => {
    const dataDir = newDataDir();
    const backupDir = path.join(dataDir, 'backups');
    const where = await takeBackup({ dataDir, backupDir });
    // After the backup: a row committed into the WAL (a connection left open, as a killed server leaves it).
    const later = new SQLite(path.join(dataDir, 'stampwise.db'));
    later.pragma('wal_autocheckpoint = 0');
    later.prepare('insert into stamp_cards (stamps) values (7)').run();
    fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true });

    const { replacedInto } = restoreBackup({ dataDir, backupDir }, where);
    later.close();
    // The old WAL must not be replayed into the restored file: it holds the backup's rows only.
    expect(cardCount(path.join(dataDir, 'stampwise.db'))).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'welcome.eml'), 'utf8')).toBe('Subject: welcome\n');
    expect(replacedInto).toBeDefined();
    expect(cardCount(path.join(replacedInto ?? '', 'stampwise.db'))).toBe(1);
  });

  it('restores into a fresh, empty data directory', async () => {
    const dataDir = newDataDir();
    const where = await takeBackup({ dataDir, backupDir: path.join(dataDir, 'backups') });
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-restore-fresh-'));
    dirs.push(fresh);
    expect(restoreBackup({ dataDir: fresh, backupDir: path.join(fresh, 'backups') }, where).replacedInto).toBeUndefined();
    expect(cardCount(path.join(fresh, 'stampwise.db'))).toBe(0);
  });

  it('refuses to restore while a running server holds the data directory, and leaves the database alone', async () => {
    const dataDir = newDataDir();
    const backupDir = path.join(dataDir, 'backups');
    const where = await takeBackup({ dataDir, backupDir });
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(server);
    fs.writeFileSync(pidFilePath(dataDir), `${server.pid}\n`);
    const before = fs.readFileSync(path.join(dataDir, 'stampwise.db'));

    expect(() => restoreBackup({ dataDir, backupDir }, where)).toThrow(new RestoreRefused(`Stampwise is running on ${dataDir} (process ${server.pid}): stop it before restoring`));
    expect(fs.readFileSync(path.join(dataDir, 'stampwise.db')).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('replaced-'))).toEqual([]);
  });

  it('restores when the pid file was left by a server that is gone (killed)', async () => {
    const dataDir = newDataDir();
    const where = await takeBackup({ dataDir, backupDir: path.join(dataDir, 'backups') });
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(pidFilePath(dataDir), `${gone.pid}\n`);
    expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, where)).not.toThrow();
  });

  it('refuses a corrupted backup after checking its integrity, and leaves the database alone', async () => {
    const dataDir = newDataDir();
    const writer = new SQLite(path.join(dataDir, 'stampwise.db'));
    const insert = writer.prepare('insert into stamp_cards (stamps) values (?)');
    for (let i = 0; i < 2000; i += 1) insert.run(i);
    writer.close();
    const backupDir = path.join(dataDir, 'backups');
    const where = await takeBackup({ dataDir, backupDir });
    const copy = path.join(where, 'stampwise.db');
    // Garbage over the table's pages, past the header: the file still opens, the check finds the damage.
    const bytes = fs.readFileSync(copy);
    bytes.fill(0x5a, 4096 + 100, bytes.length - 100);
    fs.writeFileSync(copy, bytes);
    const before = fs.readFileSync(path.join(dataDir, 'stampwise.db'));

    expect(() => restoreBackup({ dataDir, backupDir }, where)).toThrow(/failed its integrity check/);
    expect(fs.readFileSync(path.join(dataDir, 'stampwise.db')).equals(before)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'stampwise.db.restoring'))).toBe(false);
  });

  it('refuses a file that is not a SQLite database at all', () => {
    const dataDir = newDataDir();
    const bogus = path.join(dataDir, 'bogus.db');
    fs.writeFileSync(bogus, 'this is not a database'.repeat(300));
    expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, bogus)).toThrow(/failed its integrity check/);
  });
});
