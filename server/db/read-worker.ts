// Heavy reads off the event loop. better-sqlite3 answers synchronously, so a 30 ms dashboard
// query holds every other request for 30 ms. This Kysely dialect sends each compiled (read-only) query to
// a worker thread with its own read-only connection to the same SQLite file (WAL lets it read while the
// main connection writes, and it sees every committed write): the event loop only waits, free for others.
// Used for the vendor's dashboard and activity list (Db.reads); writes never go through it.
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Plain CommonJS, run with `new Worker(source, { eval: true })`. workerData: { sqliteModule, file }. */
const READ_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqliteModule);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size > 500) statements.clear();
      statements.set(sql, statement);
    }
    if (!statement.reader) throw new Error('the read worker runs queries that read only');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error && error.message, code: error && error.code } });
  }
});
`;

/** The queries the read worker has not answered yet: how many, and the oldest (what it is and how long it has waited). */
export interface ReadBacklog {
  waiting: number;
  oldestMs: number;
  /** The start of the oldest query's SQL. */
  oldestSql: string;
}

/** How much of a waiting query's SQL a backlog shows: enough to tell which read it is. */
const BACKLOG_SQL_CHARS = 120;

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

interface Waiter {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
  sentAt: number;
  sql: string;
}

class ReadWorkerConnection implements DatabaseConnection {
  /** In the order sent: the first is the oldest. */
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;

  constructor(private readonly worker: Worker) {
    worker.on('message', (answer: Answer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (answer.error) waiter.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else waiter.resolve(answer.rows ?? []);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      this.stopped = new Error(`the read worker stopped (exit code ${code})`);
      this.failAll(this.stopped);
    });
  }

  /** Set once the worker has exited: a query sent to it then would wait for ever. */
  private stopped?: Error;

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.stopped) throw this.stopped;
    const id = (this.nextId += 1);
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, sentAt: performance.now(), sql: compiledQuery.sql });
      this.worker.postMessage({ id, sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    });
    return { rows: rows as R[] };
  }

  backlog(): ReadBacklog {
    const oldest = this.waiting.values().next().value;
    if (!oldest) return { waiting: 0, oldestMs: 0, oldestSql: '' };
    return { waiting: this.waiting.size, oldestMs: Math.round(performance.now() - oldest.sentAt), oldestSql: oldest.sql.slice(0, BACKLOG_SQL_CHARS) };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; reads here are small pages.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read worker does not stream');
  }
}

class ReadWorkerDriver implements Driver {
  private worker?: Worker;
  private connection?: ReadWorkerConnection;

  constructor(private readonly file: string) {}

  backlog(): ReadBacklog {
    return this.connection?.backlog() ?? { waiting: 0, oldestMs: 0, oldestSql: '' };
  }

  async init(): Promise<void> {
    this.worker = new Worker(READ_WORKER_SOURCE, { eval: true, workerData: { sqliteModule: require.resolve('better-sqlite3'), file: this.file } });
    // An idle reader must not keep the process alive (tests, a stopping server).
    this.worker.unref();
    this.connection = new ReadWorkerConnection(this.worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection for all: the worker answers in order, and reads need no exclusive use.
    return this.connection as ReadWorkerConnection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('the read worker has no transactions: use the main connection');
  }

  async commitTransaction(): Promise<void> {
    throw new Error('the read worker has no transactions');
  }

  async rollbackTransaction(): Promise<void> {
    throw new Error('the read worker has no transactions');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.worker?.terminate();
  }
}

/** Kysely over a read-only worker-thread connection to the SQLite file `file`. */
export class SqliteReadWorkerDialect implements Dialect {
  private driver?: ReadWorkerDriver;

  constructor(private readonly file: string) {}
  createDriver(): Driver {
    this.driver = new ReadWorkerDriver(this.file);
    return this.driver;
  }

  /** What the worker has not answered yet (a slow request's warning says it). */
  backlog(): ReadBacklog {
    return this.driver?.backlog() ?? { waiting: 0, oldestMs: 0, oldestSql: '' };
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
