// Who did something at a store: a person of its team or a paired counter screen (the access check's
// principal). Stored as a person id and a device id plus the name shown, so the record reads the same
// after the person leaves or the screen is removed.
import type { AppDeps } from '../deps';
import type { Principal } from './access';
import { findPersonName, recordRewardSettingsActor, recordStoreSettingsActor, rewardSettingsActor } from '../repositories/actors';
import { findDevice } from '../repositories/counter-devices';

export interface ActorRecord {
  personId: string | null;
  deviceId: string | null;
  /** The name the activity list and the export show. */
  name: string;
}

/** The columns that record `principal` as the one who acted. */
export async function recordOf(deps: Pick<AppDeps, 'db'>, principal: Principal): Promise<ActorRecord> {
  switch (principal.kind) {
    case 'device': {
      const device = await findDevice(deps.db.kysely, principal.deviceId);
      return { personId: null, deviceId: principal.deviceId, name: device?.name ?? 'a counter screen' };
    }
    case 'person':
      return { personId: principal.personId, deviceId: null, name: (await findPersonName(deps.db.kysely, principal.vendorId, principal.personId)) ?? 'a team member' };
  }
}

/** "handed over by Maria on Till 1", "handed over on Till 1", "handed over by Maria"; '' when nobody was recorded. */
export function handedOverBy(person: string | null, screen: string | null): string {
  if (!person && !screen) return '';
  return `handed over${person ? ` by ${person}` : ''}${screen ? ` on ${screen}` : ''}`;
}

/** Records who changed the store's settings (its profile or its reward); nothing when no principal asked. */
export async function noteStoreSettingsChange(deps: Pick<AppDeps, 'db'>, vendorId: string, principal: Principal | null): Promise<void> {
  if (!principal) return;
  const actor = await recordOf(deps, principal);
  await recordStoreSettingsActor(deps.db.kysely, vendorId, { personId: actor.personId, name: actor.name });
}

/** Records who saved the reward settings. */
export async function noteRewardSettingsChange(deps: Pick<AppDeps, 'db'>, vendorId: string, principal: Principal | null): Promise<void> {
  if (!principal) return;
  const actor = await recordOf(deps, principal);
  await recordRewardSettingsActor(deps.db.kysely, vendorId, { personId: actor.personId, name: actor.name });
}

/** Who last saved the reward settings ("Maria", "Till 1"); null when nobody was recorded. */
export function rewardSettingsChangedBy(deps: Pick<AppDeps, 'db'>, vendorId: string): Promise<string | null> {
  return rewardSettingsActor(deps.db.kysely, vendorId);
}
