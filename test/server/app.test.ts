import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { buildTestApp, usingPostgres, type TestApp } from './helpers';

describe('the API app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/health', () => {
    it('answers 200 with the database it reached', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, database: 'up', engine: usingPostgres ? 'postgres' : 'sqlite', redis: 'off' });
    });
  });

  describe('GET /api/docs', () => {
    it('serves the OpenAPI description listing the auth routes', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/auth/register',
          '/api/auth/verify/{token}',
          '/api/auth/complete-registration/{token}',
          '/api/auth/login',
          '/api/auth/session',
        ]),
      );
      expect(Object.keys(doc.paths['/api/auth/register'].post as object)).toContain('requestBody');
      expect(JSON.stringify(doc.paths['/api/auth/register'])).toContain('multipart/form-data');
    });

    it('serves the interactive documentation page', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // A page with scripts: the document set of security headers, not the API's.
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  describe('security headers', () => {
    // API answers carry OWASP's REST set; documents (pages, static files, the API docs) helmet's full set.
    const DOCUMENT_ONLY = ['origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'referrer-policy'];

    it.each([
      ['a JSON answer', '/api/health'],
      ['an authenticated route refusing', '/api/vendor/someone'],
      ['an unknown API route', '/api/nope'],
    ])('sends the API set on %s (%s)', async (_what, url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-powered-by']).toBeUndefined();
      for (const name of DOCUMENT_ONLY) expect(response.headers[name]).toBeUndefined();
    });

    it('sends helmet headers with the full CSP on a page address (this app serves no pages: its 404)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/login' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('over plain http (a shop PC on the LAN) neither upgrades requests to https nor sends HSTS', async () => {
      // The test app's PUBLIC_URL is http://stampwise.test: a phone would fetch every script over https and get nothing.
      for (const url of ['/api/health', '/login']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('behind an https PUBLIC_URL upgrades insecure requests on documents and sends HSTS on every answer', async () => {
      const https = await buildTestApp({ config: { publicUrl: 'https://stamps.example' } });
      try {
        const page = await https.app.inject({ method: 'GET', url: '/login' });
        expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
        expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        const api = await https.app.inject({ method: 'GET', url: '/api/health' });
        expect(api.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
      } finally {
        await https.close();
      }
    });
  });

  describe('unknown and malformed requests', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['DELETE', '/api/auth/login'],
    ] as const)('answers 404 JSON for %s %s', async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ error: expect.stringContaining(url) });
    });

    it('refuses a multipart form on a route that takes JSON (415): only the form routes read one', async () => {
      const boundary = 'stampwise-boundary';
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@example.com\r\n--${boundary}--\r\n`;
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: 'Unsupported content type.' });
    });

    it('answers 400 { error } for a URL that cannot be decoded', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/verify/%zz' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The address is not valid.' });
    });
  });

  describe('an unexpected failure inside a route', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(t.deps);
      app.get('/api/test-crash', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals: connection string postgres://user:pw@db');
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    it('answers 500 with a generic message and no stack trace or internals', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
      expect(response.body).not.toMatch(/secret internals|at .*\.ts:\d+|stack/);
    });
  });
});

describe('serving the built SPA', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let clientDir: string;
  const indexHtml = '<!doctype html><html><head><script src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
  const customerHtml = '<!doctype html><html><head><script src="/customer.0123abcd.js"></script></head><body><div id="root"></div></body></html>';
  const bundle = 'console.log("stampwise");'.repeat(50);

  beforeAll(async () => {
    t = await buildTestApp();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(clientDir, 'customer.html'), customerHtml);
    fs.writeFileSync(path.join(clientDir, 'main.0123abcd.js'), bundle);
    fs.writeFileSync(path.join(clientDir, 'main.0123abcd.js.br'), zlib.brotliCompressSync(bundle));
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildApp({ ...t.deps, config: { ...t.deps.config, clientDir } }, { serveClient: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each(['/verify/some-token', '/dashboard/123', '/', '/no/such/page', '/wallets', '/sx/1'])('answers index.html for the deep link %s, never cached', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  // The customer pages are their own lean entry.
  it.each(['/s/d.vendor-1.abc.jti.mac', '/S/D.VENDOR-1.ABC', '/wallet', '/wallet/card-1', '/wallet/recover/link-token', '/wallet/confirm-email/mail-token', '/s/x?utm=qr'])(
    'answers customer.html for the customer page %s, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(customerHtml);
    },
  );

  it('serves a content-hashed asset with a long immutable cache header', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(bundle);
  });

  it('serves the pre-compressed brotli file to a browser that accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123abcd.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('caches an un-hashed file briefly only', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('still answers 404 JSON for unknown /api paths and non-GET requests', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No route for GET /api/nope' });
    const post = await app.inject({ method: 'POST', url: '/verify/x' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('error');
  });

  it('still serves the API', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
