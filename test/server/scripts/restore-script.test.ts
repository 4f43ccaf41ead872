// `npm run restore` as an operator runs it: its refusals on stderr with exit code 1, its usage ones with 2, and
// the RESTORE_MAX_* variables reaching the limits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { takeBackup } from '../../../server/infra/backup/backups';
import { migrationNames } from '../../../server/db/migrations';

const ROOT = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data directory whose database has run `migrations` and holds `secret`, with two outbox mails. */
function dataDir(secret: string, migrations: string[] = migrationNames()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-restore-script-'));
  dirs.push(dir);
  const db = new SQLite(path.join(dir, 'stampwise.db'));
  db.exec('create table stamp_cards (id integer primary key); create table app_settings (key text primary key, value text not null)');
  db.exec('create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null)');
  db.prepare("insert into app_settings values ('session_secret', ?)").run(secret);
  for (const name of migrations) db.prepare('insert into kysely_migration values (?, ?)').run(name, new Date(0).toISOString());
  db.close();
  fs.mkdirSync(path.join(dir, 'outbox'));
  for (const mail of ['a.eml', 'b.eml']) fs.writeFileSync(path.join(dir, 'outbox', mail), 'Subject: hello\n');
  return dir;
}

function restore(env: Record<string, string>, backup: string): { status: number | null; stderr: string } {
  const { DATABASE_URL: _db, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', backup], { cwd: ROOT, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stderr: result.stderr };
}

const secretIn = (dir: string): string => {
  const db = new SQLite(path.join(dir, 'stampwise.db'), { readonly: true });
  try {
    return (db.prepare("select value from app_settings where key = 'session_secret'").get() as { value: string }).value;
  } finally {
    db.close();
  }
};

it('refuses a backup made by a newer Stampwise: exit 1, the reason on stderr, the data directory as it was', async () => {
  const newer = dataDir('the newer one', [...migrationNames(), '2099010100_from_a_newer_version']);
  const backup = await takeBackup({ dataDir: newer, backupDir: path.join(newer, 'backups') });
  const target = dataDir('the current one');
  const result = restore({ DATA_DIR: target }, backup);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('restore refused: this backup was made by a newer version of Stampwise: update first');
  expect(secretIn(target)).toBe('the current one');
});

it('takes its limits from RESTORE_MAX_FILES (and restores the same backup within them)', async () => {
  const source = dataDir('the backed-up one');
  const backup = await takeBackup({ dataDir: source, backupDir: path.join(source, 'backups') });
  const target = dataDir('the current one');
  // files/ holds the outbox folder and its two mails: three entries.
  const refused = restore({ DATA_DIR: target, RESTORE_MAX_FILES: '2' }, backup);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('holds more than 2 files and folders, the most a restore takes (RESTORE_MAX_FILES)');
  expect(secretIn(target)).toBe('the current one');
  expect(restore({ DATA_DIR: target, RESTORE_MAX_FILES: '3' }, backup).status).toBe(0);
  expect(secretIn(target)).toBe('the backed-up one');
});

it('with DATABASE_URL set (PostgreSQL), restores nothing and says to use pg_restore: exit 2', async () => {
  const source = dataDir('the backed-up one');
  const backup = await takeBackup({ dataDir: source, backupDir: path.join(source, 'backups') });
  const target = dataDir('the current one');
  const result = restore({ DATA_DIR: target, DATABASE_URL: 'postgres://stampwise:stampwise@127.0.0.1:5432/stampwise_b' }, backup);
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('DATABASE_URL is set: restore PostgreSQL with pg_restore');
  expect(secretIn(target)).toBe('the current one');
});
