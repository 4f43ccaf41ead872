// autocannon runs for the bench: one row, per-request client addresses for TRUST_PROXY, and
// the figures the table prints.
import autocannon from 'autocannon';

export interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  /** Answers with an unexpected status (for a refusal row, anything but the refusal). */
  unexpected: number;
  /** What those answers were: "409 cooldown" → how many (status and the body's `code`, when it has one). */
  unexpectedKinds: Record<string, number>;
  errors: number;
}

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Changes each request just before it is sent (a fresh QR code, a credential). */
  perRequest?: (request: { headers: Record<string, string>; body?: string }) => void;
  /** Sees each answer's body (to collect new customers' credentials). */
  onBody?: (status: number, body: string) => void;
  /** The status every answer should have (default 2xx). */
  expectStatus?: number;
}

let addressSerial = 0;
/** A client address not used before in this run (the header only: no traffic goes there), so per-address limits never cap a row. */
export function nextClientAddress(): string {
  addressSerial += 1;
  return `10.${(addressSerial >> 16) & 255}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`;
}

export async function measure(name: string, request: LoadRequest, options: { seconds: number; connections: number; amount?: number }): Promise<Row> {
  const target = new URL(request.url);
  let unexpected = 0;
  const unexpectedKinds: Record<string, number> = {};
  const result = await autocannon({
    url: target.origin,
    connections: options.connections,
    duration: options.seconds,
    // At most this many requests (the row then ends early): for a row whose inputs run out.
    ...(options.amount !== undefined ? { amount: options.amount } : {}),
    requests: [
      {
        method: request.method ?? 'GET',
        path: target.pathname + target.search,
        headers: { 'content-type': 'application/json', ...request.headers },
        body: request.body,
        setupRequest: (raw: { headers?: Record<string, string>; body?: string | Buffer }) => {
          const headers: Record<string, string> = { ...(raw.headers ?? {}), 'x-forwarded-for': nextClientAddress() };
          const next = { headers, body: typeof raw.body === 'string' ? raw.body : request.body };
          request.perRequest?.(next);
          return { ...raw, headers: next.headers, body: next.body };
        },
        onResponse: (status: number, body: string) => {
          const ok = request.expectStatus === undefined ? status >= 200 && status < 300 : status === request.expectStatus;
          if (!ok) {
            unexpected += 1;
            const kind = `${status} ${/"code":"([^"]+)"/.exec(body)?.[1] ?? ''}`.trim();
            unexpectedKinds[kind] = (unexpectedKinds[kind] ?? 0) + 1;
          }
          request.onBody?.(status, body);
        },
      },
    ],
  } as autocannon.Options);
  return {
    name,
    // A row cut short by `amount` ends inside a second: its total over its own length, not per-second samples.
    requestsPerSecond: Math.round(options.amount !== undefined ? result.requests.total / result.duration : result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    unexpected,
    unexpectedKinds,
    errors: result.errors + result.timeouts,
  };
}
