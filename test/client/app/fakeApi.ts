// A scriptable /api for the account tests: minimal fetch/Request/Response (jsdom has none) that records
// what the app sent. Also a stand-in for window.location.assign, which jsdom cannot perform.

// Import this module before the app's modules: fetchBaseQuery warns at creation when no fetch exists yet.
if (typeof globalThis.fetch === 'undefined') {
  Object.assign(globalThis, {
    fetch: () => Promise.reject(new Error('No fake /api installed: call installFakeApi() in the test')),
  });
}

export interface SentRequest {
  method: string;
  /** Path only, e.g. /api/auth/login. */
  path: string;
  headers: Headers;
  /** The raw body: a JSON string or the FormData the app built. */
  body: unknown;
}

/** An HTTP answer, or 'network-failure' for a request that never reaches the server. */
export type Reply = { status: number; body?: unknown } | 'network-failure';
type Handler = (request: SentRequest) => Reply | Promise<Reply>;

/** What RTK Query's fetchBaseQuery uses of Request. */
class MinimalRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal ?? undefined;
  }
}

/** What fetchBaseQuery uses of Response. */
class MinimalResponse {
  readonly headers: Headers;
  constructor(
    private readonly bodyText: string,
    readonly status: number,
  ) {
    this.headers = new Headers(bodyText ? { 'content-type': 'application/json' } : {});
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  async text() {
    return this.bodyText;
  }
  clone() {
    return new MinimalResponse(this.bodyText, this.status);
  }
}

export interface FakeApi {
  /** The fetch the app calls; `fetch.mock.calls.length` counts requests. */
  fetch: jest.Mock<Promise<MinimalResponse>, [MinimalRequest]>;
  requests: SentRequest[];
  /** Answers `METHOD /api/path`; unmatched requests get 404. */
  on(route: string, reply: Reply | Handler): void;
  restore(): void;
}

export function installFakeApi(): FakeApi {
  const handlers = new Map<string, Handler>();
  const requests: SentRequest[] = [];
  const saved = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response };

  const fetch = jest.fn(async (input: MinimalRequest) => {
    const sent: SentRequest = {
      method: input.method,
      path: new URL(input.url, 'http://localhost').pathname,
      headers: input.headers,
      body: input.body,
    };
    requests.push(sent);
    const handler = handlers.get(`${sent.method} ${sent.path}`);
    const reply = handler ? await handler(sent) : { status: 404, body: { error: 'Not found' } };
    if (reply === 'network-failure') throw new TypeError('Failed to fetch');
    return new MinimalResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status);
  });

  Object.assign(globalThis, { fetch, Request: MinimalRequest, Response: MinimalResponse });
  return {
    fetch,
    requests,
    on(route, reply) {
      handlers.set(route, typeof reply === 'function' ? reply : () => reply);
    },
    restore() {
      Object.assign(globalThis, saved);
    },
  };
}

/** A reply the test releases later, to look at the screen while a request is open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Replaces window.location with a copy whose assign() is a mock; returns the mock and a restore function. */
export function stubLocationAssign() {
  const original = window.location;
  const assign = jest.fn<void, [string]>();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
  return {
    assign,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}

/** Claims for a token that is valid for years (exp in seconds, SPEC.md §3). */
export const FAR_FUTURE_EXP = 4_102_444_800; // 2100-01-01
