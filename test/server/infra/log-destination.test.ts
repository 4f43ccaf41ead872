// What the person who ran `npm start` reads: readable lines at a terminal, JSON for machines.
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { chooseLogFormat, readableLines } from '../../../server/infra/log-destination';

describe('chooseLogFormat', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s with stdout a terminal: %s → %s', (setting, terminal, expected) => {
    expect(chooseLogFormat(setting, terminal)).toBe(expected);
  });
});

describe('readable lines', () => {
  function logThrough(write: (logger: pino.Logger) => void): string {
    const captured = new PassThrough();
    let text = '';
    captured.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const logger = pino({ level: 'info' }, readableLines(captured, false));
    write(logger);
    return text;
  }

  it('gives a request one line: method, URL, status and time, without the request objects', () => {
    const text = logThrough((logger) =>
      logger.info({ reqId: 'req-1', req: { method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 2.4 }, 'request completed'),
    );
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 2 ms\n$/);
  });

  it('names a failed request as such', () => {
    const text = logThrough((logger) => logger.error({ req: { method: 'POST', url: '/api/x' }, res: { statusCode: 500 }, responseTime: 10 }, 'request errored'));
    expect(text).toContain('ERROR: POST /api/x 500 10 ms (request errored)');
  });

  it('prints any other line as its message, extra fields on the same line', () => {
    const text = logThrough((logger) => logger.warn({ store: 7 }, 'live feed'));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: live feed \{"store":7\}\n$/);
  });
});
