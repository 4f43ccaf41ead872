// Streamed CSV exports: the customer list and the activity log of a date range. Rows are read
// in keyset batches and written batch by batch through a pull-based stream, so the server holds one batch
// per source at a time however long the file is (a 1,000,000-row export included), and a slow download
// slows the reading down instead of piling rows up in memory.
import { Readable } from 'node:stream';
import type { CustomerListFilter } from '../../../src/api/contract/customers';
import type { AppDeps } from '../../deps';
import { findStore } from '../../repositories/cards';
import type { ListPosition } from '../../repositories/customer-list';
import { customerLabel } from '../activity';
import { rewardLabel } from '../card-view';
import { customerRowsPage } from '../customer-list';
import { utcOffsetAt } from '../store-day';
import { ACTIVITY_EXPORT_SOURCES, type ActivityExportSource, type ExportEvent, type ExportPosition, type ExportRange } from './activity-sources';
import { CSV_BOM, csvRecord, type CsvSeparator, type CsvValue } from './csv';

/** Rows read per query (and written per chunk). */
export const EXPORT_BATCH_ROWS = 1000;

export interface ExportOptions {
  batchRows?: number;
  /** Bytes the stream reads ahead of its reader (default 64 KiB). */
  highWaterMark?: number;
  /** The vendor's offset from UTC in minutes: times are written in their local time when the store has no time zone. */
  utcOffsetMinutes: number;
  /** The store's time zone: times are written on its clock (summer time included). */
  timeZone?: string | null;
  /** Between cells: `;` for a reader whose locale writes a decimal comma (`csvSeparatorFor`), else `,`. */
  separator?: CsvSeparator;
}

/** "2026-11-22 10:42:05" on the store's clock, else at the vendor's offset (a form every spreadsheet reads as a date). */
export function localTime(ms: number, utcOffsetMinutes: number, timeZone: string | null = null): string {
  const offsetMs = timeZone ? utcOffsetAt(ms, timeZone) : utcOffsetMinutes * 60_000;
  return new Date(ms + offsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

export const CUSTOMER_CSV_HEADER = ['Customer', 'Visits', 'Stamps', 'Rewards given', 'First visit', 'Last visit'];

async function* customerCsv(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, filter: CustomerListFilter, minVisits: number, options: ExportOptions): AsyncGenerator<string> {
  const limit = options.batchRows ?? EXPORT_BATCH_ROWS;
  const record = (values: readonly CsvValue[]) => csvRecord(values, options.separator);
  yield CSV_BOM + record(CUSTOMER_CSV_HEADER);
  let after: ListPosition | undefined;
  do {
    const page = await customerRowsPage(deps, vendorId, { filter, sort: 'firstVisit', order: 'asc', limit, after, minVisits });
    let chunk = '';
    for (const row of page.rows) {
      chunk += record([
        customerLabel(row.customer_id, row.display_name, { customerNumber: row.customer_number }),
        row.visits,
        row.stamps,
        row.rewards_given,
        localTime(row.created_at, options.utcOffsetMinutes, options.timeZone),
        localTime(row.last_stamp_at, options.utcOffsetMinutes, options.timeZone),
      ]);
    }
    if (chunk) yield chunk;
    after = page.next ?? undefined;
  } while (after);
}

/** One source's events in order, fetched a batch at a time. */
async function* eventsOf(deps: Pick<AppDeps, 'db'>, source: ActivityExportSource, range: ExportRange, limit: number): AsyncGenerator<ExportEvent> {
  let after: ExportPosition | undefined;
  for (;;) {
    const batch = await source.read(deps, range, after, limit);
    yield* batch;
    if (batch.length < limit) return;
    const last = batch[batch.length - 1];
    after = { at: last.at, id: last.id };
  }
}

/**
 * Merges sources that are each in time order into one stream in time order (a k-way merge; k is small).
 * Events of the same millisecond come in the sources' order (a stamp before the claim it completed).
 */
export async function* mergeInTimeOrder(streams: AsyncGenerator<ExportEvent>[]): AsyncGenerator<ExportEvent> {
  const heads = await Promise.all(streams.map((s) => s.next()));
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i += 1) {
      const head = heads[i];
      if (head.done) continue;
      if (pick === -1) { pick = i; continue; }
      const best = heads[pick];
      if (!best.done && head.value.at < best.value.at) pick = i;
    }
    if (pick === -1) return;
    const chosen = heads[pick];
    if (chosen.done) return;
    yield chosen.value;
    heads[pick] = await streams[pick].next();
  }
}

/** Bonus: for the extra stamp a bonus-stamps campaign gave, that campaign's title (empty otherwise). */
export const ACTIVITY_CSV_HEADER = ['Date', 'Event', 'Customer', 'Reward', 'Detail', 'Bonus'];

async function* activityCsv(deps: Pick<AppDeps, 'db'>, range: ExportRange, options: ExportOptions, sources: readonly ActivityExportSource[]): AsyncGenerator<string> {
  const limit = options.batchRows ?? EXPORT_BATCH_ROWS;
  const store = await findStore(deps.db.kysely, range.vendorId);
  const rewardNow = store ? rewardLabel(store) : '';
  const record = (values: readonly CsvValue[]) => csvRecord(values, options.separator);
  yield CSV_BOM + record(ACTIVITY_CSV_HEADER);
  let chunk = '';
  let rows = 0;
  for await (const event of mergeInTimeOrder(sources.map((source) => eventsOf(deps, source, range, limit)))) {
    chunk += record([localTime(event.at, options.utcOffsetMinutes, options.timeZone), event.event, customerLabel(event.customerId, event.displayName, { customerNumber: event.customerNumber }), event.reward ?? rewardNow, event.detail, event.bonusCampaign ?? '']);
    rows += 1;
    if (rows === limit) {
      yield chunk;
      chunk = '';
      rows = 0;
    }
  }
  if (chunk) yield chunk;
}

/** A byte stream that pulls the next chunk only when the reader wants more (backpressure). */
function toStream(chunks: AsyncGenerator<string>, highWaterMark = 64 * 1024): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark });
}

export function customerCsvStream(deps: Pick<AppDeps, 'db' | 'now'>, vendorId: string, filter: CustomerListFilter, minVisits: number, options: ExportOptions): Readable {
  return toStream(customerCsv(deps, vendorId, filter, minVisits, options), options.highWaterMark);
}

export function activityCsvStream(deps: Pick<AppDeps, 'db'>, range: ExportRange, options: ExportOptions, sources: readonly ActivityExportSource[] = ACTIVITY_EXPORT_SOURCES): Readable {
  return toStream(activityCsv(deps, range, options, sources), options.highWaterMark);
}
