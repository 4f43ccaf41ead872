// The Google Wallet REST API client: an OAuth2 access token for the service account (a JWT bearer
// assertion signed RS256 by jose, cached until shortly before it expires), loyalty classes and objects
// inserted or patched, and the signed "Save to Google Wallet" link that references an object by id.
// It knows nothing of stamps: the domain decides what a class and an object say.
import type { CryptoKey } from 'jose';
import type { GoogleWalletConfig } from '../config';
import { createHostHolds, retryAfterAt } from './retry-after';

export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
export const GOOGLE_SAVE_URL_BASE = 'https://pay.google.com/gp/v/save/';

/** One language's text: `language` is a BCP 47 tag ('en', 'es', 'ar'). */
export interface TranslatedString {
  language: string;
  value: string;
}

/** Google's LocalizedString: the phone shows the translation of its own language, else the default. */
export interface LocalizedString {
  defaultValue: TranslatedString;
  translatedValues?: TranslatedString[];
}

/** A text module or message: the plain header/body (the default language) and, when translated, each language's. */
export interface LocalizedText {
  header: string;
  body: string;
  id: string;
  localizedHeader?: LocalizedString;
  localizedBody?: LocalizedString;
  /** TEXT_AND_NOTIFY shows a notification on the phone (Google allows 3 a day per object). */
  messageType?: 'TEXT' | 'TEXT_AND_NOTIFY';
}

/** An image Google fetches by URL (it must be public). */
export interface WalletImage {
  sourceUri: { uri: string };
  contentDescription?: LocalizedString;
}

/** The fields of a LoyaltyClass that Stampwise sets (one class per store). */
export interface LoyaltyClass {
  id: string;
  issuerName: string;
  programName: string;
  localizedProgramName?: LocalizedString;
  programLogo: WalletImage;
  hexBackgroundColor: string;
  reviewStatus: 'UNDER_REVIEW';
}

/** The fields of a LoyaltyObject that Stampwise sets (one object per card). Never a credential. */
export interface LoyaltyObject {
  id: string;
  classId: string;
  state: 'ACTIVE' | 'INACTIVE';
  loyaltyPoints: { label: string; localizedLabel?: LocalizedString; balance: { string: string } };
  /** The banner on the pass's front: the card's stamps strip (null in a PATCH removes it). */
  heroImage?: WalletImage | null;
  textModulesData: LocalizedText[];
  messages: LocalizedText[];
  linksModuleData?: { uris: { uri: string; description: string; localizedDescription?: LocalizedString; id: string }[] };
}

/** An answer of Google (or no answer) that the caller decides about: retryable ones are tried again later. */
export class GoogleWalletError extends Error {
  override name = 'GoogleWalletError';
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came (refused, reset, timed out). */
    readonly status: number,
    /** Google asked not to be called again before this moment (429/503 with Retry-After); the job queue waits for it. */
    readonly retryAt?: number,
  ) {
    super(message);
  }

  /** Too many requests, Google's trouble, or no answer: worth trying again after a wait. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status === 408 || this.status >= 500;
  }
}

export interface GoogleWalletClient {
  /** Inserts the class, or patches it when it exists. */
  upsertClass(loyaltyClass: LoyaltyClass, signal?: AbortSignal): Promise<void>;
  /** Inserts the object, or patches it when it exists. */
  upsertObject(object: LoyaltyObject, signal?: AbortSignal): Promise<void>;
  /** Patches the object; false when Google does not know it (it was never inserted). */
  patchObject(objectId: string, patch: Partial<LoyaltyObject>, signal?: AbortSignal): Promise<boolean>;
  /** The "Save to Google Wallet" link for an object that exists. */
  saveUrl(objectId: string, origins: string[]): Promise<string>;
}

export interface GoogleWalletClientOptions {
  now?: () => number;
  /** Longest wait for one answer of Google. */
  timeoutMs?: number;
  /** The clock Google's Retry-After is read and kept on, the job queue's (default `now`; tokens stay on `now`). */
  holdClock?: () => number;
}

/**
 * jose loads when the first token or save link is signed, not with the server: most processes that build the
 * app (every API test file) never sign one.
 */
const loadJose = (): Promise<typeof import('jose')> => import('jose');

const TOKEN_LIFETIME_S = 3600;
/** A cached token is renewed this long before Google would refuse it. */
const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;

export function createGoogleWalletClient(config: GoogleWalletConfig, options: GoogleWalletClientOptions = {}): GoogleWalletClient {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let signingKey: Promise<CryptoKey> | undefined;
  let cached: { token: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;
  // A host of Google's that answered 429/503 with Retry-After is not called again, for any pass, until then.
  const holdClock = options.holdClock ?? now;
  const holds = createHostHolds(holdClock);

  const key = (): Promise<CryptoKey> => (signingKey ??= loadJose().then(({ importPKCS8 }) => importPKCS8(config.privateKey, 'RS256')));

  const header = () => ({ alg: 'RS256', typ: 'JWT', ...(config.privateKeyId ? { kid: config.privateKeyId } : {}) });

  const withTimeout = (signal: AbortSignal | undefined): AbortSignal => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };

  async function send(url: string, init: RequestInit & { signal: AbortSignal }): Promise<Response> {
    const host = new URL(url).host;
    const heldUntil = holds.heldUntil(host);
    if (heldUntil !== undefined) throw new GoogleWalletError(`${host} asked to slow down until ${new Date(heldUntil).toISOString()}`, 429, heldUntil);
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new GoogleWalletError(`no answer from ${host}: ${reason}`, 0);
    }
    if (response.status === 429 || response.status === 503) {
      const retryAt = retryAfterAt(response.headers.get('retry-after'), holdClock());
      if (retryAt !== undefined) {
        holds.hold(host, retryAt);
        throw new GoogleWalletError(`${host} answered ${response.status}, retry after ${new Date(retryAt).toISOString()}: ${(await response.text()).slice(0, 200)}`, response.status, retryAt);
      }
    }
    return response;
  }

  async function fetchToken(signal: AbortSignal | undefined): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    const { SignJWT } = await loadJose();
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader(header())
      .setIssuer(config.serviceAccountEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_LIFETIME_S)
      .sign(await key());
    const response = await send(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: withTimeout(signal),
    });
    if (!response.ok) throw new GoogleWalletError(`the token endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`, response.status);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new GoogleWalletError('the token endpoint answered no access_token', 502);
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : TOKEN_LIFETIME_S) * 1000;
    cached = { token: body.access_token, expiresAt: now() + lifetimeMs - TOKEN_RENEW_MARGIN_MS };
    return body.access_token;
  }

  async function accessToken(signal: AbortSignal | undefined): Promise<string> {
    if (cached && cached.expiresAt > now()) return cached.token;
    // Jobs running side by side share one token request.
    pendingToken ??= fetchToken(signal).finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** One API call; a 401 (a token Google revoked early) is tried once more with a fresh token. */
  async function call(method: 'POST' | 'PATCH', path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const token = await accessToken(signal);
      const response = await send(`${config.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: withTimeout(signal),
      });
      if (response.status !== 401 || attempt > 1) return response;
      cached = undefined;
    }
  }

  async function refuse(response: Response, what: string): Promise<never> {
    throw new GoogleWalletError(`${what}: Google answered ${response.status}: ${(await response.text()).slice(0, 300)}`, response.status);
  }

  async function upsert(resource: 'loyaltyClass' | 'loyaltyObject', item: { id: string }, signal: AbortSignal | undefined): Promise<void> {
    const inserted = await call('POST', `/${resource}`, item, signal);
    if (inserted.ok) return;
    if (inserted.status !== 409) return refuse(inserted, `inserting ${resource} ${item.id}`);
    const patched = await call('PATCH', `/${resource}/${encodeURIComponent(item.id)}`, item, signal);
    if (!patched.ok) return refuse(patched, `patching ${resource} ${item.id}`);
  }

  return {
    upsertClass: (loyaltyClass, signal) => upsert('loyaltyClass', loyaltyClass, signal),
    upsertObject: (object, signal) => upsert('loyaltyObject', object, signal),
    async patchObject(objectId, patch, signal) {
      const response = await call('PATCH', `/loyaltyObject/${encodeURIComponent(objectId)}`, patch, signal);
      if (response.status === 404) return false;
      if (!response.ok) return refuse(response, `patching loyaltyObject ${objectId}`);
      return true;
    },
    async saveUrl(objectId, origins) {
      const { SignJWT } = await loadJose();
      const jwt = await new SignJWT({ typ: 'savetowallet', origins, payload: { loyaltyObjects: [{ id: objectId }] } })
        .setProtectedHeader(header())
        .setIssuer(config.serviceAccountEmail)
        .setAudience('google')
        .setIssuedAt(Math.floor(now() / 1000))
        .sign(await key());
      return `${GOOGLE_SAVE_URL_BASE}${jwt}`;
    },
  };
}
