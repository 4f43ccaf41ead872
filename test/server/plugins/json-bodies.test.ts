// JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed; every other body is
// answered as Fastify's own parser answers it (malformed, empty, prototype poisoning). Sent to Apple Wallet's
// log route: public, and its schema lets a body carry properties of its own beside `logs`.
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan } from '../../../server/plugins/json-bodies';
import { freshAddress } from '../factories';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (payload: string) => t.app.inject({
  method: 'POST',
  url: '/api/passes/apple/v1/log',
  // The route counts requests per address.
  remoteAddress: freshAddress(),
  headers: { 'content-type': 'application/json' },
  payload,
});

/** A log body whose extra property nests `depth - 1` arrays: `depth` levels with the body's own object. */
const logBodyNested = (depth: number) => `{"logs":["x"],"extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('JSON nesting depth', () => {
  it('takes a body nested exactly to the limit', async () => {
    const response = await post(logBodyNested(MAX_JSON_DEPTH));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body one level deeper with 400 and says why', async () => {
    const response = await post(logBodyNested(MAX_JSON_DEPTH + 1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE });
    expect(JSON_TOO_DEEP_MESSAGE).toBe('The request body is nested too deeply (more than 32 levels).');
  });

  it('refuses a megabyte of brackets the same way, objects as well as arrays', async () => {
    const half = 512 * 1024 - 8;
    expect((await post(`${'['.repeat(half)}${']'.repeat(half)}`)).json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE });
    expect((await post(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE });
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const brackets = '[{'.repeat(200);
    const response = await post(JSON.stringify({ logs: [brackets, `say \\"${brackets}`, `"]}${brackets}`] }));
    expect(response.statusCode).toBe(200);
  });
});

describe("Fastify's own answers", () => {
  it('answers malformed JSON as before', async () => {
    const response = await post('{"logs": ["x"], ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers an empty body as before', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is empty.' });
  });

  it('still refuses __proto__ and constructor.prototype keys', async () => {
    for (const payload of ['{"logs":["x"],"__proto__":{"polluted":true}}', '{"logs":["x"],"constructor":{"prototype":{"polluted":true}}}']) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body over 1 MiB as too large', async () => {
    const response = await post(JSON.stringify({ logs: ['x'.repeat(1024 * 1024)] }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request is too large.' });
  });

  it('takes a body that is just an ordinary log', async () => {
    expect((await post('{"logs":["The pass could not be updated"]}')).statusCode).toBe(200);
  });
});

describe('nestsDeeperThan', () => {
  it.each([
    ['[]', 1, false],
    ['[[]]', 1, true],
    ['{"a":[1,{"b":2}]}', 3, false],
    ['{"a":[1,{"b":2}]}', 2, true],
    ['["[[[["]', 1, false],
    ['["\\\\", [[]]]', 2, true],
    ['["\\"[[["]', 1, false],
    // Not JSON at all: the parser refuses it after the scan, unless the scan already found it too deep.
    ['"[[[[', 1, false],
    ['[[[', 2, true],
  ])('%s nests deeper than %d: %s', (text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });
});
