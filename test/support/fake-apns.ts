// A fake Apple push service (APNs) on 127.0.0.1, speaking cleartext HTTP/2 (the server's APNS_URL is
// then http://…): it records every push — device token, topic, body, when — and answers what the test
// chose for each token (200 by default; 410 for a phone that removed the app, 500s, or no answer at all).
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface RecordedPush {
  token: string;
  topic: string | undefined;
  body: string;
  at: number;
}

/** How the fake answers one push: a status (and APNs reason, and headers such as Retry-After), or 'hang' to never answer. */
export type FakeApnsAnswer = { status: number; reason?: string; headers?: Record<string, string> } | 'hang';

export interface FakeApns {
  url: string;
  /** Pushes answered 200, in order. */
  delivered: RecordedPush[];
  /** Every push received, whatever the answer. */
  received: RecordedPush[];
  /** The answer to the next push for a token; undefined answers 200. */
  answer: (token: string) => FakeApnsAnswer | undefined;
  /** Resolves once `count` pushes were delivered (rejects after `withinMs`). */
  waitForDelivered(count: number, withinMs?: number): Promise<RecordedPush[]>;
  close(): Promise<void>;
}

export async function startFakeApns(): Promise<FakeApns> {
  const server = http2.createServer();
  const sessions = new Set<http2.ServerHttp2Session>();
  const waiters = new Set<() => void>();
  const fake: FakeApns = {
    url: '',
    delivered: [],
    received: [],
    answer: () => undefined,
    waitForDelivered(count, withinMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (fake.delivered.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(fake.delivered);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake APNs: ${fake.delivered.length} of ${count} pushes after ${withinMs} ms`));
        }, withinMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = String(headers[':path'] ?? '');
      const token = decodeURIComponent(path.replace(/^\/3\/device\//, ''));
      const push: RecordedPush = { token, topic: headers['apns-topic'] as string | undefined, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      fake.received.push(push);
      const answer = fake.answer(token) ?? { status: 200 };
      if (answer === 'hang') return;
      if (answer.status === 200) {
        fake.delivered.push(push);
        stream.respond({ ':status': 200, 'apns-id': `fake-${fake.received.length}` });
        stream.end();
        for (const waiter of [...waiters]) waiter();
        return;
      }
      stream.respond({ ':status': answer.status, 'content-type': 'application/json', ...answer.headers });
      stream.end(JSON.stringify({ reason: answer.reason ?? 'InternalServerError' }));
    });
    stream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
