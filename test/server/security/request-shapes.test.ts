// Request shapes a smuggler or a confused proxy sends, over a real socket: a body framed two ways at once,
// a body in another character set, a query string longer than any route takes, prototype keys in a query.
// Each is refused (4xx) or read as an ordinary request; none reaches a route it should not, none is a 5xx.
import net from 'node:net';
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor, type TestVendor } from '../factories';

let t: TestApp;
let store: TestVendor;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createVendor(t, { company: 'Shapes Café' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** Writes `text` on a fresh connection and answers everything the server sends until it closes (or 3 s pass). */
function exchange(text: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy());
  });
}

const statusLines = (answer: string) => answer.split('\r\n').filter((line) => line.startsWith('HTTP/1.1 '));

it('a body framed by both Content-Length and Transfer-Encoding is refused, and the request hidden after it never runs', async () => {
  const invitation = JSON.stringify({ email: 'smuggled@example.test', role: 'manager' });
  const hidden = `POST /api/team/${store.id}/invitations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${store.token}\r\nContent-Type: application/json\r\nContent-Length: ${invitation.length}\r\n\r\n${invitation}`;
  for (const framing of ['Content-Length: 4\r\nTransfer-Encoding: chunked', 'Transfer-Encoding: chunked\r\nContent-Length: 4', 'Content-Length: 4\r\nTransfer-Encoding: identity, chunked']) {
    const answer = await exchange(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n0\r\n\r\n${hidden}`);
    expect([framing, statusLines(answer)]).toEqual([framing, ['HTTP/1.1 400 Bad Request']]);
  }
  expect(t.mailer.sent.filter((mail) => mail.to === 'smuggled@example.test')).toEqual([]);
});

it('two Content-Length headers that disagree are refused', async () => {
  const answer = await exchange('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}');
  expect(statusLines(answer)).toEqual(['HTTP/1.1 400 Bad Request']);
});

it('a JSON body in UTF-16 is refused as JSON that is not valid, not read some other way', async () => {
  const body = Buffer.from(JSON.stringify({ email: 'utf16@example.test', role: 'staff' }), 'utf16le');
  const response = await fetch(`http://127.0.0.1:${port}/api/team/${store.id}/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${store.token}`, 'content-type': 'application/json; charset=utf-16le' },
    body,
  });
  expect(response.status).toBe(400);
  expect(t.mailer.sent).toEqual([]);
});

it('a query string longer than the server reads is a 4xx, and one over a field\'s limit a 400', async () => {
  const huge = await exchange(`GET /api/customers/${store.id}/search?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${store.token}\r\n\r\n`);
  expect(statusLines(huge)[0]).toMatch(/^HTTP\/1\.1 4\d\d /);
  const long = await fetch(`http://127.0.0.1:${port}/api/customers/${store.id}/search?q=${'a'.repeat(5000)}`, { headers: { authorization: `Bearer ${store.token}` } });
  expect(long.status).toBe(400);
  const many = await fetch(`http://127.0.0.1:${port}/api/customers/${store.id}/search?${Array.from({ length: 1000 }, (_, i) => `q=${i}`).join('&')}`, { headers: { authorization: `Bearer ${store.token}` } });
  expect(many.status).toBe(400);
});

it('prototype keys in a query string pollute nothing', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/customers/${store.id}/search?__proto__[polluted]=1&constructor[prototype][polluted]=1&q=a`, {
    headers: { authorization: `Bearer ${store.token}` },
  });
  expect(response.status).toBeLessThan(500);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
