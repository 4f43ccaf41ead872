// Scheduled backups inside the server (BACKUP_EVERY_HOURS): one every so many hours, the oldest pruned
// beyond BACKUP_KEEP. A backup still running when the next one is due is not doubled.
import { pruneBackups, takeBackup, type BackupPlace } from './backups';

export interface BackupScheduleOptions extends BackupPlace {
  everyHours: number;
  keep: number;
  log: { info(message: string): void; error(message: string): void };
}

export interface BackupSchedule {
  /** Takes one backup now (what each tick does); resolves with its path, or undefined if one was already running or it failed. */
  runOnce(): Promise<string | undefined>;
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

export function scheduleBackups(options: BackupScheduleOptions): BackupSchedule {
  let running: Promise<string | undefined> | undefined;
  const runOnce = (): Promise<string | undefined> => {
    if (running) return Promise.resolve(undefined);
    running = (async () => {
      try {
        const where = await takeBackup(options);
        const pruned = pruneBackups(options.backupDir, options.keep);
        options.log.info(`backup written to ${where}${pruned.length > 0 ? ` (${pruned.length} older one(s) deleted)` : ''}`);
        return where;
      } catch (error) {
        options.log.error(`scheduled backup failed: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.everyHours * 3_600_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
