import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { listBackups } from '../../../../server/infra/backup/backups';
import { scheduleBackups } from '../../../../server/infra/backup/schedule';

describe('scheduled backups (BACKUP_EVERY_HOURS)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-schedule-test-'));
    const db = new SQLite(path.join(dataDir, 'stampwise.db'));
    db.exec('create table stamp_cards (id integer primary key)');
    db.close();
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the newest BACKUP_KEEP backups, never runs two at once, and logs where each went', async () => {
    const lines: string[] = [];
    const backupDir = path.join(dataDir, 'backups');
    const schedule = scheduleBackups({ dataDir, backupDir, everyHours: 24, keep: 2, log: { info: (m) => lines.push(m), error: (m) => lines.push(`error: ${m}`) } });
    try {
      const [first, doubled] = await Promise.all([schedule.runOnce(), schedule.runOnce()]);
      expect(doubled).toBeUndefined();
      const second = await schedule.runOnce();
      const third = await schedule.runOnce();
      expect(listBackups(backupDir)).toEqual([second, third]);
      expect(fs.existsSync(first ?? '')).toBe(false);
      expect(lines[lines.length - 1]).toBe(`backup written to ${third} (1 older one(s) deleted)`);
    } finally {
      await schedule.stop();
    }
  });

  it('logs a failed backup and goes on', async () => {
    const lines: string[] = [];
    fs.rmSync(path.join(dataDir, 'stampwise.db'));
    const schedule = scheduleBackups({ dataDir, backupDir: path.join(dataDir, 'backups'), everyHours: 1, keep: 7, log: { info: (m) => lines.push(m), error: (m) => lines.push(`error: ${m}`) } });
    expect(await schedule.runOnce()).toBeUndefined();
    await schedule.stop();
    expect(lines).toEqual([`error: scheduled backup failed: there is no database to back up at ${path.join(dataDir, 'stampwise.db')}`]);
  });
});
