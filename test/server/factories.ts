// Test data written straight to the database: vendors (with a session token), menu items, rewards.
import crypto from 'node:crypto';
import type { TestApp } from './helpers';
import { newMenuItemId } from '../../server/services/menu/items';
import { touchStore } from '../../server/repositories/store-version';

export interface TestVendor {
  id: string;
  /** A valid session token for this vendor. */
  token: string;
  /** Headers that sign the request in as this vendor. */
  auth: { authorization: string };
}

export interface VendorOverrides {
  company?: string;
  address?: string;
  open_hours?: string;
  website?: string | null;
  logo_image_id?: string | null;
}

export async function createVendor(t: TestApp, overrides: VendorOverrides = {}): Promise<TestVendor> {
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
      address: overrides.address ?? '1 Main St',
      open_hours: overrides.open_hours ?? 'Mon–Fri 8–17',
      website: overrides.website ?? null,
      logo_image_id: overrides.logo_image_id ?? null,
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

/** Adds a menu item (price in cents, null for none); each one a millisecond later, so order is stable. Moves the store version on. */
export async function createMenuItem(t: TestApp, vendorId: string, name: string, priceCents: number | null = 350): Promise<string> {
  t.clock.advance(1);
  // Ids as the server makes them: they order items created within one millisecond.
  const id = newMenuItemId(t.clock.now());
  await t.db.kysely
    .insertInto('menu_items')
    .values({ id, vendor_id: vendorId, name, price_cents: priceCents, created_at: t.clock.now() })
    .execute();
  // As every menu change does: a server that kept the store's answer reads it again.
  await touchStore(t.db.kysely, vendorId, t.clock.now());
  return id;
}

export async function createReward(t: TestApp, vendorId: string, itemId: string | null, stamps = 10): Promise<void> {
  await t.db.kysely
    .insertInto('rewards')
    .values({ vendor_id: vendorId, stamps, item_id: itemId, item_custom: itemId ? null : 'A free coffee', expiry: '2026-12-31', updated_at: t.clock.now() })
    .execute();
}
