// A stamp line's count as the activity texts take it: "4/10" while the card fills, "reward ready" once it
// is full. Stamps beyond a full card wait for the next card, so a count above the card's size ("4/3") would
// only puzzle the team: the line says the reward is ready instead.
import type { ActivityItem } from '../../api/contract/activity';

export interface StampCount {
  stamps: number;
  required: number;
  /** 'yes' when the card holds its full number of stamps or more: the texts' `full` choice. */
  full: 'yes' | 'no';
}

export function stampCount(item: Pick<ActivityItem, 'stamps' | 'required'>): StampCount {
  const stamps = item.stamps ?? 0;
  const required = item.required ?? 0;
  return { stamps, required, full: required > 0 && stamps >= required ? 'yes' : 'no' };
}
