// A local web push service on 127.0.0.1 (https, with a certificate made for the test run), standing in
// for FCM or Mozilla's autopush. It hands out subscriptions the way a browser makes them — an ECDH
// P-256 key pair and an auth secret of its own — and for every push it receives it checks the VAPID
// JWT (audience = this service's origin, ES256 signature verified with the key the request names) and
// DECRYPTS the payload with the subscription's private key, as a browser would. Each subscription
// answers 201 unless the test chose a status or 'hang' (never answer).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as text. */
  payload: string;
  /** The VAPID public key the request named (`k=`), base64url. */
  vapidKey: string;
  claims: JWTPayload;
  ttl: string | undefined;
  /** The Topic header (RFC 8030 §5.4): pushes of one topic replace each other while undelivered. */
  topic: string | undefined;
}

/** Every push request that reached a subscription, answered or not: what a retry looked like. */
export interface PushAttempt {
  endpoint: string;
  topic: string | undefined;
  status: number | 'hang';
  /** When the request arrived (epoch ms). */
  at: number;
}

const statusOf = (answer: FakePushAnswer): number | 'hang' => (typeof answer === 'object' ? answer.status : answer);

/** A status (201 by default), a status with headers (429 with Retry-After), or 'hang' to never answer. */
export type FakePushAnswer = number | { status: number; headers: Record<string, string> } | 'hang';

export interface FakePushService {
  origin: string;
  /** Trusts this service's certificate: give it to the push client. */
  agent: https.Agent;
  /** The certificate (PEM), for a server process to trust through NODE_EXTRA_CA_CERTS. */
  certificate: string;
  attempts: PushAttempt[];
  /** Pushes whose JWT verified and whose payload decrypted, in order. */
  received: ReceivedPush[];
  /** Requests refused (bad JWT, undecryptable payload, unknown endpoint), with why. */
  refused: string[];
  subscribe(): FakeSubscription;
  /** How the subscription's next pushes are answered (201 by default). */
  answer(endpoint: string, answer: FakePushAnswer): void;
  close(): Promise<void>;
}

interface Receiver {
  ecdh: crypto.ECDH;
  auth: Buffer;
  answer: FakePushAnswer;
}

function makeCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-push-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2',
    ], { cwd: dir, stdio: 'pipe' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `vapid t=<jwt>, k=<key>` (RFC 8292 section 3). */
function parseVapid(header: string | undefined): { token: string; key: string } | undefined {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match) return undefined;
  const params = new Map(match[1].split(',').map((part) => {
    const [name, ...value] = part.trim().split('=');
    return [name, value.join('=')] as const;
  }));
  const token = params.get('t');
  const key = params.get('k');
  return token && key ? { token, key } : undefined;
}

async function verifyVapid(token: string, key: string, audience: string): Promise<JWTPayload> {
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(token, publicKey, { audience, algorithms: ['ES256'] });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub is not a mailto: or https: contact');
  return payload;
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = makeCertificate();
  const receivers = new Map<string, Receiver>();
  const hanging = new Set<import('node:http').ServerResponse>();
  const server = https.createServer({ key, cert });
  const fake: FakePushService = {
    origin: '',
    agent: new https.Agent({ ca: cert, keepAlive: false }),
    certificate: cert,
    attempts: [],
    received: [],
    refused: [],
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${fake.origin}/push/${crypto.randomBytes(12).toString('base64url')}`;
      receivers.set(endpoint, { ecdh, auth, answer: 201 });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer(endpoint, answer) {
      const receiver = receivers.get(endpoint);
      if (!receiver) throw new Error(`fake push service: no subscription ${endpoint}`);
      receiver.answer = answer;
    },
    async close() {
      for (const response of hanging) response.destroy();
      fake.agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const endpoint = `${fake.origin}${request.url ?? ''}`;
        const receiver = receivers.get(endpoint);
        const refuse = (status: number, why: string) => {
          fake.refused.push(why);
          response.writeHead(status).end(why);
        };
        if (request.method !== 'POST' || !receiver) return refuse(404, `no subscription at ${endpoint}`);
        const topic = typeof request.headers.topic === 'string' ? request.headers.topic : undefined;
        // The answer chosen when the push arrived, even if the test changes it while the push is checked.
        const chosen = receiver.answer;
        fake.attempts.push({ endpoint, topic, status: statusOf(chosen), at: Date.now() });
        if (chosen === 'hang') {
          hanging.add(response);
          return;
        }
        const vapid = parseVapid(request.headers.authorization);
        if (!vapid) return refuse(401, 'no VAPID authorization');
        let claims: JWTPayload;
        try {
          claims = await verifyVapid(vapid.token, vapid.key, fake.origin);
        } catch (error) {
          return refuse(403, `VAPID JWT refused: ${(error as Error).message}`);
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `content-encoding ${request.headers['content-encoding']}`);
        let payload: string;
        try {
          payload = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: receiver.ecdh, authSecret: receiver.auth }).toString('utf8');
        } catch (error) {
          return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
        }
        if (typeof chosen === 'object') {
          fake.refused.push(`answered ${chosen.status} as the test chose`);
          return void response.writeHead(chosen.status, chosen.headers).end();
        }
        if (chosen !== 201) return refuse(chosen, `answered ${chosen} as the test chose`);
        const ttl = request.headers.ttl;
        fake.received.push({ endpoint, payload, vapidKey: vapid.key, claims, ttl: typeof ttl === 'string' ? ttl : undefined, topic });
        response.writeHead(201, { location: `${endpoint}/message/${fake.received.length}` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
