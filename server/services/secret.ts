// The HMAC key for session and QR tokens: SESSION_SECRET, or one generated once and kept in the database.
import crypto from 'node:crypto';
import type { Db } from '../db';

const SETTING_KEY = 'session_secret';

export async function resolveSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await db.kysely.selectFrom('app_settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  if (existing) return existing.value;
  const generated = crypto.randomBytes(48).toString('base64url');
  // Two servers starting together may both generate one: the first insert wins, and both read it back.
  await db.kysely
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: generated })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.kysely.selectFrom('app_settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirstOrThrow();
  return stored.value;
}

/** A key for one purpose, derived from the secret, so a token of one kind never verifies as another. */
export function deriveKey(secret: string, purpose: 'session' | 'qr' | 'customer' | 'activity-stream' | 'known-device'): string {
  return crypto.createHmac('sha256', secret).update(`stampwise:${purpose}`).digest('base64url');
}
