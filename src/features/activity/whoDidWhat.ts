// Who did what, as the activity list and the live feed say it: "on Till 1" beside a stamp collected from
// a counter screen's code, "handed over by Maria on Till 1" beside a reward handed over.
import type { ActivityItem } from '../../api/contract/activity';
import { t } from '../../i18n/texts';

function handedOver(person: string | undefined, screen: string | undefined): string {
  if (person && screen) return t('counter.handedOverByOn', { person, screen });
  if (person) return t('counter.handedOverBy', { person });
  return t('counter.handedOverOn', { screen: screen ?? '' });
}

/** The "who" of an activity line, or null when nothing was recorded (flyer stamps, older lines). */
export function whoDidWhat(item: ActivityItem): string | null {
  if (item.type === 'stamp' && item.collectedOn) return t('counter.collectedOn', { screen: item.collectedOn });
  if (item.type === 'redemption' && item.status === 'given' && (item.givenBy || item.givenOn)) return handedOver(item.givenBy, item.givenOn);
  return null;
}
