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

interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

class ReadWorkerConnection implements DatabaseConnection {
  private readonly waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
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
    worker.on('exit', (code) => this.failAll(new Error(`the read worker stopped (exit code ${code})`)));
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const id = (this.nextId += 1);
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    });
    return { rows: rows as R[] };
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
  constructor(private readonly file: string) {}
  createDriver(): Driver {
    return new ReadWorkerDriver(this.file);
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
