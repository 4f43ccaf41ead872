// A verified vendor row for the bench, inserted straight into the database (no mail, no password).
import crypto from 'node:crypto';
import type { AppDeps } from '../server/deps';

export interface BenchVendorProfile {
  name: string;
  company: string;
  address: string;
}

/** Inserts a verified vendor with `profile` and returns its id and a session token for it. */
export async function seedBenchVendor(deps: AppDeps, profile: BenchVendorProfile, now = Date.now()): Promise<{ vendorId: string; token: string }> {
  const vendorId = crypto.randomUUID();
  await deps.db.kysely
    .insertInto('vendors')
    .values({
      id: vendorId,
      email: `${vendorId}@bench.local`,
      email_normalized: `${vendorId}@bench.local`,
      ...profile,
      open_hours: '7–15',
      website: null,
      logo_image_id: null,
      banner_image_id: null,
      password_hash: null,
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { vendorId, token: deps.sessions.issue(vendorId) };
}
