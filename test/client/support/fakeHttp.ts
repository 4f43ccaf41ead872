// The one fake of the app's HTTP for client tests: a scriptable /api behind fetch (RTK Query's fetchBaseQuery)
// and a scriptable XMLHttpRequest (the menu upload, which needs progress events). Every request is recorded so a
// test can assert exactly what the browser would have sent.
//
//   const api = installFakeApi();                                  // in beforeEach; api.restore() in afterEach
//   api.on('GET /api/vendor/v1', { status: 200, body: {...} });    // or 'network-failure', or (request) => reply
//   api.sent('POST /api/auth/login')                               // what was sent there, in order
//
// jsdom has no fetch, Request or Response: test/setup/client.ts installs the minimal ones below for every
// suite (installFetchGlobals), with a fetch that fails loudly until a test installs its fake /api.

export interface SentRequest {
  method: string;
  /** Path only, without the query string, e.g. /api/auth/login. */
  path: string;
  /** The URL as sent, query string included. */
  url: string;
  headers: Headers;
  /** The raw body: a JSON string or the FormData the app built. */
  body: unknown;
  /** Whether the request was made to outlive the page (fetch's keepalive). */
  keepalive: boolean;
}

/** An HTTP answer, or 'network-failure' for a request that never reaches the server. */
export type Reply = { status: number; body?: unknown } | 'network-failure';
export type ReplyHandler = (request: SentRequest) => Reply | Promise<Reply>;

/** What RTK Query's fetchBaseQuery uses of Request. */
class MinimalRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
  readonly keepalive: boolean;
  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal ?? undefined;
    this.keepalive = init.keepalive ?? false;
  }
}

/** What fetchBaseQuery uses of Response: status, headers and the body as text. */
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
  async json(): Promise<unknown> {
    return JSON.parse(this.bodyText);
  }
  /** The body's bytes (a picture's answer is read as a Blob). */
  async blob(): Promise<Blob> {
    return new Blob([this.bodyText]);
  }
  clone() {
    return new MinimalResponse(this.bodyText, this.status);
  }
}

/** The fetch in place while no test has installed a fake /api: a request there is a mistake in the test. */
const unansweredFetch = (input: MinimalRequest) =>
  Promise.reject(new Error(`${input.method} ${input.url}: no fake /api in this test (call installFakeApi())`));

/**
 * Gives the jsdom window the fetch, Request and Response the app expects. Called once per test file from
 * test/setup/client.ts, before the app's modules load: fetchBaseQuery warns at creation when fetch is missing.
 */
export function installFetchGlobals(): void {
  Object.assign(globalThis, { fetch: unansweredFetch, Request: MinimalRequest, Response: MinimalResponse });
}

export interface FakeApi {
  /** The fetch the app calls; `fetch.mock.calls.length` counts requests. */
  fetch: jest.Mock<Promise<MinimalResponse>, [MinimalRequest]>;
  /** Every request, in the order sent. */
  requests: SentRequest[];
  /** The requests to `METHOD /api/path` so far. */
  sent(route: string): SentRequest[];
  /** Answers `METHOD /api/path` (query strings ignored); unmatched requests get 404. */
  on(route: string, reply: Reply | ReplyHandler): void;
  /** Puts back the fetch that was there before. */
  restore(): void;
}

export function installFakeApi(): FakeApi {
  const handlers = new Map<string, ReplyHandler>();
  const requests: SentRequest[] = [];
  const savedFetch = globalThis.fetch;

  const fetch = jest.fn(async (input: MinimalRequest) => {
    // As in a browser: a request whose signal is already aborted never leaves.
    if (input.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const sent: SentRequest = {
      method: input.method,
      path: new URL(input.url, 'http://localhost').pathname,
      url: input.url,
      headers: input.headers,
      body: input.body,
      keepalive: input.keepalive,
    };
    requests.push(sent);
    const handler = handlers.get(`${sent.method} ${sent.path}`);
    const reply = handler ? await handler(sent) : { status: 404, body: { error: 'Not found' } };
    if (reply === 'network-failure') throw new TypeError('Failed to fetch');
    return new MinimalResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status);
  });

  Object.assign(globalThis, { fetch });
  return {
    fetch,
    requests,
    sent: (route) => requests.filter((request) => `${request.method} ${request.path}` === route),
    on(route, reply) {
      handlers.set(route, typeof reply === 'function' ? reply : () => reply);
    },
    restore() {
      Object.assign(globalThis, { fetch: savedFetch });
    },
  };
}

/** A reply the test releases later, to look at the screen while a request is still open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

type ProgressListener = (event: ProgressEvent) => void;

/** One XMLHttpRequest the app opened; the test decides when and how it progresses and ends. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, ProgressListener[]>();
  private uploadListeners = new Map<string, ProgressListener[]>();
  readonly upload = {
    addEventListener: (type: string, listener: ProgressListener) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: ProgressListener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit(this.listeners, 'abort', {});
  }

  /** Test side: the browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.emit(this.uploadListeners, 'progress', { lengthComputable: true, loaded, total });
  }
  /** Test side: the server answers. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit(this.listeners, 'load', {});
  }
  /** Test side: the connection breaks. */
  fail() {
    this.emit(this.listeners, 'error', {});
  }

  private emit(map: Map<string, ProgressListener[]>, type: string, init: Partial<ProgressEvent>) {
    for (const listener of map.get(type) ?? []) listener(init as ProgressEvent);
  }

  /** Replaces XMLHttpRequest for one test; returns the function that puts the real one back. */
  static install(): () => void {
    FakeXhr.instances = [];
    const saved = globalThis.XMLHttpRequest;
    Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
    return () => Object.assign(globalThis, { XMLHttpRequest: saved });
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('no XMLHttpRequest was opened');
    return xhr;
  }
}
