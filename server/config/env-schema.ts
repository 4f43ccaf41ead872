// The environment variables the server reads, as one JSON schema: type, range, default, and in
// `description` the fix a person needs when a value is refused (it completes "NAME must be …").
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** pino's levels: anything else makes the logger throw at start-up with a stack trace. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A whole number of at least `minimum` and at most `maximum`; `fallback` when unset. */
function wholeNumber(fallback: number, minimum: number, maximum: number) {
  return Type.Integer({ default: fallback, minimum, maximum, description: `a whole number from ${minimum} to ${maximum} (unset means ${fallback})` });
}

/** One of `allowed`, read in any letter case. */
function oneOf<const T extends readonly string[]>(allowed: T, fallback: T[number]) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...allowed], default: fallback, description: `one of ${allowed.join(', ')} (unset means ${fallback})` });
}

/** A URL with one of `schemes`; unset keeps the feature's local stand-in. */
function url(schemes: string[], unset: string) {
  return Type.Optional(
    Type.String({
      format: 'url',
      pattern: `^(${schemes.join('|')})://`,
      description: `a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')} (unset means ${unset})`,
    }),
  );
}

/** A comma-separated list of IPv4/IPv6 addresses or CIDRs, e.g. "127.0.0.1, 10.0.0.0/8". */
const PROXY_LIST = '[0-9a-fA-F.:/]+(\\s*,\\s*[0-9a-fA-F.:/]+)*';

export const ENV_SCHEMA = Type.Object({
  PORT: wholeNumber(3000, 0, 65535),
  HOST: Type.String({ default: '127.0.0.1' }),
  PUBLIC_URL: url(['http', 'https'], `http://localhost:$PORT`),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: url(['postgres', 'postgresql'], `SQLite in $DATA_DIR`),
  SMTP_URL: url(['smtp', 'smtps'], 'mail is written to $DATA_DIR/outbox'),
  MAIL_FROM: Type.String({ default: 'Stampwise <no-reply@localhost>' }),
  SESSION_SECRET: Type.Optional(
    Type.String({ minLength: 32, description: 'at least 32 characters (or unset it to have one generated)' }),
  ),
  SESSION_TTL_HOURS: wholeNumber(168, 1, 24 * 365),
  REDIS_URL: url(['redis', 'rediss'], 'rate limits and the live feed stay in this process'),
  CLIENT_DIR: Type.String({ default: 'dist/client' }),
  STAMP_COOLDOWN_MINUTES: wholeNumber(10, 0, 24 * 60),
  PRINTABLE_COOLDOWN_MINUTES: wholeNumber(240, 0, 7 * 24 * 60),
  CLAIM_EXPIRY_MINUTES: wholeNumber(30, 1, 7 * 24 * 60),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  LOG_FORMAT: oneOf(['auto', 'pretty', 'json'] as const, 'auto'),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: `^(0|1|[Ff][Aa][Ll][Ss][Ee]|[Tt][Rr][Uu][Ee]|${PROXY_LIST})$`,
      description: '1, 0, or a comma-separated list of proxy addresses (e.g. "127.0.0.1, 10.0.0.0/8")',
    }),
  ),
  MENU_OCR_ENGINE: oneOf(['paddle', 'tesseract'] as const, 'paddle'),
  MENU_SCAN_TIMEOUT_SECONDS: wholeNumber(60, 5, 600),
  DB_CONNECT_TIMEOUT_MS: wholeNumber(5000, 100, 120_000),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, 100, 600_000),
  REDIS_COMMAND_TIMEOUT_MS: wholeNumber(500, 50, 1000),
  SQLITE_SYNCHRONOUS: oneOf(['full', 'normal'] as const, 'full'),
  RELAY_CODE_BUDGET_FLOOR: wholeNumber(10, 1, 10_000),
  RELAY_FLYER_BUDGET_FLOOR: wholeNumber(25, 1, 100_000),
  RELAY_PACE_FACTOR: wholeNumber(2, 1, 100),
  RELAY_NETWORKS_PER_CODE: wholeNumber(4, 1, 10_000),
  RELAY_DEVICE_STORES: wholeNumber(3, 2, 1000),
  RELAY_DEVICE_WINDOW_MINUTES: wholeNumber(10, 1, 24 * 60),
  CAMPAIGN_SEND_RATE: wholeNumber(50, 0, 10_000),
  CAMPAIGN_PLAN_RATE: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10_000, description: 'a whole number from 0 to 10000 (unset means CAMPAIGN_SEND_RATE)' }),
  ),
  BACKUP_DIR: Type.String({ default: 'backups' }),
  BACKUP_EVERY_HOURS: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 24 * 365, description: 'a whole number from 1 to 8760 (unset means no scheduled backups)' }),
  ),
  BACKUP_KEEP: wholeNumber(7, 1, 10_000),
  // What `npm run restore` takes from a backup's files/ (the outbox's mail): see docs/backups.md.
  RESTORE_MAX_FILES: wholeNumber(100_000, 1, 10_000_000),
  RESTORE_MAX_FILE_MB: wholeNumber(10, 1, 10_240),
  RESTORE_MAX_TOTAL_MB: wholeNumber(1024, 1, 1_048_576),
  // Apple Wallet: all five of the first variables or none (checked in config.ts); paths of PEM files.
  APPLE_PASS_TYPE_ID: Type.Optional(
    Type.String({ pattern: '^pass\\.[A-Za-z0-9.-]+$', description: 'the Pass Type ID from the Apple Developer account, like pass.com.example.stamps' }),
  ),
  APPLE_TEAM_ID: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{10}$', description: 'the 10-character Team ID from the Apple Developer account' })),
  APPLE_PASS_CERT: Type.Optional(Type.String({ minLength: 1, description: 'the path of the Pass Type ID certificate (PEM)' })),
  APPLE_PASS_KEY: Type.Optional(Type.String({ minLength: 1, description: "the path of the Pass Type ID certificate's private key (PEM)" })),
  APPLE_PASS_KEY_PASSPHRASE: Type.Optional(Type.String({ description: "the private key's passphrase (unset for a key without one)" })),
  APPLE_WWDR_CERT: Type.Optional(Type.String({ minLength: 1, description: "the path of Apple's WWDR intermediate certificate (PEM)" })),
  APNS_URL: url(['https', 'http'], "Apple's push service, https://api.push.apple.com; http:// means cleartext HTTP/2 for a local test server"),
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ description: 'the OAuth client id from Google Cloud (set with GOOGLE_CLIENT_SECRET, or unset both)' })),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String({ description: 'the OAuth client secret from Google Cloud (set with GOOGLE_CLIENT_ID, or unset both)' })),
  GOOGLE_ISSUER_URL: url(['http', 'https'], 'https://accounts.google.com'),
  // Google Wallet: the issuer id and the service account key together, or neither (checked in config.ts).
  GOOGLE_WALLET_ISSUER_ID: Type.Optional(
    Type.String({ pattern: '^[0-9]{10,25}$', description: 'the Issuer ID from the Google Pay & Wallet Console (digits only, e.g. 3388000000012345678)' }),
  ),
  GOOGLE_WALLET_KEY_FILE: Type.Optional(
    Type.String({ minLength: 1, description: "the path of the service account's JSON key file (Google Cloud console: IAM → Service accounts → Keys → Add key → JSON)" }),
  ),
  GOOGLE_WALLET_API_URL: url(['https', 'http'], "Google's Wallet API, https://walletobjects.googleapis.com/walletobjects/v1; http:// is for a local test server only"),
  GOOGLE_OAUTH_TOKEN_URL: url(['https', 'http'], "Google's token endpoint, https://oauth2.googleapis.com/token; http:// is for a local test server only"),
  // Web push (VAPID): both keys or neither (checked in config.ts); unset means a pair generated once and kept in the database.
  VAPID_PUBLIC_KEY: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{87}$', description: 'the VAPID public key, 87 base64url characters (npx web-push generate-vapid-keys), set with VAPID_PRIVATE_KEY (or unset both to have a pair generated)' }),
  ),
  VAPID_PRIVATE_KEY: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'the VAPID private key, 43 base64url characters (npx web-push generate-vapid-keys), set with VAPID_PUBLIC_KEY (or unset both to have a pair generated)' }),
  ),
  VAPID_SUBJECT: Type.Optional(
    Type.String({ pattern: '^(mailto:[^\\s@]+@[^\\s@]+|https://\\S+)$', description: 'a mailto: address or https:// URL push services can contact about this server (unset means PUBLIC_URL when it is https, otherwise mailto: the MAIL_FROM address)' }),
  ),
  WEB_PUSH_LOCAL_ENDPOINTS: Type.Optional(
    Type.String({ pattern: '^(0|1|true|false)$', description: '1 to accept push endpoints on 127.0.0.1 or localhost (a local test push service only; unset means refused)' }),
  ),
});

export type Env = Static<typeof ENV_SCHEMA>;
export type EnvName = keyof Env & string;

/** The schema of one variable (for its kind and its fix). */
export function variableSchema(name: EnvName): TSchema & { type?: string; enum?: string[]; format?: string; description?: string } {
  return ENV_SCHEMA.properties[name];
}
