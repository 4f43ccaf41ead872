// Two operations interleaved at a chosen point, every time: a hook before a transaction begins, a pause
// after a chosen statement (inside its transaction, nothing committed), and on PostgreSQL a wait until
// another session waits for a row lock, and a handle that notes the transactions given up in a conflict.
import { sql, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode, type Transaction } from 'kysely';
import type { Database } from '../../server/db/schema';
import { isTransactionConflict } from '../../server/db/errors';

/** The app's database handle that runs `before` once, just before its first transaction begins. */
export function runningBeforeFirstTransaction(db: Kysely<Database>, before: () => Promise<void>): Kysely<Database> {
  let ran = false;
  return new Proxy(db, {
    get(object, property) {
      if (property === 'transaction') {
        return () => ({
          execute: async <R>(work: (trx: Transaction<Database>) => Promise<R>) => {
            if (!ran) {
              ran = true;
              await before();
            }
            return object.transaction().execute(work);
          },
        });
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * The app's database handle that notes every transaction the database gave up in a conflict (a deadlock
 * victim, a serialization failure) before inTransaction runs it again.
 */
export function notingConflicts(db: Kysely<Database>, conflicts: unknown[]): Kysely<Database> {
  return new Proxy(db, {
    get(object, property) {
      if (property === 'transaction') {
        return () => ({
          execute: async <R>(work: (trx: Transaction<Database>) => Promise<R>) => {
            try {
              return await object.transaction().execute(work);
            } catch (error) {
              if (isTransactionConflict(error)) conflicts.push(error);
              throw error;
            }
          },
        });
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** Whether a statement is `kind` (e.g. 'UpdateQueryNode') on `table` (named `alias` in it, when given). */
export function statementOn(kind: RootOperationNode['kind'], table: string, alias?: string) {
  return (node: RootOperationNode): boolean => {
    if (node.kind !== kind) return false;
    const target = JSON.stringify(node.kind === 'SelectQueryNode' ? node.from : node.kind === 'UpdateQueryNode' ? node.table : null);
    return target.includes(`"name":"${table}"`) && (alias === undefined || target.includes(`"alias":{"kind":"IdentifierNode","name":"${alias}"}`));
  };
}

/**
 * The app's database handle whose first statement that `matches` stops once it has run (inside its
 * transaction, nothing committed) until `resume` is called.
 */
export function pausingAfter(db: Kysely<Database>, matches: (node: RootOperationNode) => boolean) {
  let reached!: () => void;
  let resume!: () => void;
  const atPause = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (resume = resolve));
  const watched = new Set<QueryId>();
  let paused = false;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (!paused && matches(args.node)) watched.add(args.queryId);
      return args.node;
    },
    async transformResult(args) {
      if (!paused && watched.has(args.queryId)) {
        paused = true;
        reached();
        await released;
      }
      return args.result;
    },
  };
  return { handle: db.withPlugin(plugin), atPause, resume };
}

/** PostgreSQL: resolves once another session of this database waits for a row lock. */
export async function someoneWaitsForALock(db: Kysely<Database>): Promise<void> {
  for (;;) {
    const rows = await db
      .selectFrom('pg_stat_activity' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wait_event_type' as never, '=', 'Lock' as never)
      // Only this database's sessions: other suites may run on the same server.
      .where(sql<boolean>`datname = current_database()`)
      .executeTakeFirstOrThrow();
    if (Number(rows.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
