// "Continue with Google" in the browser: the full-page trip to Google through the server, and reading what the
// server's callback hands back in /login's URL fragment (the session token, or why there is none).
import type { GoogleSignInError } from '../../api/contract/auth';

export const GOOGLE_START_PATH = '/api/auth/google/start';
const GOOGLE_ERRORS: readonly string[] = ['cancelled', 'unverified-email', 'failed'] satisfies GoogleSignInError[];

/** Leaves the app for Google (the server keeps the flow's checks in a cookie and redirects). */
export function startGoogleSignIn(): void {
  window.location.assign(GOOGLE_START_PATH);
}

export type GoogleReturn = { session: string } | { error: GoogleSignInError } | null;

/** What `#google-session=…` or `#google-error=…` says; null for any other fragment. */
export function readGoogleReturn(hash: string): GoogleReturn {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const session = fragment.get('google-session');
  if (session) return { session };
  const error = fragment.get('google-error');
  if (error === null) return null;
  return { error: GOOGLE_ERRORS.includes(error) ? (error as GoogleSignInError) : 'failed' };
}
