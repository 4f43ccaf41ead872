// The row kinds of the activity export, one source each. A source reads its own events of one
// store in a time range, oldest first, one keyset batch at a time (ordered by time, then id). Adding a
// kind (e.g. voided stamps) is adding a source to ACTIVITY_EXPORT_SOURCES: the merge and the CSV follow.
import type { AppDeps } from '../../deps';
import { handedOverBy } from '../actors';
import { readRedemptionEvents, readStampEvents, readStampExpiryEvents, type ExportPosition, type ExportRange } from '../../repositories/activity-export';

export type { ExportPosition, ExportRange };

export interface ExportEvent extends ExportPosition {
  /** The CSV's "event" column. */
  event: string;
  customerId: string;
  displayName: string | null;
  /** The customer's number at this store (the 'Customer #27' label), null for cards made before numbering. */
  customerNumber: number | null;
  /** What the claim was for; for stamps, null (the store's reward now is filled in by the writer). */
  reward: string | null;
  detail: string;
  /** Bonus stamps: the title of the campaign that gave it (the CSV's "Bonus" column). */
  bonusCampaign?: string | null;
}

export interface ActivityExportSource {
  kind: string;
  read(deps: Pick<AppDeps, 'db'>, range: ExportRange, after: ExportPosition | undefined, limit: number): Promise<ExportEvent[]>;
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

const STAMP_KIND_TEXT: Record<string, string> = { dynamic: 'counter code', printable: 'printed flyer' };
const SCREEN_TEXT: Record<string, string> = { feed: 'live feed', counter: 'counter mode' };

const stamps: ActivityExportSource = {
  kind: 'stamp',
  async read(deps, range, after, limit) {
    const rows = await readStampEvents(deps.db.kysely, 'created_at', range, after, limit);
    return rows.map((r) => ({ at: Number(r.at), id: r.id, event: 'stamp', customerId: r.customer_id, displayName: r.display_name, customerNumber: numberOrNull(r.customer_number), reward: null, detail: `${STAMP_KIND_TEXT[r.kind] ?? r.kind}${r.device_name ? ` on ${r.device_name}` : ''}`, bonusCampaign: r.bonus_campaign }));
  },
};

/** Stamps the store voided after a relay alert, or staff removed with a reason, at the time of the void. */
const voids: ActivityExportSource = {
  kind: 'voided',
  async read(deps, range, after, limit) {
    const rows = await readStampEvents(deps.db.kysely, 'voided_at', range, after, limit);
    return rows.map((r) => ({
      at: Number(r.at),
      id: r.id,
      event: r.void_reason ? 'stamp removed' : 'stamp voided',
      customerId: r.customer_id,
      displayName: r.display_name,
      customerNumber: numberOrNull(r.customer_number),
      reward: null,
      detail: r.void_reason
        ? `removed by ${r.voided_by ?? 'the store'}: ${r.void_reason}`
        : `a ${STAMP_KIND_TEXT[r.kind] ?? r.kind} stamp the store voided`,
    }));
  },
};

/** Claims, hand-overs and expiries all live on the redemptions row, each with its own time column. */
interface RedemptionExportRow {
  code: string | null;
  given_via: string | null;
  stamps_required: number;
  given_by: string | null;
  given_by_device_id: string | null;
  device_name: string | null;
}

function redemptionSource(kind: string, column: 'created_at' | 'given_at' | 'expired_at', detail: (row: RedemptionExportRow) => string, onlyHandedOver = false): ActivityExportSource {
  return {
    kind,
    async read(deps, range, after, limit) {
      const rows = await readRedemptionEvents(deps.db.kysely, column, range, after, limit, onlyHandedOver);
      return rows.map((r) => ({ at: Number(r.at), id: r.id, event: kind, customerId: r.customer_id, displayName: r.display_name, customerNumber: numberOrNull(r.customer_number), reward: r.reward_label, detail: detail(r) }));
    },
  };
}

/**
 * Stamps that expired (the activity list's "N stamps expired" line), at the time they were taken off the
 * card; the Reward column is the store's reward, as for stamps.
 */
const stampExpiries: ActivityExportSource = {
  kind: 'stamps expired',
  async read(deps, range, after, limit) {
    const rows = await readStampExpiryEvents(deps.db.kysely, range, after, limit);
    return rows.map((r) => ({
      at: Number(r.at),
      id: r.id,
      event: 'stamps expired',
      customerId: r.customer_id,
      displayName: r.display_name,
      customerNumber: numberOrNull(r.customer_number),
      reward: null,
      detail: `${Number(r.stamps)} of ${Number(r.required)} stamps taken off the card`,
    }));
  },
};

export const ACTIVITY_EXPORT_SOURCES: readonly ActivityExportSource[] = [
  stamps,
  redemptionSource('claim', 'created_at', (r) => (r.code ? `code ${r.code}` : '')),
  redemptionSource('handed over', 'given_at', (r) => {
    const who = handedOverBy(r.given_by_device_id === null ? r.given_by : null, r.given_by_device_id === null ? null : r.device_name ?? r.given_by);
    return `confirmed in ${SCREEN_TEXT[r.given_via ?? ''] ?? r.given_via ?? ''}${who ? `, ${who}` : ''}`;
  }, true),
  redemptionSource('expired', 'expired_at', (r) => `${r.stamps_required} stamps back on the card`),
  stampExpiries,
  voids,
];
