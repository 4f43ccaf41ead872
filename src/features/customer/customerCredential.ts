// The customer's device credential in local storage, under its own key (never the vendor's `token`).
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../constants';

export function readCustomerCredential(): string | null {
  try {
    return globalThis.localStorage?.getItem(CUSTOMER_CREDENTIAL_STORAGE_KEY) ?? null;
  } catch {
    // Private browsing modes may refuse storage: the customer is then anonymous per visit.
    return null;
  }
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
