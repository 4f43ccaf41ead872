// A PostgreSQL database of its own for a suite that starts real servers (the soak, the fault suites): made
// fresh through an admin connection, read by a small pool of the suite's own, dropped at the end.
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's address: the servers' DATABASE_URL. */
  url: URL;
  /** The connection that made the database; it may also act on other sessions (pg_terminate_backend). */
  admin: pg.Client;
  /** Two connections for the suite's own reads and set-up writes. */
  check: pg.Pool;
  /** Closes the pool, drops the database and closes the admin connection; never throws. Stop the servers first. */
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string, databaseName: string, checkApplicationName = 'stampwise-suite-check'): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => undefined); // its queries fail loudly themselves
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const check = new pg.Pool({ connectionString: url.toString(), max: 2, application_name: checkApplicationName });
  // DROP DATABASE … WITH (FORCE) at the end may cut a connection still closing: nothing to report.
  check.on('error', () => undefined);
  return {
    url,
    admin,
    check,
    drop: async () => {
      await check.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}
