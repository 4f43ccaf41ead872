// A person's own account: their name, a change of e-mail address confirmed through the new address, and their
// open sessions (listed, ended one by one). The owner's name and e-mail are the vendor row's; a team member's
// their people row's.
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { inTransaction } from '../db/transactions';
import { badRequest, conflict, HttpError, notFound, textError, tooManyRequests, unauthorized } from '../http-errors';
import { emailSignsIn, findPerson } from '../repositories/people';
import {
  countEmailChangesSince,
  findEmailChange,
  insertEmailChange,
  setPersonEmail,
  setPersonName,
  useEmailChange,
  withdrawEmailChanges,
} from '../repositories/email-changes';
import { deleteEndedOpenSessions, deleteOpenSession, findOpenSession, listOpenSessions } from '../repositories/open-sessions';
import { insertRevokedSession } from '../repositories/sessions';
import { consumeAllEmailTokens } from '../repositories/email-tokens';
import { announceSessionsEnded } from './sessions';
import type { SessionClaims } from '../infra/session-tokens';
import type { Locale } from '../../src/api/contract/locales';
import type { EmailChangeResponse, OpenSession } from '../../src/api/contract/account';
import { isValidEmail, normalizeEmail } from './accounts';
import { hashEmailToken } from './email-tokens';
import { confirmNewEmailMail, emailChangeNoticeMail } from './account-mails';
import { userAgentNames } from './user-agents';
import { trimName } from './plain-text';

/** An e-mail change link works for 24 hours. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** E-mail changes a person may ask for per hour: each one mails two addresses. */
export const EMAIL_CHANGES_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export const EMAIL_TAKEN_MESSAGE = 'This e-mail address already signs in to Stampwise.';
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your e-mail address.';
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = 'This link is not valid.';
export const EMAIL_CHANGE_LINK_USED_MESSAGE = 'This link has already been used or has expired. Ask for a new one in Account Settings.';
export const EMAIL_CHANGES_THROTTLED_MESSAGE = 'Too many e-mail changes. Try again in an hour.';
export const NO_SUCH_SESSION_MESSAGE = 'This session is not open.';

export type AccountDeps = Pick<AppDeps, 'db' | 'mailer' | 'now' | 'config'>;

/** The signed-in person: whose account the request changes. */
export interface AccountHolder {
  vendorId: string;
  personId: string;
}

async function currentPerson(deps: Pick<AppDeps, 'db'>, holder: AccountHolder) {
  const person = await findPerson(deps.db.kysely, holder.vendorId, holder.personId);
  if (!person) throw unauthorized();
  return person;
}

export async function changeName(deps: Pick<AppDeps, 'db' | 'now'>, holder: AccountHolder, name: string): Promise<{ name: string }> {
  const trimmed = trimName(name);
  if (!trimmed) throw textError(400, 'formRefusals.nameRequired', undefined, [{ field: 'name', message: 'must not be empty' }]);
  await currentPerson(deps, holder);
  await setPersonName(deps.db.kysely, holder.vendorId, holder.personId, trimmed, deps.now());
  return { name: trimmed };
}

/**
 * Mails a confirmation link to the new address and a notice to the old one. Nothing changes until the link is
 * opened: the old address keeps signing in. 409 when the new address already signs in to Stampwise.
 */
export async function requestEmailChange(deps: AccountDeps, holder: AccountHolder, email: string, locale: Locale): Promise<EmailChangeResponse> {
  const address = email.trim();
  if (!isValidEmail(address)) throw textError(400, 'commonRefusals.invalidEmail', undefined, [{ field: 'email', message: 'is not a valid e-mail address' }]);
  const person = await currentPerson(deps, holder);
  const normalized = normalizeEmail(address);
  if (normalized === normalizeEmail(person.email)) throw badRequest(EMAIL_UNCHANGED_MESSAGE, [{ field: 'email', message: 'is the current address' }]);
  if (await emailSignsIn(deps.db.kysely, normalized)) throw conflict(EMAIL_TAKEN_MESSAGE);
  const now = deps.now();
  if ((await countEmailChangesSince(deps.db.kysely, holder.personId, now - HOUR_MS)) >= EMAIL_CHANGES_PER_HOUR) throw tooManyRequests(EMAIL_CHANGES_THROTTLED_MESSAGE);
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = now + EMAIL_CHANGE_TTL_MS;
  await inTransaction(deps.db.kysely, async (trx) => {
    await withdrawEmailChanges(trx, holder.personId, now);
    await insertEmailChange(trx, { tokenHash: hashEmailToken(token), vendorId: holder.vendorId, personId: holder.personId, email: address, emailNormalized: normalized, createdAt: now, expiresAt });
  });
  await deps.mailer.send(confirmNewEmailMail(locale, address, person.name, `${deps.config.publicUrl}/account/confirm-email/${token}`));
  await deps.mailer.send(emailChangeNoticeMail(locale, person.email, person.name, address));
  return { email: address, expiresAt };
}

/**
 * Opens the link mailed to the new address: it becomes the account's address. Single use: 404 for an unknown
 * link, 410 for one used (a replay) or expired, 409 when the address came to sign in elsewhere meanwhile.
 */
export async function confirmEmailChange(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<{ email: string }> {
  const tokenHash = hashEmailToken(token);
  const change = await findEmailChange(deps.db.kysely, tokenHash);
  if (!change) throw notFound(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
  const now = deps.now();
  if (change.usedAt !== null || change.expiresAt <= now) throw new HttpError(410, EMAIL_CHANGE_LINK_USED_MESSAGE);
  await inTransaction(deps.db.kysely, async (trx) => {
    if (!(await useEmailChange(trx, tokenHash, now))) throw new HttpError(410, EMAIL_CHANGE_LINK_USED_MESSAGE);
    if (await emailSignsIn(trx, change.emailNormalized)) throw conflict(EMAIL_TAKEN_MESSAGE);
    if (!(await findPerson(trx, change.vendorId, change.personId))) throw notFound(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
    await setPersonEmail(trx, change.vendorId, change.personId, change.email, change.emailNormalized, now);
    // A reset link mailed to the old address must not let that mailbox set the password (only the owner's account has one).
    if (change.personId === change.vendorId) await consumeAllEmailTokens(trx, change.vendorId, 'reset', now);
  });
  return { email: change.email };
}

/** The person's open sessions, the one `claims` names marked current; latest used first. */
export async function openSessionsOf(deps: Pick<AppDeps, 'db' | 'now'>, claims: SessionClaims): Promise<OpenSession[]> {
  const now = deps.now();
  // Housekeeping on this (rare) path rather than a timer: ended sessions are nothing to list.
  await deleteEndedOpenSessions(deps.db.kysely, claims.sub, claims.pid, claims.gen, now);
  const rows = await listOpenSessions(deps.db.kysely, claims.sub, claims.pid, claims.gen, now);
  return rows.map((row) => ({ id: row.jti, ...userAgentNames(row.userAgent), signedInAt: row.signedInAt, lastSeenAt: row.lastSeenAt, current: row.jti === claims.jti }));
}

/** Ends one of the person's sessions (as Logout would on that browser); 404 when it is not theirs. */
export async function endOpenSession(deps: Pick<AppDeps, 'db' | 'activityBus'>, claims: SessionClaims, sessionId: string): Promise<void> {
  const session = await findOpenSession(deps.db.kysely, claims.sub, claims.pid, sessionId);
  if (!session) throw notFound(NO_SUCH_SESSION_MESSAGE);
  await inTransaction(deps.db.kysely, async (trx) => {
    await insertRevokedSession(trx, { jti: session.jti, vendorId: claims.sub, expiresAt: session.expiresAt });
    await deleteOpenSession(trx, session.jti);
  });
  announceSessionsEnded(deps, claims.sub);
}
