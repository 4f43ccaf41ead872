// "Continue with Google": a person Google vouches for (a verified e-mail address) signs in to the account with that
// address, or gets a new owner account with it. The OpenID Connect exchange itself is infra/google-oidc.ts.
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { findVendorByEmail, insertVendorIfNew, markVendorVerified } from '../repositories/vendors';
import { consumeAllEmailTokens } from '../repositories/email-tokens';
import { inTransaction } from '../db/transactions';
import { normalizeEmail } from './accounts';
import { startSession } from './sessions';
import type { GoogleIdentity } from '../infra/google-oidc';
import { plainSingleLineOfAtMost } from './plain-text';
import { REGISTRATION_TEXT_MAX_LENGTH } from '../../src/api/contract/limits';

export type GoogleSignInDeps = Pick<AppDeps, 'db' | 'now' | 'sessions'>;

export type GoogleSignInResult = { status: 'signed-in' | 'registered'; vendorId: string; token: string } | { status: 'unverified-email' };

/**
 * The name Google gives, as a name typed into the registration form could be: Google lets a person put bidi
 * overrides, control characters and hundreds of characters in their name, and this one reaches mails, the
 * customers' cards and wallet passes as the store's name. undefined when nothing is left of it.
 */
function personName(identity: GoogleIdentity): string | undefined {
  const name = plainSingleLineOfAtMost(identity.name ?? '', REGISTRATION_TEXT_MAX_LENGTH);
  return name === '' ? undefined : name;
}

/** A store name to start with: the person's name, else the part of the address before the @. Store Settings changes it. */
function startingCompany(identity: GoogleIdentity): string {
  return personName(identity) ?? plainSingleLineOfAtMost(identity.email.split('@')[0], REGISTRATION_TEXT_MAX_LENGTH);
}

export async function signInWithGoogle(deps: GoogleSignInDeps, identity: GoogleIdentity): Promise<GoogleSignInResult> {
  // Only an address Google has verified may open or create an account: anyone can type an address into Google.
  if (!identity.emailVerified) return { status: 'unverified-email' };
  const now = deps.now();
  const email = identity.email.trim();
  const emailNormalized = normalizeEmail(email);
  const vendorId = crypto.randomUUID();

  const outcome = await inTransaction(deps.db.kysely, async (trx) => {
    const created = await insertVendorIfNew(trx, {
      id: vendorId,
      email,
      email_normalized: emailNormalized,
      name: personName(identity) ?? email,
      company: startingCompany(identity),
      address: '',
      open_hours: '',
      website: null,
      logo_image_id: null,
      banner_image_id: null,
      password_hash: null,
      verified_at: now,
      created_at: now,
      updated_at: now,
    });
    if (created) return { status: 'registered' as const, vendorId };
    const existing = await findVendorByEmail(trx, emailNormalized);
    if (!existing) return null;
    if (existing.verified_at === null) {
      // Registered but never verified: Google has just proved the address, and the old links are no longer needed.
      await markVendorVerified(trx, existing.id, now);
      await consumeAllEmailTokens(trx, existing.id, 'verify', now);
    }
    return { status: 'signed-in' as const, vendorId: existing.id };
  });
  if (!outcome) throw new Error('the account with this address vanished during Google sign-in');
  return { ...outcome, token: await startSession(deps, outcome.vendorId) };
}
