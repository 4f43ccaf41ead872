// GET /api/vendor/:id's answer, kept serialised per store. The store profile and menu change
// rarely and are read on every Store Settings visit; reading them costs two statements, twenty-odd rows
// through Kysely and a serialisation. Each kept answer carries the store version it was read at
// (repositories/store-version.ts); the session check of every vendor request reads the current version in
// the same statement, so a kept answer is used only while no change was made since — by this server or
// any other sharing the database.
import type { AppDeps } from '../deps';
import { listMenu } from './menu/items';
import { getVendorProfile } from './vendor-profile';
import type { VendorResponse } from '../../src/api/contract/vendor';

/** Stores whose answers are kept at most (a 100-item menu is about 8 KB). */
export const KEPT_STORES = 1000;

/** UTF-8 bytes: written to the socket as they are (a string would be measured and encoded on every answer). */
type Body = Buffer;

interface Kept {
  version: number;
  body: Body;
}

export interface VendorAnswerCache {
  /** The answer kept for this store at exactly this version. */
  get(vendorId: string, version: number): Body | undefined;
  /** Keeps an answer read at `version` (after the version was read), unless a newer one is kept. */
  set(vendorId: string, version: number, body: Body): void;
  readonly size: number;
}

export function createVendorAnswerCache(maxStores = KEPT_STORES): VendorAnswerCache {
  const kept = new Map<string, Kept>();
  return {
    get(vendorId, version) {
      const entry = kept.get(vendorId);
      return entry !== undefined && entry.version === version ? entry.body : undefined;
    },
    set(vendorId, version, body) {
      const entry = kept.get(vendorId);
      // Two requests may read at once: the one that read at the older version finishes last.
      if (entry !== undefined && entry.version > version) return;
      kept.delete(vendorId);
      // The store kept longest ago makes room (a Map iterates in insertion order).
      if (kept.size >= maxStores) kept.delete(kept.keys().next().value as string);
      kept.set(vendorId, { version, body });
    },
    get size() {
      return kept.size;
    },
  };
}

/**
 * The store's answer as JSON (UTF-8 bytes): the kept one when `version` (read with the session check, before any
 * of the answer's rows) is still the store's version, otherwise read now, serialised by `serialize` (the
 * route's response serialiser, so the bytes are the same either way) and kept.
 */
export async function vendorAnswer(
  deps: AppDeps,
  cache: VendorAnswerCache,
  vendorId: string,
  version: number | null,
  serialize: (answer: VendorResponse) => string,
): Promise<Buffer> {
  const kept = version === null ? undefined : cache.get(vendorId, version);
  if (kept !== undefined) return kept;
  const vendor = await getVendorProfile(deps, vendorId);
  const body = Buffer.from(serialize({ vendor, items: await listMenu(deps, vendorId) }), 'utf8');
  // Read after the version was: at worst newer than it, which the next request's version check retires.
  if (version !== null) cache.set(vendorId, version, body);
  return body;
}
