// The customer's device credential in local storage, under its own key (never the vendor's `token`).
import { CUSTOMER_CREDENTIAL_STORAGE_KEY, CUSTOMER_LINK_KEY_STORAGE_KEY } from '../../constants';

export function readCustomerCredential(): string | null {
  try {
    return globalThis.localStorage?.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY) ?? null;
  } catch {
    // Private browsing modes may refuse storage: the customer is then anonymous per visit.
    return null;
  }
}

/** 32 random bytes, base64url: a secret this phone makes (its credential, its link key, a scan's attempt key). */
export function newPhoneSecret(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Before a scan: a phone without a wallet makes its credential and keeps it before the request goes out, so a retry
 * of a first scan whose answer was lost names the customer that scan made (instead of starting a second wallet).
 * Where storage is refused, nothing is made: the server then hands out a credential for this visit. True when it made one.
 */
export function ensureCustomerCredential(): boolean {
  if (readCustomerCredential() !== null) return false;
  saveCustomerCredential(newPhoneSecret());
  return true;
}

export function saveCustomerCredential(credential: string): void {
  try {
    globalThis.localStorage?.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, credential);
  } catch {
    // See readCustomerCredential.
  }
}

/** After the wallet is deleted: this device is anonymous again; its next scan starts a new wallet. */
export function clearCustomerCredential(): void {
  try {
    globalThis.localStorage?.removeItem(CUSTOMER_CREDENTIAL_STORAGE_KEY);
  } catch {
    // See readCustomerCredential.
  }
}

/**
 * This phone's link key, made on first use and kept: sent when it asks for a wallet sign-in link and when it
 * opens one, so the server tells the phone that asked apart from one a forwarded link reaches. Null when
 * storage is refused (the link then asks before it signs in).
 */
export function customerLinkKey(): string | null {
  try {
    const stored = globalThis.localStorage?.getItem(CUSTOMER_LINK_KEY_STORAGE_KEY);
    if (stored) return stored;
    const key = newPhoneSecret();
    globalThis.localStorage?.setItem(CUSTOMER_LINK_KEY_STORAGE_KEY, key);
    return key;
  } catch {
    // See readCustomerCredential.
    return null;
  }
}
