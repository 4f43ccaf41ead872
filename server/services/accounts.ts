// Vendor accounts: registration, the verification link, setting the password, and checking a sign-in.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import { notFound, textError } from '../http-errors';
import {
  findVendorByEmail,
  findVendorById,
  insertPendingMenuUpload,
  insertVendorIfNew,
  setVendorPassword,
} from '../repositories/vendors';
import { consumeAllEmailTokens, consumeEmailToken, countEmailTokensSince, newestEmailTokenCreatedAt } from '../repositories/email-tokens';
import { DEFAULT_LOCALE, type Locale } from '../../src/api/contract/locales';
import { mailLocaleOf } from './person-locale';
import { accountExistsMail, newVerificationLinkMail, verificationLinkAgainMail, verificationMail } from './auth-mails';
import { inspectEmailToken, issueEmailToken, timingSafeEqualStrings, withdrawEmailToken } from './email-tokens';
import { hashPassword, passwordProblem, passwordRefusal, verifyAgainstDummy, verifyPassword } from './passwords';
import { startSession } from './sessions';
import { EMAIL_MAX_LENGTH, MAX_MENU_BYTES, WEBSITE_MAX_LENGTH } from '../../src/api/contract/limits';
import { inTransaction } from '../db/transactions';

type Queryable = Kysely<Database> | Transaction<Database>;
import { findMemberByEmail } from '../repositories/people';
import type { Role } from '../../src/api/contract/team';

export type AccountDeps = Pick<AppDeps, 'db' | 'mailer' | 'now' | 'config' | 'sessions' | 'activityBus'>;

/** An expired link mails a fresh one, but not more often than this per vendor. */
export const RESEND_INTERVAL_MS = 5 * 60 * 1000;
/**
 * Links the owner asks for (sign-in, "Forgot password?"): an account gets at most this many verification mails
 * (the registration one included) in VERIFICATION_MAIL_WINDOW_MS, so asking right after registering works and a
 * stranger cannot flood the mailbox.
 */
export const VERIFICATION_MAILS_PER_WINDOW = 3;
export const VERIFICATION_MAIL_WINDOW_MS = 15 * 60 * 1000;

export const VERIFICATION_LINK_REQUESTED_MESSAGE =
  'If this e-mail address belongs to an account that is not verified yet, we have sent it a new verification link. The link works once, for 24 hours.';
/** The menu photo registration takes: the same limit as a menu upload. */
export const MAX_REGISTRATION_MENU_BYTES = MAX_MENU_BYTES;

export const INVALID_LINK_MESSAGE = 'This link is not valid. It may have been used already.';

// ---- input rules ----

/** E-mail addresses are unique case-insensitively: this is the form stored in email_normalized. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Deliberately pragmatic: one @, no spaces or quotes, a dotted domain of LDH labels (IDNs as punycode).
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export { WEBSITE_MAX_LENGTH };

/**
 * A website as the vendor typed it, made into an http(s) URL: '' → null, 'cafe.example' →
 * 'https://cafe.example'. Anything else (other schemes, credentials, no dotted host) → undefined.
 */
export function normalizeWebsite(raw: string): string | null | undefined {
  const typed = raw.trim();
  if (typed === '') return null;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i.test(url.hostname)) return undefined;
  if (/\s/.test(candidate) || candidate.length > WEBSITE_MAX_LENGTH) return undefined;
  return candidate;
}

export type RegistrationMenuKind = 'png' | 'jpeg';

/** The menu file's type from its first bytes (never from its name or the declared type). */
export function sniffRegistrationMenu(file: Buffer): RegistrationMenuKind | null {
  if (file.length >= 8 && file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (file.length >= 3 && file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpeg';
  return null;
}

// ---- registration ----

export interface RegistrationInput {
  name: string;
  business: string;
  email: string;
  address: string;
  openingHours: string;
  website: string | null;
  /** An ISO 4217 code already checked; null: the column's default (USD). */
  currency: string | null;
  menu: { kind: RegistrationMenuKind; data: Buffer } | null;
}

/**
 * Keeps the menu sent with registration for the menu scanner (a `menu_uploads` row, status
 * 'pending'). Exported so the scanning feature can reuse it; returns the upload's id.
 * `db`: the caller's transaction (registration stores the menu in the one that creates the account).
 */
export async function storeRegistrationMenu(
  deps: Pick<AppDeps, 'db'>,
  vendorId: string,
  menu: { kind: RegistrationMenuKind; data: Buffer },
  now: number,
  db: Queryable = deps.db.kysely,
): Promise<string> {
  const id = crypto.randomUUID();
  await insertPendingMenuUpload(db, { id, vendorId, kind: menu.kind, data: menu.data }, now);
  return id;
}

const verifyLink = (deps: AccountDeps, token: string) => `${deps.config.publicUrl}/verify/${token}`;

/**
 * Creates the account and mails the verification link. An address that already has an account
 * gets a mail instead (sign in, or a fresh link if never verified) and the caller answers exactly
 * as for a new account, so registration cannot be used to find out who has an account.
 */
export async function registerVendor(deps: AccountDeps, input: RegistrationInput, pageLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  const now = deps.now();
  const emailNormalized = normalizeEmail(input.email);
  const vendorId = crypto.randomUUID();
  const token = await inTransaction(deps.db.kysely, async (trx) => {
    const created = await insertVendorIfNew(trx, {
      id: vendorId,
      email: input.email.trim(),
      email_normalized: emailNormalized,
      name: input.name,
      company: input.business,
      address: input.address,
      open_hours: input.openingHours,
      website: input.website,
      ...(input.currency ? { currency: input.currency } : {}),
      logo_image_id: null,
      banner_image_id: null,
      password_hash: null,
      verified_at: null,
      created_at: now,
      updated_at: now,
    });
    if (!created) return null;
    if (input.menu) await storeRegistrationMenu(deps, vendorId, input.menu, now, trx);
    return issueEmailToken(deps, vendorId, 'verify', now, trx);
  });

  if (token) {
    await deps.mailer.send(verificationMail(pageLocale, input.email.trim(), input.name, verifyLink(deps, token)));
    return;
  }
  const existing = await findVendorByEmail(deps.db.kysely, emailNormalized);
  if (!existing) return; // deleted in between: nothing to tell anyone
  const locale = await mailLocaleOf(deps, existing.id, pageLocale);
  if (existing.verified_at !== null) {
    await deps.mailer.send(accountExistsMail(locale, existing.email, existing.name, `${deps.config.publicUrl}/login`));
  } else {
    // Registered before but never verified (maybe the first mail was lost): send a working link.
    const freshToken = await issueEmailToken(deps, existing.id, 'verify', now);
    await deps.mailer.send(verificationMail(locale, existing.email, existing.name, verifyLink(deps, freshToken)));
  }
}

// ---- verification link ----

export type VerificationLinkCheck = { status: 'invalid' } | { status: 'expired' } | { status: 'valid'; vendorId: string };

/**
 * What the verification page shows for a link. An expired link mails a new one (at most one per
 * vendor per RESEND_INTERVAL_MS). The token is not consumed here: setting the password does that.
 */
export async function checkVerificationLink(deps: AccountDeps, token: string, pageLocale: Locale = DEFAULT_LOCALE): Promise<VerificationLinkCheck> {
  const now = deps.now();
  const link = await inspectEmailToken(deps, token, 'verify', now);
  switch (link.state) {
    case 'unknown':
    case 'used':
      return { status: 'invalid' };
    case 'expired':
      await resendVerificationLink(deps, link.vendorId, now, 'expired', pageLocale);
      return { status: 'expired' };
    case 'valid':
      return { status: 'valid', vendorId: link.vendorId };
  }
}

/**
 * Mails a fresh verification link to a vendor not verified yet: 'expired' when an expired link was opened (at
 * most one per RESEND_INTERVAL_MS), 'requested' when the owner asked for one (VERIFICATION_MAILS_PER_WINDOW).
 */
export async function resendVerificationLink(
  deps: AccountDeps,
  vendorId: string,
  now: number,
  cause: 'expired' | 'requested' = 'expired',
  pageLocale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const vendor = await findVendorById(deps.db.kysely, vendorId);
  if (!vendor || vendor.verified_at !== null) return;
  if (cause === 'expired') {
    const newest = await newestEmailTokenCreatedAt(deps.db.kysely, vendorId, 'verify');
    if (newest !== undefined && now - newest < RESEND_INTERVAL_MS) return;
  } else {
    const recent = await countEmailTokensSince(deps.db.kysely, vendorId, 'verify', now - VERIFICATION_MAIL_WINDOW_MS);
    if (recent >= VERIFICATION_MAILS_PER_WINDOW) return;
  }
  const token = await issueEmailToken(deps, vendorId, 'verify', now);
  const mail = cause === 'expired' ? newVerificationLinkMail : verificationLinkAgainMail;
  const message = mail(await mailLocaleOf(deps, vendorId, pageLocale), vendor.email, vendor.name, verifyLink(deps, token));
  await deps.mailer.send({ ...message, onUndelivered: withdrawEmailToken(deps, token) });
}

/**
 * "Send me a new verification link" for an address typed on the sign-in or "Forgot password?" screen. Mails
 * only a real account that is not verified yet; the caller answers the same for every well-formed address,
 * so nobody learns whether an address has an account.
 */
export async function requestVerificationLink(deps: AccountDeps, email: string, pageLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  const vendor = await findVendorByEmail(deps.db.kysely, normalizeEmail(email));
  if (!vendor || vendor.verified_at !== null) return;
  await resendVerificationLink(deps, vendor.id, deps.now(), 'requested', pageLocale);
}

// ---- completing registration ----

/**
 * Sets the password from a verification link: the link must be valid and the vendor's, the
 * password must pass the rule. Uses the link up (and every other link of the vendor) and answers
 * a session token. Of two simultaneous submissions only one succeeds.
 */
export async function completeRegistration(
  deps: AccountDeps,
  token: string,
  vendorId: string,
  password: string,
): Promise<{ token: string; vendorId: string; email: string }> {
  const now = deps.now();
  const link = await inspectEmailToken(deps, token, 'verify', now);
  if (link.state === 'unknown' || link.state === 'used' || !timingSafeEqualStrings(link.vendorId, vendorId)) {
    throw notFound(INVALID_LINK_MESSAGE);
  }
  if (link.state === 'expired') throw textError(400, 'formRefusals.linkExpired');

  const problem = await passwordProblem(password);
  if (problem) throw passwordRefusal(problem);

  // Hash before the transaction: argon2 takes a while and must not hold a database lock.
  const passwordHash = await hashPassword(password);
  const completed = await inTransaction(deps.db.kysely, async (trx) => {
    const consumed = await consumeEmailToken(trx, { tokenHash: link.tokenHash, vendorId: link.vendorId, purpose: 'verify' }, now);
    if (!consumed) return false;
    await setVendorPassword(trx, link.vendorId, passwordHash, now);
    await consumeAllEmailTokens(trx, link.vendorId, 'verify', now);
    return true;
  });
  if (!completed) throw notFound(INVALID_LINK_MESSAGE);
  const vendor = await findVendorById(deps.db.kysely, link.vendorId);
  return { token: await startSession(deps, link.vendorId), vendorId: link.vendorId, email: vendor?.email ?? '' };
}

// ---- signing in ----

/**
 * The vendor id when the e-mail and password match a verified account, else null. Takes one
 * argon2 verification either way, so an unknown address answers as slowly as a wrong password.
 */
export async function checkCredentials(deps: Pick<AccountDeps, 'db'>, email: string, password: string): Promise<SignInIdentity | null> {
  const normalized = normalizeEmail(email);
  const vendor = await findVendorByEmail(deps.db.kysely, normalized);
  if (vendor) {
    if (vendor.password_hash === null || vendor.verified_at === null) return verifyAgainstDummy(password).then(() => null);
    return (await verifyPassword(vendor.password_hash, password)) ? { vendorId: vendor.id, personId: vendor.id, role: 'owner', generation: Number(vendor.session_generation) } : null;
  }
  // A manager or staff member signs in on the same form with the address they were invited at.
  const member = await findMemberByEmail(deps.db.kysely, normalized);
  if (!member || member.passwordHash === null || (member.role !== 'manager' && member.role !== 'staff')) return verifyAgainstDummy(password).then(() => null);
  if (!(await verifyPassword(member.passwordHash, password))) return null;
  return { vendorId: member.vendorId, personId: member.id, role: member.role, generation: member.generation };
}

/** Who a right e-mail and password sign in: the store, the person and their role, in their session generation. */
export interface SignInIdentity {
  vendorId: string;
  personId: string;
  role: Role;
  generation: number;
}
