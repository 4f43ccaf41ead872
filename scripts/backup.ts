// `npm run backup`: a consistent copy of the SQLite database of DATA_DIR (and the directory's other
// files) into BACKUP_DIR (default DATA_DIR/backups), taken while the app keeps serving. The last line
// printed is the backup's path. With DATABASE_URL (PostgreSQL) it says to use pg_dump instead.
import { loadConfig } from '../server/config';
import { takeBackup } from '../server/infra/backup/backups';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/backups.md); npm run backup covers SQLite deployments.');
    process.exit(2);
  }
  const where = await takeBackup({ dataDir: config.dataDir, backupDir: config.backupDir });
  console.log(where);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
