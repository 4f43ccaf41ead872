// A scriptable /api for the reward and QR tests: the minimal fetch/Request/Response RTK Query uses (jsdom has
// none), recording every request so tests can assert exactly what the browser would have sent.

export interface SentRequest {
  method: string;
  /** Path only, e.g. /api/rewards/v1. */
  path: string;
  headers: Headers;
  /** The raw body (a JSON string for JSON requests). */
  body: unknown;
}

export type Reply = { status: number; body?: unknown } | 'network-failure';
type Handler = (request: SentRequest) => Reply | Promise<Reply>;

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

export interface FakeHttp {
  requests: SentRequest[];
  /** Requests to `METHOD /api/path` so far. */
  sent(route: string): SentRequest[];
  /** Answers `METHOD /api/path`; anything else gets 404. */
  on(route: string, reply: Reply | Handler): void;
  restore(): void;
}

export function installFakeHttp(): FakeHttp {
  const handlers = new Map<string, Handler>();
  const requests: SentRequest[] = [];
  const saved = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response };

  const fetch = async (input: MinimalRequest) => {
    const request: SentRequest = {
      method: input.method,
      path: new URL(input.url, 'http://localhost').pathname,
      headers: input.headers,
      body: input.body,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    const reply = handler ? await handler(request) : { status: 404, body: { error: 'Not found' } };
    if (reply === 'network-failure') throw new TypeError('Failed to fetch');
    return new MinimalResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status);
  };

  Object.assign(globalThis, { fetch, Request: MinimalRequest, Response: MinimalResponse });
  return {
    requests,
    sent: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    on(route, reply) {
      handlers.set(route, typeof reply === 'function' ? reply : () => reply);
    },
    restore() {
      Object.assign(globalThis, saved);
    },
  };
}

/** A token the client can decode (unsigned), valid until 2100. */
export function sessionTokenFor(vendorId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: vendorId, exp: 4_102_444_800 })}.signature`;
}
