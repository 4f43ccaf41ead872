// Recognises "the database is not there right now" among errors (answered 503, retried later) and
// says in one line what is wrong at start-up.

/** Socket-level failures: the database host is down, unreachable, or cut the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting work: class 08 (connection
 * exception), 57P01–57P03 (admin/crash shutdown, cannot connect now), 57014 (statement timeout), 53300
 * (too many connections). SQLite: a lock held past busy_timeout.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014' || code === '53300';
}

/** Messages pg and pg-pool use for a connection that died or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated unexpectedly',
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for errors that mean "try again shortly" rather than a bug: the caller answers 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = codeOf(current);
    if (code && (NETWORK_CODES.has(code) || isUnavailableSqlState(code) || code === 'SQLITE_BUSY')) return true;
    const message = current instanceof Error ? current.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e))) return true;
  }
  return false;
}

/**
 * The disk the server writes to is full (or the account's quota is used up): SQLite's SQLITE_FULL, a file
 * write's ENOSPC or EDQUOT, PostgreSQL's 53100 (disk_full). Nothing of the write was kept; it works again
 * once space is freed, so the caller answers 503 rather than 500, and the operator has to act.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = codeOf(current);
    if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  }
  return false;
}

/**
 * The database gave up one transaction so that others could go on, and nothing of it was written:
 * PostgreSQL 40P01 (deadlock_detected: two transactions waited on each other's row locks) and 40001
 * (serialization_failure); SQLite SQLITE_BUSY_SNAPSHOT (a write transaction whose snapshot another
 * process's commit made stale: the busy timeout never waits for that one). Running the whole
 * transaction again is the cure (db/transactions.ts); if it keeps happening the caller answers 503.
 */
export function isTransactionConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = codeOf(current);
    if (code === '40P01' || code === '40001' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  return false;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'host name lookup failed',
  '28P01': 'password authentication failed',
  '28000': 'access refused',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'too many connections',
};

const NO_ANSWER = 'no answer in time, or the connection was cut (is PostgreSQL listening on that port?)';

/** `host:port` of a postgres:// URL, without the credentials. */
export function postgresTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * One line for the operator, e.g. `cannot reach PostgreSQL at db:5432: connection refused`; for SQLite
 * or an error that is not about reaching the database, the error's own message.
 */
export function describeStartupError(error: unknown, databaseUrl: string | undefined): string {
  let innermost: unknown = error;
  for (let depth = 0; depth < 4; depth += 1) {
    const code = codeOf(innermost);
    if (code && REASONS[code]) break;
    if (innermost instanceof AggregateError && innermost.errors.length > 0) innermost = innermost.errors[0];
    else if ((innermost as { cause?: unknown } | null)?.cause) innermost = (innermost as { cause: unknown }).cause;
    else break;
  }
  const code = codeOf(innermost);
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  if (databaseUrl) {
    const where = postgresTarget(databaseUrl);
    if (code && REASONS[code]) return `cannot reach PostgreSQL at ${where}: ${REASONS[code]}`;
    // pg reports its own connect timeout as a cut connection: both mean PostgreSQL did not answer.
    if (/timeout exceeded when trying to connect|Connection terminated|Query read timeout/.test(message)) {
      return `cannot reach PostgreSQL at ${where}: ${NO_ANSWER}`;
    }
    if (isDatabaseUnavailable(innermost)) return `cannot reach PostgreSQL at ${where}: ${message.split('\n')[0]}`;
  }
  return message.split('\n')[0];
}
