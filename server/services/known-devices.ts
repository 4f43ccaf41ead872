// "Known device" tokens (OWASP, Blocking Brute Force Attacks → device cookies): a browser that signed
// in successfully keeps a signed token naming the account. A sign-in that presents one for the
// account being signed in to is counted against that device's own small failure budget instead of
// the account's, so strangers who exhaust the account's budget cannot lock the vendor out of a
// browser they have used before. Stateless (HMAC-signed, like sessions); a stolen token only gives
// its holder the device's budget of guesses, and only for the account it names.
import crypto from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { deriveKey } from '../infra/secret';
import { accountKey } from './login-throttle';

/** How long a browser stays known without signing in again (each sign-in renews it). */
export const KNOWN_DEVICE_TTL_DAYS = 180;

interface KnownDeviceClaims {
  /** accountKey() of the account: a hash, so the token does not carry the e-mail address in clear. */
  acct: string;
  /** This device: its failure budget is counted under this id. */
  did: string;
  exp: number;
}

export interface KnownDevices {
  /** A new token for this browser and account (after a successful sign-in). */
  issue(email: string): string;
  /** The device id when `token` is a valid, unexpired known-device token for `email`'s account, else null. */
  deviceFor(token: string | undefined, email: string): string | null;
}

export function createKnownDevices(secret: string, now: () => number): KnownDevices {
  const key = deriveKey(secret, 'known-device');
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  const verifySignature = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true });
  return {
    issue(email) {
      const exp = Math.floor(now() / 1000) + KNOWN_DEVICE_TTL_DAYS * 24 * 3600;
      return sign({ acct: accountKey(email), did: crypto.randomUUID(), exp } satisfies KnownDeviceClaims);
    },
    deviceFor(token, email) {
      if (!token) return null;
      try {
        const claims = verifySignature(token) as Partial<KnownDeviceClaims>;
        if (typeof claims.acct !== 'string' || typeof claims.did !== 'string' || typeof claims.exp !== 'number') return null;
        if (claims.exp * 1000 <= now()) return null;
        return claims.acct === accountKey(email) ? claims.did : null;
      } catch {
        return null;
      }
    },
  };
}

/** The failure counter's key for a known device (its own row, beside the account's). */
export function knownDeviceThrottleKey(deviceId: string): string {
  return crypto.createHash('sha256').update(`known-device:${deviceId}`, 'utf8').digest('hex');
}
