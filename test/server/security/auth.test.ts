// /api/auth under attack: malformed bodies, control characters, the decompression bomb at
// registration, throttled links, lockout that cannot be turned against the vendor, revocable
// sessions and "Forgot password?".
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { buildTestApp, type TestApp } from '../helpers';
import {
  decompressionBombPng,
  PNG_BYTES,
  STRONG_PASSWORD,
  freshAddress,
  login,
  postRegister,
  registrationFields,
  resetAuthData,
  signUpVendor,
  tokenFromMail,
  type SignedUpVendor,
} from '../factories';
import { CONTROL_CHARACTERS, MALFORMED_JSON, MALFORMED_MULTIPART, codePoint, expectClientError } from './helpers';

let t: TestApp;
let vendor: SignedUpVendor;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetAuthData(t);
  vendor = await signUpVendor(t);
});

const vendorCount = async () => (await t.db.kysely.selectFrom('vendors').select('id').execute()).length;
const session = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });

describe('malformed bodies get a 4xx JSON error, never a 5xx', () => {
  it.each(MALFORMED_MULTIPART)('register with $name', async ({ contentType, payload }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': contentType }, payload, remoteAddress: freshAddress() });
    expectClientError(response);
  });

  it.each(MALFORMED_JSON)('register with $name', async ({ contentType, payload }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': contentType }, payload, remoteAddress: freshAddress() });
    expectClientError(response);
  });

  it.each(MALFORMED_JSON)('login, forgot-password and reset-password with $name', async ({ contentType, payload }) => {
    for (const url of ['/api/auth/login', '/api/auth/forgot-password', `/api/auth/reset-password/${'a'.repeat(43)}`]) {
      expectClientError(await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload, remoteAddress: freshAddress() }));
    }
  });
});

describe('control characters in free text', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [codePoint(c), c]))('register refuses %s in every text field and creates nothing', async (_name, c) => {
    const before = await vendorCount();
    for (const field of ['name', 'business', 'email', 'address', 'openingHours', 'website']) {
      const response = await postRegister(t, registrationFields({ [field]: `Corner${c}Cafe` }));
      expectClientError(response);
      expect(response.json().details).toEqual([{ field, message: 'contains characters that are not allowed' }]);
    }
    expect(await vendorCount()).toBe(before);
  });

  it('allows a line break where text may span lines (opening hours)', async () => {
    expect((await postRegister(t, registrationFields({ openingHours: 'Mon–Fri 7–17\nSat 8–12' }))).statusCode).toBe(201);
  });

  it('login and forgot-password refuse a NUL in the e-mail', async () => {
    expectClientError(await login(t, `${vendor.email}\u0000`, vendor.password));
    expectClientError(await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `a\u0000@cafe.example` }, remoteAddress: freshAddress() }));
  });
});

describe('the menu sent with registration is checked on arrival', () => {
  it('never keeps a decompression-bomb PNG: the account is created without a menu and the answer says why', async () => {
    const before = await vendorCount();
    const response = await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: decompressionBombPng() }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, menuNotAdded: expect.stringMatching(/pixels/) });
    expect(await vendorCount()).toBe(before + 1);
  });

  it('never keeps a PNG cut short (the account is created without it) and takes a real one', async () => {
    const truncated = await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: PNG_BYTES.subarray(0, 40) }]);
    expect(truncated.statusCode).toBe(201);
    expect(truncated.json()).toEqual({ ok: true, menuNotAdded: expect.any(String) });
    expect((await postRegister(t, registrationFields(), [{ field: 'menu', filename: 'menu.png', contentType: 'image/png', data: PNG_BYTES }])).json()).toEqual({ ok: true });
  });
});

describe('links are throttled per address like sign-in', () => {
  const guesses = 21;
  it.each([
    ['verification', 'GET', '/api/auth/verify/'],
    ['completion', 'POST', '/api/auth/complete-registration/'],
    ['reset check', 'GET', '/api/auth/reset-password/'],
    ['reset', 'POST', '/api/auth/reset-password/'],
  ] as const)('the %s link answers 429 after 20 guesses from one address', async (_kind, method, path) => {
    const remoteAddress = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < guesses; i += 1) {
      const response = await t.app.inject({ method, url: `${path}${'g'.repeat(42)}${i % 10}`, remoteAddress, ...(method === 'POST' ? { payload: { vendorId: 'x', password: 'guess-guess' } } : {}) });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
  });

  it('"Forgot password?" answers 429 after 5 requests from one address', async () => {
    const remoteAddress = freshAddress();
    const ask = () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: vendor.email }, remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1), a client cannot choose its own address', () => {
  it.each(['1', 'true'])('TRUST_PROXY=%s: X-Forwarded-For entries the client wrote do not get it past the per-address limit', async (setting) => {
    const behindProxy = await buildTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        // The proxy (10.9.9.9) appends the address it saw (203.0.113.7) to whatever the client sent.
        const response = await behindProxy.app.inject({
          method: 'GET',
          url: `/api/auth/verify/${'g'.repeat(42)}${i % 10}`,
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 20)).not.toContain(429);
      expect(statuses[20]).toBe(429);
      // Another customer behind the same proxy keeps a budget of their own.
      const neighbour = await behindProxy.app.inject({ method: 'GET', url: `/api/auth/verify/${'g'.repeat(43)}`, remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(neighbour.statusCode).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('strangers cannot lock the vendor out of a known browser', () => {
  const lockOut = async (email: string) => {
    for (let i = 0; i < 11; i += 1) await login(t, email, `wrong guess ${i}`);
  };
  const loginWith = (email: string, password: string, deviceToken?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...(deviceToken ? { deviceToken } : {}) }, remoteAddress: freshAddress() });

  it('after 10 failures from strangers, the vendor still signs in with the token their browser kept; nobody else does', async () => {
    const first = await login(t, vendor.email, vendor.password);
    const deviceToken = first.json().deviceToken as string;
    await lockOut(vendor.email);

    // Untrusted attempts stay as throttled as before: even the right password gets 429.
    expect((await loginWith(vendor.email, vendor.password)).statusCode).toBe(429);
    expect((await loginWith(vendor.email, vendor.password, 'forged.device.token')).statusCode).toBe(429);
    // The vendor's browser gets in.
    const known = await loginWith(vendor.email, vendor.password, deviceToken);
    expect(known.statusCode).toBe(200);
    expect((await session(known.json().token)).statusCode).toBe(200);
  });

  it("a device token of another account does not lift this account's lockout", async () => {
    const other = await signUpVendor(t);
    const otherDevice = (await login(t, other.email, other.password)).json().deviceToken as string;
    await lockOut(vendor.email);
    expect((await loginWith(vendor.email, vendor.password, otherDevice)).statusCode).toBe(429);
  });

  it('a known device has its own small budget: 5 failures, then even it waits', async () => {
    const deviceToken = (await login(t, vendor.email, vendor.password)).json().deviceToken as string;
    for (let i = 0; i < 5; i += 1) expect((await loginWith(vendor.email, `typo ${i}`, deviceToken)).statusCode).toBe(401);
    expect((await loginWith(vendor.email, vendor.password, deviceToken)).statusCode).toBe(429);
    // …and its failures did not touch the account's budget for everyone else.
    expect((await loginWith(vendor.email, vendor.password)).statusCode).toBe(200);
    // The window ends on the app's clock.
    t.clock.advance(15 * 60 * 1000);
    expect((await loginWith(vendor.email, vendor.password, deviceToken)).statusCode).toBe(200);
  });
});

describe('sessions can be ended', () => {
  const logout = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });

  it('Logout ends that session at once, on every server sharing the database; other sessions go on', async () => {
    const other = (await login(t, vendor.email, vendor.password)).json().token as string;
    const secondServer = await buildApp(t.deps);
    try {
      expect((await logout(vendor.token)).statusCode).toBe(204);
      expect((await session(vendor.token)).statusCode).toBe(401);
      const elsewhere = await secondServer.inject({ method: 'GET', url: `/api/vendor/${vendor.vendorId}`, headers: { authorization: `Bearer ${vendor.token}` } });
      expect(elsewhere.statusCode).toBe(401);
      expect((await session(other)).statusCode).toBe(200);
      expect((await logout(vendor.token)).statusCode).toBe(401);
    } finally {
      await secondServer.close();
    }
  });

  it('a stolen session cannot guess the current password at speed: 5 changes per vendor, then 429', async () => {
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { authorization: `Bearer ${vendor.token}` }, payload: { currentPassword, password: 'A brand new passphrase' }, remoteAddress: freshAddress() });
    for (let i = 0; i < 5; i += 1) expect((await change(`guess ${i}`)).statusCode).toBe(400);
    expect((await change(vendor.password)).statusCode).toBe(429);
  });

  it('changing the password ends every other session and answers a new one', async () => {
    const other = (await login(t, vendor.email, vendor.password)).json().token as string;
    const change = (token: string, currentPassword: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { authorization: `Bearer ${token}` }, payload: { currentPassword, password } });
    expect((await change(vendor.token, 'not my password', 'A brand new passphrase')).statusCode).toBe(400);
    expect((await change(vendor.token, vendor.password, 'password')).json().details[0].field).toBe('password');
    const changed = await change(vendor.token, vendor.password, 'A brand new passphrase');
    expect(changed.statusCode).toBe(200);
    expect((await session(vendor.token)).statusCode).toBe(401);
    expect((await session(other)).statusCode).toBe(401);
    expect((await session(changed.json().token)).statusCode).toBe(200);
    expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(401);
    expect((await login(t, vendor.email, 'A brand new passphrase')).statusCode).toBe(200);
  });
});

describe('"Forgot password?"', () => {
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshAddress() });
  const resetLinkToken = (to: string) => {
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && /\/reset-password\//.test(m.link ?? ''));
    const token = mail ? /\/reset-password\/([A-Za-z0-9_-]+)$/.exec(mail.link ?? '')?.[1] : undefined;
    if (!token) throw new Error(`no reset link mailed to ${to}`);
    return token;
  };
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password }, remoteAddress: freshAddress() });
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}`, remoteAddress: freshAddress() });

  it('answers the same for any address and mails only an account', async () => {
    t.mailer.sent.length = 0;
    const known = await forgot(vendor.email);
    const unknown = await forgot('nobody@cafe.example');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect(t.mailer.sent.map((m) => m.to)).toEqual([vendor.email]);
    expect(t.mailer.last()?.link).toMatch(/^http:\/\/stampwise\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it('a new password from the link signs the vendor in, ends every old session, and the link works once', async () => {
    await forgot(vendor.email);
    const token = resetLinkToken(vendor.email);
    expect((await check(token)).json()).toEqual({ ok: true });
    const refused = await reset(token, '12345678');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'password', message: expect.stringMatching(/too common/) }]);

    const done = await reset(token, 'Sourdough at sunrise');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ token: expect.any(String), vendorId: vendor.vendorId, deviceToken: expect.any(String) });
    expect((await session(done.json().token)).statusCode).toBe(200);
    expect((await session(vendor.token)).statusCode).toBe(401);
    expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(401);
    expect((await login(t, vendor.email, 'Sourdough at sunrise')).statusCode).toBe(200);

    expect((await reset(token, 'Another new passphrase')).statusCode).toBe(404);
    expect((await check(token)).statusCode).toBe(404);
  });

  it('a link is good for 1 hour', async () => {
    await forgot(vendor.email);
    const token = resetLinkToken(vendor.email);
    t.clock.advance(60 * 60 * 1000);
    expect((await check(token)).statusCode).toBe(410);
    expect((await reset(token, 'Sourdough at sunrise')).statusCode).toBe(410);
  });

  it('sends at most one mail a minute per account', async () => {
    t.mailer.sent.length = 0;
    await forgot(vendor.email);
    await forgot(vendor.email);
    expect(t.mailer.sent).toHaveLength(1);
    t.clock.advance(60 * 1000);
    await forgot(vendor.email);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('a reset clears the lockout strangers caused (whoever opened the link holds the mailbox)', async () => {
    for (let i = 0; i < 11; i += 1) await login(t, vendor.email, `wrong ${i}`);
    expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(429);
    await forgot(vendor.email);
    expect((await reset(resetLinkToken(vendor.email), 'Sourdough at sunrise')).statusCode).toBe(200);
    expect((await login(t, vendor.email, 'Sourdough at sunrise')).statusCode).toBe(200);
  });

  it('an account never verified gets its verification link again instead', async () => {
    const fields = registrationFields();
    await postRegister(t, fields);
    t.mailer.sent.length = 0;
    t.clock.advance(5 * 60 * 1000);
    await forgot(fields.email);
    expect(tokenFromMail(t, fields.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

it('completion answers a known-device token too (so a new vendor is known from the first sign-in)', async () => {
  const fields = registrationFields();
  await postRegister(t, fields);
  const linkToken = tokenFromMail(t, fields.email);
  const vendorId = (await t.app.inject({ method: 'GET', url: `/api/auth/verify/${linkToken}`, remoteAddress: freshAddress() })).json().vendorId as string;
  const completed = await t.app.inject({ method: 'POST', url: `/api/auth/complete-registration/${linkToken}`, payload: { vendorId, password: STRONG_PASSWORD }, remoteAddress: freshAddress() });
  expect(completed.json()).toEqual({ token: expect.any(String), vendorId, deviceToken: expect.any(String) });
});
