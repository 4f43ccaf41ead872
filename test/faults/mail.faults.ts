// Account mail while the mail server falters: a built server (SQLite) whose SMTP_URL goes through a TCP proxy
// to a local mailbox. The proxy freezes it (connections accepted, never greeted) or diverts new connections to
// a server that greets and then never answers again (a relay stuck behind a content filter, a half-dead
// host). Checked: a request that mails answers within MAIL_ANSWER_BOUND_MS (503 mail-unavailable when it
// waits for the mail, 202 at once when the mail goes out after the answer), what it saved stays saved, the
// background send gives up and says so in the log, and asking again once the mail server answers delivers
// exactly one message, whose link works.
import net from 'node:net';
import { MAIL_UNAVAILABLE_REASON } from '../../src/api/contract/protocol';
import { linkFrom, signUpVendor, startServer, vendorApi, type E2eServer, type SignedUpVendor } from '../e2e/harness';
import { startFakeMailbox, type FakeMailbox } from './fake-mailbox';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/** What a user may wait for an answer while the mail server is stuck: under a proxy's or a phone's patience. */
const MAIL_ANSWER_BOUND_MS = 15_000;
/** A request whose mail goes out after the answer is answered about as fast as with a working mail server. */
const QUICK_ANSWER_MS = 2_000;

interface Timed {
  status: number | 'no answer';
  ms: number;
  body: unknown;
  retryAfter: string | null;
}

/** The request's status and time, or 'no answer' once MAIL_ANSWER_BOUND_MS has passed. */
async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(MAIL_ANSWER_BOUND_MS) });
    const text = await response.text();
    return { status: response.status, ms: Date.now() - started, body: text ? (JSON.parse(text) as unknown) : null, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 'no answer', ms: Date.now() - started, body: null, retryAfter: null };
  }
}

/** A mail server that greets each connection and then reads without ever answering. */
async function startStalledSmtp(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
    socket.write('220 stalled.test ESMTP\r\n');
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('account mail while the mail server accepts connections and never answers, or greets and then stalls', () => {
  let mailbox: FakeMailbox;
  let smtp: TcpProxy;
  let stalled: Awaited<ReturnType<typeof startStalledSmtp>>;
  let server: E2eServer;
  let owner: SignedUpVendor;
  let registrations = 0;

  const registrationForm = (email: string) => {
    const form = new FormData();
    form.set('name', 'Mara Barista');
    form.set('business', 'Stalled Mail Café');
    form.set('email', email);
    form.set('address', '3 Quay Street, Auckland');
    form.set('openingHours', 'Mon–Fri 7:00–15:00');
    return form;
  };
  const register = (email: string) => timed(`${server.baseUrl}/api/auth/register`, { method: 'POST', body: registrationForm(email) });
  const postJson = (pathname: string, body: unknown, token?: string) =>
    timed(`${server.baseUrl}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  /** Waits (real time) until the server's log holds `needle` `count` times; how long that took. */
  async function logged(needle: string, count: number, withinMs: number): Promise<number> {
    const started = Date.now();
    while (server.output().split(needle).length - 1 < count) {
      if (Date.now() - started > withinMs) throw new Error(`"${needle}" not logged ${count} times within ${withinMs} ms:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Date.now() - started;
  }

  /** The 503 a request that waits for its mail gives while the mail server is stuck, within the bound. */
  function expectMailUnavailable(answer: Timed): void {
    expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual({
      status: 503,
      body: { error: expect.stringMatching(/mail/i), reason: MAIL_UNAVAILABLE_REASON },
      retryAfter: '60',
    });
    expect(answer.ms).toBeLessThan(MAIL_ANSWER_BOUND_MS);
  }

  beforeAll(async () => {
    mailbox = await startFakeMailbox();
    smtp = await startTcpProxy({ host: '127.0.0.1', port: mailbox.port });
    stalled = await startStalledSmtp();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'warn' });
    owner = await signUpVendor(server, { company: 'Stalled Mail Café' }, mailbox);
  });

  afterEach(() => {
    smtp.thaw();
    smtp.divert();
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await stalled?.close();
    await mailbox?.close();
  });

  it.each([
    ['accepts connections and never greets', () => smtp.freeze()],
    ['greets and then never answers', () => smtp.divert({ host: '127.0.0.1', port: stalled.port })],
  ])('registration while the mail server %s: 503 mail-unavailable in time; Register again once it answers sends one working link', async (_, fault) => {
    registrations += 1;
    const email = `stalled.register.${registrations}@example.com`;
    fault();
    expectMailUnavailable(await register(email));
    smtp.thaw();
    smtp.divert();

    const since = Date.now();
    const again = await register(email);
    expect(again.status).toBe(201);
    const mail = await mailbox.waitForMail(email, { since });
    expect(mailbox.inbox(email)).toHaveLength(1);
    const token = new URL(linkFrom(mail, '/verify/')).pathname.split('/').pop() ?? '';
    const verified = (await (await fetch(`${server.baseUrl}/api/auth/verify/${token}`)).json()) as { ok: boolean };
    expect(verified.ok).toBe(true);
  });

  it('"Forgot password?" and a new verification link answer 202 at once while the mail server stalls; the stuck sends give up and are logged; asked again, one mail each', async () => {
    const unverified = 'stalled.resend@example.com';
    expect((await register(unverified)).status).toBe(201);
    await mailbox.waitForMail(unverified);
    const before = { reset: mailbox.inbox(owner.email).length, verify: mailbox.inbox(unverified).length };
    const notSentBefore = server.output().split('account mail not sent').length - 1;

    smtp.divert({ host: '127.0.0.1', port: stalled.port });
    const reset = await postJson('/api/auth/forgot-password', { email: owner.email });
    const resend = await postJson('/api/auth/resend-verification', { email: unverified });
    expect([reset.status, resend.status]).toEqual([202, 202]);
    expect(Math.max(reset.ms, resend.ms)).toBeLessThan(QUICK_ANSWER_MS);
    // Both sends are stuck in the stalled server; each gives up within the bound and says so.
    await logged('account mail not sent', notSentBefore + 2, MAIL_ANSWER_BOUND_MS);
    smtp.divert();

    const since = Date.now();
    expect((await postJson('/api/auth/forgot-password', { email: owner.email })).status).toBe(202);
    expect((await postJson('/api/auth/resend-verification', { email: unverified })).status).toBe(202);
    const resetMail = await mailbox.waitForMail(owner.email, { since });
    await mailbox.waitForMail(unverified, { since });
    expect(mailbox.inbox(owner.email)).toHaveLength(before.reset + 1);
    expect(mailbox.inbox(unverified)).toHaveLength(before.verify + 1);
    expect(linkFrom(resetMail, '/reset-password/')).toContain('/reset-password/');
  });

  it('a team invitation while the mail server greets and then stalls: 503 mail-unavailable in time, stamps answered as usual meanwhile; invited again once it answers, one mail whose link works', async () => {
    const invited = 'stalled.barista@example.com';
    await vendorApi(server, owner, 'POST', `/api/rewards/${owner.vendorId}`, { stamps: 10, item: null, itemCustom: 'Flat White', expiry: '2099-12-31' });
    smtp.divert({ host: '127.0.0.1', port: stalled.port });
    const stuck = postJson(`/api/team/${owner.vendorId}/invitations`, { email: invited, role: 'staff' }, owner.token);
    for (let i = 0; i < 5; i += 1) {
      const { token } = await vendorApi<{ token: string }>(server, owner, 'GET', `/api/qrcode/generate/${owner.vendorId}`);
      const scan = await postJson('/api/customer/scan', { token });
      expect(scan.status).toBe(200);
      expect(scan.ms).toBeLessThan(QUICK_ANSWER_MS);
    }
    expectMailUnavailable(await stuck);
    expect(stalled.connections()).toBeGreaterThan(0);
    smtp.divert();

    const since = Date.now();
    const again = await postJson(`/api/team/${owner.vendorId}/invitations`, { email: invited, role: 'staff' }, owner.token);
    expect(again.status).toBe(201);
    const mail = await mailbox.waitForMail(invited, { since });
    expect(mailbox.inbox(invited)).toHaveLength(1);
    const token = new URL(linkFrom(mail, '/invitation/')).pathname.split('/').pop() ?? '';
    const info = await fetch(`${server.baseUrl}/api/auth/invitation/${token}`);
    expect(info.status).toBe(200);
    const team = await vendorApi<{ invitations: { email: string }[] }>(server, owner, 'GET', `/api/team/${owner.vendorId}`);
    expect(team.invitations.map((invitation) => invitation.email)).toEqual([invited]);
  });
});
