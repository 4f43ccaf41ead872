// Migrating a PostgreSQL database whose other schemas already hold Kysely's bookkeeping tables (another app,
// or another copy of this one, in the same database): the connection's own schema still gets its own.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../../../server/db';

const databaseUrl = process.env.DATABASE_URL;
const schemaName = () => `test_${crypto.randomBytes(6).toString('hex')}`;

(databaseUrl ? describe : describe.skip)('migrating PostgreSQL', () => {
  const opened: Db[] = [];
  const dropped: string[] = [];
  afterAll(async () => {
    const [first] = opened;
    for (const schema of dropped) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(first.kysely);
    for (const db of opened) await db.close();
  });

  it('creates its bookkeeping tables in the connection schema when another schema of the database already has them', async () => {
    const other = openDb({ databaseUrl, sqlitePath: ':memory:', pgSchema: schemaName() });
    opened.push(other);
    dropped.push(other.pgSchema ?? '');
    await migrateToLatest(other);

    // A server started without a schema of its own migrates whatever schema its connection is in (public in
    // production); here a fresh one, reached through the connection's search_path alone.
    const fresh = openDb({ databaseUrl, sqlitePath: ':memory:', pgSchema: schemaName() });
    opened.push(fresh);
    dropped.push(fresh.pgSchema ?? '');
    await sql`CREATE SCHEMA ${sql.id(fresh.pgSchema ?? '')}`.execute(fresh.kysely);
    await migrateToLatest({ ...fresh, pgSchema: undefined });

    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = ${fresh.pgSchema} AND table_name LIKE 'kysely_migration%'
      ORDER BY table_name`.execute(fresh.kysely);
    expect(rows.map((row) => row.table_name)).toEqual(['kysely_migration', 'kysely_migration_lock']);
    await expect(sql`SELECT count(*) FROM vendors`.execute(fresh.kysely)).resolves.toBeDefined();
  });
});
