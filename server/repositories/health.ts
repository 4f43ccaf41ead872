// The health check's one query: the cheapest statement that proves the database answers.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function selectOne(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
