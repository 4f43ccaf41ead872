// The Set-Cookie headers of the session cookie (src/api/contract/session-cookie.ts says why it exists): set with
// each answer that hands out a session token, cleared when the session ends on this browser's request.
import { SESSION_COOKIE } from '../../src/api/contract/session-cookie';

/** Readable by the page (the app reads it at start), on every path of the site, for as long as the token is valid. */
function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The cookie for `token`, expiring with it (`expSeconds`: the token's exp); a token already expired clears it. */
export function sessionCookie(token: string, expSeconds: number, nowMs: number, secure: boolean): string {
  const maxAgeSeconds = Math.floor(expSeconds - nowMs / 1000);
  return maxAgeSeconds > 0 ? cookie(token, maxAgeSeconds, secure) : clearedSessionCookie(secure);
}

export function clearedSessionCookie(secure: boolean): string {
  return cookie('', 0, secure);
}
