// Who did something at a store: the signed-in owner or a paired counter screen. Stored as a person id and a
// device id (both null: the owner) plus the name shown, so people of a team plug in as another kind.
import type { AppDeps } from '../deps';
import { findVendorById } from '../repositories/vendors';

export type Actor =
  | { kind: 'owner'; vendorId: string }
  | { kind: 'device'; vendorId: string; deviceId: string; name: string };

export interface ActorRecord {
  personId: string | null;
  deviceId: string | null;
  /** The name the activity list and the export show. */
  name: string;
}

/** The columns that record `actor`; the owner's name is read from the store. */
export async function recordOf(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<ActorRecord> {
  switch (actor.kind) {
    case 'device':
      return { personId: null, deviceId: actor.deviceId, name: actor.name };
    case 'owner': {
      const vendor = await findVendorById(deps.db.kysely, actor.vendorId);
      return { personId: null, deviceId: null, name: vendor?.name || vendor?.email || 'the owner' };
    }
  }
}

/** "handed over by Maria on Till 1", "handed over on Till 1", "handed over by Maria"; '' when nobody was recorded. */
export function handedOverBy(person: string | null, screen: string | null): string {
  if (!person && !screen) return '';
  return `handed over${person ? ` by ${person}` : ''}${screen ? ` on ${screen}` : ''}`;
}
