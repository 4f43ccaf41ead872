// The per-account half of sign-in throttling (the per-address half is @fastify/rate-limit on the
// route). A browser that presents a valid known-device token is counted under its own key instead
// (services/known-devices.ts), so strangers' failures on the account cannot lock it out. @fastify/rate-limit 11 has no way to clear one key, and its in-process store follows the
// wall clock and is not shared between servers, so failures per account are counted in the database.
//
// Each attempt is counted *before* its password is checked: parallel guesses cannot all slip in
// under the limit. A right password clears the count (the owner is not locked out by old typos);
// once the limit is reached no password is checked at all until the window runs out, so neither a
// guess nor the right password is answered with anything but 429 — and nobody can clear another
// account's count without its password.
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { clearFailures, countAttempt, deleteExpiredWindows } from '../repositories/login-failures';
import { normalizeEmail } from './accounts';

export interface LoginThrottleRule {
  /** Failed sign-ins allowed per account in one window. */
  maxFailures: number;
  windowMs: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The stored key: SHA-256 of the normalized address, so typed addresses are not kept in clear. */
export function accountKey(email: string): string {
  return crypto.createHash('sha256').update(normalizeEmail(email), 'utf8').digest('hex');
}

/**
 * Counts this attempt under `key` (accountKey(email), or a known device's own key: see
 * known-devices.ts); refuses it when that key already had `maxFailures` failures in the window.
 */
export async function beginLoginAttempt(deps: Pick<AppDeps, 'db' | 'now'>, key: string, rule: LoginThrottleRule): Promise<AttemptVerdict> {
  const now = deps.now();
  const window = await countAttempt(deps.db.kysely, key, now, rule.windowMs);
  if (window.failures <= rule.maxFailures) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.max(1, window.windowStartedAt + rule.windowMs - now) };
}

/** The password was right: the key the attempt was counted under starts again with a clean count. */
export async function loginSucceeded(deps: Pick<AppDeps, 'db'>, key: string): Promise<void> {
  await clearFailures(deps.db.kysely, key);
}

/** The password was wrong: the attempt stays counted; windows that ran out are swept away meanwhile. */
export async function loginFailed(deps: Pick<AppDeps, 'db' | 'now'>, rule: LoginThrottleRule): Promise<void> {
  await deleteExpiredWindows(deps.db.kysely, deps.now(), rule.windowMs);
}
