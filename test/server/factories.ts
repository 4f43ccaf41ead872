// Test data for the server suites, in one module: rows written straight to the database (vendors, stores,
// menu items, rewards, customers, cards, stamps, claims), real requests made like a phone or a browser
// would (sign-up, scans, claims, hand-overs), and the files and multipart bodies that uploads take.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../../server/config';
import { createGoogleWalletClient } from '../../server/infra/google-wallet';
import { createWebPushClient, resolveVapidKeys } from '../../server/infra/web-push';
import type { FakePushService } from '../support/fake-push-service';
import { createJobRunner, type JobRunner } from '../../server/infra/jobs';
import { googleWalletJobHandlers } from '../../server/services/google-wallet';
import type { FakeGoogleWallet } from '../support/fake-google-wallet';
import { recountCardVisits } from '../../server/services/card-visits';
import { bumpStoreCounter } from '../../server/repositories/store-counters';
import { refreshStampFigures } from '../../server/repositories/stamp-figures';
import { touchStore } from '../../server/repositories/store-version';
import { newMenuItemId } from '../../server/services/menu/items';
import { buildTestApp, type TestApp } from './helpers';
import { HTTPS_TEST_APP_ENV, testConfig } from './test-config';
import type { CampaignInput } from '../../src/api/contract/campaigns';
import { credentialHashOf } from '../../server/services/customers';

// ---- Vendors, menu items and rewards ------------------------------------------------------------

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
  /** ISO 4217; left out, the store has the default (USD) the migration gives it. */
  currency?: string;
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
      ...(overrides.currency === undefined ? {} : { currency: overrides.currency }),
      password_hash: 'not-used',
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // The vendor is the store's owner person, as registration makes them.
  await t.db.kysely.insertInto('people').values({ id, vendor_id: id, role: 'owner', email: null, email_normalized: null, name: null, password_hash: null, invited_by: null, created_at: now }).execute();
  const token = t.deps.sessions.issue(id);
  return { id, token, auth: { authorization: `Bearer ${token}` } };
}

export interface TestPerson {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

/** A manager or staff member of the vendor's store, written straight to the database, signed in. */
export async function addTeamMember(t: TestApp, vendorId: string, role: 'manager' | 'staff', password = 'not-used'): Promise<TestPerson> {
  const id = crypto.randomUUID();
  const email = `${id}@team.example.test`;
  await t.db.kysely
    .insertInto('people')
    .values({ id, vendor_id: vendorId, role, email, email_normalized: email, name: `Test ${role}`, password_hash: password, invited_by: vendorId, created_at: t.clock.now() })
    .execute();
  const token = t.deps.sessions.issue(vendorId, 0, { id, role });
  return { id, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** The token in the newest mail's /invitation/<token> link to `to`. */
export function invitationTokenFromMail(t: TestApp, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
  const match = mail?.link ? /\/invitation\/([^/?#]+)$/.exec(mail.link) : null;
  if (!match) throw new Error(`no invitation link mailed to ${to}`);
  return match[1];
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

// ---- Stores, QR tokens and customers as the phone sees them -------------------------------------

/**
 * buildTestApp with some config changed. Its option type intersects AppDeps['config'] (a whole Config)
 * with Partial<Config>, yet it merges a partial over the defaults, which is what this passes.
 */
export function buildCustomerTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  return buildTestApp({ config: config as Config });
}

/** The customer API with Google Wallet pointed at `fake` (its token endpoint and Wallet API on 127.0.0.1). */
export function buildGoogleWalletTestApp(fake: FakeGoogleWallet, config: Partial<Config> = {}): Promise<TestApp> {
  const googleWallet = testConfig(fake.env).googleWallet!;
  return buildTestApp({ config: { ...config, googleWallet } as Config, googleWallet: createGoogleWalletClient(googleWallet, { timeoutMs: 2000 }) });
}

/**
 * The API with web push whose VAPID keys are generated and kept in the test database (as a server does),
 * trusting `fake`'s certificate and accepting its 127.0.0.1 endpoints; pushes give up after `timeoutMs`.
 */
export async function buildWebPushTestApp(fake: FakePushService, options: { timeoutMs?: number } = {}): Promise<TestApp> {
  const base = testConfig(HTTPS_TEST_APP_ENV);
  const config = { ...base, webPush: { ...base.webPush, localEndpoints: true } };
  const t = await buildTestApp({ config });
  t.deps.webPush = createWebPushClient({ keys: await resolveVapidKeys(t.deps), subject: config.webPush.subject, agent: fake.agent, allowPrivateAddresses: true, timeoutMs: options.timeoutMs ?? 2000, now: t.clock.now });
  return t;
}

/** A customer with a card at `vendorId` (one scan), from an address of their own. */
export async function customerWithCardAt(t: TestApp, vendorId: string): Promise<{ credential: string; cardId: string; customerId: string }> {
  const credential = await newCustomer(t, vendorId, freshCustomerAddress());
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  const cardId = (wallet.json() as { cards: { id: string }[] }).cards[0]!.id;
  const card = await t.db.kysely.selectFrom('stamp_cards').select('customer_id').where('id', '=', cardId).executeTakeFirstOrThrow();
  return { credential, cardId, customerId: card.customer_id };
}

/** A job runner with the Google Wallet handlers on the test clock; tests call runOnce() where a server would poll. */
export function googleWalletJobRunner(t: TestApp): JobRunner {
  return createJobRunner({ db: t.db, handlers: googleWalletJobHandlers(t.deps), owner: 'test-server', now: t.clock.now, random: () => 1 });
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

/** A phone's wallet sign-in link key (what the customer pages keep in local storage). */
export function newLinkKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The header of a phone holding `linkKey`, sent when it asks for a sign-in link and when it opens one. */
export function withLinkKey(linkKey: string) {
  return { 'x-customer-link-key': linkKey };
}

let customerAddressCounter = 0;
/** A client address not used before in this run, so per-address limits only apply where a test wants them. */
export function freshCustomerAddress(): string {
  customerAddressCounter += 1;
  return `10.200.${Math.floor(customerAddressCounter / 250) % 250}.${(customerAddressCounter % 250) + 1}`;
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

// ---- Activity: cards, stamps and claims at chosen times -----------------------------------------

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

export interface TestCard {
  cardId: string;
  customerId: string;
  vendorId: string;
}

export async function addCustomer(t: TestApp, displayName: string | null, customerId: string = crypto.randomUUID()): Promise<string> {
  const now = t.clock.now();
  await t.db.kysely
    .insertInto('customers')
    .values({ id: customerId, display_name: displayName, email: null, email_normalized: null, created_at: now, updated_at: now })
    .execute();
  return customerId;
}

/** A customer (display name or null for an anonymous one) with an empty card at the store. */
export async function addCard(t: TestApp, vendorId: string, displayName: string | null, createdAt = t.clock.now()): Promise<TestCard> {
  const customerId = await addCustomer(t, displayName);
  const cardId = crypto.randomUUID();
  await t.db.kysely
    .insertInto('stamp_cards')
    .values({ id: cardId, customer_id: customerId, vendor_id: vendorId, stamps: 0, last_stamp_at: null, created_at: createdAt, updated_at: createdAt })
    .execute();
  return { cardId, customerId, vendorId };
}

/** `count` customers with a card at the store and a confirmed address taking campaign e-mail, written at once (a big audience); answers their ids. */
export async function mailableCards(t: TestApp, vendorId: string, count: number): Promise<string[]> {
  const now = t.clock.now();
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await t.db.kysely
    .insertInto('customers')
    .values(ids.map((id) => ({ id, display_name: null, email: `${id}@example.com`, email_normalized: `${id}@example.com`, created_at: now, updated_at: now, campaign_mail_opt_in: 1 })))
    .execute();
  await t.db.kysely.insertInto('stamp_cards').values(ids.map((id) => ({ id: crypto.randomUUID(), customer_id: id, vendor_id: vendorId, created_at: now, updated_at: now }))).execute();
  return ids;
}

/** One stamp at `at` (epoch ms); answers the stamp event's id. */
export async function stampAt(t: TestApp, card: TestCard, at: number): Promise<string> {
  const id = crypto.randomUUID();
  await t.db.kysely
    .insertInto('stamp_events')
    .values({ id, card_id: card.cardId, customer_id: card.customerId, vendor_id: card.vendorId, token_id: `tok-${id}`, kind: 'dynamic', created_at: at })
    .execute();
  await t.db.kysely
    .updateTable('stamp_cards')
    .set((eb) => ({ stamps: eb('stamps', '+', 1), last_stamp_at: at, updated_at: at }))
    .where('id', '=', card.cardId)
    .execute();
  await bumpStoreCounter(t.db.kysely, card.vendorId, 'stamps', at);
  // As the stamping transaction does; a stamp written before later ones moves theirs too.
  await refreshStampFigures(t.db.kysely, [card.cardId], at);
  // The card's visits, its latest visits and its stamps' visit numbers, by the store's days.
  await recountCardVisits(t.db.kysely, card.cardId);
  return id;
}

/** `count` stamps, `spacing` apart, the first at `first`. */
export async function stampsFrom(t: TestApp, card: TestCard, first: number, count: number, spacing: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await stampAt(t, card, first + i * spacing));
  return ids;
}

/**
 * Bare stamp rows at `times`, in one statement, for tests of who counts as a visitor (the card's figures are
 * left as they were): `bonusCampaignId` makes them a bonus-stamps campaign's extra stamps, `voidedAt` removed ones.
 */
export async function stampRowsAt(t: TestApp, card: TestCard, times: readonly number[], marks: { bonusCampaignId?: string; voidedAt?: number } = {}): Promise<void> {
  if (times.length === 0) return;
  await t.db.kysely
    .insertInto('stamp_events')
    .values(times.map((at) => {
      const id = crypto.randomUUID();
      return {
        id,
        card_id: card.cardId,
        customer_id: card.customerId,
        vendor_id: card.vendorId,
        token_id: `tok-${id}`,
        kind: 'dynamic',
        created_at: at,
        bonus_campaign_id: marks.bonusCampaignId ?? null,
        voided_at: marks.voidedAt ?? null,
      };
    }))
    .execute();
}

/** A claim at `at` that takes `required` stamps off the card; answers the redemption's id. */
export async function claimAt(t: TestApp, card: TestCard, at: number, required: number, label = 'Flat White'): Promise<string> {
  const id = crypto.randomUUID();
  await t.db.kysely
    .insertInto('redemptions')
    .values({ id, card_id: card.cardId, customer_id: card.customerId, vendor_id: card.vendorId, stamps_required: required, reward_label: label, created_at: at })
    .execute();
  await t.db.kysely
    .updateTable('stamp_cards')
    .set((eb) => ({ stamps: eb('stamps', '-', required), updated_at: at }))
    .where('id', '=', card.cardId)
    .execute();
  await bumpStoreCounter(t.db.kysely, card.vendorId, 'claims', at);
  await refreshStampFigures(t.db.kysely, [card.cardId], at);
  return id;
}

export function getActivity(t: TestApp, vendorId: string, auth: Record<string, string>, query = ''): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/activity/${vendorId}${query}`, headers: auth });
}

export function getDashboard(t: TestApp, vendorId: string, auth: Record<string, string>, query = ''): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/dashboard/${vendorId}${query}`, headers: auth });
}

// ---- Hand-over: full cards, claims and the counter ----------------------------------------------

export const MINUTE = 60 * 1000;
export const REWARD_STAMPS = 3;

/** Without a cooldown, so a test can fill a card in a few scans. */
export function buildHandoverTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  return buildCustomerTestApp({ stampCooldownMinutes: 0, ...config });
}

export async function rewardStore(t: TestApp, company = 'Counter Café'): Promise<TestStore> {
  const store = await createStore(t, { company });
  await setReward(t, store.id, { stamps: REWARD_STAMPS, item: 'Flat White' });
  return store;
}

export interface Claimant {
  credential: string;
  cardId: string;
}

/** A new customer with `stamps` stamps on their card at the store. */
export async function customerWithStamps(t: TestApp, vendorId: string, stamps = REWARD_STAMPS): Promise<Claimant> {
  const address = freshCustomerAddress();
  let credential: string | undefined;
  let cardId = '';
  for (let i = 0; i < stamps; i += 1) {
    t.clock.advance(1000);
    const response = await scan(t, dynamicToken(t, vendorId), { credential, remoteAddress: address });
    if (response.statusCode !== 200) throw new Error(`scan answered ${response.statusCode}: ${response.body}`);
    credential ??= response.json().credential as string;
    cardId = response.json().card.id as string;
  }
  if (!credential) throw new Error('no credential');
  return { credential, cardId };
}

export function claim(t: TestApp, who: Claimant): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/customer/cards/${who.cardId}/claim`, headers: asCustomer(who.credential), remoteAddress: freshCustomerAddress() });
}

/** A customer who filled a card and claimed it: answers the claim (id and code). */
export async function pendingClaim(t: TestApp, vendorId: string): Promise<Claimant & { claimId: string; code: string }> {
  const who = await customerWithStamps(t, vendorId);
  const response = await claim(t, who);
  if (response.statusCode !== 200) throw new Error(`claim answered ${response.statusCode}: ${response.body}`);
  const redemption = response.json().redemption as { id: string; code: string };
  return { ...who, claimId: redemption.id, code: redemption.code };
}

export function handOver(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, claimId: string, screen = 'feed', vendorId = store.id): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/handover/${vendorId}/claims/${claimId}`, headers: store.auth, payload: { screen } });
}

export function handOverByCode(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, code: string, screen = 'counter'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `/api/handover/${store.id}/code`, headers: store.auth, payload: { code, screen } });
}

export function claimStatus(t: TestApp, credential: string, claimId: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `/api/customer/claims/${claimId}`, headers: asCustomer(credential) });
}

// ---- Accounts: sign-up, links and sign-in -------------------------------------------------------

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0 marker): enough for content sniffing. */
/** A real 2×2 white JPEG (the scanner decodes it, not only its magic bytes). */
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
  'base64',
);

let emailCounter = 0;
export function uniqueEmail(): string {
  emailCounter += 1;
  return `owner${emailCounter}-${crypto.randomBytes(3).toString('hex')}@cafe.example`;
}

export function registrationFields(overrides: Partial<Record<string, string>> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    name: 'Ada Baker',
    business: 'Corner Café',
    email: uniqueEmail(),
    address: '1 Main Street, Springfield',
    openingHours: 'Mon–Fri 7:00–17:00',
    website: 'https://corner-cafe.example',
    ...overrides,
  };
  // `undefined` in overrides means "leave this field out".
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

let authAddressCounter = 0;
/** A client address not used before in this run, so per-address throttling only applies where a test wants it. */
export function freshAddress(): string {
  authAddressCounter += 1;
  return `10.${Math.floor(authAddressCounter / 62500) % 250}.${Math.floor(authAddressCounter / 250) % 250}.${(authAddressCounter % 250) + 1}`;
}

/**
 * The set-up the auth suites share: one app for the whole file (slow to build, above all on
 * PostgreSQL), emptied and rewound before each test. `use` receives the app once it is built.
 */
export function withAuthApp(use: (t: TestApp) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    use(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    if (t) await resetAuthData(t);
  });
}

/** Where buildTestApp's clock starts. */
export const START_TIME = Date.parse('2026-11-22T10:00:00Z');

/**
 * Empties what the auth suites write and rewinds the clock and the captured mail, so one app
 * (slow to build, above all on PostgreSQL) can serve a whole file of independent tests.
 */
export async function resetAuthData(t: TestApp): Promise<void> {
  await t.db.kysely.deleteFrom('menu_uploads').execute();
  await t.db.kysely.deleteFrom('email_tokens').execute();
  await t.db.kysely.deleteFrom('vendors').execute();
  await t.db.kysely.deleteFrom('login_failures').execute();
  t.mailer.sent.length = 0;
  t.clock.set(START_TIME);
}

export async function postRegister(
  t: TestApp,
  fields: Record<string, string>,
  files: FilePart[] = [],
  remoteAddress = freshAddress(),
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, ...body });
}

/** The token in the newest mail's /verify/<token> link to `to`. */
export function tokenFromMail(t: TestApp, to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
  const match = mail?.link ? /\/verify\/([^/?#]+)$/.exec(mail.link) : null;
  if (!match) throw new Error(`no verification link mailed to ${to}`);
  return match[1];
}

export const STRONG_PASSWORD = 'Flat white at 7, please!';

export interface SignedUpVendor {
  vendorId: string;
  email: string;
  password: string;
  token: string;
}

/** Register, open the link and set a password, all through the API. */
export async function signUpVendor(t: TestApp, fields: Partial<Record<string, string>> = {}, password = STRONG_PASSWORD): Promise<SignedUpVendor> {
  const registration = registrationFields(fields);
  const registered = await postRegister(t, registration);
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const linkToken = tokenFromMail(t, registration.email);
  // From their own address, as a vendor's browser would: link routes are throttled per address.
  const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${linkToken}`, remoteAddress: freshAddress() });
  const vendorId = (verified.json() as { vendorId: string }).vendorId;
  const completed = await t.app.inject({
    method: 'POST',
    url: `/api/auth/complete-registration/${linkToken}`,
    payload: { vendorId, password },
    remoteAddress: freshAddress(),
  });
  if (completed.statusCode !== 200) throw new Error(`complete-registration answered ${completed.statusCode}: ${completed.body}`);
  return { vendorId, email: registration.email, password, token: (completed.json() as { token: string }).token };
}

export function login(t: TestApp, email: string, password: string, remoteAddress = freshAddress()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

// ---- Files and multipart bodies -----------------------------------------------------------------

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so a test controls every name, type and byte. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----stampwise${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid-colour image of the given size. */
function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
}

export function pngImage(width = 64, height = 32): Promise<Buffer> {
  return canvas(width, height).png().toBuffer();
}

/**
 * A JPEG as a phone writes it: EXIF with a description and an orientation of 6 (the pixels are
 * stored landscape, to be shown rotated 90° clockwise, i.e. portrait).
 */
export function jpegWithExif(description: string, width = 80, height = 40): Promise<Buffer> {
  return canvas(width, height)
    .jpeg()
    .withExif({ IFD0: { ImageDescription: description } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngWithExif(description: string): Promise<Buffer> {
  return canvas(40, 20).png().withExif({ IFD0: { ImageDescription: description } }).toBuffer();
}

export function webpImage(): Promise<Buffer> {
  return canvas(30, 30).webp().toBuffer();
}

export function gifImage(): Promise<Buffer> {
  return canvas(30, 30).gif().toBuffer();
}

/** Text under an image's name. */
export const textPretendingToBePng = Buffer.from('Flat White ...... 4.20\nCroissant $3\n');

/**
 * A genuine PNG of 20,000 × 20,000 one-bit pixels: about 60 kB on the wire, 400 megapixels
 * (1.2 GB as RGB) when decoded — the decompression bomb an upload must refuse from its header.
 */
export function decompressionBombPng(side = 20_000): Buffer {
  let bomb = bombs.get(side);
  if (!bomb) {
    // Each row: a filter byte then side/8 zero bytes; all rows compress to almost nothing. Run-length matching
    // finds those runs as well as level 9's search (the same size) at a sixth of its CPU, over 50 MB.
    const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
    bomb = pngClaiming({ width: side, height: side, bitDepth: 1, colorType: 0 }, zlib.deflateSync(rows, { level: 9, strategy: zlib.constants.Z_RLE }));
    bombs.set(side, bomb);
  }
  // A copy: a test may change the bytes it is given.
  return Buffer.from(bomb);
}
/** Made once per file and side. */
const bombs = new Map<number, Buffer>();

/**
 * A PNG whose header claims these dimensions and pixel format, with `idat` (by default a few bytes)
 * as its image data: what an upload check reads from the header is all that matters.
 */
export function pngClaiming(
  { width, height, bitDepth, colorType }: { width: number; height: number; bitDepth: number; colorType: number },
  idat: Buffer = zlib.deflateSync(Buffer.alloc(16)),
): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType; // 0 greyscale, 2 RGB, 6 RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a text layer. */
export async function pdfMenu(lines: string[] = ['Flat White ..... 4.20', 'Croissant ..... 3.00']): Promise<Buffer> {
  // Loaded here, not at the top: most suites import this module and never make a PDF.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

// ---- Counter screens ------------------------------------------------------------------------------

export interface PairedScreen {
  deviceToken: string;
  deviceId: string;
  vendorId: string;
  keyNumber: number;
  deviceKey: string;
  scanUrlPrefix: string;
  /** Headers that send the screen's device token. */
  auth: { authorization: string };
}

/** A pairing code from the owner, typed on a new counter screen named `name`. */
export async function pairCounterScreen(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, name = 'Till 1'): Promise<PairedScreen> {
  // Pairing codes and pairings are throttled per address: each request comes from an address of its own, since
  // a file's tests may share an app and each test's store stands for another café.
  const code = await t.app.inject({ method: 'POST', url: `/api/team/${store.id}/devices`, headers: store.auth, remoteAddress: freshCustomerAddress() });
  if (code.statusCode !== 200) throw new Error(`pairing code answered ${code.statusCode}: ${code.body}`);
  const paired = await t.app.inject({ method: 'POST', url: '/api/counter/pair', payload: { pairingCode: code.json().pairingCode, name }, remoteAddress: freshCustomerAddress() });
  if (paired.statusCode !== 200) throw new Error(`pairing answered ${paired.statusCode}: ${paired.body}`);
  const body = paired.json() as Omit<PairedScreen, 'auth'>;
  return { ...body, auth: { authorization: `Bearer ${body.deviceToken}` } };
}

// ---- Apple Wallet passes ------------------------------------------------------------------------

export interface DownloadedApplePass {
  serialNumber: string;
  authenticationToken: string;
  passTypeIdentifier: string;
  /** `Authorization` header of Apple's pass web service for this pass. */
  auth: { authorization: string };
  json: ApplePassJson;
}

export type ApplePassJson = Record<string, unknown> & { storeCard: Record<string, { key: string; label?: string; value: string; changeMessage?: string }[]> };

/** pass.json of a .pkpass (a zip), read with unzip as a person checking the file would. */
export function applePassJsonOf(pkpass: Buffer): ApplePassJson {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-pkpass-'));
  try {
    fs.writeFileSync(path.join(dir, 'card.pkpass'), pkpass);
    return JSON.parse(execFileSync('unzip', ['-p', 'card.pkpass', 'pass.json'], { cwd: dir }).toString('utf8')) as ApplePassJson;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Downloads the card's pass as the customer's phone does ("Add to Apple Wallet"). */
export async function downloadApplePass(t: TestApp, credential: string, cardId: string): Promise<DownloadedApplePass> {
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/cards/${cardId}/apple-pass`, headers: asCustomer(credential) });
  if (response.statusCode !== 200) throw new Error(`pass download failed: ${response.statusCode} ${response.body}`);
  const json = applePassJsonOf(response.rawPayload);
  const authenticationToken = json.authenticationToken as string;
  return {
    serialNumber: json.serialNumber as string,
    authenticationToken,
    passTypeIdentifier: json.passTypeIdentifier as string,
    auth: { authorization: `ApplePass ${authenticationToken}` },
    json,
  };
}

/** Registers a phone for the pass's pushes as Wallet does once the pass is added. */
export function registerPassDevice(t: TestApp, pass: DownloadedApplePass, deviceLibraryId: string, pushToken: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/passes/apple/v1/devices/${deviceLibraryId}/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
    headers: pass.auth,
    payload: { pushToken },
  });
}

/** The card id of the customer's only card. */
export async function onlyCardOf(t: TestApp, credential: string): Promise<string> {
  const wallet = await t.app.inject({ method: 'GET', url: '/api/customer/cards', headers: asCustomer(credential) });
  return (wallet.json() as { cards: { id: string }[] }).cards[0]!.id;
}

/**
 * A campaign as the store's form sends it: a discount on coffee for every customer, announced once,
 * from now for a week, no A/B split and no budget; `overrides` change any field.
 */
export function campaignInput(t: TestApp, overrides: Partial<CampaignInput> = {}): CampaignInput {
  const now = t.clock.now();
  return {
    campaignTitle: 'Winter Warmer Week',
    campaignDescription: 'A free pastry with every large coffee.',
    targetAudience: 'all',
    startDateTime: new Date(now).toISOString(),
    endDateTime: new Date(now + 7 * DAY).toISOString(),
    promotionType: 'discount',
    itemsToPromote: ['Coffee'],
    notificationFrequency: 'once',
    abTesting: false,
    budget: 0,
    ...overrides,
  };
}

/** Launches the campaign through POST /api/campaigns/:vendorId (answered 201) and answers its id. */
export async function launchCampaign(t: TestApp, store: Pick<TestStore, 'id' | 'auth'>, input: CampaignInput): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/campaigns/${store.id}`, headers: store.auth, payload: input });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** The customer whose wallet a device credential opens. */
export async function customerIdOfCredential(t: TestApp, credential: string): Promise<string> {
  const row = await t.db.kysely.selectFrom('customer_credentials').select('customer_id').where('credential_hash', '=', credentialHashOf(credential)!).executeTakeFirstOrThrow();
  return row.customer_id;
}

/** Sets the store's time zone (an IANA name, or null for none) as Store Settings would save it. */
export async function setStoreTimeZone(t: TestApp, vendorId: string, timeZone: string | null): Promise<void> {
  await t.db.kysely.updateTable('vendors').set({ time_zone: timeZone }).where('id', '=', vendorId).execute();
}

/**
 * A customer's card at the store beside the count its rows give: live stamp rows, minus the stamps its open or
 * handed-over claims hold, plus the claimed stamps a wallet merge withdrew. The two must agree after any race.
 */
export async function cardAgainstItsRows(t: TestApp, storeId: string, customerId: string): Promise<{ stamps: number; fromRows: number }> {
  const card = await t.db.kysely.selectFrom('stamp_cards').select(['id', 'stamps', 'claimed_stamps_withdrawn']).where('customer_id', '=', customerId).where('vendor_id', '=', storeId).executeTakeFirstOrThrow();
  const live = await t.db.kysely.selectFrom('stamp_events').select('id').where('card_id', '=', card.id).where('voided_at', 'is', null).execute();
  const held = await t.db.kysely.selectFrom('redemptions').select('stamps_required').where('card_id', '=', card.id).where('status', 'in', ['pending', 'given']).execute();
  return { stamps: Number(card.stamps), fromRows: live.length - held.reduce((sum, r) => sum + Number(r.stamps_required), 0) + Number(card.claimed_stamps_withdrawn) };
}
