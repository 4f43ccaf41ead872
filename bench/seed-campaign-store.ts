// The store both campaign benches send from: a vendor in a time zone where it is day now (at night the messages
// would rightly wait for the morning, and a send would have none due), a reward, and `customers` customers with a
// card each who opted in to campaign mail.
import crypto from 'node:crypto';
import type { AppDeps } from '../server/deps';
import { sendableAt } from '../server/services/campaign-delivery/quiet-hours';
import { seedBenchVendor } from './seed-vendor';

const SEED_CHUNK = 500;

export async function seedCampaignStore(deps: AppDeps, customers: number, now: number): Promise<{ vendorId: string; token: string }> {
  const { kysely } = deps.db;
  const vendor = await seedBenchVendor(deps, { name: 'Owner', company: 'Campaign Café', address: '1 Bench Street' }, now);
  const dayZone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Asia/Kolkata'].find((zone) => sendableAt(now, zone) === now) ?? 'UTC';
  await kysely.updateTable('vendors').set({ time_zone: dayZone }).where('id', '=', vendor.vendorId).execute();
  await kysely.insertInto('rewards').values({ vendor_id: vendor.vendorId, stamps: 10, item_id: null, item_custom: 'Flat White', expiry: '2099-12-31', updated_at: now }).execute();
  for (let start = 0; start < customers; start += SEED_CHUNK) {
    const ids = Array.from({ length: Math.min(SEED_CHUNK, customers - start) }, () => crypto.randomUUID());
    await kysely
      .insertInto('customers')
      .values(ids.map((id) => ({ id, display_name: null, email: `${id}@bench.local`, email_normalized: `${id}@bench.local`, created_at: now, updated_at: now, campaign_mail_opt_in: 1 })))
      .execute();
    await kysely.insertInto('stamp_cards').values(ids.map((id) => ({ id: crypto.randomUUID(), customer_id: id, vendor_id: vendor.vendorId, created_at: now, updated_at: now }))).execute();
  }
  return vendor;
}
