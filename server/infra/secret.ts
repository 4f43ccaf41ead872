// The HMAC key for session and QR tokens: SESSION_SECRET, or one generated once and kept in the database.
import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { findSetting, insertSettingIfAbsent } from '../repositories/app-settings';

const SETTING_KEY = 'session_secret';

/** Called at start-up, before the rest of AppDeps exists (the secret is one of them). */
export async function resolveSecret(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> {
  const configured = deps.config.sessionSecret;
  if (configured) return configured;
  const db = deps.db.kysely;
  const existing = await findSetting(db, SETTING_KEY);
  if (existing !== undefined) return existing;
  const generated = crypto.randomBytes(48).toString('base64url');
  // Two servers starting together may both generate one: the first insert wins, and both read it back.
  await insertSettingIfAbsent(db, SETTING_KEY, generated);
  const stored = await findSetting(db, SETTING_KEY);
  if (stored === undefined) throw new Error('the generated session secret was not stored');
  return stored;
}

/** A key for one purpose, derived from the secret, so a token of one kind never verifies as another. */
export function deriveKey(secret: string, purpose: 'session' | 'qr' | 'customer' | 'activity-stream' | 'known-device' | 'google-sign-in' | 'counter-device-key' | 'counter-pairing' | 'apple-pass-download'): string {
  return crypto.createHmac('sha256', secret).update(`stampwise:${purpose}`).digest('base64url');
}
