// When a failed job runs again: doubling waits with jitter, so a service that is down is not hammered
// and the servers that all saw it fail do not all come back in the same second.

export interface BackoffPolicy {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait grows past this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 15 * 60_000 };

/** The wait after failed attempt number `attempt` (1 for the first): half to all of min(max, base × 2^(attempt−1)). */
export function backoffMs(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
