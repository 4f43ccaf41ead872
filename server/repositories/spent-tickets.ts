// SQL for single-use tickets: a ticket is spent by inserting its row, which only one request on one server
// can do (the primary key); a repeat is let through only by a conditional UPDATE that names the network it
// was first spent from and stops at a count. Each is one statement, atomic on SQLite and PostgreSQL alike.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface TicketSpending {
  ticketId: string;
  network: string;
  expiresAt: number;
}

/** Marks the ticket spent; true for the one request that did (every other gets false). */
export async function insertSpentTicket(db: Queryable, spending: TicketSpending): Promise<boolean> {
  const row = await db
    .insertInto('spent_tickets')
    .values({ ticket_id: spending.ticketId, network: spending.network, uses: 1, expires_at: spending.expiresAt })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .returning('ticket_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one more use of a spent ticket from the network that spent it, while it has fewer than `maxUses`; true when counted. */
export async function countRepeatUse(db: Queryable, ticketId: string, network: string, maxUses: number): Promise<boolean> {
  const row = await db
    .updateTable('spent_tickets')
    .set({ uses: sql<number>`uses + 1` })
    .where('ticket_id', '=', ticketId)
    .where('network', '=', network)
    .where('uses', '<', maxUses)
    .returning('ticket_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How a ticket stands: undefined while unspent. */
export async function findSpentTicket(db: Queryable, ticketId: string): Promise<{ network: string; uses: number } | undefined> {
  const row = await db.selectFrom('spent_tickets').select(['network', 'uses']).where('ticket_id', '=', ticketId).executeTakeFirst();
  return row ? { network: row.network, uses: Number(row.uses) } : undefined;
}

/** Forgets tickets that expired at or before `expiredBy`: they open nothing any more, spent or not. */
export async function deleteExpiredSpentTickets(db: Queryable, expiredBy: number): Promise<void> {
  await db.deleteFrom('spent_tickets').where('expires_at', '<=', expiredBy).execute();
}
