import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openDb } from '../../../../server/db';
import { migrationNames, migrationsFor } from '../../../../server/db/migrations';
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

    // Nothing beside the database: a journal left there would be replayed into it when it is opened.
    expect(fs.readdirSync(where).sort()).toEqual(['files', 'manifest.json', 'stampwise.db']);
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

  it('restores a truncated or garbled backup database never: refused, and the data directory keeps its own', async () => {
    const dataDir = newDataDir();
    const writer = new SQLite(path.join(dataDir, 'stampwise.db'));
    const insert = writer.prepare('insert into stamp_cards (stamps) values (?)');
    for (let i = 0; i < 2000; i += 1) insert.run(i);
    writer.close();
    const backupDir = path.join(dataDir, 'backups');
    const where = await takeBackup({ dataDir, backupDir });
    const copy = path.join(where, 'stampwise.db');
    // A copy cut off halfway (a full disk, an interrupted transfer).
    fs.truncateSync(copy, Math.floor(fs.statSync(copy).size / 2));
    const before = fs.readFileSync(path.join(dataDir, 'stampwise.db'));

    expect(() => restoreBackup({ dataDir, backupDir }, where)).toThrow(RestoreRefused);
    expect(fs.readFileSync(path.join(dataDir, 'stampwise.db')).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('restoring') || name.startsWith('replaced-'))).toEqual([]);
  });

  /** A data directory with one row committed into its WAL only (a server killed before a checkpoint): 501 cards in all. */
  function dataDirWithWalRows(): { dataDir: string; close: () => void } {
    const dataDir = newDataDir();
    const db = new SQLite(path.join(dataDir, 'stampwise.db'));
    db.pragma('wal_autocheckpoint = 0');
    const insert = db.prepare('insert into stamp_cards (stamps) values (1)');
    for (let i = 0; i < 501; i += 1) insert.run();
    expect(fs.statSync(path.join(dataDir, 'stampwise.db-wal')).size).toBeGreaterThan(0);
    return { dataDir, close: () => db.close() };
  }

  it('a restore cut off just before the swap leaves the old database whole, with what its WAL held', async () => {
    const source = newDataDir();
    const backup = await takeBackup({ dataDir: source, backupDir: path.join(source, 'backups') });
    const { dataDir, close } = dataDirWithWalRows();
    const target = path.join(dataDir, 'stampwise.db');
    const realRename = fs.renameSync;
    const rename = jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (String(to) === target) throw Object.assign(new Error('the process was killed here'), { code: 'EINTR' });
      realRename(from, to);
    });
    try {
      expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup)).toThrow('the process was killed here');
    } finally {
      rename.mockRestore();
      close();
    }
    // What a server started now would open: the old data, every row of it.
    expect(cardCount(target)).toBe(501);
  });

  it('a disk that fills while the files are copied leaves the old database in place and nothing half-copied', async () => {
    const source = newDataDir();
    for (let i = 0; i < 5; i += 1) fs.writeFileSync(path.join(source, 'outbox', `mail-${i}.eml`), 'Subject: hello\n');
    const backup = await takeBackup({ dataDir: source, backupDir: path.join(source, 'backups') });
    const { dataDir, close } = dataDirWithWalRows();
    close();
    fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    const before = fs.readdirSync(dataDir).sort();
    const full = () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    // Every way a file of the backup can be written into the data directory fails, but the database's own copy.
    const realCopy = fs.copyFileSync;
    const copy = jest.spyOn(fs, 'copyFileSync').mockImplementation((from, to, mode) => (String(to).endsWith('.restoring') ? realCopy(from, to, mode) : full()));
    const write = jest.spyOn(fs, 'writeSync').mockImplementation(full);
    try {
      expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup)).toThrow(/ENOSPC/);
    } finally {
      copy.mockRestore();
      write.mockRestore();
    }
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect(cardCount(path.join(dataDir, 'stampwise.db'))).toBe(501);
  });

  it('restores a backup taken at an older migration, which the server then brings up to date', async () => {
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-backup-older-'));
    dirs.push(older);
    const names = migrationNames();
    const db = openDb({ sqlitePath: path.join(older, 'stampwise.db'), sqliteReadWorker: false });
    try {
      const { error } = await new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrationsFor('sqlite') } }).migrateTo(names[names.length - 2]);
      expect(error).toBeUndefined();
      await sql`insert into app_settings (key, value) values ('session_secret', 'the older one')`.execute(db.kysely);
    } finally {
      await db.close();
    }
    const backup = await takeBackup({ dataDir: older, backupDir: path.join(older, 'backups') });
    expect((JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as { migrations: string[] }).migrations).toEqual(names.slice(0, -1));

    const dataDir = newDataDir();
    restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup);
    const restored = openDb({ sqlitePath: path.join(dataDir, 'stampwise.db'), sqliteReadWorker: false });
    try {
      await migrateToLatest(restored);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(restored.kysely);
      expect(rows.map((row) => row.name)).toEqual(names);
      const secret = await sql<{ value: string }>`select value from app_settings where key = 'session_secret'`.execute(restored.kysely);
      expect(secret.rows[0]?.value).toBe('the older one');
    } finally {
      await restored.close();
    }
  });
});
