// The health check's one query: the cheapest statement that proves the database answers.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Compiled once: it has no parameters, so nothing per request but running it.
const SELECT_ONE = CompiledQuery.raw('select 1');

export async function selectOne(db: Kysely<Database>): Promise<void> {
  await db.executeQuery(SELECT_ONE);
}
