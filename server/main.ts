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
import { chooseLogFormat, serverLoggerOptions } from './infra/log-destination';
import { createJobRunner, type JobHandler, type JobRunner } from './infra/jobs';
import { createGoogleWalletClient } from './infra/google-wallet';
import { createWebPushClient, resolveVapidKeys } from './infra/web-push';
import { createRequestsInFlight } from './infra/requests-in-flight';
import { watchLoopStalls } from './infra/loop-stalls';
import { googleWalletJobHandlers } from './services/google-wallet';
import { createApnsClient, type ApnsClient } from './infra/apns';
import { APPLE_PASS_PUSH_JOB, applePassPushHandler } from './services/apple-pass-updates';
import { SERVER_ID } from './infra/server-id';
import { CAMPAIGN_JOB_BACKOFF, CAMPAIGN_JOB_MAX_ATTEMPTS, CAMPAIGN_JOB_TIMEOUT_MS, campaignRunnerPace, campaignChannels, campaignDeliveryJobHandlers, queuePlanRun } from './services/campaign-delivery';
import { holdDataDirLock } from './infra/backup/data-dir-lock';
import { scheduleBackups, type BackupSchedule } from './infra/backup/schedule';

/** At start-up, Redis gets this long to answer before the server starts without it (it joins later). */
const REDIS_STARTUP_WAIT_MS = 2000;
/** A stop that takes longer than this (a request that never ends) is cut short. */
const STOP_DEADLINE_MS = 10_000;
/**
 * Requests in flight get this long to finish. Past it (a request waiting on a database that stopped
 * answering: its query may wait 12 s), each is answered 503 and its connection closed, so every request
 * gets an answer and the parts below still have time to close before the deadline.
 */
const REQUESTS_BUDGET_MS = 6000;
/** Each other part (live feed bus, Redis, database…) gets at most this long; one that hangs is left behind. */
const PART_BUDGET_MS = 1000;
/** The stop ends this long before the deadline at the latest (process.exit flushes the log). */
const DEADLINE_MARGIN_MS = 500;
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
  /** Campaign messages: their own runner, so a big send and its day of retries never delay other jobs. */
  campaignJobs?: JobRunner;
  /** The connection to Apple's push service, when Apple Wallet passes are configured. */
  apns?: ApnsClient;
  backups?: BackupSchedule;
  /** Removes the data directory's pid file (SQLite), which tells `npm run restore` a server runs on it. */
  releaseDataDir?: () => void;
  listening: boolean;
}

const running: Running = { listening: false };
let stopping = false;

/** True when `promise` settles within `ms`; false (and it is left to itself) otherwise. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const stopStartedAt = Date.now();
  let closingPart = 'HTTP server';
  // A last resort: every part below is time-boxed, so this only fires if the event loop itself is stuck.
  const forceExit = setTimeout(() => {
    if (running.listening) console.error(`${signal}: not stopped after ${STOP_DEADLINE_MS / 1000} s (closing the ${closingPart}; ${running.app?.describeOpenWork() ?? 'no HTTP server'}), exiting anyway`);
    process.exit(running.listening ? 1 : 0);
  }, running.listening ? STOP_DEADLINE_MS : 2000);
  forceExit.unref();
  if (running.app && running.listening) running.app.log.info(`${signal} received: finishing requests, then closing`);
  else console.error(`${signal} received during start-up: stopping`);
  const timeLeft = () => STOP_DEADLINE_MS - DEADLINE_MARGIN_MS - (Date.now() - stopStartedAt);
  // Each part's close is timed and time-boxed: one that hangs (a connection to a database or Redis that
  // stopped answering: its polite goodbye waits for a reply that never comes) is named and left behind.
  const closing = async (part: string, close: (() => Promise<unknown> | unknown) | undefined) => {
    if (!close) return;
    closingPart = part;
    const started = Date.now();
    const budget = Math.min(PART_BUDGET_MS, timeLeft());
    const closed = await settlesWithin(Promise.resolve().then(close), budget);
    const ms = Date.now() - started;
    if (!closed) console.error(`while stopping: the ${part} did not close within ${ms} ms; left behind`);
    else if (ms > SLOW_CLOSE_MS) console.error(`while stopping: closing the ${part} took ${ms} ms`);
  };
  try {
    const app = running.app;
    if (app) {
      // Fastify stops accepting connections and waits for in-flight requests before onClose hooks run.
      const appClosed = app.close();
      if (!(await settlesWithin(appClosed, REQUESTS_BUDGET_MS))) {
        console.error(`while stopping: after ${REQUESTS_BUDGET_MS / 1000} s, ${app.describeOpenWork()}; answering the waiting requests 503`);
        app.answerRequestsInFlight();
        // The 503s go out, then the connections (and any request they still carry) are closed.
        await settlesWithin(appClosed, 200);
        app.dropAllConnections();
        if (!(await settlesWithin(appClosed, Math.min(PART_BUDGET_MS, timeLeft())))) console.error('while stopping: the HTTP server did not finish closing; left behind');
      }
    }
    await closing('scheduled backup', running.backups && (() => running.backups?.stop()));
    // Before the database: a job in hand finishes (or its lease passes it to another server).
    await closing('job runner', running.jobs && (() => running.jobs?.stop()));
    await closing('campaign job runner', running.campaignJobs && (() => running.campaignJobs?.stop()));
    await closing('APNs connection', running.apns && (() => running.apns?.close()));
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
      // One line per refused variable, each naming it and the fix.
      for (const line of error.message.split('\n')) console.error(`Configuration error: ${line}`);
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
    readWorkerLog: {
      warn: (details, message) => (running.app ? running.app.log.warn(details, message) : console.warn(message, details)),
      error: (details, message) => (running.app ? running.app.log.error(details, message) : console.error(message, details)),
    },
  });
  running.db = db;
  if (!config.databaseUrl) {
    running.releaseDataDir = holdDataDirLock(config.dataDir);
    // Every way out (a stop, its deadline, a failed start) goes through process.exit.
    process.once('exit', () => running.releaseDataDir?.());
  }
  await migrateToLatest(db);
  const secret = await resolveSecret({ db, config });
  const webPush = createWebPushClient({ keys: await resolveVapidKeys({ db, config }), subject: config.webPush.subject, allowPrivateAddresses: config.webPush.localEndpoints });
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
  const menuScanner = createLocalMenuScanner({ engine: config.menuOcrEngine, ocrTimeoutMs: config.menuScanTimeoutMs });
  running.menuScanner = menuScanner;
  const activityBus = await createActivityBus(config, db, { redis, onError: (error) => running.app?.log.warn({ err: error }, 'live feed') });
  running.activityBus = activityBus;
  // One per process: the app counts its requests in it, and the campaign plan and sends wait for the gaps between them.
  const requestsInFlight = createRequestsInFlight();
  const app = await buildApp(
    { config, db, secret, sessions: createSessionTokens(secret, config.sessionTtlHours), qrTokens: createQrTokens(secret, Date.now), mailer, menuScanner, menuScans: createMenuScanQueue(), activityBus, redis, now: Date.now,
      googleWallet: config.googleWallet ? createGoogleWalletClient(config.googleWallet) : undefined, webPush, requestsInFlight },
    { logger: serverLoggerOptions(config.logLevel, chooseLogFormat(config.logFormat, process.stdout.isTTY === true)), serveClient: true },
  );
  running.app = app;
  // A stray rejection (a background job whose database went away) is logged; it must not end the
  // process and every request it serves.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  if (stopping) return;
  // The first line once listening is the address to open; Fastify names each address it listens on (one per
  // network interface for HOST=0.0.0.0), and what the server runs on follows.
  let announced = false;
  const listenText = (address: string) => {
    if (announced) return `also listening on ${address}`;
    announced = true;
    return `Stampwise is running: open ${config.publicUrl} (listening on ${address})`;
  };
  await app.listen({ port: config.port, host: config.host, listenTextResolver: listenText });
  running.listening = true;
  // Sends (pushes, mails) run here, after the commits that enqueued them, never inside a request.
  const handlers: Record<string, JobHandler> = { ...googleWalletJobHandlers(app.deps) };
  if (config.applePass) {
    const apns = createApnsClient({ url: config.applePass.apnsUrl, topic: config.applePass.passTypeId, cert: config.applePass.signerCert, key: config.applePass.signerKey, passphrase: config.applePass.signerKeyPassphrase });
    running.apns = apns;
    handlers[APPLE_PASS_PUSH_JOB] = applePassPushHandler({ db }, apns);
  }
  const jobs = createJobRunner({ db, handlers, owner: SERVER_ID, onError: (error) => app.log.warn({ err: error }, 'background job') });
  running.jobs = jobs;
  jobs.start();
  const campaignJobs = createJobRunner({
    db,
    handlers: campaignDeliveryJobHandlers(app.deps, campaignChannels(app.deps)),
    owner: SERVER_ID,
    maxAttempts: CAMPAIGN_JOB_MAX_ATTEMPTS,
    backoff: CAMPAIGN_JOB_BACKOFF,
    timeoutMs: CAMPAIGN_JOB_TIMEOUT_MS,
    ...campaignRunnerPace(db.dialect, requestsInFlight, config.campaignSendRate),
    onError: (error) => app.log.warn({ err: error }, 'campaign message'),
  });
  running.campaignJobs = campaignJobs;
  await queuePlanRun(db.kysely, Date.now(), 'current');
  campaignJobs.start();
  if (config.backupEveryHours !== undefined) {
    if (config.databaseUrl) app.log.warn('BACKUP_EVERY_HOURS applies to SQLite only: back up PostgreSQL with pg_dump (docs/backups.md)');
    else {
      running.backups = scheduleBackups({ dataDir: config.dataDir, backupDir: config.backupDir, everyHours: config.backupEveryHours, keep: config.backupKeep, log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } });
    }
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqlitePath}`;
  const mail = config.smtpUrl ? 'SMTP' : `the outbox in ${path.join(config.dataDir, 'outbox')}`;
  const shared = redis ? `; Redis at ${redis.where} (${redis.status()})` : '';
  app.log.info(`database: ${where}; mail: ${mail}${shared}`);
  // Work that holds the event loop for a second or more holds every request: the log says when, how long, and
  // which requests were in flight as it ended (the one whose work held it is usually among them). Watched
  // from here on: start-up's own work is not a stall anyone waited for.
  watchLoopStalls({ onStall: (stalledMs) => app.log.warn({ stalledMs, open: app.describeOpenWork() }, 'the event loop was held up') });
}

main().catch((error: unknown) => {
  console.error(`Stampwise could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
