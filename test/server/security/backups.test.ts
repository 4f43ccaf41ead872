// Backups under attack from another account on the same machine: a backup (and a database a restore moved
// aside) holds the session secret, which signs every session, and every customer's e-mail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { restoreBackup, takeBackup } from '../../../server/infra/backup/backups';

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
