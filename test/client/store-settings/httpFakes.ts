// A fake /api for the store-settings tests: a minimal fetch (jsdom has none) and a scriptable XMLHttpRequest.
// Requests are recorded so tests can assert what the browser would have sent.

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The raw body: a string (JSON) or the FormData the app built. */
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

type Handler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** Only what RTK Query's fetchBaseQuery uses of Request. */
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

/** Only what fetchBaseQuery uses of Response. */
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
  clone() {
    return new MinimalResponse(this.bodyText, this.status);
  }
}

export interface FakeApi {
  requests: RecordedRequest[];
  /** Answers `METHOD /api/path`; unmatched requests get 404. */
  on(route: string, handler: Handler | FakeReply): void;
  restore(): void;
}

/** Installs fetch/Request/Response on the jsdom window for one test. */
export function installFakeApi(): FakeApi {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const saved = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response };

  const fakeFetch = async (input: MinimalRequest): Promise<MinimalResponse> => {
    const path = new URL(input.url, 'http://localhost').pathname;
    const recorded: RecordedRequest = { method: input.method, url: path, headers: input.headers, body: input.body };
    requests.push(recorded);
    const handler = handlers.get(`${input.method} ${path}`);
    const reply = handler ? await handler(recorded) : { status: 404, body: { error: 'Not found' } };
    return new MinimalResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status);
  };

  Object.assign(globalThis, { fetch: fakeFetch, Request: MinimalRequest, Response: MinimalResponse });
  return {
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    restore() {
      Object.assign(globalThis, saved);
    },
  };
}

/** A deferred reply, for tests that look at the screen while a request is still open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** One XMLHttpRequest the app opened; the test decides when and how it progresses and ends. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, ((event: ProgressEvent) => void)[]>();
  private uploadListeners = new Map<string, ((event: ProgressEvent) => void)[]>();
  readonly upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
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
  addEventListener(type: string, listener: (event: ProgressEvent) => void) {
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

  private emit(map: Map<string, ((event: ProgressEvent) => void)[]>, type: string, init: Partial<ProgressEvent>) {
    for (const listener of map.get(type) ?? []) listener(init as ProgressEvent);
  }

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

/** Vendor fixtures in the wire shape of GET /api/vendor/{id}. */
export const VENDOR_ID = 'v-123';

export function vendorResponse(overrides: { items?: { _id: string; name: string; price: number | '' }[] } = {}) {
  return {
    vendor: {
      company: 'Corner Coffee',
      address: '1 Main Street',
      open_hours: 'Mon–Fri 7–18',
      website: 'corner.coffee',
      logo: '/images/logo-abc.png',
      banner: null,
    },
    items: overrides.items ?? [
      { _id: 'i1', name: 'Flat White', price: 4.2 },
      { _id: 'i2', name: 'Tap Water', price: '' as const },
    ],
  };
}
