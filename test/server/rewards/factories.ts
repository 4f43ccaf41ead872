// Test data for the reward and QR suites: vendors and menu items written straight to the database.
import crypto from 'node:crypto';
import type { TestApp } from '../helpers';

export interface TestVendor {
  id: string;
  /** A valid session token for this vendor. */
  token: string;
  auth: { authorization: string };
}

export async function createVendor(t: TestApp, overrides: { company?: string } = {}): Promise<TestVendor> {
  const id = crypto.randomUUID();
  const now = t.clock.now();
  await t.db.kysely
    .insertInto('vendors')
    .values({
      id,
      email: `${id}@example.test`,
      email_normalized: `${id}@example.test`,
      name: 'Test Owner',
      company: overrides.company ?? 'Test Café',
      address: '1 Main St',
      open_hours: '8-17',
      website: null,
      logo_image_id: null,
      banner_image_id: null,
      password_hash: 'not-used',
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const token = t.deps.sessions.issue(id);
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

export async function createItem(t: TestApp, vendorId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  // Distinct created_at values keep the listing order deterministic.
  t.clock.advance(1);
  await t.db.kysely
    .insertInto('menu_items')
    .values({ id, vendor_id: vendorId, name, price_cents: 350, created_at: t.clock.now() })
    .execute();
  return id;
}
