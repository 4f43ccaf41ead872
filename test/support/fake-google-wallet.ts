// A fake Google Wallet on 127.0.0.1: the OAuth2 token endpoint (it verifies the service account's RS256
// assertion with the public key of a key pair made at run time) and the Wallet REST API's loyalty classes and
// objects (insert, patch, get; bearer token required). It records every call and can answer chosen statuses
// or hang, so tests see what the server sent and how it behaves when Google is busy or down.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';

export interface RecordedCall {
  method: string;
  /** Under the API base, e.g. /loyaltyObject/3388….card-ab12. */
  path: string;
  body: Record<string, unknown> | undefined;
  /** The status the fake answered. */
  status: number;
}

export interface FakeGoogleWallet {
  issuerId: string;
  serviceAccountEmail: string;
  /** The service account's public key: what Google checks the "Save" links against. */
  publicKey: CryptoKey;
  apiUrl: string;
  tokenUrl: string;
  /** The variables that point the server at this fake (the key file is written to a temporary directory). */
  env: Record<string, string>;
  /** API calls answered (token requests are in `tokenRequests`). */
  calls: RecordedCall[];
  tokenRequests: number;
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  /** The next API calls answer these statuses instead (429, 503, or one with headers such as Retry-After), one each, before working again. */
  failNext(...statuses: (number | FakeGoogleFailure)[]): void;
  /** While true, API calls get no answer (a timeout on the server's side). */
  hang: boolean;
  /** The next token requests answer these statuses instead (500, 503, …), one each, before working again. */
  failTokenNext(...statuses: number[]): void;
  /** Forgets every access token given so far, as Google does when it revokes them early: API calls answer 401 until a new one is fetched. */
  revokeTokens(): void;
  /** Resolves once `count` calls matching `filter` were recorded. */
  waitForCalls(filter: (call: RecordedCall) => boolean, count?: number, timeoutMs?: number): Promise<RecordedCall[]>;
  close(): Promise<void>;
}

export interface FakeGoogleFailure {
  status: number;
  headers: Record<string, string>;
}

const API_BASE = '/walletobjects/v1';

// An RSA key pair costs a sixth of a second of CPU to make, and most tests start a fake of their own: the
// fakes of one test file share one pair (each fake still has its own server, key file and records).
let sharedKeyPair: ReturnType<typeof generateKeyPair> | undefined;

export async function startFakeGoogleWallet(): Promise<FakeGoogleWallet> {
  const { publicKey, privateKey } = await (sharedKeyPair ??= generateKeyPair('RS256', { extractable: true }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-google-wallet-'));
  const serviceAccountEmail = 'stampwise-wallet@stampwise-test.iam.gserviceaccount.com';
  const keyFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    keyFile,
    JSON.stringify({ type: 'service_account', project_id: 'stampwise-test', private_key_id: 'fake-key-1', private_key: await exportPKCS8(privateKey), client_email: serviceAccountEmail }),
    { mode: 0o600 },
  );
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issued = new Set<string>();
  const failures: (number | FakeGoogleFailure)[] = [];
  const tokenFailures: number[] = [];
  const hanging = new Set<http.ServerResponse>();
  const waiters = new Set<() => void>();
  let tokenCount = 0;

  const fake: FakeGoogleWallet = {
    issuerId: '3388000000012345678',
    serviceAccountEmail,
    publicKey,
    apiUrl: `${origin}${API_BASE}`,
    tokenUrl: `${origin}/token`,
    env: {},
    calls: [],
    tokenRequests: 0,
    classes: new Map(),
    objects: new Map(),
    failNext: (...statuses) => {
      failures.push(...statuses);
    },
    hang: false,
    failTokenNext: (...statuses) => {
      tokenFailures.push(...statuses);
    },
    revokeTokens: () => issued.clear(),
    waitForCalls(filter, count = 1, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const matching = fake.calls.filter(filter);
          if (matching.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the fake Google Wallet saw ${fake.calls.filter(filter).length} of ${count} expected calls: ${JSON.stringify(fake.calls.map((c) => `${c.method} ${c.path} ${c.status}`))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      // A client's kept-alive or half-finished connections would hold the close until they time out.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  fake.env = { GOOGLE_WALLET_ISSUER_ID: fake.issuerId, GOOGLE_WALLET_KEY_FILE: keyFile, GOOGLE_WALLET_API_URL: fake.apiUrl, GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl };

  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const record = (call: RecordedCall) => {
    fake.calls.push(call);
    for (const waiter of [...waiters]) waiter();
  };

  async function token(body: string, response: http.ServerResponse): Promise<void> {
    const form = new URLSearchParams(body);
    const failure = tokenFailures.shift();
    if (failure !== undefined) return json(response, failure, { error: 'temporarily_unavailable' });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(response, 400, { error: 'unsupported_grant_type' });
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: serviceAccountEmail, audience: fake.tokenUrl, algorithms: ['RS256'] });
      if (payload.scope !== 'https://www.googleapis.com/auth/wallet_object.issuer' || protectedHeader.kid !== 'fake-key-1') return json(response, 400, { error: 'invalid_scope' });
    } catch (error) {
      return json(response, 400, { error: 'invalid_grant', error_description: error instanceof Error ? error.message : String(error) });
    }
    tokenCount += 1;
    fake.tokenRequests = tokenCount;
    const accessToken = `fake-access-${tokenCount}`;
    issued.add(accessToken);
    json(response, 200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
  }

  function api(request: http.IncomingMessage, response: http.ServerResponse, pathname: string, raw: string): void {
    const method = request.method ?? 'GET';
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
      record({ method, path: pathname, body, status });
      json(response, status, payload, headers);
    };
    if (fake.hang) {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !issued.has(bearer)) return answer(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    const failure = failures.shift();
    if (typeof failure === 'number') return answer(failure, { error: { code: failure, message: 'fake failure' } });
    if (failure !== undefined) return answer(failure.status, { error: { code: failure.status, message: 'fake failure' } }, failure.headers);
    const match = /^\/(loyaltyClass|loyaltyObject)(?:\/([^/]+))?$/.exec(pathname);
    if (!match) return answer(404, { error: { code: 404, message: 'no such resource' } });
    const store = match[1] === 'loyaltyClass' ? fake.classes : fake.objects;
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (method === 'POST' && !id) {
      const newId = String(body?.id ?? '');
      if (!newId.startsWith(`${fake.issuerId}.`)) return answer(400, { error: { code: 400, message: 'id must start with the issuer id' } });
      if (store.has(newId)) return answer(409, { error: { code: 409, message: 'already exists' } });
      if (match[1] === 'loyaltyObject' && !fake.classes.has(String(body?.classId))) return answer(404, { error: { code: 404, message: 'class not found' } });
      store.set(newId, body ?? {});
      return answer(200, body);
    }
    if (!id || !store.has(id)) return answer(404, { error: { code: 404, message: 'not found' } });
    if (method === 'PATCH') {
      const merged = { ...store.get(id), ...body, id };
      store.set(id, merged);
      return answer(200, merged);
    }
    if (method === 'GET') return answer(200, store.get(id));
    answer(405, { error: { code: 405, message: 'method not allowed' } });
  }

  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', origin);
      if (url.pathname === '/token' && request.method === 'POST') {
        token(raw, response).catch(() => json(response, 500, { error: 'fake token endpoint failed' }));
      } else if (url.pathname.startsWith(`${API_BASE}/`)) {
        api(request, response, url.pathname.slice(API_BASE.length), raw);
      } else json(response, 404, { error: 'not found' });
    });
  });
  return fake;
}
