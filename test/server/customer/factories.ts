// Test data for the customer suites: stores with rewards written straight to the database, QR tokens
// issued by the app's own signer, and small helpers that call the customer API like a phone would.
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../../server/config';
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor } from '../factories';

/**
 * buildTestApp with some config changed. Its option type intersects AppDeps['config'] (a whole Config)
 * with Partial<Config>, yet it merges a partial over the defaults, which is what this passes.
 */
export function buildCustomerTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  return buildTestApp({ config: config as Config });
}

export interface TestStore {
  id: string;
  company: string;
  /** `Authorization` header of the store's vendor session. */
  auth: { authorization: string };
}

export async function createStore(t: TestApp, options: { company?: string; withLogo?: boolean } = {}): Promise<TestStore> {
  const company = options.company ?? 'Bean There Café';
  let logoId: string | null = null;
  if (options.withLogo) {
    logoId = crypto.randomBytes(32).toString('hex');
    await t.db.kysely.insertInto('images').values({ id: logoId, mime: 'image/png', data: Buffer.from('png'), width: 1, height: 1, created_at: t.clock.now() }).execute();
  }
  const vendor = await createVendor(t, { company, logo_image_id: logoId });
  return { id: vendor.id, company, auth: vendor.auth };
}

/** Saves the store's reward: a menu item by name, or a custom text. */
export async function setReward(
  t: TestApp,
  vendorId: string,
  reward: { stamps: number; item?: string; itemCustom?: string; expiry?: string },
): Promise<void> {
  let itemId: string | null = null;
  if (reward.item) {
    itemId = crypto.randomUUID();
    await t.db.kysely.insertInto('menu_items').values({ id: itemId, vendor_id: vendorId, name: reward.item, price_cents: 420, created_at: t.clock.now() }).execute();
  }
  const values = { stamps: reward.stamps, item_id: itemId, item_custom: reward.itemCustom ?? null, expiry: reward.expiry ?? '2026-12-31', updated_at: t.clock.now() };
  await t.db.kysely
    .insertInto('rewards')
    .values({ vendor_id: vendorId, ...values })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet(values))
    .execute();
}

/** A fresh dynamic token, as the vendor's QR page shows it. */
export function dynamicToken(t: TestApp, vendorId: string): string {
  return t.deps.qrTokens.issueDynamic(vendorId).token;
}

export function printableToken(t: TestApp, vendorId: string, version = 1): string {
  return t.deps.qrTokens.issuePrintable(vendorId, version);
}

export interface ScanOptions {
  credential?: string;
  /** The phone's address (each simulated customer may have its own). */
  remoteAddress?: string;
}

export function scan(t: TestApp, token: string, options: ScanOptions = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/customer/scan',
    payload: { token },
    headers: options.credential ? { 'x-customer-key': options.credential } : {},
    remoteAddress: options.remoteAddress,
  });
}

/** Scans as a new customer and answers the credential the server handed out. */
export async function newCustomer(t: TestApp, vendorId: string, remoteAddress?: string): Promise<string> {
  const response = await scan(t, dynamicToken(t, vendorId), { remoteAddress });
  if (response.statusCode !== 200) throw new Error(`first scan failed: ${response.statusCode} ${response.body}`);
  const credential = response.json().credential as string | undefined;
  if (!credential) throw new Error('first scan returned no credential');
  return credential;
}

export function asCustomer(credential: string) {
  return { 'x-customer-key': credential };
}

let addressCounter = 0;
/** A client address not used before in this run, so per-address limits only apply where a test wants them. */
export function freshCustomerAddress(): string {
  addressCounter += 1;
  return `10.200.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** The token of the newest e-mail confirmation link mailed to `to`, or undefined. */
export function confirmationTokenMailedTo(t: TestApp, to: string): string | undefined {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase() && /\/wallet\/confirm-email\//.test(m.link ?? ''));
  return mail ? /\/wallet\/confirm-email\/([A-Za-z0-9_-]+)$/.exec(mail.link ?? '')?.[1] : undefined;
}

export function confirmEmailLink(t: TestApp, token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/customer/email/${token}`, remoteAddress: freshCustomerAddress() });
}

/** Saves `email` on the wallet the way a customer does: ask for it, then open the link mailed to it. */
export async function saveConfirmedEmail(t: TestApp, credential: string, email: string): Promise<void> {
  const asked = await t.app.inject({ method: 'PATCH', url: '/api/customer/me', headers: asCustomer(credential), payload: { email }, remoteAddress: freshCustomerAddress() });
  if (asked.statusCode !== 200) throw new Error(`PATCH /me answered ${asked.statusCode}: ${asked.body}`);
  const token = confirmationTokenMailedTo(t, email);
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  const confirmed = await confirmEmailLink(t, token);
  if (confirmed.statusCode !== 200) throw new Error(`confirming answered ${confirmed.statusCode}: ${confirmed.body}`);
}
