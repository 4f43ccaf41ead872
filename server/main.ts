// Starts the server: config, migrations, the app, and a graceful stop on SIGTERM/SIGINT at any stage.
// A start-up failure is one line saying what is wrong and where, and a non-zero exit.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDb, type Db } from './db';
import { describeStartupError } from './db/errors';
import { buildApp } from './app';
import { createMailer, type Mailer } from './infra/mailer';
import { createLocalMenuScanner } from './menu-scan';
import type { MenuScanner } from './menu-scan';
import { createMenuScanQueue } from './services/menu/scan-queue';
import { createSessionTokens } from './infra/session-tokens';
import { resolveSecret } from './infra/secret';
import { createQrTokens } from './infra/qr-tokens';
import { createActivityBus, type ActivityBus } from './infra/activity-bus';
import { connectRedis, type RedisHandle } from './infra/redis';
import { serverLoggerOptions } from './infra/log-destination';
import { createJobRunner, type JobRunner } from './infra/jobs';
import { SERVER_ID } from './infra/server-id';

/** At start-up, Redis gets this long to answer before the server starts without it (it joins later). */
const REDIS_STARTUP_WAIT_MS = 2000;
/** A stop that takes longer than this (a request that never ends) is cut short. */
const STOP_DEADLINE_MS = 10_000;
/** A part whose close takes longer than this is named in the log. */
const SLOW_CLOSE_MS = 2000;

/** What exists so far: a stop during start-up closes only these. */
interface Running {
  db?: Db;
  redis?: RedisHandle;
  activityBus?: ActivityBus;
  menuScanner?: MenuScanner;
  mailer?: Mailer;
  app?: FastifyInstance;
  jobs?: JobRunner;
  listening: boolean;
}

const running: Running = { listening: false };
let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const forceExit = setTimeout(() => {
    if (running.listening) console.error(`${signal}: not stopped after ${STOP_DEADLINE_MS / 1000} s, exiting anyway`);
    process.exit(running.listening ? 1 : 0);
  }, running.listening ? STOP_DEADLINE_MS : 2000);
  forceExit.unref();
  if (running.app && running.listening) running.app.log.info(`${signal} received: finishing requests, then closing`);
  else console.error(`${signal} received during start-up: stopping`);
  // Each part's close is timed: a stop that runs into the deadline then says which part held it up.
  const closing = async (part: string, close: (() => Promise<unknown> | unknown) | undefined) => {
    if (!close) return;
    const started = Date.now();
    await close();
    const ms = Date.now() - started;
    if (ms > SLOW_CLOSE_MS) console.error(`while stopping: closing the ${part} took ${ms} ms`);
  };
  try {
    // Fastify stops accepting connections and waits for in-flight requests before onClose hooks run.
    await closing('HTTP server', running.app && (() => running.app?.close()));
    // Before the database: a job in hand finishes (or its lease passes it to another server).
    await closing('job runner', running.jobs && (() => running.jobs?.stop()));
    await closing('live feed bus', running.activityBus && (() => running.activityBus?.close()));
    await closing('menu scanner', running.menuScanner && (() => running.menuScanner?.close()));
    running.mailer?.close();
    await closing('Redis connections', running.redis && (() => running.redis?.close()));
    await closing('database', running.db && (() => running.db?.close()));
  } catch (error) {
    console.error(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    process.exit(0);
  }
}

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
  // Before anything that can wait (migrations, connections): a stop request is honoured at every stage.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await start(config);
  } catch (error) {
    if (stopping) return; // the stop closed what start() was waiting on; it exits by itself
    console.error(`Stampwise could not start: ${describeFailure(error, config)}`);
    process.exit(1);
  }
}

function describeFailure(error: unknown, config: Config): string {
  if ((error as { code?: unknown } | null)?.code === 'EADDRINUSE') return `cannot listen on ${config.host}:${config.port}: the port is already in use`;
  return describeStartupError(error, config.databaseUrl);
}

async function start(config: Config): Promise<void> {
  const db = openDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    sqliteSynchronous: config.sqliteSynchronous,
    onConnectionError: (error) => {
      const log = running.app?.log;
      if (log) log.warn(`database connection lost: ${error.message}`);
      else console.error(`database connection lost: ${error.message}`);
    },
  });
  running.db = db;
  await migrateToLatest(db);
  const secret = await resolveSecret({ db, config });
  if (config.redisUrl) {
    running.redis = await connectRedis(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs });
    await running.redis.waitUntilUp(REDIS_STARTUP_WAIT_MS);
  }
  const redis = running.redis;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  running.mailer = mailer;
  const menuScanner = createLocalMenuScanner({ engine: config.menuOcrEngine });
  running.menuScanner = menuScanner;
  const activityBus = await createActivityBus(config, db, { redis, onError: (error) => running.app?.log.warn({ err: error }, 'live feed') });
  running.activityBus = activityBus;
  const app = await buildApp(
    { config, db, secret, sessions: createSessionTokens(secret, config.sessionTtlHours), qrTokens: createQrTokens(secret, Date.now), mailer, menuScanner, menuScans: createMenuScanQueue(), activityBus, redis, now: Date.now },
    { logger: serverLoggerOptions(config.logLevel), serveClient: true },
  );
  running.app = app;
  // A stray rejection (a background job whose database went away) is logged; it must not end the
  // process and every request it serves.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  if (stopping) return;
  await app.listen({ port: config.port, host: config.host });
  running.listening = true;
  // Sends (pushes, mails) run here, after the commits that enqueued them, never inside a request.
  const jobs = createJobRunner({ db, handlers: {}, owner: SERVER_ID, onError: (error) => app.log.warn({ err: error }, 'background job') });
  running.jobs = jobs;
  jobs.start();
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
  const mail = config.smtpUrl ? 'SMTP' : `the outbox in ${path.join(config.dataDir, 'outbox')}`;
  const shared = redis ? `; Redis at ${redis.where} (${redis.status()})` : '';
  app.log.info(`Stampwise is running at ${config.publicUrl} (database: ${where}; mail: ${mail}${shared})`);
}

main().catch((error: unknown) => {
  console.error(`Stampwise could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
