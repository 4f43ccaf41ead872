// What Redux DevTools may see. The app keeps DevTools on in production (they help support a shop's PC), so
// nothing secret may reach the extension: passwords and tokens are redacted from every action and every
// state it is sent, under their own key and wherever else their value appears (the QR code's URL holds
// its token). Every action is sent: none fires on a timer faster than a token is fetched.
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

export const REDACTED = '[redacted]';

/** Object keys whose values are secrets wherever they appear: request bodies, answers, slices. */
const SECRET_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'token', 'deviceToken', 'credential', 'ticket', 'authorization']);

/**
 * RTK Query endpoints whose whole argument is (or holds) a secret: a link's token passed as a bare
 * string has no key to be recognised by, and it is also part of the query's cache key.
 */
const SECRET_ARGUMENT_ENDPOINTS = new Set([
  'login',
  'verify',
  'completeRegistration',
  'checkResetLink',
  'resetPassword',
  'completeRecovery',
  'confirmCustomerEmail',
]);

const MAX_DEPTH = 12;

/** Secret values shorter than this are not looked for inside other strings (too likely to match by chance). */
const MIN_EMBEDDED_SECRET_LENGTH = 8;

/** The values of every secret key in `value`, at any depth. */
function collectSecrets(value: unknown, found: Set<string>, depth = 0): Set<string> {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return found;
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.has(key) && typeof item === 'string' && item.length >= MIN_EMBEDDED_SECRET_LENGTH) found.add(item);
    else collectSecrets(item, found, depth + 1);
  }
  return found;
}

function redactWithin(text: string, secrets: ReadonlySet<string>): string {
  let redacted = text;
  for (const secret of secrets) if (redacted.includes(secret)) redacted = redacted.split(secret).join(REDACTED);
  return redacted;
}

function redactCopy(value: unknown, secrets: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'string') return secrets.size > 0 ? redactWithin(value, secrets) : value;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactCopy(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.has(key) && item !== null && item !== undefined ? REDACTED : redactCopy(item, secrets, depth + 1);
  }
  return copy;
}

/**
 * A copy with every secret key's value replaced, and those values cut out of any other string that holds
 * them (a URL with the token in it); the input is never changed (it is the live store state).
 */
export function redactSecrets(value: unknown): unknown {
  return redactCopy(value, collectSecrets(value, new Set()), 0);
}

interface QueryArgMeta {
  endpointName?: unknown;
  originalArgs?: unknown;
  queryCacheKey?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `verify("abc…")` → `verify([redacted])` for the endpoints whose argument is secret. */
function redactCacheKey(cacheKey: string): string {
  const open = cacheKey.indexOf('(');
  const endpoint = open > 0 ? cacheKey.slice(0, open) : cacheKey;
  return SECRET_ARGUMENT_ENDPOINTS.has(endpoint) ? `${endpoint}(${REDACTED})` : cacheKey;
}

function redactQueryMeta(arg: QueryArgMeta): QueryArgMeta {
  if (typeof arg.endpointName !== 'string' || !SECRET_ARGUMENT_ENDPOINTS.has(arg.endpointName)) return arg;
  return {
    ...arg,
    ...('originalArgs' in arg ? { originalArgs: REDACTED } : {}),
    ...(typeof arg.queryCacheKey === 'string' ? { queryCacheKey: redactCacheKey(arg.queryCacheKey) } : {}),
  };
}

/**
 * fetchBaseQuery's `meta.baseQueryMeta` carries the Request and Response themselves: the request body (a
 * password) and the Authorization header. DevTools get the method, address and status only.
 */
function describeBaseQueryMeta(meta: unknown, linkToken: string | undefined): unknown {
  if (!isRecord(meta)) return meta;
  const request = meta.request as { method?: unknown; url?: unknown } | undefined;
  const response = meta.response as { status?: unknown } | undefined;
  // A link's token is part of the address it is sent to (/api/auth/verify/{token}).
  const url = typeof request?.url === 'string' && linkToken ? request.url.split(encodeURIComponent(linkToken)).join(REDACTED) : request?.url;
  return {
    ...(request ? { request: { method: request.method, url } } : {}),
    ...(response ? { response: { status: response.status } } : {}),
  };
}

/** The token of a link an RTK Query request was made for: a bare string argument, or its `token` field. */
function linkTokenOf(arg: unknown): string | undefined {
  if (!isRecord(arg) || typeof arg.endpointName !== 'string' || !SECRET_ARGUMENT_ENDPOINTS.has(arg.endpointName)) return undefined;
  const args = arg.originalArgs;
  if (typeof args === 'string') return args;
  return isRecord(args) && typeof args.token === 'string' ? args.token : undefined;
}

/** An action as DevTools may show it: RTK Query's request, `meta.arg` of secret endpoints and every secret key redacted. */
export function sanitizeAction<A>(action: A): A {
  // The Request object is read before redactSecrets copies it (a copy keeps own properties only).
  const baseQueryMeta = isRecord(action) && isRecord(action.meta) && 'baseQueryMeta' in action.meta
    ? describeBaseQueryMeta(action.meta.baseQueryMeta, linkTokenOf(action.meta.arg))
    : undefined;
  const redacted = redactSecrets(action);
  if (!isRecord(redacted) || !isRecord(redacted.meta)) return redacted as A;
  const meta: Record<string, unknown> = { ...redacted.meta };
  if (baseQueryMeta !== undefined) meta.baseQueryMeta = baseQueryMeta;
  if (isRecord(meta.arg)) meta.arg = redactQueryMeta(meta.arg);
  return { ...redacted, meta } as A;
}

/**
 * The api slice names cache entries by endpoint and argument (`verify("abc…")`) in several places
 * (queries, provided tags, subscriptions): every such key of a secret endpoint is renamed, at any depth.
 */
function redactApiCache(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || !isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactCacheKey(key), redactApiCache(isRecord(item) ? redactQueryMeta(item) : item, depth + 1)]),
  );
}

/** The state as DevTools may show it: secrets redacted, and the api cache's entries for secret endpoints renamed. */
export function sanitizeState<S>(state: S): S {
  const redacted = redactSecrets(state);
  if (!isRecord(redacted) || !isRecord(redacted.api)) return redacted as S;
  return { ...redacted, api: redactApiCache(redacted.api) } as S;
}

// DevToolsEnhancerOptions types the sanitizers as generic over the action/state type; ours are too.
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Stampwise',
  actionSanitizer: (action) => sanitizeAction(action),
  stateSanitizer: (state) => sanitizeState(state),
};
