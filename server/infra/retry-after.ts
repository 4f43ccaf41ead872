// Outside services that say "slow down": a push service, APNs or Google answering 429/503 with
// `Retry-After` (RFC 9110 §10.2.3: seconds, or an HTTP date), or a mail relay answering 421. Nothing is sent
// to that host again before the moment it named, whichever message it is for: one slow-down holds the
// host, not only the message that met it. The hold is kept in this server's memory (each server learns of
// it from its own first refusal); the job that met it carries the moment in its `run_after`, on every server.

/** The longest a service's Retry-After holds anything back: a wrong or hostile header must not park sends for days. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * The moment a `Retry-After` value names (ms since the epoch), at most MAX_RETRY_AFTER_MS after `now`;
 * undefined when there is no header, or it is neither a whole number of seconds nor an HTTP date.
 * A date in the past, or 0 seconds, is `now`.
 */
export function retryAfterAt(value: string | readonly string[] | undefined | null, now: number): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value) as string | undefined;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  let at: number;
  if (/^\d+$/.test(trimmed)) at = now + Number(trimmed) * 1000;
  else {
    // Only the forms HTTP allows for a date (IMF-fixdate and its two obsolete forms) name a weekday and a month.
    if (!/^[A-Za-z]{3},? /.test(trimmed) && !/^[A-Za-z]{6,9}, /.test(trimmed)) return undefined;
    at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
  }
  return Math.min(Math.max(at, now), now + MAX_RETRY_AFTER_MS);
}

/** An error that says when trying again is of use: the job runner does not run the job again before `retryAt`. */
export interface RetryAtHint {
  readonly retryAt: number;
}

export function retryAtOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('retryAt' in error)) return undefined;
  const { retryAt } = error as { retryAt: unknown };
  return typeof retryAt === 'number' && Number.isFinite(retryAt) ? retryAt : undefined;
}

/** A service asked to be left alone until `retryAt` (or is held until then after asking): nothing was sent. */
export class ServiceBusyError extends Error implements RetryAtHint {
  override name = 'ServiceBusyError';
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

/** The hosts that asked this server to slow down, each until when. */
export interface HostHolds {
  /** When `host` may be sent to again; undefined when it may be now. */
  heldUntil(host: string): number | undefined;
  /** `host` asked to be left alone until `until` (a later hold already known stays). */
  hold(host: string, until: number): void;
}

export function createHostHolds(now: () => number = Date.now): HostHolds {
  const holds = new Map<string, number>();
  return {
    heldUntil(host) {
      const until = holds.get(host);
      if (until === undefined) return undefined;
      if (until > now()) return until;
      holds.delete(host);
      return undefined;
    },
    hold(host, until) {
      if (until <= now()) return;
      holds.set(host, Math.max(until, holds.get(host) ?? 0));
    },
  };
}
