// Routes that must answer an address with an account exactly as one without ("Forgot password?", a new
// verification link, a wallet's sign-in link) while the mail server is away or slow: a 503, or an answer
// that waits for the mail, only for an address in use would tell a stranger who has an account.
import type { LightMyRequestResponse } from 'fastify';
import type { MailMessage } from '../../../server/infra/mailer';
import { buildTestApp, type TestApp } from '../helpers';
import { createStore, freshAddress, freshCustomerAddress, newCustomer, postRegister, registrationFields, saveConfirmedEmail, setReward, signUpVendor, uniqueEmail } from '../factories';

let t: TestApp;
let vendorEmail: string;
let unverifiedEmail: string;
let walletEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  vendorEmail = (await signUpVendor(t)).email;
  const registration = registrationFields();
  expect((await postRegister(t, registration)).statusCode).toBe(201);
  unverifiedEmail = registration.email;
  const store = await createStore(t, { company: 'Oracle Café' });
  await setReward(t, store.id, { stamps: 10, item: 'Flat White' });
  const credential = await newCustomer(t, store.id, freshCustomerAddress());
  walletEmail = uniqueEmail();
  await saveConfirmedEmail(t, credential, walletEmail);
});
afterAll(async () => {
  await t.close();
});

const ROUTES: ReadonlyArray<{ name: string; url: string; known: () => string; headers?: Record<string, string> }> = [
  { name: 'Forgot password?', url: '/api/auth/forgot-password', known: () => vendorEmail },
  { name: 'a new verification link', url: '/api/auth/resend-verification', known: () => unverifiedEmail },
  { name: "a wallet's sign-in link", url: '/api/customer/recover', known: () => walletEmail },
];

const ask = (url: string, email: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: url.startsWith('/api/customer') ? freshCustomerAddress() : freshAddress() });

/** Runs `work` with the app's mailer replaced by `send`. */
async function withMailer<T>(send: (message: MailMessage) => Promise<void>, work: () => Promise<T>): Promise<T> {
  const real = t.deps.mailer.send;
  t.deps.mailer.send = send;
  try {
    return await work();
  } finally {
    t.deps.mailer.send = real;
  }
}

describe.each(ROUTES)('$name', ({ url, known }) => {
  beforeEach(async () => {
    // Each route mails an address at most so often: a later test's mail must not be held back by an earlier one's.
    t.clock.advance(60 * 60 * 1000);
  });

  it('answers an address in use as it answers a free one while the mail server is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2599'), { code: 'ESOCKET', command: 'CONN' });
    let attempts = 0;
    const [inUse, free] = await withMailer(async () => {
      attempts += 1;
      throw refused;
    }, async () => [await ask(url, known()), await ask(url, uniqueEmail())]);
    expect(attempts).toBe(1);
    expect([inUse.statusCode, inUse.json()]).toEqual([free.statusCode, free.json()]);
    expect(inUse.statusCode).toBe(202);
  });

  it('a mail that did not go out holds nothing back: asked again at once, once the mail server is back, the mail goes out', async () => {
    const timedOut = Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' });
    let failed = (): void => undefined;
    const attempted = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const first = await withMailer(async () => {
      failed();
      throw timedOut;
    }, () => ask(url, known()));
    expect(first.statusCode).toBe(202);
    await attempted;
    // The failed send's clean-up (one DELETE) runs after the answer.
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    const before = t.mailer.sent.length;
    expect((await ask(url, known())).statusCode).toBe(202);
    for (let i = 0; i < 5 && t.mailer.sent.length === before; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(t.mailer.sent.slice(before).map((message) => message.to)).toEqual([known()]);
  });

  it('answers before the mail is sent', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const response = await withMailer(async (message) => {
      await held;
      sent.push(message.to);
    }, () => ask(url, known()));
    expect(response.statusCode).toBe(202);
    expect(sent).toEqual([]);
    release();
    await held;
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([known()]);
  }, 10_000);
});
