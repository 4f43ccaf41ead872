// What each statement of a campaign's plan costs PostgreSQL (`DATABASE_URL=… npx tsx
// bench/campaign-plan-explain.ts`): seeds the campaign bench's store (10,000 customers who take campaign
// e-mail, in a schema of its own, dropped at the end), vacuums and analyzes it, runs a plan of the whole
// audience with every statement it sends recorded, then takes that plan back and replays it: each read of
// one page of the audience, and a chunk in the middle of the plan (the chunks before it written for real),
// under EXPLAIN (ANALYZE, BUFFERS, WAL), each inside a transaction rolled back. Prints the statements a plan sends
// by kind, and for each kind its plan tree, time and buffers. It explains; the campaign bench says whether
// the budget holds.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDb } from '../server/db';
import { createActivityBus } from '../server/infra/activity-bus';
import { campaignChannels, planCampaignMessages } from '../server/services/campaign-delivery';
import { benchDeps } from './bench-deps';
import { seedCampaignStore } from './seed-campaign-store';

const CUSTOMERS = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);

interface Recorded {
  text: string;
  values: unknown[];
}

const recorded: Recorded[] = [];
let recording = false;
// Every statement of the app's pooled clients, with its parameters. pg's own types do not describe the call
// shapes Kysely uses, hence the casts.
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  if (recording && typeof args[0] === 'string') recorded.push({ text: args[0], values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] });
  return clientQuery.apply(this, args);
};

/** The kind of a statement: its first table after FROM or INTO, and whether it writes. */
function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  if (/insert into "?campaign_messages/i.test(flat)) return 'chunk: messages and jobs';
  if (/"audience"/.test(flat)) return 'read: the audience';
  if (/campaign_mail_opt_in/.test(flat)) return 'read: e-mail reach';
  const from = /from "?([a-z_]+)"?(?: as "?([a-z]+)"?)?/i.exec(flat);
  const joins = [...flat.matchAll(/join "?([a-z_]+)"?/gi)].map((match) => match[1]).join('+');
  return `read: ${from?.[1] ?? flat.slice(0, 40)}${joins ? `+${joins}` : ''}`;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: a PostgreSQL database to seed a schema in');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-plan-explain-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn' });
  const pgSchema = `bench_explain_${crypto.randomBytes(6).toString('hex')}`;
  const db = openDb({ databaseUrl, sqlitePath: config.sqlitePath, pgSchema });
  await migrateToLatest(db);
  const deps = benchDeps(config, db, { activityBus: await createActivityBus({ databaseUrl, redisUrl: undefined }, db) });
  try {
    const now = Date.now();
    const vendor = await seedCampaignStore(deps, CUSTOMERS, now);
    await sql`VACUUM (ANALYZE) customers, stamp_cards, vendors`.execute(db.kysely);
    await db.kysely
      .insertInto('campaigns')
      .values({ id: crypto.randomUUID(), vendor_id: vendor.vendorId, title: 'Explain', description: 'Two stamps a coffee.', audience: 'all', start_at: now - 1000, end_at: now + 86_400_000, promotion_type: 'discount', items: '["Coffee"]', notification_frequency: 'once', ab_testing: 0, budget: 50, paused_at: null, ended_at: null, created_by: null, created_at: now, updated_at: now })
      .execute();
    recording = true;
    const planned = await planCampaignMessages(deps, campaignChannels(deps));
    recording = false;
    const statements = recorded.filter((statement) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(statement.text.trim()));
    const byKind = new Map<string, Recorded[]>();
    for (const statement of statements) byKind.set(kindOf(statement.text), [...(byKind.get(kindOf(statement.text)) ?? []), statement]);
    console.log(`A plan of ${planned} messages sent ${statements.length} statements:`);
    for (const [kind, list] of byKind) console.log(`  ${String(list.length).padStart(4)} × ${kind}`);
    // The plan taken back: the replay starts from the table as the plan found it.
    await db.kysely.deleteFrom('jobs').execute();
    await db.kysely.deleteFrom('campaign_messages').execute();
    await sql`VACUUM (ANALYZE) campaign_messages, jobs`.execute(db.kysely);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${pgSchema}` });
    try {
      const explain = async (statement: Recorded): Promise<string> => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL) ${statement.text}`, statement.values);
          return result.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      };
      const chunks = byKind.get('chunk: messages and jobs') ?? [];
      const middle = Math.floor(chunks.length / 2);
      // The chunks before the middle one, written for real (their order is the plan's).
      for (const chunk of chunks.slice(0, middle)) await pool.query(chunk.text, chunk.values);
      await sql`ANALYZE campaign_messages, jobs`.execute(db.kysely);
      for (const [kind, list] of byKind) {
        // Reads: the page in the middle of the audience; the chunk: the middle one.
        const statement = kind.startsWith('chunk') ? chunks[middle]! : list[Math.floor(list.length / 2)]!;
        console.log(`\n${kind} (${list.length} in the plan):\n  ${statement.text.replace(/\s+/g, ' ').slice(0, 400)}`);
        console.log(await explain(statement));
      }
    } finally {
      await pool.end();
    }
  } finally {
    await deps.activityBus.close();
    await sql`DROP SCHEMA ${sql.id(pgSchema)} CASCADE`.execute(db.kysely);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
