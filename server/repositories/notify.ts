// PostgreSQL NOTIFY through the app's pool (the live feed's cross-server bus, infra/activity-bus.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function notifyChannel(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
