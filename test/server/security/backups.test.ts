// Backups under attack from another account on the same machine: a backup (and a database a restore moved
// aside) holds the session secret, which signs every session, and every customer's e-mail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { restoreBackup, RestoreRefused, takeBackup } from '../../../server/infra/backup/backups';

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
});
