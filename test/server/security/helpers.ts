// Shared by the security suites: hostile request bodies and "is it a 4xx JSON error" in one place.
import type { LightMyRequestResponse } from 'fastify';

/** Bodies a careless or hostile client sends to a multipart route. */
export const MALFORMED_MULTIPART: ReadonlyArray<{ name: string; contentType: string; payload: string }> = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n' },
  { name: 'cut off mid-part', contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="company"\r\n\r\nCorner Ca' },
  { name: 'a file cut off mid-part', contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="menu"; filename="m.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG' },
  { name: 'the wrong boundary', contentType: 'multipart/form-data; boundary=abc', payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--\r\n' },
  { name: 'a part without headers', contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\n\r\n\r\n--xyz--\r\n' },
];

/** Bodies sent to a JSON route: cut off, not JSON at all, or under a type the route does not take. */
export const MALFORMED_JSON: ReadonlyArray<{ name: string; contentType: string; payload: string }> = [
  { name: 'truncated JSON', contentType: 'application/json', payload: '{"email": "a@b.example", "pass' },
  { name: 'not JSON', contentType: 'application/json', payload: 'email=a@b.example' },
  { name: 'a JSON string', contentType: 'application/json', payload: '"just text"' },
  { name: 'a form-urlencoded body', contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.example' },
  { name: 'an XML body', contentType: 'application/xml', payload: '<email>a@b.example</email>' },
];

/** A refusal the client can read: 4xx and `{ error }` JSON, never a 5xx. */
export function expectClientError(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

/**
 * NUL, another C0 control, DEL and a C1 control: none of them is text. A right-to-left override and a
 * left-to-right isolate reorder what follows them (a name reading backwards in a mail, a list or a CSV
 * cell), and a line separator breaks a single line where no line may break.
 */
export const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u007f', '\u0085', '\u202e', '\u2066', '\u2028'];

/** "U+0000": a readable test name for a character that prints as nothing. */
export const codePoint = (c: string): string => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
