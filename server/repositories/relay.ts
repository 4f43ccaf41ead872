// SQL for relay detection. Every query on the scan path is one primary-key or indexed
// lookup: the code's usage row, its network set, the store's pace by (vendor_id, day), the device's
// recent stamps by (customer_id, created_at). Nothing scans the event log.
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, StampKind } from '../db/schema';
import { refreshStampFigures } from './stamp-figures';
import { refundBonusStamps } from './campaigns';
import { reusableQuery } from '../db/reusable-query';
import { nextStoreVersion } from './store-version';

type Queryable = Kysely<Database> | Transaction<Database>;

export type FlagReason = 'device' | 'networks' | 'budget';
/** A stronger reason replaces a weaker one on an already flagged code (the alert names the strongest). */
const REASON_RANK: Record<FlagReason, number> = { device: 1, networks: 2, budget: 3 };

export interface PaceAndFloors {
  busiestMinute: number;
  busiestFlyerDay: number;
  codeBudgetFloor: number | null;
  flyerBudgetFloor: number | null;
}

/** The store's pace over [fromDay, toDay) and its own budget floors: two lookups by key. */
export async function paceAndFloors(db: Queryable, vendorId: string, fromDay: number, toDay: number): Promise<PaceAndFloors> {
  const [[pace], [vendor]] = await Promise.all([paceQuery(db, vendorId, fromDay, toDay), floorsQuery(db, vendorId)]);
  return {
    busiestMinute: Number(pace?.minute ?? 0),
    busiestFlyerDay: Number(pace?.flyer ?? 0),
    codeBudgetFloor: vendor?.code_budget_floor ?? null,
    flyerBudgetFloor: vendor?.flyer_budget_floor ?? null,
  };
}

// The scan's relay statements are compiled once: every accepted scan runs most of them.
const paceQuery = reusableQuery<[vendorId: string, fromDay: number, toDay: number], { minute: number | null; flyer: number | null }>(3, (db, vendorId, fromDay, toDay) =>
  db
    .selectFrom('store_pace')
    .select((eb) => [eb.fn.max('busiest_minute').as('minute'), eb.fn.max('flyer_stamps').as('flyer')])
    .where('vendor_id', '=', vendorId)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay),
);

const floorsQuery = reusableQuery<[vendorId: string], { code_budget_floor: number | null; flyer_budget_floor: number | null }>(1, (db, vendorId) =>
  db.selectFrom('vendors').select(['code_budget_floor', 'flyer_budget_floor']).where('id', '=', vendorId),
);

/** The code's usage row, created on its first stamp with the budget in force then (ON CONFLICT: two first scans make one). */
export async function ensureCodeUsage(db: Queryable, code: { key: string; vendorId: string; kind: StampKind; budget: number }, now: number): Promise<void> {
  await ensureCodeUsageQuery(db, code.key, code.vendorId, code.kind, code.budget, now);
}

const ensureCodeUsageQuery = reusableQuery<[key: string, vendorId: string, kind: StampKind, budget: number, now: number], unknown>(5, (db, key, vendorId, kind, budget, now) =>
  db
    .insertInto('code_usage')
    .values({ code_key: key, vendor_id: vendorId, kind, budget, first_at: now, last_at: now, flagged_at: null, flag_reason: null, voided_at: null, voided_stamps: null })
    .onConflict((oc) => oc.column('code_key').doNothing()),
);

/**
 * Counts one more stamp against the code's budget in one conditional UPDATE (the row lock on PostgreSQL and
 * the single writer on SQLite make two scans at the edge take turns): the code's count after it, or
 * undefined when the budget is spent or the store voided the code.
 */
export async function takeFromBudget(db: Queryable, codeKey: string, now: number): Promise<{ granted: number; networks: number; flaggedAt: number | null; flagReason: string | null } | undefined> {
  const [row] = await takeFromBudgetQuery(db, codeKey, now);
  if (!row) return undefined;
  return { granted: Number(row.granted), networks: Number(row.networks), flaggedAt: row.flagged_at === null ? null : Number(row.flagged_at), flagReason: row.flag_reason };
}

const takeFromBudgetQuery = reusableQuery<[codeKey: string, now: number], { granted: number; networks: number; flagged_at: number | null; flag_reason: string | null }>(2, (db, codeKey, now) =>
  db
    .updateTable('code_usage')
    .set((eb) => ({ granted: eb('granted', '+', 1), last_at: now }))
    .where('code_key', '=', codeKey)
    .where((eb) => eb('granted', '<', eb.ref('budget')))
    .where('voided_at', 'is', null)
    .returning(['granted', 'networks', 'flagged_at', 'flag_reason']),
);

/** Adds the network to the code's set; the code's network count after it. */
export async function addCodeNetwork(db: Queryable, codeKey: string, network: string, networksBefore: number): Promise<number> {
  // RETURNING answers a row only when the network was new to the code (ON CONFLICT DO NOTHING returns none).
  const inserted = await insertCodeNetworkQuery(db, codeKey, network);
  if (inserted.length === 0) return networksBefore;
  const [row] = await countCodeNetworkQuery(db, codeKey);
  if (!row) throw new Error(`no usage row for code ${codeKey}`);
  return Number(row.networks);
}

const insertCodeNetworkQuery = reusableQuery<[codeKey: string, network: string], { code_key: string }>(2, (db, codeKey, network) =>
  db.insertInto('code_networks').values({ code_key: codeKey, network }).onConflict((oc) => oc.columns(['code_key', 'network']).doNothing()).returning('code_key'),
);

const countCodeNetworkQuery = reusableQuery<[codeKey: string], { networks: number }>(1, (db, codeKey) =>
  db
    .updateTable('code_usage')
    .set((eb) => ({ networks: eb('networks', '+', 1) }))
    .where('code_key', '=', codeKey)
    .returning('networks'),
);

/** The stores (vendor ids) this customer's stamps came from since `since`, by the (customer_id, created_at) index. */
export async function storesOfCustomerSince(db: Queryable, customerId: string, since: number): Promise<Set<string>> {
  const rows = await storesOfCustomerQuery(db, customerId, since);
  return new Set(rows.map((r) => r.vendor_id));
}

const storesOfCustomerQuery = reusableQuery<[customerId: string, since: number], { vendor_id: string }>(2, (db, customerId, since) =>
  db
    .selectFrom('stamp_events')
    .select('vendor_id')
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', since)
    .where('voided_at', 'is', null)
    .limit(200),
);

export interface StampSignals {
  codeKey: string;
  clientNetwork: string;
  codeAgeMs: number | null;
  newDevice: boolean;
  codeStamps: number;
  codeNetworks: number;
  deviceStores: number;
}

export async function saveStampSignals(db: Queryable, stampEventId: string, signals: StampSignals): Promise<void> {
  await saveStampSignalsQuery(
    db,
    stampEventId,
    signals.codeKey,
    signals.clientNetwork,
    signals.codeAgeMs,
    signals.newDevice ? 1 : 0,
    signals.codeStamps,
    signals.codeNetworks,
    signals.deviceStores,
  );
}

const saveStampSignalsQuery = reusableQuery<
  [stampEventId: string, codeKey: string, clientNetwork: string, codeAgeMs: number | null, newDevice: number, codeStamps: number, codeNetworks: number, deviceStores: number],
  unknown
>(8, (db, stampEventId, codeKey, clientNetwork, codeAgeMs, newDevice, codeStamps, codeNetworks, deviceStores) =>
  db
    .updateTable('stamp_events')
    .set({
      code_key: codeKey,
      client_network: clientNetwork,
      code_age_ms: codeAgeMs,
      new_device: newDevice,
      code_stamps: codeStamps,
      code_networks: codeNetworks,
      device_stores: deviceStores,
    })
    .where('id', '=', stampEventId),
);

/**
 * Flags the code (or names a stronger reason on an already flagged one); true when the alert changed.
 * The first flag's time stays: the alert reads "used N times … in S s" from the code's first use.
 */
export async function flagCode(db: Queryable, codeKey: string, reason: FlagReason, now: number, current: string | null): Promise<boolean> {
  if (current !== null && REASON_RANK[current as FlagReason] >= REASON_RANK[reason]) return false;
  const result = await db
    .updateTable('code_usage')
    .set((eb) => ({ flagged_at: eb.fn.coalesce('flagged_at', sql<number>`${now}`), flag_reason: reason }))
    .where('code_key', '=', codeKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A scan refused by the budget: counted, and the code flagged for it (outside the rolled-back scan). */
export async function recordBudgetRefusal(db: Queryable, codeKey: string, now: number): Promise<{ vendorId: string; refused: number } | undefined> {
  const row = await db
    .updateTable('code_usage')
    .set((eb) => ({ refused: eb('refused', '+', 1), last_at: now, flagged_at: eb.fn.coalesce('flagged_at', sql<number>`${now}`), flag_reason: 'budget' }))
    .where('code_key', '=', codeKey)
    .returning(['vendor_id', 'refused'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { vendorId: row.vendor_id, refused: Number(row.refused) };
}

/**
 * One more stamp in the store's pace for today (an upsert on (vendor_id, day)): counter stamps count
 * towards the current minute and the busiest minute, flyer stamps towards the day's flyer total.
 * The SET expressions all read the row as it was, on both databases.
 */
export async function recordPace(db: Queryable, vendorId: string, day: number, minute: number, kind: StampKind): Promise<void> {
  if (kind === 'printable') await flyerPaceQuery(db, vendorId, day, minute);
  else await counterPaceQuery(db, vendorId, day, minute);
}

const flyerPaceQuery = reusableQuery<[vendorId: string, day: number, minute: number], unknown>(3, (db, vendorId, day, minute) =>
  db
    .insertInto('store_pace')
    .values({ vendor_id: vendorId, day, busiest_minute: 0, current_minute: minute, current_minute_stamps: 0, flyer_stamps: 1 })
    .onConflict((oc) => oc.columns(['vendor_id', 'day']).doUpdateSet({ flyer_stamps: sql<number>`store_pace.flyer_stamps + 1` })),
);

const counterPaceQuery = reusableQuery<[vendorId: string, day: number, minute: number], unknown>(3, (db, vendorId, day, minute) =>
  db
    .insertInto('store_pace')
    .values({ vendor_id: vendorId, day, busiest_minute: 1, current_minute: minute, current_minute_stamps: 1, flyer_stamps: 0 })
    .onConflict((oc) =>
      oc.columns(['vendor_id', 'day']).doUpdateSet({
        current_minute: sql<number>`${minute}`,
        current_minute_stamps: sql<number>`CASE WHEN store_pace.current_minute = ${minute} THEN store_pace.current_minute_stamps + 1 ELSE 1 END`,
        busiest_minute: sql<number>`CASE WHEN store_pace.current_minute = ${minute} AND store_pace.current_minute_stamps + 1 > store_pace.busiest_minute THEN store_pace.current_minute_stamps + 1 WHEN store_pace.busiest_minute < 1 THEN 1 ELSE store_pace.busiest_minute END`,
      }),
    ),
);

// ---- the vendor's review: alerts and the void action ----

export interface CodeUsageRow {
  code_key: string;
  vendor_id: string;
  kind: StampKind;
  budget: number;
  granted: number;
  refused: number;
  networks: number;
  first_at: number;
  last_at: number;
  flagged_at: number | null;
  flag_reason: string | null;
  voided_at: number | null;
  voided_stamps: number | null;
}

function normalizeUsage(row: CodeUsageRow): CodeUsageRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    budget: Number(row.budget),
    granted: Number(row.granted),
    refused: Number(row.refused),
    networks: Number(row.networks),
    first_at: Number(row.first_at),
    last_at: Number(row.last_at),
    flagged_at: n(row.flagged_at),
    voided_at: n(row.voided_at),
    voided_stamps: n(row.voided_stamps),
  };
}

/** The vendor's flagged codes, newest flag first (the (vendor_id, flagged_at) index). */
export async function listFlaggedCodes(db: Queryable, vendorId: string, since: number, limit: number): Promise<CodeUsageRow[]> {
  const rows = await db
    .selectFrom('code_usage')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('flagged_at', '>=', since)
    .orderBy('flagged_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(normalizeUsage);
}

/** One code of this vendor (another vendor's code answers undefined). */
export async function findCodeUsage(db: Queryable, vendorId: string, codeKey: string): Promise<CodeUsageRow | undefined> {
  const row = await db.selectFrom('code_usage').selectAll().where('code_key', '=', codeKey).where('vendor_id', '=', vendorId).executeTakeFirst();
  return row ? normalizeUsage(row) : undefined;
}

export interface CodeStampRow {
  id: string;
  card_id: string;
  customer_id: string;
  created_at: number;
  client_network: string | null;
  new_device: number | null;
  device_stores: number | null;
  voided_at: number | null;
  /** 1 when the card had a reward claimed at or after this stamp. */
  claimed_after: number;
}

/** The stamps a code granted, oldest first (the code_key index). */
export async function stampsOfCode(db: Queryable, codeKey: string, limit: number): Promise<CodeStampRow[]> {
  const rows = await db
    .selectFrom('stamp_events as e')
    .select((eb) => [
      'e.id',
      'e.card_id',
      'e.customer_id',
      'e.created_at',
      'e.client_network',
      'e.new_device',
      'e.device_stores',
      'e.voided_at',
      eb
        .case()
        .when(eb.exists(eb.selectFrom('redemptions as r').select('r.id').whereRef('r.card_id', '=', 'e.card_id').whereRef('r.created_at', '>=', 'e.created_at')))
        .then(1)
        .else(0)
        .end()
        .as('claimed_after'),
    ])
    .where('e.code_key', '=', codeKey)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: Number(r.created_at),
    voided_at: r.voided_at === null ? null : Number(r.voided_at),
    new_device: r.new_device === null ? null : Number(r.new_device),
    device_stores: r.device_stores === null ? null : Number(r.device_stores),
    claimed_after: Number(r.claimed_after),
  }));
}

/**
 * PostgreSQL: holds the cards' rows (in id order, as a wallet merge and a scan take them) until the
 * transaction ends, so two voids reaching one card run one after the other: each then reads the other's
 * voided stamps when it works out the card's figures again. Their customers' rows are held first (FOR KEY
 * SHARE, in id order), in the order a wallet merge takes customers and then cards: a merge under way is
 * waited for before any card is held, rather than met halfway in a circle of locks.
 */
export async function lockCardsById(db: Queryable, cardIds: readonly string[]): Promise<void> {
  const unique = [...new Set(cardIds)].sort();
  if (unique.length === 0) return;
  const owners = await db.selectFrom('stamp_cards').select('customer_id').distinct().where('id', 'in', unique).execute();
  const customerIds = owners.map((row) => row.customer_id).sort();
  if (customerIds.length > 0) await db.selectFrom('customers').select('id').where('id', 'in', customerIds).orderBy('id').forKeyShare().execute();
  await db.selectFrom('stamp_cards').select('id').where('id', 'in', unique).orderBy('id').forUpdate().execute();
}

/**
 * Marks these stamps voided (only those not voided yet): each voided stamp with the card it is on now,
 * which a wallet merge that committed since the stamps were read may have changed.
 */
export async function voidStampEvents(db: Queryable, ids: readonly string[], now: number): Promise<Array<{ id: string; cardId: string; bonus: boolean }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('stamp_events')
    .set({ voided_at: now })
    .where('id', 'in', [...ids])
    .where('voided_at', 'is', null)
    .returning(['id', 'card_id', 'created_at', 'bonus_campaign_id', 'bonus_cost_cents'])
    .execute();
  // A voided bonus stamp was never given: its campaign's budget gets its cost back.
  await refundBonusStamps(db, rows);
  // Each card's later stamps now show one stamp less (their kept figures, from the oldest voided on).
  const oldestPerCard = new Map<string, number>();
  for (const row of rows) oldestPerCard.set(row.card_id, Math.min(oldestPerCard.get(row.card_id) ?? Infinity, Number(row.created_at)));
  for (const [cardId, from] of oldestPerCard) await refreshStampFigures(db, [cardId], from);
  return rows.map((r) => ({ id: r.id, cardId: r.card_id, bonus: r.bonus_campaign_id !== null }));
}

/**
 * Takes `count` stamps off the card (never below zero: stamps already spent on a claim stay spent) and
 * notes them for the customer; true when the card held fewer than `count` (a claim was kept). The card's
 * visits are counted again by the caller (services/card-visits.ts): a day stays a visit while any stamp of it is left.
 */
export async function removeStampsFromCard(db: Queryable, cardId: string, count: number, now: number): Promise<boolean> {
  const before = await db.selectFrom('stamp_cards').select('stamps').where('id', '=', cardId).executeTakeFirst();
  await db
    .updateTable('stamp_cards')
    .set(() => ({
      stamps: sql<number>`CASE WHEN stamps >= ${count} THEN stamps - ${count} ELSE 0 END`,
      // What the card could not give back, a claim had spent (the claim is kept).
      claimed_stamps_withdrawn: sql<number>`CASE WHEN stamps >= ${count} THEN claimed_stamps_withdrawn ELSE claimed_stamps_withdrawn + ${count} - stamps END`,
      // A count from an earlier void is forgotten once the customer stamped again (the notice hid then).
      removed_stamps: sql<number>`CASE WHEN removed_at IS NULL OR last_stamp_at > removed_at THEN ${count} ELSE removed_stamps + ${count} END`,
      removed_at: now,
      updated_at: now,
    }))
    .where('id', '=', cardId)
    .execute();
  return before !== undefined && Number(before.stamps) < count;
}

/** Marks the code voided (it grants no more stamps); false when it already was. */
export async function markCodeVoided(db: Queryable, codeKey: string, now: number): Promise<boolean> {
  const result = await db.updateTable('code_usage').set({ voided_at: now, voided_stamps: 0 }).where('code_key', '=', codeKey).where('voided_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setVoidedStamps(db: Queryable, codeKey: string, stamps: number): Promise<void> {
  await db.updateTable('code_usage').set({ voided_stamps: stamps }).where('code_key', '=', codeKey).execute();
}

export async function insertAudit(
  db: Queryable,
  entry: { vendorId: string; action: string; codeKey: string | null; detail: unknown; clientAddress: string | null; actor?: { personId: string | null; name: string } },
  now: number,
): Promise<void> {
  await db
    .insertInto('relay_audit')
    .values({
      id: crypto.randomUUID(),
      vendor_id: entry.vendorId,
      action: entry.action,
      code_key: entry.codeKey,
      detail: JSON.stringify(entry.detail),
      client_address: entry.clientAddress,
      actor_person_id: entry.actor?.personId ?? null,
      actor: entry.actor?.name ?? null,
      created_at: now,
    })
    .execute();
}

export async function listAudit(db: Queryable, vendorId: string, limit: number) {
  const rows = await db.selectFrom('relay_audit').selectAll().where('vendor_id', '=', vendorId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

export async function setBudgetFloors(db: Queryable, vendorId: string, floors: { codeBudgetFloor: number | null; flyerBudgetFloor: number | null }, now: number): Promise<void> {
  await db.updateTable('vendors').set({ code_budget_floor: floors.codeBudgetFloor, flyer_budget_floor: floors.flyerBudgetFloor, updated_at: nextStoreVersion(now) }).where('id', '=', vendorId).execute();
}
