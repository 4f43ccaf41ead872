// Starts the server: config, migrations, the app, and a graceful stop on SIGTERM/SIGINT.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDb } from './db';
import { buildApp } from './app';
import { createMailer } from './services/mailer';
import { createLocalMenuScanner } from './services/menu-scan';
import { createSessionTokens } from './services/session-tokens';
import { resolveSecret } from './services/secret';
import { createQrTokens } from './services/qr-tokens';
import { createActivityBus } from './services/activity-bus';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const db = openDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const secret = await resolveSecret(db, config.sessionSecret);
  const logger = { level: config.logLevel };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const menuScanner = createLocalMenuScanner();
  const activityBus = await createActivityBus(config, db);
  const app = await buildApp(
    { config, db, secret, sessions: createSessionTokens(secret, config.sessionTtlHours), qrTokens: createQrTokens(secret, Date.now), mailer, menuScanner, activityBus, now: Date.now },
    { logger, serveClient: true },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests, then closing`);
    // Fastify stops accepting connections and waits for in-flight requests before onClose hooks run.
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      await activityBus.close();
      await menuScanner.close();
      mailer.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
  const mail = config.smtpUrl ? 'SMTP' : `the outbox in ${path.join(config.dataDir, 'outbox')}`;
  app.log.info(`Stampwise is running at ${config.publicUrl} (database: ${where}; mail: ${mail})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
