import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../server/app';
import { createSessionTokens } from '../../../../server/infra/session-tokens';
import { deriveKey } from '../../../../server/infra/secret';
import { buildTestApp, type TestApp } from '../../helpers';
import { resetAuthData, signUpVendor, type SignedUpVendor } from '../../factories';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session tokens on protected routes', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let vendor: SignedUpVendor;
  let other: SignedUpVendor;

  beforeAll(async () => {
    t = await buildTestApp();
    // The real app on the same dependencies, plus one route guarded by the ownership rule.
    app = await buildApp(t.deps);
    app.get('/api/test-owned/:vendorId', { config: { access: 'staff' } }, async (request) => ({ vendorId: request.vendorId }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  beforeEach(async () => {
    await resetAuthData(t);
    vendor = await signUpVendor(t);
    other = await signUpVendor(t);
  });

  const getSession = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/api/auth/session', headers: authorization === undefined ? {} : { authorization } });
  const getOwned = (vendorId: string, token: string) =>
    app.inject({ method: 'GET', url: `/api/test-owned/${vendorId}`, headers: { authorization: `Bearer ${token}` } });

  describe('GET /api/auth/session', () => {
    it('answers the vendor id and expiry of a valid token', async () => {
      const response = await getSession(`Bearer ${vendor.token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ vendorId: vendor.vendorId, exp: Math.floor(t.clock.now() / 1000) + 168 * 3600 });
    });

    it.each([
      ['no Authorization header', undefined],
      ['an empty bearer', 'Bearer '],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['garbage', 'Bearer not.a.jwt'],
    ])('answers 401 { error } for %s', async (_label, header) => {
      const response = await getSession(header);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });
  });

  describe('a token that must be refused with 401', () => {
    const refused = async (token: string) => {
      const session = await getSession(`Bearer ${token}`);
      const owned = await getOwned(vendor.vendorId, token);
      return [session.statusCode, owned.statusCode, session.json()];
    };

    it('an expired token', async () => {
      t.clock.advance(168 * 3600 * 1000);
      const [session, owned, body] = await refused(vendor.token);
      expect([session, owned]).toEqual([401, 401]);
      // The reason lets the app tell the owner why they were signed out.
      expect(body).toEqual({ error: 'Your session has expired. Please sign in again.', reason: 'expired' });
    });

    it('a token whose payload was changed to another vendor (signature no longer matches)', async () => {
      const [header, , signature] = vendor.token.split('.');
      const forged = `${header}.${b64url({ sub: other.vendorId, exp: 4102444800 })}.${signature}`;
      const [session, owned] = await refused(forged);
      expect([session, owned]).toEqual([401, 401]);
      expect((await getOwned(other.vendorId, forged)).statusCode).toBe(401);
    });

    it('an unsigned alg:none token', async () => {
      const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: vendor.vendorId, exp: 4102444800 })}.`;
      const [session, owned] = await refused(unsigned);
      expect([session, owned]).toEqual([401, 401]);
    });

    it('a token signed with another secret', async () => {
      const foreign = createSessionTokens('another-secret-that-is-also-long-enough!!', 168, t.clock.now).issue(vendor.vendorId);
      const [session, owned] = await refused(foreign);
      expect([session, owned]).toEqual([401, 401]);
    });

    it('a token signed with the right key but another algorithm (HS512)', async () => {
      const sign = createSigner({ key: deriveKey(t.deps.secret, 'session'), algorithm: 'HS512', noTimestamp: true });
      const [session, owned] = await refused(sign({ sub: vendor.vendorId, exp: 4102444800 }));
      expect([session, owned]).toEqual([401, 401]);
    });

    it('a validly signed token without exp', async () => {
      const sign = createSigner({ key: deriveKey(t.deps.secret, 'session'), algorithm: 'HS256', noTimestamp: true });
      const [session, owned] = await refused(sign({ sub: vendor.vendorId }));
      expect([session, owned]).toEqual([401, 401]);
    });
  });

  describe('the ownership rule', () => {
    it("answers 403 { error } for another vendor's id", async () => {
      const response = await getOwned(other.vendorId, vendor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String) });
    });

    it('lets a vendor reach their own id', async () => {
      const response = await getOwned(vendor.vendorId, vendor.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ vendorId: vendor.vendorId });
    });
  });
});
