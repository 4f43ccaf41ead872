// Session tokens: standard HS256 JWTs with `sub` = the store's vendor id and `exp`, `pid` (the person signed
// in: the owner's person id is the vendor id, so tokens from before teams name the owner) and `role`, plus
// `jti` (this session, so Logout can end it) and `gen` (the vendor's session generation when it was
// issued: a password change or reset moves the generation on, ending every earlier session).
// The signature and expiry are checked here; whether the session is still current is a database
// question (services/sessions.ts), so it holds on every server sharing the database.
import crypto from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { deriveKey } from './secret';

import type { Role } from '../../src/api/contract/team';

export interface SessionClaims {
  sub: string;
  exp: number;
  jti: string;
  gen: number;
  /** The person signed in (the store's owner has the vendor id as person id). */
  pid: string;
  /** The person's role when the token was issued; the server reads the current one on each request. */
  role: Role;
}

/** The person a token is issued to; omitted, the store's owner. */
export interface SessionPerson {
  id: string;
  role: Role;
}

export interface SessionTokens {
  /** A new session token; `generation` is the vendor's current session generation (0 until a password change). */
  issue(vendorId: string, generation?: number, person?: SessionPerson): string;
  /** The claims of a valid token, or null for a missing, malformed, tampered, `alg:none` or expired one. */
  verify(token: string): SessionClaims | null;
  /** True when the token is one of ours, signature intact, whose exp has passed (so the owner can be told it expired). */
  hasExpired(token: string): boolean;
}

export function createSessionTokens(secret: string, ttlHours: number, now: () => number = Date.now): SessionTokens {
  const key = deriveKey(secret, 'session');
  // iat/exp are written by us from `now` (testable clock); fast-jwt only signs and checks the signature.
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  // algorithms pinned to HS256: `alg: none` and algorithm-confusion tokens fail here.
  const verifySignature = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true, cache: 1000 });
  return {
    issue(vendorId, generation = 0, person = { id: vendorId, role: 'owner' }) {
      const iat = Math.floor(now() / 1000);
      return sign({ sub: vendorId, iat, exp: iat + ttlHours * 3600, jti: crypto.randomUUID(), gen: generation, pid: person.id, role: person.role });
    },
    verify(token) {
      try {
        const claims = verifySignature(token) as Partial<SessionClaims>;
        if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
        // Tokens from before sessions became revocable have no jti: they cannot be ended, so they are refused.
        if (typeof claims.jti !== 'string' || !Number.isInteger(claims.gen)) return null;
        if (claims.exp * 1000 <= now()) return null;
        // Tokens from before teams name no person: the owner signed in.
        const pid = typeof claims.pid === 'string' ? claims.pid : claims.sub;
        const role = claims.role === 'staff' || claims.role === 'manager' ? claims.role : 'owner';
        return { sub: claims.sub, exp: claims.exp, jti: claims.jti, gen: claims.gen as number, pid, role };
      } catch {
        return null;
      }
    },
    hasExpired(token) {
      try {
        const claims = verifySignature(token) as Partial<SessionClaims>;
        return typeof claims.exp === 'number' && claims.exp * 1000 <= now();
      } catch {
        return false;
      }
    },
  };
}
