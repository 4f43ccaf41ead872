// Test data for the activity and dashboard suites: customers, cards, stamps and claims written straight
// to the database at chosen times, keeping the card's count equal to stamps minus claimed stamps (as the
// real stamping and claiming do), plus small helpers to call the vendor endpoints.
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { recordRecentVisit } from '../../../server/repositories/recent-visits';
import { bumpStoreCounter } from '../../../server/repositories/store-counters';
import { refreshStampFigures } from '../../../server/repositories/stamp-figures';
import type { TestApp } from '../helpers';

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
  await recordRecentVisit(t.db.kysely, card.cardId, at);
  return id;
}

/** `count` stamps, `spacing` apart, the first at `first`. */
export async function stampsFrom(t: TestApp, card: TestCard, first: number, count: number, spacing: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await stampAt(t, card, first + i * spacing));
  return ids;
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
