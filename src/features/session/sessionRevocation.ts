// Ends a session on the server when the owner signs out, even if the page goes away at once or the network is down.
// The request is a plain keepalive fetch, outside RTK Query: signing out resets the api cache, and that reset
// aborts every request RTK Query still has running — the logout request among them, before it ever left.
// Until the server confirms, the token waits in local storage and is sent again at the next start or when the
// browser comes back online, so a copy of it (another tab, a stolen one) stops working as soon as possible.
import { PENDING_LOGOUTS_STORAGE_KEY } from '../../constants';
import { decodeToken } from '../../lib/token';

export const LOGOUT_PATH = '/api/auth/logout';
/** A browser never holds many sessions; the cap keeps a storage entry from growing without bound. */
const MAX_PENDING_LOGOUTS = 20;

function readPending(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_LOGOUTS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(tokens: string[]): void {
  try {
    if (tokens.length === 0) localStorage.removeItem(PENDING_LOGOUTS_STORAGE_KEY);
    else localStorage.setItem(PENDING_LOGOUTS_STORAGE_KEY, JSON.stringify(tokens.slice(-MAX_PENDING_LOGOUTS)));
  } catch {
    // Storage unavailable: the request below is still sent once; only the retry is lost.
  }
}

const remember = (token: string) => writePending([...readPending().filter((kept) => kept !== token), token]);
const forget = (token: string) => writePending(readPending().filter((kept) => kept !== token));

/** A token past its exp is refused by the server anyway: nothing is left to end. */
function hasExpired(token: string, nowMs: number): boolean {
  const exp = decodeToken(token)?.exp;
  return exp === undefined || exp * 1000 <= nowMs;
}

/** 'ended' once the server says the session is over (204, or 401: it already was); 'later' otherwise. */
async function sendLogout(token: string): Promise<'ended' | 'later'> {
  try {
    // keepalive: the request outlives the page, should the owner close the tab right after signing out.
    const response = await fetch(new Request(LOGOUT_PATH, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }));
    if (response.ok || response.status === 401) {
      forget(token);
      return 'ended';
    }
    return 'later';
  } catch {
    return 'later';
  }
}

/** Signs the token out on the server; kept for a retry until the server confirms. */
export function endSessionOnServer(token: string): Promise<'ended' | 'later'> {
  remember(token);
  return sendLogout(token);
}

/** Sends the logouts an earlier visit could not deliver (offline, server down); drops tokens that expired meanwhile. */
export async function retryPendingLogouts(nowMs: number = Date.now()): Promise<void> {
  for (const token of readPending()) {
    if (hasExpired(token, nowMs)) forget(token);
    else await sendLogout(token);
  }
}

/** At the app's start and whenever the browser comes back online: the logouts still owed are sent. */
export function retryPendingLogoutsNowAndOnline(target: Pick<Window, 'addEventListener'> = window): void {
  void retryPendingLogouts();
  target.addEventListener('online', () => void retryPendingLogouts());
}

/** Tokens still waiting for the server (for tests and diagnostics). */
export const pendingLogouts = (): string[] => readPending();
