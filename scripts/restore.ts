// `npm run restore -- <backup>`: puts a backup made by `npm run backup` back as DATA_DIR's database.
// Refused, with nothing changed, while a server runs on DATA_DIR, when the backup fails its checks (integrity,
// checksum, a newer Stampwise's migrations) or its files/ break the RESTORE_MAX_* limits or do not fit on the disk.
import { loadConfig } from '../server/config';
import { restoreBackup, RestoreRefused } from '../server/infra/backup/backups';

function main(): void {
  const from = process.argv[2];
  if (!from) {
    console.error('usage: npm run restore -- <backup directory or .db file>');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/backups.md); npm run restore covers SQLite deployments.');
    process.exit(2);
  }
  try {
    const { replacedInto } = restoreBackup({ dataDir: config.dataDir, backupDir: config.backupDir }, from, { limits: config.restoreLimits });
    if (replacedInto) console.log(`the database it replaced was moved to ${replacedInto}`);
    console.log(`restored ${from} into ${config.dataDir}`);
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`restore refused: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

try {
  main();
} catch (error: unknown) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
