// Customers: anonymous device credentials (the server keeps only their SHA-256), the optional
// display name and e-mail, and wallet recovery on another device through a mailed sign-in link.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CustomerProfile, RecoverCompleteResponse, UpdateCustomerRequest, UpdateCustomerResponse } from '../../src/api/contract/customer';
import type { AppDeps } from '../deps';
import type { Customer, Database } from '../db/schema';
import { badRequest, HttpError, textError } from '../http-errors';
import {
  consumeEmailConfirmation,
  consumeRecoveryToken,
  findCustomerByEmail,
  findCustomerById,
  findCustomerIdByCredentialHash,
  insertCredential,
  insertCustomer,
  insertEmailConfirmation,
  deleteRecoveryToken,
  insertRecoveryToken,
  withdrawEmailConfirmations,
  withdrawRecoveryTokens,
  latestEmailConfirmationAt,
  latestRecoveryTokenAt,
  recoveryTokenParties,
  anonymousWalletCardCount,
  updateCustomerProfile,
  type CustomerProfileUpdate,
} from '../repositories/customers';
import { isUniqueViolation } from '../repositories/stamp-events';
import { lockCustomers } from '../repositories/wallet-merge';
import { isValidEmail, normalizeEmail } from './accounts';
import type { MailMessage } from '../infra/mailer';
import { mergeAnonymousWallet, type WalletMergeSummary } from './wallet-merge';
import { DISPLAY_NAME_MAX_LENGTH } from '../../src/api/contract/limits';
import { inTransaction } from '../db/transactions';
import { DEFAULT_LOCALE, isRightToLeft, type Locale } from '../../src/api/contract/locales';
import { text } from '../infra/texts';
import { trimName } from './plain-text';

type Queryable = Kysely<Database> | Transaction<Database>;

/** A device credential: 32 random bytes, base64url (43 characters). */
const CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export { DISPLAY_NAME_MAX_LENGTH };
export const RECOVERY_LINK_TTL_MS = 60 * 60 * 1000;
/** At most one recovery mail per customer in this time, however often the form is sent. */
export const RECOVERY_MAIL_SPACING_MS = 60 * 1000;

/** A credential that names no wallet (none made yet, deleted, or merged into another): 401 in the page's language. */
export const noCustomerError = (): HttpError => textError(401, 'claimRefusals.noWallet');
/** The answer to a request for a sign-in link, in the page's language: the same whether or not a wallet uses the address. */
export const recoverAcceptedMessage = (locale: Locale): string => text(locale, 'customerMail.recover.accepted');
const recoveryLinkInvalid = (status: 404 | 410) => textError(status, 'customerMail.recover.linkInvalid');
const confirmationLinkInvalid = (status: 404 | 410) => textError(status, 'customerMail.confirm.linkInvalid');
const emailTaken = () => textError(409, 'customerMail.confirm.emailTaken');
export const RECOVERY_MERGE_UNCONFIRMED_MESSAGE =
  "This link was asked for on another phone. The cards on this phone would join the wallet of the e-mail it was sent to: confirm it (merge=confirmed), or ask for a link on this phone.";
/** The 409's reason when a link from another phone would take this phone's cards: the page asks before it goes on. */
export const RECOVERY_MERGE_UNCONFIRMED_REASON = 'merge-unconfirmed';
export const RECOVERY_SIGN_IN_UNCONFIRMED_MESSAGE =
  "This link was asked for on another phone. It would sign this phone in to the wallet of the e-mail it was sent to: confirm it (merge=confirmed), or ask for a link on this phone.";
/**
 * The 409's reason when a link from another phone would sign in a phone with nothing to move: a forwarded link
 * must not put a stranger's later stamps into the sender's wallet unasked.
 */
export const RECOVERY_SIGN_IN_UNCONFIRMED_REASON = 'sign-in-unconfirmed';
export const EMAIL_CONFIRMATION_TTL_MS = 60 * 60 * 1000;

/** The stored form of a credential or recovery token: SHA-256, hex. A leaked table cannot be replayed. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The stored form of a phone's link key; null when it sent none (or one no client makes). */
function linkKeyHash(linkKey: string | undefined): string | null {
  return linkKey !== undefined && /^[A-Za-z0-9_-]{43}$/.test(linkKey) ? hashSecret(linkKey) : null;
}

function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The stored hash a credential header would have, or undefined when it is missing or malformed. */
export function credentialHashOf(credential: string | undefined): string | undefined {
  if (credential === undefined || !CREDENTIAL_PATTERN.test(credential)) return undefined;
  return hashSecret(credential);
}

/** The customer a credential header names, or undefined (missing, malformed or unknown). */
export async function customerForCredential(
  deps: Pick<AppDeps, 'db'>,
  credential: string | undefined,
  db: Queryable = deps.db.kysely,
): Promise<string | undefined> {
  const hash = credentialHashOf(credential);
  return hash === undefined ? undefined : findCustomerIdByCredentialHash(db, hash);
}

/** Like customerForCredential, but 401 when there is no such customer. */
export async function requireCustomer(deps: Pick<AppDeps, 'db'>, credential: string | undefined): Promise<string> {
  const customerId = await customerForCredential(deps, credential);
  if (customerId === undefined) throw noCustomerError();
  return customerId;
}

/**
 * Creates an anonymous customer with one device credential; the credential is returned once, never stored.
 * `phoneCredential`: the credential the phone made itself before its first scan (it keeps it already, so none is
 * returned); a second customer with it fails on the credential's primary key, which is how a retry racing its
 * first attempt finds that attempt's customer.
 */
export async function createCustomer(
  deps: Pick<AppDeps, 'db'>,
  now: number,
  db: Queryable = deps.db.kysely,
  phoneCredential?: string,
): Promise<{ customerId: string; credential: string | undefined }> {
  const customerId = crypto.randomUUID();
  const credential = phoneCredential ?? newSecret();
  await insertCustomer(db, customerId, now);
  await insertCredential(db, hashSecret(credential), customerId, now);
  return { customerId, credential: phoneCredential === undefined ? credential : undefined };
}

function toProfile(customer: Customer): CustomerProfile {
  return { displayName: customer.display_name, email: customer.email };
}

/** `db`: the caller's transaction, when the profile is read inside one. */
export async function getProfile(deps: Pick<AppDeps, 'db'>, customerId: string, db: Queryable = deps.db.kysely): Promise<CustomerProfile> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw noCustomerError();
  return toProfile(customer);
}

/**
 * Sets or clears the display name, clears the e-mail, or asks to use a new e-mail: that one is only
 * attached when the link mailed to it is opened (confirmEmail). The answer is the same whether the
 * address is free or another wallet's (that wallet's owner gets a sign-in link instead), so the form
 * can neither find out who collects stamps nor take someone else's address.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'now'>,
  customerId: string,
  input: UpdateCustomerRequest,
  locale: Locale = DEFAULT_LOCALE,
): Promise<UpdateCustomerResponse> {
  const db = deps.db.kysely;
  const now = deps.now();
  const update: CustomerProfileUpdate = {};
  if (input.displayName !== undefined) {
    const name = trimName(input.displayName ?? '');
    if (name.length > DISPLAY_NAME_MAX_LENGTH) {
      throw badRequest(`displayName must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`, [
        { field: 'displayName', message: `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters` },
      ]);
    }
    update.display_name = name === '' ? null : name;
  }
  let newEmail: string | null = null;
  if (input.email !== undefined) {
    const email = input.email?.trim() ?? '';
    if (email !== '' && !isValidEmail(email)) {
      throw badRequest('email is not a valid e-mail address', [{ field: 'email', message: 'is not a valid e-mail address' }]);
    }
    if (email === '') {
      // Removing one's own address needs no proof; the links mailed to it, or to one asked for, end with it.
      update.email = null;
      update.email_normalized = null;
      await withdrawEmailConfirmations(db, customerId, now);
      await withdrawRecoveryTokens(db, customerId, now);
    } else {
      const current = await findCustomerById(db, customerId);
      if (current?.email_normalized !== normalizeEmail(email)) {
        newEmail = email;
        // A link mailed for an address asked for earlier (a typo, someone else's) must not attach it later.
        await withdrawEmailConfirmations(db, customerId, now);
      }
    }
  }
  if (Object.keys(update).length > 0) await updateCustomerProfile(db, customerId, update, now);
  if (newEmail !== null) await requestEmailConfirmation(deps, customerId, newEmail, now, locale);
  return { ...(await getProfile(deps, customerId)), emailConfirmationSentTo: newEmail };
}

/**
 * Mails a confirmation link to a free address (at most one per customer per RECOVERY_MAIL_SPACING_MS),
 * or, when another wallet uses it, that wallet's sign-in link: whoever owns the mailbox can bring
 * those cards to this phone, and nobody else learns anything.
 */
async function requestEmailConfirmation(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'now'>,
  customerId: string,
  email: string,
  now: number,
  locale: Locale,
): Promise<void> {
  const db = deps.db.kysely;
  const owner = await findCustomerByEmail(db, normalizeEmail(email));
  if (owner && owner.id !== customerId) {
    await requestRecovery(deps, email, locale, customerId);
    return;
  }
  const latest = await latestEmailConfirmationAt(db, customerId);
  if (latest !== undefined && now - latest < RECOVERY_MAIL_SPACING_MS) return;
  const token = newSecret();
  await insertEmailConfirmation(
    db,
    { tokenHash: hashSecret(token), customerId, email, emailNormalized: normalizeEmail(email), expiresAt: now + EMAIL_CONFIRMATION_TTL_MS },
    now,
  );
  await deps.mailer.send(customerMail(email, `${deps.config.publicUrl}/wallet/confirm-email/${token}`, locale, 'confirm'));
}

/** Opens a confirmation link: the address it was mailed to becomes the wallet's recovery e-mail. */
export async function confirmEmail(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<CustomerProfile> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw confirmationLinkInvalid(404);
  const now = deps.now();
  try {
    return await inTransaction(deps.db.kysely, async (trx) => {
      const confirmation = await consumeEmailConfirmation(trx, hashSecret(token), now);
      if (!confirmation) throw confirmationLinkInvalid(410);
      // Taken by another wallet since the link was mailed (that wallet confirmed first).
      const owner = await findCustomerByEmail(trx, confirmation.emailNormalized);
      if (owner && owner.id !== confirmation.customerId) throw emailTaken();
      await updateCustomerProfile(trx, confirmation.customerId, { email: confirmation.email, email_normalized: confirmation.emailNormalized }, now);
      // Sign-in links mailed to the address the wallet had open it no more.
      await withdrawRecoveryTokens(trx, confirmation.customerId, now);
      return getProfile(deps, confirmation.customerId, trx);
    });
  } catch (error) {
    // Two wallets confirming one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const CUSTOMER_MAILS = {
  confirm: { subject: 'customerMail.confirm.subject', intro: 'customerMail.confirm.intro', action: 'customerMail.confirm.action' },
  recover: { subject: 'customerMail.recover.subject', intro: 'customerMail.recover.intro', action: 'customerMail.recover.action' },
} as const;

/** A customer's mail with one link, in the language of the page they asked from. */
function customerMail(to: string, link: string, locale: Locale, kind: keyof typeof CUSTOMER_MAILS): MailMessage {
  const keys = CUSTOMER_MAILS[kind];
  const intro = text(locale, keys.intro);
  const action = text(locale, keys.action);
  const greeting = text(locale, 'customerMail.greeting');
  const ignore = text(locale, 'customerMail.ignore');
  const plain = [greeting, intro, `${action}: ${link}`, ignore, '— Stampwise'].join('\n\n');
  const html = [
    `<div dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}" style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f;max-width:520px">`,
    `<p>${greeting}</p>`,
    `<p>${intro}</p>`,
    `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#7a4a2a;color:#fff;border-radius:8px;text-decoration:none">${action}</a></p>`,
    `<p style="font-size:13px;color:#595959">${text(locale, 'customerMail.orOpen', { link })}</p>`,
    `<p style="font-size:13px;color:#595959">${ignore}</p>`,
    '<p>— Stampwise</p>',
    '</div>',
  ].join('\n');
  return { to, subject: text(locale, keys.subject), text: plain, html, link };
}

/**
 * Mails a sign-in link when the address belongs to a wallet. The caller answers the same 202 either
 * way, so the form cannot be used to find out who collects stamps where. The link remembers the wallet
 * of the phone that asked (`requestedBy`) and the link key it sent (`requestedByKey`, which a phone without
 * a wallet keeps): only there, or on a phone of the link's own wallet, does it sign in without asking
 * (completeRecovery).
 */
export async function requestRecovery(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'now'>,
  email: string,
  locale: Locale = DEFAULT_LOCALE,
  requestedBy: string | null = null,
  requestedByKey?: string,
): Promise<void> {
  if (!isValidEmail(email.trim())) {
    throw badRequest('email is not a valid e-mail address', [{ field: 'email', message: 'is not a valid e-mail address' }]);
  }
  const db = deps.db.kysely;
  const customer = await findCustomerByEmail(db, normalizeEmail(email));
  if (!customer?.email) return;
  const now = deps.now();
  const latest = await latestRecoveryTokenAt(db, customer.id);
  if (latest !== undefined && now - latest < RECOVERY_MAIL_SPACING_MS) return;
  const token = newSecret();
  await insertRecoveryToken(db, hashSecret(token), customer.id, requestedBy, linkKeyHash(requestedByKey), now + RECOVERY_LINK_TTL_MS, now);
  const undelivered = () => deleteRecoveryToken(db, hashSecret(token));
  await deps.mailer.send({ ...customerMail(customer.email, `${deps.config.publicUrl}/wallet/recover/${token}`, locale, 'recover'), onUndelivered: undelivered });
}

/** The answer to a used sign-in link: what merging the phone's anonymous wallet did, or null when nothing was merged. */
export type RecoveryResult = RecoverCompleteResponse & { merged: WalletMergeSummary | null };

/**
 * Uses a sign-in link once: this device gets a new credential of that customer. When the device sends
 * the credential it had so far (`currentCredential`) and that names an anonymous wallet, that wallet
 * is merged into the recovered one and its credential revoked — all in the same transaction as the
 * link's use, so a failure leaves the link, both wallets and both credentials as they were.
 *
 * A link forwarded to someone else must not take their cards, nor sign them in to the sender's wallet
 * (their later stamps would land there): on a phone that is neither the one that asked for the link (its
 * wallet or its link key) nor one of the link's own wallet, nothing happens (409, the link still unused)
 * until the phone confirms (`mergeConfirmed`). The 409's reason says whether cards would move.
 */
export async function completeRecovery(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  token: string,
  currentCredential?: string,
  mergeConfirmed = false,
  linkKey?: string,
): Promise<RecoveryResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw recoveryLinkInvalid(404);
  const now = deps.now();
  return inTransaction(deps.db.kysely, async (trx) => {
    const tokenHash = hashSecret(token);
    // An unknown or malformed old credential is no reason to refuse the recovery: it is just not merged.
    const phoneWalletId = await customerForCredential(deps, currentCredential, trx);
    const parties = await recoveryTokenParties(trx, tokenHash, now);
    if (parties !== undefined && parties.owner !== phoneWalletId) {
      // A merge holds both wallets' rows before the link's, in the order a wallet deletion takes a wallet
      // and then its links: the two never wait on each other in a circle.
      if (phoneWalletId !== undefined && deps.db.dialect === 'postgres') await lockCustomers(trx, [phoneWalletId, parties.owner]);
      const askedHere =
        (phoneWalletId !== undefined && parties.requestedBy === phoneWalletId) ||
        (parties.requestedByKey !== null && parties.requestedByKey === linkKeyHash(linkKey));
      if (!mergeConfirmed && !askedHere) {
        const cardsToMove = phoneWalletId === undefined ? 0 : await anonymousWalletCardCount(trx, phoneWalletId);
        throw cardsToMove > 0
          ? new HttpError(409, RECOVERY_MERGE_UNCONFIRMED_MESSAGE, undefined, RECOVERY_MERGE_UNCONFIRMED_REASON)
          : new HttpError(409, RECOVERY_SIGN_IN_UNCONFIRMED_MESSAGE, undefined, RECOVERY_SIGN_IN_UNCONFIRMED_REASON);
      }
    }
    const customerId = await consumeRecoveryToken(trx, tokenHash, now);
    if (customerId === undefined) throw recoveryLinkInvalid(410);
    const merged = phoneWalletId === undefined
      ? null
      : await mergeAnonymousWallet(deps, phoneWalletId, customerId, now, trx);
    const credential = newSecret();
    await insertCredential(trx, hashSecret(credential), customerId, now);
    return { credential, profile: await getProfile(deps, customerId, trx), merged };
  });
}
