// Single use for the short-lived tickets a URL carries (the live feed's ticket, the Apple pass download
// link). The signature says a ticket is genuine and unexpired; the database says whether it has been used,
// so one ticket opens its feed or its pass once on every server sharing the database (PostgreSQL with
// several servers, whether or not they share a Redis: Redis is optional and may be away, the database is
// the one place a consume can be atomic for all of them).
import type { AppDeps } from '../deps';
import { countRepeatUse, deleteExpiredSpentTickets, findSpentTicket, insertSpentTicket } from '../repositories/spent-tickets';

export type TicketPurpose = 'activity-stream' | 'apple-pass-download';

export interface SpendableTicket {
  purpose: TicketPurpose;
  /** The ticket's MAC: no two tickets share one. */
  mac: string;
  expiresAt: number;
}

/**
 * `first`: this request spent it. `repeat`: spent before by the same network, still under `maxUses`.
 * `spent`: used up, or used by another network.
 */
export type Spending = 'first' | 'repeat' | 'spent';

const idOf = (ticket: SpendableTicket) => `${ticket.purpose}:${ticket.mac}`;

/**
 * How long past its expiry a spent ticket is kept. Its expiry was set by the clock of the server that issued it,
 * and every server sharing the database forgets spent tickets by its own clock: a server whose clock is ahead
 * (wrong, or stepped forward until NTP corrects it) would otherwise forget tickets that the others still take as
 * unexpired, and a copied URL would open its feed or pass again there. A day covers any clock a server could
 * still serve with; the rows are one per feed opened or pass downloaded.
 */
export const SPENT_TICKET_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Spends the ticket for a client counted under `network` (its rate-limit key). `maxUses` 1 is strictly single
 * use; more lets the same network repeat the request that many times in all before the ticket expires.
 */
export async function spendTicket(deps: Pick<AppDeps, 'db' | 'now'>, ticket: SpendableTicket, network: string, maxUses = 1): Promise<Spending> {
  const db = deps.db.kysely;
  // Spent tickets are kept only until a day past their expiry; a ticket being spent has not expired (its signature said so).
  await deleteExpiredSpentTickets(db, deps.now() - SPENT_TICKET_KEPT_MS);
  if (await insertSpentTicket(db, { ticketId: idOf(ticket), network, expiresAt: ticket.expiresAt })) return 'first';
  if (maxUses > 1 && (await countRepeatUse(db, idOf(ticket), network, maxUses))) return 'repeat';
  return 'spent';
}

/** Whether the ticket would still be accepted from `network`, without using it (a HEAD request). */
export async function ticketStillOpen(deps: Pick<AppDeps, 'db'>, ticket: SpendableTicket, network: string, maxUses = 1): Promise<boolean> {
  const spent = await findSpentTicket(deps.db.kysely, idOf(ticket));
  return spent === undefined || (spent.network === network && spent.uses < maxUses);
}
