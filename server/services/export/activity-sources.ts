// The row kinds of the activity export (issue 19), one source each. A source reads its own events of one
// store in a time range, oldest first, one keyset batch at a time (ordered by time, then id). Adding a
// kind (e.g. voided stamps) is adding a source to ACTIVITY_EXPORT_SOURCES: the merge and the CSV follow.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ExportRange {
  vendorId: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/** Where the previous batch of a source ended. */
export interface ExportPosition {
  at: number;
  id: string;
}

export interface ExportEvent extends ExportPosition {
  /** The CSV's "event" column. */
  event: string;
  customerId: string;
  displayName: string | null;
  /** The customer's number at this store (issue 16's 'Customer #27'), null for cards made before numbering. */
  customerNumber: number | null;
  /** What the claim was for; for stamps, null (the store's reward now is filled in by the writer). */
  reward: string | null;
  detail: string;
}

export interface ActivityExportSource {
  kind: string;
  read(db: Kysely<Database>, range: ExportRange, after: ExportPosition | undefined, limit: number): Promise<ExportEvent[]>;
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

const STAMP_KIND_TEXT: Record<string, string> = { dynamic: 'counter code', printable: 'printed flyer' };
const SCREEN_TEXT: Record<string, string> = { feed: 'live feed', counter: 'counter mode' };

const stamps: ActivityExportSource = {
  kind: 'stamp',
  async read(db, range, after, limit) {
    let query = db
      .selectFrom('stamp_events as e')
      .innerJoin('customers as cu', 'cu.id', 'e.customer_id')
      .leftJoin('stamp_cards as c', 'c.id', 'e.card_id')
      .select(['e.id', 'e.created_at as at', 'e.customer_id', 'cu.display_name', 'c.customer_number', 'e.kind'])
      .where('e.vendor_id', '=', range.vendorId)
      .where('e.created_at', '>=', range.from)
      .where('e.created_at', '<', range.to);
    // Row values, (time, id) > (at, id): an index seek on both databases (an OR of two conditions is a scan on SQLite).
    if (after) query = query.where((eb) => eb(eb.refTuple('e.created_at', 'e.id'), '>', eb.tuple(after.at, after.id)));
    const rows = await query.orderBy('e.created_at').orderBy('e.id').limit(limit).execute();
    return rows.map((r) => ({ at: Number(r.at), id: r.id, event: 'stamp', customerId: r.customer_id, displayName: r.display_name, customerNumber: numberOrNull(r.customer_number), reward: null, detail: STAMP_KIND_TEXT[r.kind] ?? r.kind }));
  },
};

/** Stamps the store voided after a relay alert (issue 17), at the time of the void. */
const voids: ActivityExportSource = {
  kind: 'voided',
  async read(db, range, after, limit) {
    let query = db
      .selectFrom('stamp_events as e')
      .innerJoin('customers as cu', 'cu.id', 'e.customer_id')
      .leftJoin('stamp_cards as c', 'c.id', 'e.card_id')
      .select(['e.id', 'e.voided_at as at', 'e.customer_id', 'cu.display_name', 'c.customer_number', 'e.kind'])
      .where('e.vendor_id', '=', range.vendorId)
      .where('e.voided_at', '>=', range.from)
      .where('e.voided_at', '<', range.to);
    if (after) query = query.where((eb) => eb(eb.refTuple('e.voided_at', 'e.id'), '>', eb.tuple(after.at, after.id)));
    const rows = await query.orderBy('e.voided_at').orderBy('e.id').limit(limit).execute();
    return rows.map((r) => ({
      at: Number(r.at),
      id: r.id,
      event: 'stamp voided',
      customerId: r.customer_id,
      displayName: r.display_name,
      customerNumber: numberOrNull(r.customer_number),
      reward: null,
      detail: `a ${STAMP_KIND_TEXT[r.kind] ?? r.kind} stamp the store voided`,
    }));
  },
};

/** Claims, hand-overs and expiries all live on the redemptions row, each with its own time column. */
function redemptionSource(kind: string, column: 'created_at' | 'given_at' | 'expired_at', detail: (row: { code: string | null; given_via: string | null; stamps_required: number }) => string, onlyHandedOver = false): ActivityExportSource {
  return {
    kind,
    async read(db, range, after, limit) {
      const col = `r.${column}` as const;
      let query = db
        .selectFrom('redemptions as r')
        .innerJoin('customers as cu', 'cu.id', 'r.customer_id')
        .leftJoin('stamp_cards as c', 'c.id', 'r.card_id')
        .select(['r.id', `${col} as at`, 'r.customer_id', 'cu.display_name', 'c.customer_number', 'r.reward_label', 'r.code', 'r.given_via', 'r.stamps_required'])
        .where('r.vendor_id', '=', range.vendorId)
        .where(col, '>=', range.from)
        .where(col, '<', range.to);
      // Claims from before hand-over confirmation existed carry a given time but no screen: not a hand-over anyone confirmed.
      if (onlyHandedOver) query = query.where('r.given_via', 'is not', null);
      if (after) query = query.where((eb) => eb(eb.refTuple(col, 'r.id'), '>', eb.tuple(after.at, after.id)));
      const rows = await query.orderBy(col).orderBy('r.id').limit(limit).execute();
      return rows.map((r) => ({ at: Number(r.at), id: r.id, event: kind, customerId: r.customer_id, displayName: r.display_name, customerNumber: numberOrNull(r.customer_number), reward: r.reward_label, detail: detail(r) }));
    },
  };
}

export const ACTIVITY_EXPORT_SOURCES: readonly ActivityExportSource[] = [
  stamps,
  redemptionSource('claim', 'created_at', (r) => (r.code ? `code ${r.code}` : '')),
  redemptionSource('handed over', 'given_at', (r) => `confirmed in ${SCREEN_TEXT[r.given_via ?? ''] ?? r.given_via ?? ''}`, true),
  redemptionSource('expired', 'expired_at', (r) => `${r.stamps_required} stamps back on the card`),
  voids,
];
