// A small signed cookie value: JSON, base64url, with an HMAC-SHA256 tag and an expiry. The browser keeps it;
// nobody can change it without the key. Used to carry a sign-in flow's checks from its start to its callback.
import crypto from 'node:crypto';

const sign = (key: string, body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url');

export function sealCookieValue(key: string, value: object, expiresAt: number): string {
  const body = Buffer.from(JSON.stringify({ value, expiresAt })).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The value sealed with `key`, or undefined when it was changed, forged or has expired. */
export function openCookieValue(key: string, sealed: string | undefined, now: number): unknown {
  if (!sealed) return undefined;
  const [body, tag, ...rest] = sealed.split('.');
  if (!body || !tag || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(tag);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  try {
    const { value, expiresAt } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { value?: unknown; expiresAt?: unknown };
    return typeof expiresAt === 'number' && expiresAt > now ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One cookie's value from a Cookie request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
