// Every environment variable the server reads, parsed and validated once.
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined means SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** `smtp://user:pass@host:port`; undefined means the file outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** undefined: generated once and stored in the database. */
  sessionSecret: string | undefined;
  sessionTtlHours: number;
  redisUrl: string | undefined;
  /** Where the built SPA lives (served with history fallback when present). */
  clientDir: string;
  /** Stamp fraud controls: cooldown per customer per store, in minutes. */
  stampCooldownMinutes: number;
  printableCooldownMinutes: number;
  /** A claim not handed over within this many minutes expires and gives its stamps back. */
  claimExpiryMinutes: number;
  logLevel: LogLevel;
  /** Fastify's `trustProxy`: false (default), true (`1`/`true`), or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string;
  /** The menu scanner's OCR engine (docs/menu-scanning.md). */
  menuOcrEngine: 'paddle' | 'tesseract';
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take before the request gets 503. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: longest statement; the server cancels it, and the client gives up 2 s later if no answer comes. */
  dbStatementTimeoutMs: number;
  /** Longest wait for one Redis command before falling back to in-process work (never more than 1 s). */
  redisCommandTimeoutMs: number;
  /** SQLite's `synchronous` pragma: 'full' survives power loss, 'normal' survives a process crash (docs/operations.md, "Durability"). */
  sqliteSynchronous: 'normal' | 'full';
  /** Relay detection (docs/security.md, "Stamp integrity"): the knobs of services/relay. */
  relay: RelayConfig;
  /** Where `npm run backup` and the scheduled backups write (default DATA_DIR/backups). */
  backupDir: string;
  /** SQLite: the server takes a backup this often; undefined (the default) takes none. */
  backupEveryHours: number | undefined;
  /** Scheduled backups kept; older ones are deleted after each new one. */
  backupKeep: number;
  /** Apple Wallet passes; undefined when not configured (no "Add to Apple Wallet"). */
  applePass: ApplePassConfig | undefined;
}

export interface ApplePassConfig {
  passTypeId: string;
  teamId: string;
  /** PEM contents read at start-up, so a missing file stops the start rather than the first pass. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdrCert: string;
  /** HTTP/2 push host; an `http://` URL means cleartext HTTP/2 (a local fake). */
  apnsUrl: string;
}

const APPLE_PASS_VARIABLES = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
const APNS_PRODUCTION_URL = 'https://api.push.apple.com';

export interface RelayConfig {
  /** A counter code never grants fewer stamps than this (a store may set its own floor). */
  codeBudgetFloor: number;
  /** The flyer never grants fewer stamps a day than this (a store may set its own floor). */
  flyerBudgetFloor: number;
  /** Budgets are this many times the store's busiest minute (counter) or busiest flyer day of the last 4 weeks. */
  paceFactor: number;
  /** A counter code used from more networks than this is flagged. */
  networksPerCode: number;
  /** A device collecting at this many stores within `deviceWindowMinutes` is flagged. */
  deviceStores: number;
  deviceWindowMinutes: number;
}

/** pino's levels: anything else makes the logger throw at start-up with a stack trace. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${parsed.protocol}//"`);
  }
  return raw;
}

function trustProxy(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  // A list of proxy addresses or CIDRs, e.g. "127.0.0.1,10.0.0.0/8", so only those proxies are believed.
  if (/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be 1, 0, or a comma-separated list of proxy addresses, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  const match = allowed.find((value) => value === raw);
  if (!match) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${env[name]}"`);
  return match;
}

function pemFile(env: Env, name: string, what: string): string {
  const file = env[name]!.trim();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name} names ${file}, which cannot be read: set it to the path of ${what} (PEM)`);
  }
  if (!text.includes('-----BEGIN ')) throw new ConfigError(`${name} names ${file}, which is not PEM: convert it (openssl x509/pkcs12 … -out file.pem) and point ${name} at ${what} in PEM form`);
  return text;
}

/** All of the Apple variables or none: a half-configured wallet stops the start instead of failing on a customer's tap. */
function applePassConfig(env: Env): ApplePassConfig | undefined {
  const set = APPLE_PASS_VARIABLES.filter((name) => env[name]?.trim());
  if (set.length === 0) return undefined;
  const missing = APPLE_PASS_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`${missing.join(', ')} must be set too: Apple Wallet passes need all of ${APPLE_PASS_VARIABLES.join(', ')} (or none)`);
  const passTypeId = env.APPLE_PASS_TYPE_ID!.trim();
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeId)) throw new ConfigError(`APPLE_PASS_TYPE_ID must be the Pass Type ID from the Apple Developer account, like pass.com.example.stamps, got "${passTypeId}"`);
  const teamId = env.APPLE_TEAM_ID!.trim();
  if (!/^[A-Z0-9]{10}$/.test(teamId)) throw new ConfigError(`APPLE_TEAM_ID must be the 10-character Team ID from the Apple Developer account, got "${teamId}"`);
  return {
    passTypeId,
    teamId,
    signerCert: pemFile(env, 'APPLE_PASS_CERT', 'the Pass Type ID certificate'),
    signerKey: pemFile(env, 'APPLE_PASS_KEY', "the Pass Type ID certificate's private key"),
    signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE || undefined,
    wwdrCert: pemFile(env, 'APPLE_WWDR_CERT', "Apple's WWDR intermediate certificate"),
    apnsUrl: (url(env, 'APNS_URL', ['https:', 'http:']) ?? APNS_PRODUCTION_URL).replace(/\/+$/, ''),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const sessionSecret = env.SESSION_SECRET?.trim() || undefined;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters (or unset it to have one generated)');
  }
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    sqlitePath: path.join(dataDir, 'stampwise.db'),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM?.trim() || 'Stampwise <no-reply@localhost>',
    sessionSecret,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 168, 1, 24 * 365),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    clientDir: path.resolve(env.CLIENT_DIR?.trim() || 'dist/client'),
    stampCooldownMinutes: integer(env, 'STAMP_COOLDOWN_MINUTES', 10, 0, 24 * 60),
    printableCooldownMinutes: integer(env, 'PRINTABLE_COOLDOWN_MINUTES', 240, 0, 7 * 24 * 60),
    claimExpiryMinutes: integer(env, 'CLAIM_EXPIRY_MINUTES', 30, 1, 7 * 24 * 60),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: trustProxy(env),
    menuOcrEngine: oneOf(env, 'MENU_OCR_ENGINE', ['paddle', 'tesseract'] as const, 'paddle'),
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
    redisCommandTimeoutMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', 500, 50, 1000),
    sqliteSynchronous: oneOf(env, 'SQLITE_SYNCHRONOUS', ['full', 'normal'] as const, 'full'),
    relay: {
      codeBudgetFloor: integer(env, 'RELAY_CODE_BUDGET_FLOOR', 10, 1, 10_000),
      flyerBudgetFloor: integer(env, 'RELAY_FLYER_BUDGET_FLOOR', 25, 1, 100_000),
      paceFactor: integer(env, 'RELAY_PACE_FACTOR', 2, 1, 100),
      networksPerCode: integer(env, 'RELAY_NETWORKS_PER_CODE', 4, 1, 10_000),
      deviceStores: integer(env, 'RELAY_DEVICE_STORES', 3, 2, 1000),
      deviceWindowMinutes: integer(env, 'RELAY_DEVICE_WINDOW_MINUTES', 10, 1, 24 * 60),
    },
    backupDir: path.resolve(dataDir, env.BACKUP_DIR?.trim() || 'backups'),
    backupEveryHours: env.BACKUP_EVERY_HOURS?.trim() ? integer(env, 'BACKUP_EVERY_HOURS', 24, 1, 24 * 365) : undefined,
    backupKeep: integer(env, 'BACKUP_KEEP', 7, 1, 10_000),
    applePass: applePassConfig(env),
  };
}
