// Backups under attack from another account on the same machine: a backup (and a database a restore moved
// aside) holds the session secret, which signs every session, and every customer's e-mail.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_RESTORE_LIMITS, restoreBackup, RestoreRefused, takeBackup } from '../../../server/infra/backup/backups';
import { loadConfig } from '../../../server/config';
import { migrationNames } from '../../../server/db/migrations';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDirWithSecret(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-backup-attack-'));
  dirs.push(dataDir);
  const db = new SQLite(path.join(dataDir, 'stampwise.db'));
  db.exec("create table stamp_cards (id integer primary key); create table app_settings (key text primary key, value text not null); insert into app_settings values ('session_secret', 'the-key-to-every-session')");
  db.close();
  return dataDir;
}

/** What accounts other than the owner may do with the directory (group and others' bits). */
const othersMay = (dir: string): number => fs.statSync(dir).mode & 0o077;

it('a backup directory is open to its owner only', async () => {
  const dataDir = dataDirWithSecret();
  const backup = await takeBackup({ dataDir, backupDir: path.join(dataDir, 'backups') });
  expect(othersMay(backup)).toBe(0);
});

it('the database a restore moves aside is open to its owner only', async () => {
  const dataDir = dataDirWithSecret();
  const backup = await takeBackup({ dataDir, backupDir: path.join(dataDir, 'backups') });
  const { replacedInto } = restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup);
  expect(replacedInto).toBeDefined();
  expect(othersMay(replacedInto!)).toBe(0);
});

describe('restoring a crafted backup', () => {
  /** A data directory whose database holds one secret, and a whole backup of it whose files/ the test then doctors. */
  async function dataDirAndBackup(): Promise<{ dataDir: string; backup: string; backupDir: string }> {
    const dataDir = dataDirWithSecret();
    fs.mkdirSync(path.join(dataDir, 'outbox'));
    fs.writeFileSync(path.join(dataDir, 'outbox', 'welcome.eml'), 'Subject: welcome\n');
    const backupDir = path.join(dataDir, 'backups');
    return { dataDir, backupDir, backup: await takeBackup({ dataDir, backupDir }) };
  }

  /** The session secret in the data directory's database now (what a restore would have put there). */
  function secretIn(dataDir: string): string {
    const db = new SQLite(path.join(dataDir, 'stampwise.db'), { readonly: true });
    try {
      return (db.prepare("select value from app_settings where key = 'session_secret'").get() as { value: string }).value;
    } finally {
      db.close();
    }
  }

  /** A SQLite file that is not the backup's checked database: its own session secret. */
  function otherDatabase(file: string): void {
    const db = new SQLite(file);
    db.exec("create table app_settings (key text primary key, value text not null); insert into app_settings values ('session_secret', 'chosen-by-the-attacker')");
    db.close();
  }

  it.each([
    ['stampwise.db', 'a database that skips the integrity check'],
    ['stampwise.db-wal', 'a journal SQLite would replay into the restored database'],
    ['stampwise.pid', 'a pid file'],
    ['replaced-2026-01-01T00-00-00-000Z/stampwise.db', 'a file over the databases earlier restores moved aside'],
    ['backups/2026-01-01T00-00-00-000Z/stampwise.db', 'a file among the backups'],
  ])('refuses a backup whose files/ holds %s (%s), and changes nothing', async (name) => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const planted = path.join(backup, 'files', name);
    fs.mkdirSync(path.dirname(planted), { recursive: true });
    otherDatabase(planted);
    const before = fs.readdirSync(dataDir).sort();

    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(RestoreRefused);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  });

  it('refuses a backup whose files/ holds a symbolic link, and plants no link in the data directory', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-restore-elsewhere-'));
    dirs.push(elsewhere);
    fs.rmSync(path.join(backup, 'files', 'outbox'), { recursive: true });
    // The server writes its outbox mail there: through the link, into any directory of the attacker's choosing.
    fs.symlinkSync(elsewhere, path.join(backup, 'files', 'outbox'));

    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(RestoreRefused);
    expect(fs.lstatSync(path.join(dataDir, 'outbox')).isSymbolicLink()).toBe(false);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it('refuses a backup whose files/ is itself a link to another directory', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-restore-elsewhere-'));
    dirs.push(elsewhere);
    otherDatabase(path.join(elsewhere, 'stampwise.db'));
    fs.rmSync(path.join(backup, 'files'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(backup, 'files'));

    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(RestoreRefused);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it('refuses a backup whose database was changed after the backup, though it passes the integrity check', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const db = new SQLite(path.join(backup, 'stampwise.db'));
    db.exec("update app_settings set value = 'chosen-by-the-attacker' where key = 'session_secret'");
    db.close();
    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(/does not match the checksum its manifest records/);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('restoring'))).toEqual([]);
  });

  it.each([
    ['a checksum of another file', (manifest: Record<string, unknown>) => ({ ...manifest, sha256: '0'.repeat(64) })],
    ['a checksum that is no checksum', (manifest: Record<string, unknown>) => ({ ...manifest, sha256: 'x' })],
  ])('refuses a backup whose manifest records %s', async (_name, tamper) => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const manifestFile = path.join(backup, 'manifest.json');
    fs.writeFileSync(manifestFile, JSON.stringify(tamper(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>)));
    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(RestoreRefused);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it('refuses a backup whose manifest is not JSON', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    fs.writeFileSync(path.join(backup, 'manifest.json'), '{ not json');
    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(/not readable JSON/);
  });

  it('restores a backup made before checksums were recorded (no sha256 in its manifest), and a bare database file', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const manifestFile = path.join(backup, 'manifest.json');
    const { sha256, ...older } = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    fs.writeFileSync(manifestFile, JSON.stringify(older));
    expect(() => restoreBackup({ dataDir, backupDir }, backup)).not.toThrow();
    expect(() => restoreBackup({ dataDir, backupDir }, path.join(backup, 'stampwise.db'))).not.toThrow();
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it("still puts a whole backup's own files (the outbox) back", async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    restoreBackup({ dataDir, backupDir }, backup);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'welcome.eml'), 'utf8')).toBe('Subject: welcome\n');
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it.each([
    ['a named pipe', (file: string) => execFileSync('mkfifo', [file])],
    ['a link to a device that never ends', (file: string) => fs.symlinkSync('/dev/zero', file)],
  ])('refuses a backup whose database is %s instead of waiting on it or reading it without end', async (_name, plant) => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    fs.rmSync(path.join(backup, 'stampwise.db'));
    plant(path.join(backup, 'stampwise.db'));
    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(/is not a plain file/);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it('takes no path from the manifest: a file list naming places outside the data directory writes nothing there', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const manifestFile = path.join(backup, 'manifest.json');
    const escape = `../${path.basename(dataDir)}-escaped.eml`;
    fs.writeFileSync(manifestFile, JSON.stringify({ ...(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as object), files: [escape, '/tmp/absolute.eml'] }));
    restoreBackup({ dataDir, backupDir }, backup);
    expect(fs.existsSync(path.join(dataDir, escape))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'welcome.eml'), 'utf8')).toBe('Subject: welcome\n');
  });

  /** Everything in the data directory (names, depth-first) with each file's size: what a refused restore must leave as it was. */
  function snapshot(dataDir: string): string[] {
    const out: string[] = [];
    const walk = (dir: string, relative: string) => {
      for (const name of fs.readdirSync(dir).sort()) {
        if (relative === '' && name === 'backups') continue;
        const full = path.join(dir, name);
        const stats = fs.lstatSync(full);
        if (stats.isDirectory()) walk(full, path.join(relative, name));
        else out.push(`${path.join(relative, name)} ${stats.size}`);
      }
    };
    walk(dataDir, '');
    return out;
  }

  /** A file of `bytes` that takes no room on the disk (a sparse file): what a decompression bomb looks like here. */
  function sparseFile(file: string, bytes: number): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fd = fs.openSync(file, 'w');
    fs.ftruncateSync(fd, bytes);
    fs.closeSync(fd);
  }

  it('refuses a backup whose files/ holds one file past the per-file limit (the largest upload the app takes), and writes nothing', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    expect(DEFAULT_RESTORE_LIMITS.maxFileBytes).toBe(10 * 1024 * 1024);
    sparseFile(path.join(backup, 'files', 'outbox', 'huge.eml'), 10 * 1024 * 1024 + 1);
    const before = snapshot(dataDir);

    expect(() => restoreBackup({ dataDir, backupDir }, backup)).toThrow(new RestoreRefused(`${path.join(backup, 'files', 'outbox', 'huge.eml')} is 10 MB (10485761 bytes), more than the 10 MB a restore takes for one file (RESTORE_MAX_FILE_MB)`));
    expect(snapshot(dataDir)).toEqual(before);
    expect(secretIn(dataDir)).toBe('the-key-to-every-session');
  });

  it('refuses a backup whose files/ come to more than the total limit, though each is under its own', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    for (let i = 0; i < 3; i += 1) sparseFile(path.join(backup, 'files', 'outbox', `big-${i}.eml`), 900 * 1024);
    const before = snapshot(dataDir);
    const limits = { maxEntries: 100, maxFileBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };

    expect(() => restoreBackup({ dataDir, backupDir }, backup, { limits })).toThrow(/come to more than the 2\.0 MB a restore takes in all \(RESTORE_MAX_TOTAL_MB\)$/);
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('refuses a backup whose files/ holds more entries than the limit, without listing them all, and writes nothing', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    for (let i = 0; i < 60; i += 1) fs.writeFileSync(path.join(backup, 'files', 'outbox', `${i}.eml`), 'x');
    const before = snapshot(dataDir);
    const limits = { ...DEFAULT_RESTORE_LIMITS, maxEntries: 50 };

    expect(() => restoreBackup({ dataDir, backupDir }, backup, { limits })).toThrow(
      new RestoreRefused(`${path.join(backup, 'files')} holds more than 50 files and folders, the most a restore takes (RESTORE_MAX_FILES)`),
    );
    expect(snapshot(dataDir)).toEqual(before);
    // Within the limits the same backup restores.
    expect(() => restoreBackup({ dataDir, backupDir }, backup, { limits: { ...limits, maxEntries: 62 } })).not.toThrow();
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(61);
  });

  it('takes its limits from RESTORE_MAX_FILES, RESTORE_MAX_FILE_MB and RESTORE_MAX_TOTAL_MB, and defaults to 100000 entries, 10 MB a file, 1024 MB in all', () => {
    expect(loadConfig({}).restoreLimits).toEqual(DEFAULT_RESTORE_LIMITS);
    expect(DEFAULT_RESTORE_LIMITS).toEqual({ maxEntries: 100_000, maxFileBytes: 10 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 });
    expect(loadConfig({ RESTORE_MAX_FILES: '5', RESTORE_MAX_FILE_MB: '2', RESTORE_MAX_TOTAL_MB: '3' }).restoreLimits).toEqual({ maxEntries: 5, maxFileBytes: 2 * 1024 * 1024, maxTotalBytes: 3 * 1024 * 1024 });
  });

  it('refuses a backup that does not fit on the disk, before writing anything', async () => {
    const { dataDir, backupDir, backup } = await dataDirAndBackup();
    const before = snapshot(dataDir);
    expect(() => restoreBackup({ dataDir, backupDir }, backup, { freeBytes: () => 4096 })).toThrow(/^the disk of .* has 0\.0 MB free and the restore needs 0\.0 MB \(the database 0\.0 MB, its files 0\.0 MB\): free some space first$/);
    expect(snapshot(dataDir)).toEqual(before);
  });
});

describe('restoring a backup of another version of Stampwise', () => {
  const FUTURE_MIGRATION = '2099010100_from_a_newer_version';
  const NEWER = /^this backup was made by a newer version of Stampwise: update first/;

  /** A data directory whose database has run this build's migrations (by their names) and `extra` ones. */
  function dataDirAtMigrations(names: string[], secret: string): string {
    const dataDir = dataDirWithSecret();
    const db = new SQLite(path.join(dataDir, 'stampwise.db'));
    db.exec("update app_settings set value = '" + secret + "'; create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)");
    const insert = db.prepare('insert into kysely_migration values (?, ?)');
    for (const name of names) insert.run(name, new Date(0).toISOString());
    db.close();
    return dataDir;
  }

  const secretOf = (dataDir: string): string => {
    const db = new SQLite(path.join(dataDir, 'stampwise.db'), { readonly: true });
    try {
      return (db.prepare("select value from app_settings where key = 'session_secret'").get() as { value: string }).value;
    } finally {
      db.close();
    }
  };

  it('refuses a whole backup whose database has run a migration this build does not know, and changes nothing', async () => {
    const newer = dataDirAtMigrations([...migrationNames(), FUTURE_MIGRATION], 'the newer one');
    const backup = await takeBackup({ dataDir: newer, backupDir: path.join(newer, 'backups') });
    expect(JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'))).toMatchObject({ migrations: [...migrationNames(), FUTURE_MIGRATION] });
    const dataDir = dataDirAtMigrations(migrationNames(), 'the current one');
    const before = fs.readdirSync(dataDir).sort();

    expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup)).toThrow(
      new RestoreRefused(`this backup was made by a newer version of Stampwise: update first (its database has run a migration this version does not know: ${FUTURE_MIGRATION})`),
    );
    expect(secretOf(dataDir)).toBe('the current one');
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  });

  it("refuses it from the database's own list when there is no manifest (a bare database file)", async () => {
    const newer = dataDirAtMigrations([...migrationNames(), FUTURE_MIGRATION], 'the newer one');
    const dataDir = dataDirAtMigrations(migrationNames(), 'the current one');
    expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, path.join(newer, 'stampwise.db'))).toThrow(NEWER);
    expect(secretOf(dataDir)).toBe('the current one');
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('restoring') || name.startsWith('replaced-'))).toEqual([]);
  });

  it('refuses it from the manifest before copying the database', async () => {
    const current = dataDirAtMigrations(migrationNames(), 'the backed-up one');
    const backup = await takeBackup({ dataDir: current, backupDir: path.join(current, 'backups') });
    const manifestFile = path.join(backup, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, migrations: [...manifest.migrations, FUTURE_MIGRATION] }));
    const dataDir = dataDirAtMigrations(migrationNames(), 'the current one');
    const copy = jest.spyOn(fs, 'copyFileSync');
    try {
      expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup)).toThrow(NEWER);
      expect(copy).not.toHaveBeenCalled();
    } finally {
      copy.mockRestore();
    }
  });

  it('restores a backup of an older version (fewer migrations than this build knows)', async () => {
    const older = dataDirAtMigrations(migrationNames().slice(0, -1), 'the older one');
    const backup = await takeBackup({ dataDir: older, backupDir: path.join(older, 'backups') });
    const dataDir = dataDirAtMigrations(migrationNames(), 'the current one');
    expect(() => restoreBackup({ dataDir, backupDir: path.join(dataDir, 'backups') }, backup)).not.toThrow();
    expect(secretOf(dataDir)).toBe('the older one');
  });
});
