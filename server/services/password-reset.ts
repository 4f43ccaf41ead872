// "Forgot password?" and changing a password. Both end every earlier session of the vendor (their
// session generation moves on) and answer a fresh session in the new generation.
import { textError } from '../http-errors';
import { consumeAllEmailTokens, consumeEmailToken, newestEmailTokenCreatedAt } from '../repositories/email-tokens';
import { clearFailures } from '../repositories/login-failures';
import { findVendorByEmail, findVendorById, replaceVendorPassword } from '../repositories/vendors';
import { isValidEmail, normalizeEmail, resendVerificationLink, type AccountDeps } from './accounts';
import { passwordResetMail } from './auth-mails';
import { mailLocaleOf } from './person-locale';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { inspectEmailToken, issueEmailToken, withdrawEmailToken } from './email-tokens';
import { accountKey } from './login-throttle';
import { hashPassword, passwordProblem, passwordRefusal, verifyPassword } from './passwords';
import { announceSessionsEnded, endAllSessions, startSession } from './sessions';
import { inTransaction } from '../db/transactions';

/** At most one reset mail per account in this time, however often the form is sent. */
export const RESET_MAIL_SPACING_MS = 60 * 1000;

const resetLink = (deps: AccountDeps, token: string) => `${deps.config.publicUrl}/reset-password/${token}`;

function refuseInvalidEmail(email: string): void {
  if (!isValidEmail(email)) throw textError(400, 'commonRefusals.invalidEmail', undefined, [{ field: 'email', message: 'is not a valid e-mail address' }]);
}

/**
 * Mails a reset link when a verified account uses the address (an account never verified gets its
 * verification link again instead). The caller answers the same either way: the form cannot tell
 * anyone who has an account.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string, pageLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  refuseInvalidEmail(email);
  const now = deps.now();
  const vendor = await findVendorByEmail(deps.db.kysely, normalizeEmail(email));
  if (!vendor) return;
  // An account made with Google has a verified address and no password yet: a reset link lets it choose one.
  if (vendor.verified_at === null) {
    // Without a verified address there is no password to reset: the way in is the verification link.
    await resendVerificationLink(deps, vendor.id, now, 'requested', pageLocale);
    return;
  }
  const newest = await newestEmailTokenCreatedAt(deps.db.kysely, vendor.id, 'reset');
  if (newest !== undefined && now - newest < RESET_MAIL_SPACING_MS) return;
  const token = await issueEmailToken(deps, vendor.id, 'reset', now);
  const mail = passwordResetMail(await mailLocaleOf(deps, vendor.id, pageLocale), vendor.email, vendor.name, resetLink(deps, token));
  await deps.mailer.send({ ...mail, onUndelivered: withdrawEmailToken(deps, token) });
}

/** What the reset page shows for a link: 404 unknown or used, 410 expired, else fine. */
export async function checkResetLink(deps: AccountDeps, token: string): Promise<void> {
  const link = await inspectEmailToken(deps, token, 'reset', deps.now());
  if (link.state === 'unknown' || link.state === 'used') throw textError(404, 'commonRefusals.resetLinkInvalid');
  if (link.state === 'expired') throw textError(410, 'commonRefusals.resetLinkExpired');
}

export interface NewSession {
  token: string;
  vendorId: string;
  email: string;
}

/**
 * Sets a new password from a reset link (the same rule as completing registration), uses the link
 * and every other reset link of the vendor up, ends every session, clears the sign-in failure count
 * (whoever opened the link controls the mailbox) and answers a new session.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<NewSession> {
  const now = deps.now();
  const link = await inspectEmailToken(deps, token, 'reset', now);
  if (link.state === 'expired') throw textError(410, 'commonRefusals.resetLinkExpired');
  if (link.state !== 'valid') throw textError(404, 'commonRefusals.resetLinkInvalid');
  const problem = await passwordProblem(password);
  if (problem) throw passwordRefusal(problem);

  // Hash before the transaction: argon2 takes a while and must not hold a database lock.
  const passwordHash = await hashPassword(password);
  const session = await inTransaction(deps.db.kysely, async (trx) => {
    const consumed = await consumeEmailToken(trx, { tokenHash: link.tokenHash, vendorId: link.vendorId, purpose: 'reset' }, now);
    if (!consumed) return null;
    const vendor = await findVendorById(trx, link.vendorId);
    if (!vendor) return null;
    await replaceVendorPassword(trx, vendor.id, passwordHash, now);
    await consumeAllEmailTokens(trx, vendor.id, 'reset', now);
    await endAllSessions(deps, vendor.id, trx);
    await clearFailures(trx, accountKey(vendor.email));
    return { token: await startSession(deps, vendor.id, trx), vendorId: vendor.id, email: vendor.email };
  });
  if (!session) throw textError(404, 'commonRefusals.resetLinkInvalid');
  announceSessionsEnded(deps, session.vendorId);
  return session;
}

/** A signed-in vendor changes their password: the current one must be right; every other session ends. */
export async function changePassword(deps: AccountDeps, vendorId: string, currentPassword: string, newPassword: string): Promise<NewSession> {
  const vendor = await findVendorById(deps.db.kysely, vendorId);
  if (!vendor?.password_hash || !(await verifyPassword(vendor.password_hash, currentPassword))) {
    throw textError(400, 'teamRefusals.wrongCurrentPassword', undefined, [{ field: 'currentPassword', message: 'is not right' }]);
  }
  const problem = await passwordProblem(newPassword);
  if (problem) throw passwordRefusal(problem);
  const passwordHash = await hashPassword(newPassword);
  const now = deps.now();
  const token = await inTransaction(deps.db.kysely, async (trx) => {
    await replaceVendorPassword(trx, vendorId, passwordHash, now);
    // A pending reset link must not undo the change.
    await consumeAllEmailTokens(trx, vendorId, 'reset', now);
    await endAllSessions(deps, vendorId, trx);
    return startSession(deps, vendorId, trx);
  });
  announceSessionsEnded(deps, vendorId);
  return { token, vendorId, email: vendor.email };
}
