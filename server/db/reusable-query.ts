// Issue 18: Kysely builds and compiles a query on every call (~100 µs of JavaScript for a five-join
// SELECT, five times what SQLite needs to run it). For the hottest reads (every vendor request's session
// check, the scan's one read, the vendor's profile and menu) the query is built once per database
// handle with placeholder arguments, and each call runs that compiled SQL with its own parameters.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stand-ins for the arguments while the query is compiled; each must come out as a bound parameter. */
const placeholder = (index: number) => `\u0000reusable-argument-${index}\u0000`;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each bound parameter of the SQL, which argument it is. */
  argumentOf: number[];
}

/**
 * Wraps `build` (a query whose arguments — strings or numbers — appear only as bound values) into a
 * function that compiles it once per database handle and answers its rows.
 */
export function reusableQuery<Args extends ReadonlyArray<string | number>, Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: string[]) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, Compiled<Row>>();
  const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i));
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const query = build(db, ...placeholders).compile();
      const argumentOf = query.parameters.map((parameter) => {
        const index = placeholders.indexOf(parameter as string);
        if (index < 0) throw new Error('a reusable query takes its arguments as bound parameters only');
        return index;
      });
      // An argument written into the SQL text (sql.lit, a column name) would be the placeholder forever.
      if (placeholders.some((_, index) => !argumentOf.includes(index))) throw new Error('a reusable query takes its arguments as bound parameters only');
      compiled = { query, argumentOf };
      compiledFor.set(db, compiled);
    }
    const { query, argumentOf } = compiled;
    const result = await db.executeQuery<Row>({ ...query, parameters: argumentOf.map((index) => args[index]) });
    return result.rows;
  };
}
