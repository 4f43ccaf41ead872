// Who did what, as the activity list and the live feed say it: "on Till 1" beside a stamp collected from
// a counter screen's code, "handed over by Maria on Till 1" beside a reward handed over.
import type { ActivityItem } from '../../api/contract/activity';

export const WHO_TEXT = {
  collectedOn: (screen: string) => `on ${screen}`,
  handedOver: (person: string | undefined, screen: string | undefined) => `handed over${person ? ` by ${person}` : ''}${screen ? ` on ${screen}` : ''}`,
} as const;

/** The "who" of an activity line, or null when nothing was recorded (flyer stamps, older lines). */
export function whoDidWhat(item: ActivityItem): string | null {
  if (item.type === 'stamp' && item.collectedOn) return WHO_TEXT.collectedOn(item.collectedOn);
  if (item.type === 'redemption' && item.status === 'given' && (item.givenBy || item.givenOn)) return WHO_TEXT.handedOver(item.givenBy, item.givenOn);
  return null;
}
