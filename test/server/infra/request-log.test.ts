// One log line per request (method, url, status, time), errors at error level.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { OneLinePerRequest } from '../../../server/infra/request-log';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('kaput');
  });
  return { app, lines };
}

it('writes one line per request, saying what was asked and how it ended', async () => {
  const { app, lines } = appWithLog();
  await app.inject({ method: 'GET', url: '/ok' });
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
  await app.close();
});

it('logs a failed request at error level with the error', async () => {
  const { app, lines } = appWithLog();
  await app.inject({ method: 'GET', url: '/boom' });
  const completed = lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('request '));
  expect(completed).toHaveLength(1);
  expect(lines.some((line) => line.level === 50 && JSON.stringify(line.err ?? '').includes('kaput'))).toBe(true);
  expect(lines.every((line) => line.msg !== 'incoming request')).toBe(true);
  await app.close();
});
