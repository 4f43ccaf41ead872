// The places of open live feeds: at most a few per vendor across every server sharing the
// database, each a leased row, so a dead server's places free themselves when their lease runs out.
import type { AppDeps } from '../deps';
import { freeStreamPlace, renewStreamPlace, takeStreamPlace, type StreamPlace } from '../repositories/live-streams';

export type { StreamPlace };

/** Takes a free place for a feed that is opening; false when all `max` places of the vendor are held. */
export function takeLiveFeedPlace(deps: Pick<AppDeps, 'db'>, place: StreamPlace, max: number): Promise<boolean> {
  return takeStreamPlace(deps.db.kysely, place, max);
}

/** Extends an open feed's lease to `expiresAt`. */
export function renewLiveFeedPlace(deps: Pick<AppDeps, 'db'>, placeId: string, expiresAt: number): Promise<void> {
  return renewStreamPlace(deps.db.kysely, placeId, expiresAt);
}

/** A closed feed gives its place back at once. */
export function freeLiveFeedPlace(deps: Pick<AppDeps, 'db'>, placeId: string): Promise<void> {
  return freeStreamPlace(deps.db.kysely, placeId);
}
