// A vendor's menu: items added and deleted by hand, and menu files scanned into items (the
// upload-menu route and the menu sent with registration), with duplicates of existing items skipped.
import crypto from 'node:crypto';
import type { MenuItemDto } from '../../src/api/contract/vendor';
import type { MenuItem } from '../db/schema';
import type { AppDeps } from '../deps';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../http-errors';
import { countMenuItems, deleteMenuItem, deleteUploadItems, insertMenuItems, listMenuItemNames, listMenuItems, type NewMenuItem } from '../repositories/menu-items';
import { claimOldestPendingUpload, renewUploadLease, requeueInterruptedUploads, settleUpload, type Lease } from '../repositories/menu-uploads';
import { MenuScanRejected } from './menu-scan/errors';
import type { MenuFileKind, ScannedItem } from './menu-scan/types';
import { checkMenuFile } from './uploads';
import { SERVER_ID } from './server-id';
import { MAX_ITEM_NAME_LENGTH, MAX_MENU_ITEMS } from '../../src/api/contract/limits';

export { MAX_ITEM_NAME_LENGTH, MAX_MENU_ITEMS };
/** Highest price in cents ($100,000). */
export const MAX_PRICE_CENTS = 10_000_000;
/** Menu scans running at once in this process (each vendor has at most one). */
export const MAX_CONCURRENT_SCANS = 3;

/** A claimed scan is this server's for this long; renewed every third of it while the scan runs. */
export const MENU_SCAN_LEASE_MS = 90_000;

export const SCAN_FAILED_MESSAGE = 'We could not read this menu.';

/** What the service logs through: pino (app.log / request.log) fits, and so does the console fallback. */
export interface ServiceLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const consoleLogger: ServiceLogger = {
  info: (details, message) => console.info(message, details),
  error: (details, message) => console.error(message, details),
};

// ---------------------------------------------------------------------------------------------
// Items

/** Control characters become spaces, runs of whitespace one space, ends trimmed. */
export function normalizeItemName(raw: string): string {
  return raw.normalize('NFC').replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim();
}

function sameNameKey(name: string): string {
  return normalizeItemName(name).toLowerCase();
}

/** The item name as stored, or 400 naming the field. */
export function parseItemName(raw: unknown): string {
  const name = typeof raw === 'string' ? normalizeItemName(raw) : '';
  if (name === '') throw badRequest('Item name is required.', [{ field: 'itemName', message: 'is required' }]);
  if ([...name].length > MAX_ITEM_NAME_LENGTH) {
    throw badRequest(`Item name must be at most ${MAX_ITEM_NAME_LENGTH} characters.`, [
      { field: 'itemName', message: `must be at most ${MAX_ITEM_NAME_LENGTH} characters` },
    ]);
  }
  return name;
}

/**
 * A price in dollars as the client sends it (number or numeric string) → integer cents; empty,
 * null or absent → null (an item without a price). Anything else is a 400 naming the field.
 */
export function parsePriceCents(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  let text: string;
  if (typeof raw === 'number' && Number.isFinite(raw)) text = String(raw);
  else if (typeof raw === 'string') text = raw.trim();
  else throw invalidPrice();
  if (text === '') return null;
  // String(0.1) is '0.1', String(1e21) is '1e+21' (refused): the decimal text is what we check.
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) throw invalidPrice();
  const [, whole, fraction = ''] = match;
  if (fraction.length > 2) throw invalidPrice();
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_PRICE_CENTS) {
    throw badRequest(`Price must be at most ${MAX_PRICE_CENTS / 100}.`, [{ field: 'itemPrice', message: `must be at most ${MAX_PRICE_CENTS / 100}` }]);
  }
  return cents;
}

function invalidPrice() {
  return badRequest('Price must be a valid number: at least 0, with at most 2 decimals.', [
    { field: 'itemPrice', message: 'must be a number of at least 0 with at most 2 decimals' },
  ]);
}

/** The wire shape of SPEC.md §3: price in dollars, or '' when the item has none. */
export function toMenuItemDto(item: Pick<MenuItem, 'id' | 'name' | 'price_cents'> & { upload_id?: string | null }): MenuItemDto {
  const dto: MenuItemDto = { _id: item.id, name: item.name, price: item.price_cents === null ? '' : item.price_cents / 100 };
  if (item.upload_id) dto.uploadId = item.upload_id;
  return dto;
}

let idCounter = 0;

/**
 * Opaque item ids that sort in creation order among items created in the same millisecond (the
 * listing orders by created_at, then id): time in ms, a per-process counter, then randomness.
 */
export function newMenuItemId(now: number): string {
  idCounter = (idCounter + 1) % 0x1_0000_0000;
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0');
  const counter = idCounter.toString(16).padStart(8, '0');
  return `${time}${counter}${crypto.randomBytes(6).toString('hex')}`;
}

export async function addMenuItem(deps: AppDeps, vendorId: string, input: { itemName?: unknown; itemPrice?: unknown }): Promise<MenuItemDto> {
  const name = parseItemName(input.itemName);
  const priceCents = parsePriceCents(input.itemPrice);
  const now = deps.now();
  const item: NewMenuItem = { id: newMenuItemId(now), vendor_id: vendorId, name, price_cents: priceCents, created_at: now };
  await deps.db.kysely.transaction().execute(async (trx) => {
    if ((await countMenuItems(trx, vendorId)) >= MAX_MENU_ITEMS) {
      throw conflict(`A menu can hold at most ${MAX_MENU_ITEMS} items. Delete some before adding more.`);
    }
    await insertMenuItems(trx, [item]);
  });
  return toMenuItemDto({ id: item.id, name, price_cents: priceCents });
}

/** The vendor's items in the order they were added. */
export async function listMenu(deps: AppDeps, vendorId: string): Promise<MenuItemDto[]> {
  return (await listMenuItems(deps.db.kysely, vendorId)).map(toMenuItemDto);
}

/** 404 when the id is not one of this vendor's items (another vendor's item is never touched). */
export async function removeMenuItem(deps: AppDeps, vendorId: string, itemId: string): Promise<void> {
  const deleted = await deleteMenuItem(deps.db.kysely, vendorId, itemId);
  if (!deleted) throw notFound('This item is not on your menu.');
}

/** Takes back a bad read: deletes exactly the items this upload added (0 when none are left). */
export async function removeUploadItems(deps: AppDeps, vendorId: string, uploadId: string): Promise<number> {
  return deleteUploadItems(deps.db.kysely, vendorId, uploadId);
}

// ---------------------------------------------------------------------------------------------
// Scanned items

/** Tidies the scanner's answer: names as a vendor would type them, prices within range or null. */
function cleanScannedItem(item: ScannedItem): { name: string; priceCents: number | null } | null {
  if (typeof item.name !== 'string') return null;
  const name = normalizeItemName(item.name);
  if (name === '' || [...name].length > MAX_ITEM_NAME_LENGTH) return null;
  const price = item.priceCents;
  const priceCents = typeof price === 'number' && Number.isInteger(price) && price >= 0 && price <= MAX_PRICE_CENTS ? price : null;
  return { name, priceCents };
}

/**
 * Adds the scanned items the vendor's menu lacks, in one transaction: names already on the menu
 * (case-insensitive) and repeats within the scan are skipped, and the menu stops at MAX_MENU_ITEMS.
 * Answers the items added, in scan order.
 */
export async function addScannedItems(deps: AppDeps, vendorId: string, scanned: readonly ScannedItem[], uploadId: string): Promise<MenuItemDto[]> {
  const now = deps.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const existing = await listMenuItemNames(trx, vendorId);
    const seen = new Set(existing.map(sameNameKey));
    let room = MAX_MENU_ITEMS - existing.length;
    const rows: NewMenuItem[] = [];
    for (const raw of scanned) {
      const item = cleanScannedItem(raw);
      if (!item || room <= 0) continue;
      const key = sameNameKey(item.name);
      if (seen.has(key)) continue;
      seen.add(key);
      room -= 1;
      rows.push({ id: newMenuItemId(now), vendor_id: vendorId, name: item.name, price_cents: item.priceCents, created_at: now, upload_id: uploadId });
    }
    await insertMenuItems(trx, rows);
    return rows.map((row) => toMenuItemDto({ id: row.id, name: row.name, price_cents: row.price_cents ?? null, upload_id: uploadId }));
  });
}

// ---------------------------------------------------------------------------------------------
// One scan per vendor at a time

/**
 * OCR is slow and memory-hungry: each vendor gets one scan at a time, and the process at most
 * MAX_CONCURRENT_SCANS, so nobody can queue a hundred OCR jobs. One gate per app (per deps).
 */
class ScanGate {
  private readonly running = new Map<string, Promise<void>>();

  /** A release function, or 429 when this vendor (or the whole server) is already scanning. */
  tryEnter(vendorId: string): () => void {
    if (this.running.has(vendorId)) throw tooManyRequests('A menu is already being scanned. Please wait for it to finish.');
    if (this.running.size >= MAX_CONCURRENT_SCANS) throw tooManyRequests('The menu scanner is busy. Please try again in a minute.');
    return this.take(vendorId);
  }

  /** Waits until this vendor has no scan running (background work; no global cap). */
  async enter(vendorId: string): Promise<() => void> {
    for (let current = this.running.get(vendorId); current; current = this.running.get(vendorId)) await current;
    return this.take(vendorId);
  }

  private take(vendorId: string): () => void {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.running.set(vendorId, done);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.delete(vendorId);
      release();
    };
  }
}

const gates = new WeakMap<AppDeps, ScanGate>();

function gateFor(deps: AppDeps): ScanGate {
  let gate = gates.get(deps);
  if (!gate) {
    gate = new ScanGate();
    gates.set(deps, gate);
  }
  return gate;
}

/** Runs the scanner; its refusals keep their 4xx, anything else becomes 422 'We could not read this menu.'. */
async function scanOrReject(deps: AppDeps, file: Buffer, kind: MenuFileKind, log: ServiceLogger): Promise<ScannedItem[]> {
  try {
    return await deps.menuScanner.scan(file, kind);
  } catch (error) {
    if (error instanceof MenuScanRejected) {
      log.info({ reason: error.reason, kind }, 'menu scan refused');
      throw new HttpError(
        error.httpStatus,
        error.reason === 'image-too-large'
          ? 'This menu image has too many pixels to scan. Please upload a smaller photo.'
          : 'This menu took too long to read. Please try a clearer photo or a smaller file.',
      );
    }
    log.error({ err: error, kind }, 'menu scan failed');
    throw new HttpError(422, SCAN_FAILED_MESSAGE);
  }
}

/**
 * POST /api/vendor/:vendorId/upload-menu: checks the file (400/413/415), scans it (one scan per
 * vendor: 429), adds the items the menu lacks and answers them ([] when the scan found nothing new).
 */
export async function uploadMenu(
  deps: AppDeps,
  vendorId: string,
  file: Buffer | undefined,
  log: ServiceLogger,
): Promise<{ newItems: MenuItemDto[]; uploadId: string }> {
  if (!file) throw badRequest('Choose a menu file to upload.', [{ field: 'menu', message: 'is required' }]);
  const release = gateFor(deps).tryEnter(vendorId);
  try {
    const kind = await checkMenuFile(file);
    const scanned = await scanOrReject(deps, file, kind, log);
    const uploadId = `u${newMenuItemId(deps.now())}`;
    return { newItems: await addScannedItems(deps, vendorId, scanned, uploadId), uploadId };
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// Menus sent with registration (menu_uploads, status 'pending')

export interface PendingScanSummary {
  done: number;
  failed: number;
  itemsAdded: number;
}

interface DrainState {
  current: Promise<PendingScanSummary> | null;
  queued: Promise<PendingScanSummary> | null;
  stopped: boolean;
}

const drains = new WeakMap<AppDeps, DrainState>();

function drainStateFor(deps: AppDeps): DrainState {
  let state = drains.get(deps);
  if (!state) {
    state = { current: null, queued: null, stopped: false };
    drains.set(deps, state);
  }
  return state;
}

/**
 * Scans every pending menu upload, oldest first, one at a time, adding items as upload-menu does
 * and marking each 'done' or 'failed'. Safe to call fire-and-forget and as often as you like (e.g.
 * right after registration): calls during a run queue one more run, and the promise never rejects
 * (errors are logged). It resolves with what this run did once the queue is empty.
 */
export function processPendingMenuUploads(deps: AppDeps, log: ServiceLogger = consoleLogger): Promise<PendingScanSummary> {
  const state = drainStateFor(deps);
  if (!state.current) {
    const run = drainPendingUploads(deps, state, log).finally(() => {
      if (state.current === run) state.current = null;
    });
    state.current = run;
    return run;
  }
  if (!state.queued) {
    // One queued run is enough: it picks up everything pending when it starts.
    const queued = state.current.then(() => {
      state.queued = null;
      return processPendingMenuUploads(deps, log);
    });
    state.queued = queued;
  }
  return state.queued;
}

/** Called once at start-up: a scan whose server is gone (lease expired) is done again; live servers' scans are not. */
export async function requeueInterruptedMenuUploads(deps: AppDeps): Promise<number> {
  return requeueInterruptedUploads(deps.db.kysely, deps.now());
}

const leaseFor = (deps: AppDeps): Lease => ({ owner: SERVER_ID, now: deps.now(), ttlMs: MENU_SCAN_LEASE_MS });

/** Called on shutdown: no new uploads are started; waits for the one being scanned. */
export async function stopProcessingMenuUploads(deps: AppDeps): Promise<void> {
  const state = drainStateFor(deps);
  state.stopped = true;
  await state.queued;
  await state.current;
}

async function drainPendingUploads(deps: AppDeps, state: DrainState, log: ServiceLogger): Promise<PendingScanSummary> {
  const summary: PendingScanSummary = { done: 0, failed: 0, itemsAdded: 0 };
  try {
    while (!state.stopped) {
      const upload = await claimOldestPendingUpload(deps.db.kysely, leaseFor(deps));
      if (!upload) break;
      const release = await gateFor(deps).enter(upload.vendor_id);
      // OCR can outlast the lease: keep it while the scan runs, so no other server takes the upload.
      const renewal = setInterval(() => {
        renewUploadLease(deps.db.kysely, upload.id, leaseFor(deps)).catch((error: unknown) => log.error({ err: error, uploadId: upload.id }, 'could not renew a menu scan lease'));
      }, MENU_SCAN_LEASE_MS / 3);
      renewal.unref();
      let outcome: 'done' | 'failed' = 'failed';
      try {
        const kind = await checkMenuFile(upload.data);
        const added = await addScannedItems(deps, upload.vendor_id, await scanOrReject(deps, upload.data, kind, log), upload.id);
        outcome = 'done';
        summary.itemsAdded += added.length;
        log.info({ uploadId: upload.id, vendorId: upload.vendor_id, itemsAdded: added.length }, 'registration menu scanned');
      } catch (error) {
        const details = { err: error, uploadId: upload.id, vendorId: upload.vendor_id };
        // A refused file (HttpError: wrong type, damaged, too large) is the sender's doing, not ours.
        if (error instanceof HttpError) log.info(details, 'registration menu could not be scanned');
        else log.error(details, 'registration menu could not be scanned');
      } finally {
        clearInterval(renewal);
        release();
      }
      if (await settleUpload(deps.db.kysely, upload.id, outcome, SERVER_ID)) summary[outcome] += 1;
      else log.info({ uploadId: upload.id }, 'menu scan lease lost to another server; its result stands');
    }
  } catch (error) {
    log.error({ err: error }, 'processing pending menu uploads stopped');
  }
  return summary;
}
