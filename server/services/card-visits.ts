// A card's visits worked out from its stamps: a visit is a store day (midnight to midnight in the
// store's time zone) with a stamp that is neither removed nor a bonus stamp, as the campaign audiences
// count them. The Customers page reads the card's kept figures (lifetime visits, the latest stamp time of
// each of its latest visits) and the activity list each stamp's visit number; a scan keeps them up to date
// in its own UPDATE, and after a removal or a wallet merge they are worked out again here.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { RECENT_VISITS_KEPT, stampsForVisitCount, writeCardVisits, type StampOfCard } from '../repositories/recent-visits';
import { storeCalendar } from './store-day';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface CardVisitFigures {
  /** Store days with a stamp neither removed nor bonus. */
  visits: number;
  /** The latest stamp time of each of the latest RECENT_VISITS_KEPT visits, newest first. */
  recentVisits: number[];
  /**
   * Each stamp's visit number: the visits of the card up to and including its day, counting the stamp's
   * own day even when it was removed (its line in the activity list still says which visit it was).
   * Bonus stamps share the number of the visit they came with.
   */
  visitNumbers: Map<string, number>;
}

/** The figures of a card whose stamps are `stamps` (oldest first, by time then id), days cut by `dayOf`. */
export function cardVisitFigures(stamps: readonly StampOfCard[], dayOf: (at: number) => number): CardVisitFigures {
  const latestStampOfDay = new Map<number, number>();
  const visitNumbers = new Map<string, number>();
  let lastCountedDay: number | undefined;
  let visits = 0;
  for (const stamp of stamps) {
    const day = dayOf(stamp.createdAt);
    const counts = !stamp.voided && !stamp.bonus;
    if (counts) {
      if (day !== lastCountedDay) visits += 1;
      lastCountedDay = day;
      latestStampOfDay.set(day, Math.max(latestStampOfDay.get(day) ?? stamp.createdAt, stamp.createdAt));
    }
    // A removed stamp on a day with no other stamp still names that day's place among the visits.
    const ownDayUncounted = !stamp.bonus && stamp.voided && day !== lastCountedDay;
    visitNumbers.set(stamp.id, visits + (ownDayUncounted ? 1 : 0));
  }
  const recentVisits = [...latestStampOfDay.entries()]
    .sort(([a], [b]) => b - a)
    .slice(0, RECENT_VISITS_KEPT)
    .map(([, at]) => at);
  return { visits, recentVisits, visitNumbers };
}

/**
 * Works out the card's lifetime visits, its latest visit times and its stamps' visit numbers again from
 * its history (after stamps were removed, moved or dropped), in its store's time zone.
 */
export async function recountCardVisits(db: Queryable, cardId: string): Promise<void> {
  const { timeZone, stamps } = await stampsForVisitCount(db, cardId);
  const calendar = storeCalendar(timeZone);
  const figures = cardVisitFigures(stamps, (at) => calendar.dayOf(at));
  await writeCardVisits(db, cardId, figures, stamps);
}
