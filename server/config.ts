// Every environment variable the server reads, parsed and validated once at start-up (the schema is in
// config/env-schema.ts), and shaped into what the server's parts take.
import fs from 'node:fs';
import path from 'node:path';
import { type Env, type LogLevel } from './config/env-schema';
import { ConfigError, readEnv, type RawEnv } from './config/read-env';

export { ConfigError } from './config/read-env';
export { LOG_LEVELS, type LogLevel } from './config/env-schema';

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
  /** `auto`: readable lines on a terminal, JSON lines otherwise; `pretty` or `json` force one. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Fastify's `trustProxy`: false (default), 1 hop (`1`/`true`), or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** The menu scanner's OCR engine (docs/menu-scanning.md). */
  menuOcrEngine: 'paddle' | 'tesseract';
  /** How long the menu scanner may read one file before the upload is refused (422) and its OCR process killed. */
  menuScanTimeoutMs: number;
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
  /** Campaign messages a server starts a second at most (0: no limit); see docs/campaigns.md, "How delivery works". */
  campaignSendRate: number;
  /** Campaign messages the plan writes a second ahead of the sends (0: the whole plan at once); see docs/campaigns.md, "How delivery works". */
  campaignPlanRate: number;
  /** Where `npm run backup` and the scheduled backups write (default DATA_DIR/backups). */
  backupDir: string;
  /** SQLite: the server takes a backup this often; undefined (the default) takes none. */
  backupEveryHours: number | undefined;
  /** Scheduled backups kept; older ones are deleted after each new one. */
  backupKeep: number;
  /** What `npm run restore` takes from a backup's files/ at most. */
  restoreLimits: { maxEntries: number; maxFileBytes: number; maxTotalBytes: number };
  /** "Continue with Google" (OpenID Connect); undefined when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignInConfig | undefined;
  /** Apple Wallet passes; undefined when not configured (no "Add to Apple Wallet"). */
  applePass: ApplePassConfig | undefined;
  /** Google Wallet passes; undefined when not configured (no "Add to Google Wallet"). */
  googleWallet: GoogleWalletConfig | undefined;
  /** Web push to customers who opted in on their card page. */
  webPush: WebPushConfig;
}

export interface WebPushConfig {
  /** Both set, or undefined: a pair is generated once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services contact about this server: an https: URL or a mailto: address. */
  subject: string;
  /** Accepts subscriptions whose endpoint is on this machine (a local fake push service in tests). */
  localEndpoints: boolean;
}

/** Both VAPID keys or neither: a lone key cannot sign or be checked. */
function webPushConfig(vars: Env, env: RawEnv, publicUrl: string): WebPushConfig {
  const publicKey = vars.VAPID_PUBLIC_KEY;
  const privateKey = vars.VAPID_PRIVATE_KEY;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither, to have a pair generated once and kept in the database)');
  const mailAddress = /<([^>]+)>/.exec(vars.MAIL_FROM)?.[1] ?? vars.MAIL_FROM.trim();
  const subject = vars.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${mailAddress}`);
  const flag = vars.WEB_PUSH_LOCAL_ENDPOINTS;
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject,
    localEndpoints: flag === '1' || flag === 'true' || env.NODE_ENV === 'test',
  };
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

/** RESTORE_MAX_FILE_MB and RESTORE_MAX_TOTAL_MB count megabytes of 1024 × 1024 bytes, as the upload limits do. */
const MEGABYTE = 1024 * 1024;

const APPLE_PASS_VARIABLES = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
const APNS_PRODUCTION_URL = 'https://api.push.apple.com';

function pemFile(name: string, file: string, what: string): string {
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
function applePassConfig(vars: Env): ApplePassConfig | undefined {
  const missing = APPLE_PASS_VARIABLES.filter((name) => !vars[name]?.trim());
  if (missing.length === APPLE_PASS_VARIABLES.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`${missing.join(', ')} must be set too: Apple Wallet passes need all of ${APPLE_PASS_VARIABLES.join(', ')} (or none)`);
  return {
    passTypeId: vars.APPLE_PASS_TYPE_ID!.trim(),
    teamId: vars.APPLE_TEAM_ID!.trim(),
    signerCert: pemFile('APPLE_PASS_CERT', vars.APPLE_PASS_CERT!.trim(), 'the Pass Type ID certificate'),
    signerKey: pemFile('APPLE_PASS_KEY', vars.APPLE_PASS_KEY!.trim(), "the Pass Type ID certificate's private key"),
    signerKeyPassphrase: vars.APPLE_PASS_KEY_PASSPHRASE || undefined,
    wwdrCert: pemFile('APPLE_WWDR_CERT', vars.APPLE_WWDR_CERT!.trim(), "Apple's WWDR intermediate certificate"),
    apnsUrl: (vars.APNS_URL ?? APNS_PRODUCTION_URL).replace(/\/+$/, ''),
  };
}

export interface GoogleWalletConfig {
  issuerId: string;
  /** The service account that signs the token requests and the "Save to Google Wallet" links. */
  serviceAccountEmail: string;
  /** Its RSA private key (PKCS#8 PEM), read at start-up. */
  privateKey: string;
  /** The key's id, sent as `kid` so Google picks the right public key. */
  privateKeyId: string | undefined;
  /** The Wallet REST API's base, without a trailing slash. */
  apiUrl: string;
  tokenUrl: string;
}

export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';
export const GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

function serviceAccountKey(file: string): { email: string; privateKey: string; privateKeyId: string | undefined } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`GOOGLE_WALLET_KEY_FILE names ${file}, which cannot be read: set it to the path of the service account's JSON key file`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`GOOGLE_WALLET_KEY_FILE names ${file}, which is not JSON: download the service account key as JSON (Keys → Add key → Create new key → JSON)`);
  }
  const key = parsed as { type?: unknown; client_email?: unknown; private_key?: unknown; private_key_id?: unknown };
  if (key.type !== 'service_account' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string' || !key.private_key.includes('-----BEGIN PRIVATE KEY-----')) {
    throw new ConfigError(`GOOGLE_WALLET_KEY_FILE names ${file}, which is not a service account key (it needs "type": "service_account", "client_email" and "private_key"): download a JSON key of the service account`);
  }
  return { email: key.client_email, privateKey: key.private_key, privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : undefined };
}

/** Both Google Wallet variables or neither: a half-configured wallet stops the start instead of failing on a customer's tap. */
function googleWalletConfig(vars: Env): GoogleWalletConfig | undefined {
  const issuerId = vars.GOOGLE_WALLET_ISSUER_ID?.trim();
  const keyFile = vars.GOOGLE_WALLET_KEY_FILE?.trim();
  if (!issuerId && !keyFile) return undefined;
  if (!issuerId || !keyFile) throw new ConfigError('Set both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_KEY_FILE to enable Google Wallet passes (or neither)');
  const key = serviceAccountKey(keyFile);
  return {
    issuerId,
    serviceAccountEmail: key.email,
    privateKey: key.privateKey,
    privateKeyId: key.privateKeyId,
    apiUrl: (vars.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL).replace(/\/+$/, ''),
    tokenUrl: vars.GOOGLE_OAUTH_TOKEN_URL ?? GOOGLE_OAUTH_TOKEN_URL,
  };
}

export interface GoogleSignInConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer; Google's own unless a test points it at a local fake. */
  issuerUrl: string;
}

export const GOOGLE_ISSUER_URL = 'https://accounts.google.com';

function googleSignIn(vars: Env): GoogleSignInConfig | undefined {
  const clientId = vars.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = vars.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) throw new ConfigError('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable "Continue with Google" (or neither)');
  return { clientId, clientSecret, issuerUrl: (vars.GOOGLE_ISSUER_URL ?? GOOGLE_ISSUER_URL).replace(/\/+$/, '') };
}

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

export function loadConfig(env: RawEnv = process.env): Config {
  const vars = readEnv(env);
  const dataDir = path.resolve(vars.DATA_DIR);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'stampwise.db'),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    sessionSecret: vars.SESSION_SECRET,
    sessionTtlHours: vars.SESSION_TTL_HOURS,
    redisUrl: vars.REDIS_URL,
    clientDir: path.resolve(vars.CLIENT_DIR),
    stampCooldownMinutes: vars.STAMP_COOLDOWN_MINUTES,
    printableCooldownMinutes: vars.PRINTABLE_COOLDOWN_MINUTES,
    claimExpiryMinutes: vars.CLAIM_EXPIRY_MINUTES,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    trustProxy: trustProxy(vars.TRUST_PROXY),
    menuOcrEngine: vars.MENU_OCR_ENGINE,
    menuScanTimeoutMs: vars.MENU_SCAN_TIMEOUT_SECONDS * 1000,
    dbConnectTimeoutMs: vars.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS,
    redisCommandTimeoutMs: vars.REDIS_COMMAND_TIMEOUT_MS,
    sqliteSynchronous: vars.SQLITE_SYNCHRONOUS,
    relay: {
      codeBudgetFloor: vars.RELAY_CODE_BUDGET_FLOOR,
      flyerBudgetFloor: vars.RELAY_FLYER_BUDGET_FLOOR,
      paceFactor: vars.RELAY_PACE_FACTOR,
      networksPerCode: vars.RELAY_NETWORKS_PER_CODE,
      deviceStores: vars.RELAY_DEVICE_STORES,
      deviceWindowMinutes: vars.RELAY_DEVICE_WINDOW_MINUTES,
    },
    campaignSendRate: vars.CAMPAIGN_SEND_RATE,
    campaignPlanRate: vars.CAMPAIGN_PLAN_RATE ?? vars.CAMPAIGN_SEND_RATE,
    backupDir: path.resolve(dataDir, vars.BACKUP_DIR),
    backupEveryHours: vars.BACKUP_EVERY_HOURS,
    backupKeep: vars.BACKUP_KEEP,
    restoreLimits: { maxEntries: vars.RESTORE_MAX_FILES, maxFileBytes: vars.RESTORE_MAX_FILE_MB * MEGABYTE, maxTotalBytes: vars.RESTORE_MAX_TOTAL_MB * MEGABYTE },
    applePass: applePassConfig(vars),
    googleWallet: googleWalletConfig(vars),
    google: googleSignIn(vars),
    webPush: webPushConfig(vars, env, publicUrl),
  };
}

/**
 * `0`/`false`: no proxy; `1`/`true`: believe the nearest one — one hop, the address it appends to
 * X-Forwarded-For (Fastify's `true` would believe every entry, the first of which the client writes, and
 * each request could name its own address to the rate limits); a list: believe only those addresses.
 */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return 1;
  return raw;
}
