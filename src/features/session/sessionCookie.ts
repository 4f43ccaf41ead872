// The session token's copy in a cookie (api/contract/session-cookie.ts says why): read at start when local
// storage has no token, and kept equal to it. The server sets it with each sign-in answer; the app writes it too
// for the tokens it gets otherwise (Google sign-in, a new token after a change of e-mail) and clears it on sign-out.
import { SESSION_COOKIE } from '../../api/contract/session-cookie';
import { decodeToken } from '../../lib/token';

export function readCookieToken(): string | null {
  try {
    for (const part of globalThis.document?.cookie.split(';') ?? []) {
      const [name, ...value] = part.trim().split('=');
      if (name === SESSION_COOKIE && value.length > 0) return decodeURIComponent(value.join('=')) || null;
    }
  } catch {
    // A document without cookies (sandboxed): local storage alone keeps the session.
  }
  return null;
}

/** Expires with the token; null (or a token without exp) clears it. */
export function writeCookieToken(token: string | null, nowMs: number = Date.now()): void {
  const exp = decodeToken(token)?.exp;
  const maxAgeSeconds = token && exp !== undefined ? Math.floor(exp - nowMs / 1000) : 0;
  const value = maxAgeSeconds > 0 && token ? encodeURIComponent(token) : '';
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    globalThis.document.cookie = `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${Math.max(maxAgeSeconds, 0)}; SameSite=Strict${secure}`;
  } catch {
    // As above.
  }
}
