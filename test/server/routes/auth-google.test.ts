// "Continue with Google" against a fake OpenID Connect provider on 127.0.0.1: the whole authorization code flow
// (PKCE, state, nonce, an RS256 ID token), a new owner registering, an existing account signing in, and every
// way it must refuse: a changed state, a wrong nonce, an address Google has not verified, no flow cookie.
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers';
import { freshAddress, login, postRegister, registrationFields, resetAuthData, signUpVendor, STRONG_PASSWORD } from '../factories';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../support/fake-oidc-provider';

let provider: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startFakeOidcProvider();
  t = await buildTestApp({ config: { google: { clientId: provider.clientId, clientSecret: provider.clientSecret, issuerUrl: provider.issuer } } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(async () => {
  await resetAuthData(t);
  provider.nonceOverride = undefined;
  provider.user = { sub: 'google-user-1', email: 'robin@gmail.example', email_verified: true, name: 'Robin Roaster' };
});

const cookieOf = (response: LightMyRequestResponse): string => String(response.headers['set-cookie']).split(';')[0];

/** /start, then the provider's consent screen (which redirects straight back): the callback URL and the flow cookie. */
async function throughProvider(): Promise<{ callback: URL; cookie: string }> {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://stampwise.test/api/auth/google/callback');
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  return { callback: new URL(String(consent.headers.get('location'))), cookie: cookieOf(start) };
}

function callback(url: URL, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
}

/** The session token in /login#google-session=…, or the error in /login#google-error=…. */
function outcome(response: LightMyRequestResponse): { session?: string; error?: string } {
  expect(response.statusCode).toBe(302);
  const location = String(response.headers.location);
  expect(location.startsWith('/login#')).toBe(true);
  const fragment = new URLSearchParams(location.slice('/login#'.length));
  return { session: fragment.get('google-session') ?? undefined, error: fragment.get('google-error') ?? undefined };
}

async function vendorIdOf(session: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${session}` } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { vendorId: string }).vendorId;
}

/** Signs in through the provider as its current user: the new store's owner name and store name as stored. */
async function namesOfNewStore(): Promise<{ name: string; company: string }> {
  const { callback: back, cookie } = await throughProvider();
  const { session } = outcome(await callback(back, cookie));
  const vendorId = await vendorIdOf(session ?? '');
  return t.db.kysely.selectFrom('vendors').select(['name', 'company']).where('id', '=', vendorId).executeTakeFirstOrThrow();
}

describe('GET /api/auth/google/status', () => {
  it('says Google sign-in is enabled when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google/status' })).json()).toEqual({ enabled: true });
  });

  it('unconfigured: disabled, and /start and /callback answer 404', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google/status' })).json()).toEqual({ enabled: false });
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google/start' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/auth/google/start → provider → GET /api/auth/google/callback', () => {
  it('a new person registers as an owner with the e-mail verified, and gets a session', async () => {
    const { callback: back, cookie } = await throughProvider();
    const { session, error } = outcome(await callback(back, cookie));
    expect(error).toBeUndefined();
    const vendorId = await vendorIdOf(session ?? '');
    const vendor = await t.db.kysely.selectFrom('vendors').selectAll().where('id', '=', vendorId).executeTakeFirstOrThrow();
    expect(vendor).toMatchObject({ email: 'robin@gmail.example', name: 'Robin Roaster', company: 'Robin Roaster', password_hash: null });
    expect(vendor.verified_at).not.toBeNull();
    // The PKCE verifier and the client secret went to the token endpoint.
    expect(provider.tokenRequests.at(-1)?.get('code_verifier')).toBeTruthy();
  });

  it("the name Google gives is stored as a typed name would be: no bidi override, control character or line break, at most 200 characters", async () => {
    // Someone's Google name, chosen to turn the store's name around in every mail and on every card, or to
    // break a mail's subject line; and one far longer than the registration form takes.
    provider.user = { ...provider.user, name: 'Robin\u202e yppah \u202c\r\nBcc: all@example.com\u2066\u0000 Roaster' };
    expect(await namesOfNewStore()).toEqual({ name: 'Robin yppah Bcc: all@example.com Roaster', company: 'Robin yppah Bcc: all@example.com Roaster' });

    await resetAuthData(t);
    provider.user = { ...provider.user, email: 'long@gmail.example', name: `${'é'.repeat(199)}😀😀 and more` };
    expect(await namesOfNewStore()).toEqual({ name: `${'é'.repeat(199)}😀`, company: `${'é'.repeat(199)}😀` });

    // A name of nothing but such characters leaves the address's first part as the store's name.
    await resetAuthData(t);
    provider.user = { ...provider.user, email: 'blank@gmail.example', name: '\u202e\u2066 \u0007' };
    expect(await namesOfNewStore()).toEqual({ name: 'blank@gmail.example', company: 'blank' });
  });

  it('an owner registered with Google (no password) can choose one through "Forgot password?"', async () => {
    const { callback: back, cookie } = await throughProvider();
    outcome(await callback(back, cookie));
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'robin@gmail.example' }, remoteAddress: freshAddress() });
    expect(asked.statusCode).toBe(202);
    expect(t.mailer.last()).toMatchObject({ to: 'robin@gmail.example', subject: 'Reset your Stampwise password' });
  });

  it('an existing account with that e-mail signs in (same store), whatever case Google writes the address in', async () => {
    const owner = await signUpVendor(t, { email: 'robin@gmail.example' });
    provider.user = { ...provider.user, email: 'Robin@Gmail.example' };
    const { callback: back, cookie } = await throughProvider();
    expect(await vendorIdOf(outcome(await callback(back, cookie)).session ?? '')).toBe(owner.vendorId);
    // The password still works too.
    expect((await login(t, owner.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('an account registered but never verified is verified by Google and signed in', async () => {
    const fields = registrationFields({ email: 'robin@gmail.example' });
    expect((await postRegister(t, fields)).statusCode).toBe(201);
    const { callback: back, cookie } = await throughProvider();
    const vendorId = await vendorIdOf(outcome(await callback(back, cookie)).session ?? '');
    const vendor = await t.db.kysely.selectFrom('vendors').selectAll().where('id', '=', vendorId).executeTakeFirstOrThrow();
    expect(vendor.company).toBe(fields.business);
    expect(vendor.verified_at).not.toBeNull();
  });

  it('a changed state is refused (google-error=failed, no session, no account)', async () => {
    const { callback: back, cookie } = await throughProvider();
    back.searchParams.set('state', 'a-state-this-browser-never-sent');
    expect(outcome(await callback(back, cookie))).toEqual({ error: 'failed' });
    expect(await t.db.kysely.selectFrom('vendors').select('id').execute()).toEqual([]);
  });

  it('an ID token with a wrong nonce is refused', async () => {
    provider.nonceOverride = 'a-nonce-from-another-sign-in';
    const { callback: back, cookie } = await throughProvider();
    expect(outcome(await callback(back, cookie))).toEqual({ error: 'failed' });
    expect(await t.db.kysely.selectFrom('vendors').select('id').execute()).toEqual([]);
  });

  it('an e-mail address Google has not verified neither signs in nor registers', async () => {
    await signUpVendor(t, { email: 'robin@gmail.example' });
    provider.user = { ...provider.user, email_verified: false };
    const { callback: back, cookie } = await throughProvider();
    expect(outcome(await callback(back, cookie))).toEqual({ error: 'unverified-email' });
    expect(await t.db.kysely.selectFrom('vendors').select('id').execute()).toHaveLength(1);
  });

  it('a callback without the flow cookie (another browser, or a forged link) is refused', async () => {
    const { callback: back } = await throughProvider();
    expect(outcome(await callback(back))).toEqual({ error: 'failed' });
    expect(outcome(await callback(back, 'sw_google_flow=forged.value'))).toEqual({ error: 'failed' });
  });

  it('a flow cookie older than 10 minutes is refused', async () => {
    const { callback: back, cookie } = await throughProvider();
    t.clock.advance(10 * 60 * 1000 + 1);
    expect(outcome(await callback(back, cookie))).toEqual({ error: 'failed' });
  });

  it('the person cancelling at Google comes back with google-error=cancelled', async () => {
    expect(outcome(await callback(new URL('http://stampwise.test/api/auth/google/callback?error=access_denied&state=x')))).toEqual({ error: 'cancelled' });
  });

  it('the flow cookie is HttpOnly, SameSite=Lax, limited to /api/auth/google, and cleared by the callback', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(String(start.headers['set-cookie'])).toMatch(/^sw_google_flow=[^;]+; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax; Max-Age=600$/);
    const { callback: back, cookie } = await throughProvider();
    expect(String((await callback(back, cookie)).headers['set-cookie'])).toMatch(/^sw_google_flow=; .*Max-Age=0/);
  });
});
