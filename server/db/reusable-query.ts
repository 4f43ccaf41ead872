// Kysely builds and compiles a query on every call (~100 µs of JavaScript for a five-join
// SELECT, five times what SQLite needs to run it). For the hottest statements (every vendor request's
// session check, the scan's read and the writes of its transaction, the vendor's profile and menu) the
// query is built once per database handle with placeholder arguments, and each call runs that compiled
// SQL with its own parameters — on the handle itself or on any transaction of it.
import type { Compilable, CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import type { Database } from './schema';

/** What every stand-in for an argument starts with (tools that record queries tell them apart by it). */
export const REUSABLE_ARGUMENT_MARK = '\u0000reusable-argument-';

/** Stand-ins for the arguments while the query is compiled; each must come out as a bound parameter. */
const placeholder = (index: number) => `${REUSABLE_ARGUMENT_MARK}${index}\u0000`;

/** What a reusable query may take: values bound as parameters (null included). */
export type ReusableArgument = string | number | null;

interface Compiled<Row> {
  /** The plugins it was compiled through (they transform a query while it is compiled). */
  plugins: ReadonlyArray<KyselyPlugin>;
  query: CompiledQuery<Row>;
  /** For each bound parameter of the SQL: which argument it is, or the constant the query itself bound there. */
  slots: Array<{ argument: number } | { constant: unknown }>;
}

/**
 * A compiled query is kept under the database handle's dialect adapter, which its transactions share
 * (Kysely makes a new instance per transaction), so a statement compiled once serves both; beside it, the
 * plugins it went through, since a handle with other plugins would compile it differently.
 */
function findCompiled<Row>(kept: WeakMap<object, Array<Compiled<Row>>>, db: Kysely<Database>): { list: Array<Compiled<Row>>; found?: Compiled<Row> } {
  const executor = db.getExecutor();
  let list = kept.get(executor.adapter);
  if (!list) kept.set(executor.adapter, (list = []));
  const plugins = executor.plugins;
  const found = list.find((c) => c.plugins.length === plugins.length && c.plugins.every((plugin, i) => plugin === plugins[i]));
  return { list, found };
}

const NOT_BOUND = 'a reusable query takes its arguments as bound parameters only';

function compile<Row>(query: CompiledQuery<Row>, placeholders: string[], plugins: ReadonlyArray<KyselyPlugin>): Compiled<Row> {
  const slots = query.parameters.map((parameter) => {
    const argument = placeholders.indexOf(parameter as string);
    if (argument >= 0) return { argument };
    // A value worked out from an argument in JavaScript (`${arg}%`) would be the placeholder's forever.
    if (typeof parameter === 'string' && parameter.includes(REUSABLE_ARGUMENT_MARK)) throw new Error(NOT_BOUND);
    return { constant: parameter };
  });
  // An argument written into the SQL text (sql.lit, a column name) would be the placeholder forever.
  if (placeholders.some((_, index) => !slots.some((slot) => 'argument' in slot && slot.argument === index))) throw new Error(NOT_BOUND);
  return { plugins, query, slots };
}

/**
 * Wraps `build` (a query whose arguments appear only as bound values) into a function that compiles it
 * once per database handle and answers its rows. Values the query binds itself (a literal 1, a null) are
 * kept as they were compiled. While compiling, each argument is a string stand-in, whatever its type.
 */
export function reusableQuery<Args extends ReadonlyArray<ReusableArgument>, Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const kept = new WeakMap<object, Array<Compiled<Row>>>();
  const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i));
  return async (db, ...args) => {
    const { list, found } = findCompiled(kept, db);
    let compiled = found;
    if (!compiled) {
      // The stand-ins only travel into bound values, where Kysely does not look at their type.
      compiled = compile(build(db, ...(placeholders as unknown as Args)).compile(), placeholders, db.getExecutor().plugins);
      list.push(compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
