// Vendor session tokens: standard HS256 JWTs with `sub` = vendor id and `exp` (SPEC.md §3).
import { createSigner, createVerifier } from 'fast-jwt';
import { deriveKey } from './secret';

export interface SessionClaims {
  sub: string;
  exp: number;
}

export interface SessionTokens {
  issue(vendorId: string): string;
  /** The claims of a valid token, or null for a missing, malformed, tampered, `alg:none` or expired one. */
  verify(token: string): SessionClaims | null;
}

export function createSessionTokens(secret: string, ttlHours: number, now: () => number = Date.now): SessionTokens {
  const key = deriveKey(secret, 'session');
  // iat/exp are written by us from `now` (testable clock); fast-jwt only signs and checks the signature.
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  // algorithms pinned to HS256: `alg: none` and algorithm-confusion tokens fail here.
  const verifySignature = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true, cache: 1000 });
  return {
    issue(vendorId) {
      const iat = Math.floor(now() / 1000);
      return sign({ sub: vendorId, iat, exp: iat + ttlHours * 3600 });
    },
    verify(token) {
      try {
        const claims = verifySignature(token) as Partial<SessionClaims>;
        if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
        if (claims.exp * 1000 <= now()) return null;
        return { sub: claims.sub, exp: claims.exp };
      } catch {
        return null;
      }
    },
  };
}
