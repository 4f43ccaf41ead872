import { verify } from '@node-rs/argon2';
import type { TestApp } from '../../helpers';
import { LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MS } from '../../../../server/routes/auth';
import { hashPassword } from '../../../../server/services/passwords';
import { freshAddress, login, postRegister, registrationFields, withAuthApp, signUpVendor, uniqueEmail, type SignedUpVendor } from '../../factories';

// argon2 at the server tests' smallest cost (as test/setup/server.ts), with its verifications counted and the cost
// each hash was asked for kept by hash (see 'does the same password-hash work'): a hash at the production cost is
// 25 ms of CPU per sign-up or sign-in, and this file signs in some hundred and fifty times.
const mockRequestedOptions = new Map<string, import('@node-rs/argon2').Options | undefined>();
jest.mock('@node-rs/argon2', () => {
  const actual: typeof import('@node-rs/argon2') = jest.requireActual('@node-rs/argon2');
  const cheapest = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  return {
    ...actual,
    hash: async (password: string | Uint8Array, options?: import('@node-rs/argon2').Options) => {
      const encoded = await actual.hash(password, { ...options, ...cheapest });
      mockRequestedOptions.set(encoded, options);
      return encoded;
    },
    verify: jest.fn(actual.verify),
  };
});

const INVALID = { error: 'Invalid username or password.' };

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let vendor: SignedUpVendor;
  withAuthApp((app) => (t = app));
  beforeEach(async () => {
    vendor = await signUpVendor(t);
  });

  it('answers { token, vendor: { _id } } for the right e-mail and password', async () => {
    const response = await login(t, vendor.email, vendor.password);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; vendor: { _id: string } };
    // deviceToken: this browser is now known to the account (see test/server/security/auth.test.ts).
    expect(body).toEqual({ token: expect.any(String), vendor: { _id: vendor.vendorId }, deviceToken: expect.any(String) });
    expect(t.deps.sessions.verify(body.token)).toEqual({ sub: vendor.vendorId, exp: Math.floor(t.clock.now() / 1000) + 168 * 3600, jti: expect.any(String), gen: 0, pid: vendor.vendorId, role: 'owner' });
  });

  it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const response = await login(t, `  ${vendor.email.toUpperCase()} `, vendor.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().vendor._id).toBe(vendor.vendorId);
  });

  it('does not trim or change the case of the password', async () => {
    expect((await login(t, vendor.email, ` ${vendor.password}`)).statusCode).toBe(401);
    expect((await login(t, vendor.email, vendor.password.toUpperCase())).statusCode).toBe(401);
  });

  it('gives the same 401 body for a wrong password, an unknown e-mail and an unverified account', async () => {
    const unverified = registrationFields();
    await postRegister(t, unverified);

    const wrongPassword = await login(t, vendor.email, 'Not the password at all');
    const unknownEmail = await login(t, uniqueEmail(), vendor.password);
    const notVerified = await login(t, unverified.email, vendor.password);

    for (const response of [wrongPassword, unknownEmail, notVerified]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID);
      expect(response.headers['content-type']).toBe(wrongPassword.headers['content-type']);
    }
  });

  it('does the same password-hash work for an unknown e-mail, an unverified account and a wrong password', async () => {
    // Timing equality follows from doing the same work: one argon2id verification against a hash of the
    // same cost. Counting the verifications (instead of timing them) keeps this exact on a loaded machine.
    const unverified = registrationFields();
    expect((await postRegister(t, unverified)).statusCode).toBe(201);
    // The cost each hash was asked for: the production options, whatever this file's argon2 spends.
    const costOf = (encodedHash: string) => mockRequestedOptions.get(encodedHash);
    const realCost = costOf(await hashPassword('reference passphrase'));
    expect(realCost).toEqual(expect.objectContaining({ memoryCost: expect.any(Number), timeCost: expect.any(Number) }));
    const verifications = jest.mocked(verify);
    for (const attempt of [
      () => login(t, uniqueEmail(), 'Some password 1'),
      () => login(t, unverified.email, 'Some password 1'),
      () => login(t, vendor.email, 'Wrong password 1'),
    ]) {
      verifications.mockClear();
      expect((await attempt()).statusCode).toBe(401);
      expect(verifications).toHaveBeenCalledTimes(1);
      expect(costOf(String(verifications.mock.calls[0][0]))).toEqual(realCost);
    }
  });

  describe('throttling', () => {
    it(`answers 429 after ${LOGIN_FAILURES_PER_ACCOUNT} failures for one account, even from many addresses and with the right password`, async () => {
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
        expect((await login(t, vendor.email, `guess ${i}`)).statusCode).toBe(401);
      }
      const blocked = await login(t, vendor.email.toUpperCase(), vendor.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/) });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      // Another account is not affected.
      const other = await signUpVendor(t);
      expect((await login(t, other.email, other.password)).statusCode).toBe(200);
    });

    it('throttles an unknown e-mail the same way, so a 429 does not reveal whether an account exists', async () => {
      const nobody = uniqueEmail();
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
        expect((await login(t, nobody, `guess ${i}`)).statusCode).toBe(401);
      }
      expect((await login(t, nobody, 'guess')).statusCode).toBe(429);
    });

    it('counts failures only: many successful sign-ins never lock the account', async () => {
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT + 3; i += 1) {
        expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(200);
      }
    });

    const failTimes = async (email: string, times: number) => {
      for (let i = 0; i < times; i += 1) {
        const response = await login(t, email, `wrong guess ${i}`);
        expect(response.statusCode).toBe(401);
      }
    };

    it('a successful sign-in clears the failure count: 9 failures, the right password, 1 failure is still a 401', async () => {
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT - 1);
      expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(200);

      const typo = await login(t, vendor.email, 'one more typo');
      expect(typo.statusCode).toBe(401);
      expect(typo.json()).toEqual(INVALID);
      // Not locked out: the right password still works, and the count starts again from there.
      expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(200);
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT);
      expect((await login(t, vendor.email, 'and another')).statusCode).toBe(429);
    });

    it('clears the count for the address however it is typed (case, spaces)', async () => {
      await failTimes(vendor.email.toUpperCase(), LOGIN_FAILURES_PER_ACCOUNT - 1);
      expect((await login(t, `  ${vendor.email} `, vendor.password)).statusCode).toBe(200);
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT);
    });

    it('once locked, does not check passwords at all: the right one gets 429 and does not unlock the account', async () => {
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT);
      for (let i = 0; i < 3; i += 1) {
        const response = await login(t, vendor.email, vendor.password);
        expect(response.statusCode).toBe(429);
        expect(response.json()).toEqual({ error: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
      }
    });

    it('unlocks when the 15-minute window that began with the first failure runs out, and retry-after counts down to it', async () => {
      await failTimes(vendor.email, 1);
      t.clock.advance(5 * 60 * 1000);
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT - 1);
      const blocked = await login(t, vendor.email, vendor.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe(String(10 * 60));
      expect(blocked.json().error).toBe('Too many failed sign-in attempts. Try again in 10 minutes.');

      t.clock.advance(10 * 60 * 1000 - 1000);
      const lastSecond = await login(t, vendor.email, vendor.password);
      expect(lastSecond.statusCode).toBe(429);
      expect(lastSecond.headers['retry-after']).toBe('1');

      t.clock.advance(1000);
      expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(200);
    });

    it('starts a fresh window after expiry: old failures no longer count', async () => {
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT - 1);
      t.clock.advance(THROTTLE_WINDOW_MS);
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT);
      expect((await login(t, vendor.email, 'guess')).statusCode).toBe(429);
    });

    it("a sign-in to another account does not clear this account's count", async () => {
      await failTimes(vendor.email, LOGIN_FAILURES_PER_ACCOUNT);
      const attacker = await signUpVendor(t);
      expect((await login(t, attacker.email, attacker.password)).statusCode).toBe(200);
      expect((await login(t, vendor.email, vendor.password)).statusCode).toBe(429);
    });

    it(`lets at most ${LOGIN_FAILURES_PER_ACCOUNT} guesses through when they arrive all at once`, async () => {
      const extra = 5;
      const responses = await Promise.all(
        Array.from({ length: LOGIN_FAILURES_PER_ACCOUNT + extra }, (_, i) => login(t, vendor.email, `parallel guess ${i}`)),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    });

    it('keeps only a hash of the address typed, and sweeps out windows that ran out', async () => {
      const stranger = uniqueEmail();
      await failTimes(stranger, 1);
      const rows = await t.db.kysely.selectFrom('login_failures').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(stranger.split('@')[0]);

      t.clock.advance(THROTTLE_WINDOW_MS);
      await failTimes(vendor.email, 1);
      const left = await t.db.kysely.selectFrom('login_failures').select('failures').execute();
      expect(left).toEqual([{ failures: 1 }]);
    });

    it(`answers 429 after ${LOGIN_ATTEMPTS_PER_ADDRESS} attempts from one address, across accounts`, async () => {
      const address = '203.0.113.7';
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i += 1) {
        const response = await login(t, uniqueEmail(), 'guess', address);
        expect(response.statusCode).toBe(401);
      }
      const blocked = await login(t, vendor.email, vendor.password, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
      // Another address can still sign in to the same account.
      expect((await login(t, vendor.email, vendor.password, '203.0.113.8')).statusCode).toBe(200);
    });
  });

  describe('bad requests', () => {
    const post = (payload: unknown, headers?: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshAddress(), payload: payload as string, ...(headers ? { headers } : {}) });

    it('answers 400 for malformed JSON', async () => {
      const response = await post('{"email": "a@b.c", ', { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' });
    });

    it('answers 400 for an empty JSON body', async () => {
      const response = await post('', { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    });

    it.each([
      ['no password', { email: 'a@cafe.example' }, 'password'],
      ['no e-mail', { password: 'x' }, 'email'],
      ['an empty e-mail', { email: '   ', password: 'x' }, 'email'],
      ['an e-mail longer than 254 characters', { email: `${'a'.repeat(250)}@cafe.example`, password: 'x' }, 'email'],
      ['a password of the wrong type', { email: 'a@cafe.example', password: { $gt: '' } }, 'password'],
      ['an unknown field', { email: 'a@cafe.example', password: 'x', admin: true }, 'admin'],
      ['a NUL byte in the e-mail', { email: 'a\u0000@cafe.example', password: 'x' }, 'email'],
    ])('answers 400 naming the field for %s', async (_label, payload, field) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), details: [{ field }] });
    });

    it('answers 413 for a body over 1 MB', async () => {
      const response = await post({ email: vendor.email, password: 'x'.repeat(1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toHaveProperty('error');
    });
  });
});
