// Heavy reads off the event loop. better-sqlite3 answers synchronously, so a 30 ms dashboard
// query holds every other request for 30 ms. This Kysely dialect sends each compiled (read-only) query to
// a worker thread with its own read-only connection to the same SQLite file (WAL lets it read while the
// main connection writes, and it sees every committed write): the event loop only waits, free for others.
// Used for the vendor's dashboard and activity list (Db.reads); writes never go through it.
// A thread that dies (a crash, out of memory, an uncaught error) is replaced: the reads it held are sent
// once more to the next one (they are idempotent), and until that one is ready reads run on the main
// connection (synchronous, but answered). A thread that keeps dying is given up on: reads then stay on
// the main connection for good. Closing the database stops the thread for good, and nothing restarts it.
// The thread's heap has a cap of its own, so one runaway read cannot take the server's memory: the read
// that hits it fails with ReadTooLargeError (it is not sent again: it would only kill the next thread too),
// and until the next thread is ready reads wait for it rather than run uncapped on the main connection.
import { Worker, type ResourceLimits } from 'node:worker_threads';
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

/**
 * Plain CommonJS, run with `new Worker(source, { eval: true })`. workerData: { sqliteModule, file }. It says
 * `{ ready: true }` once its connection is open, then answers each `{ id, sql, parameters }` with `{ id, rows }`
 * or `{ id, error }`.
 */
const READ_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.sqliteModule);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.postMessage({ ready: true });
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

/** Where the read worker says that its thread died and was replaced (warn), or given up on (error). */
export interface ReadWorkerLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface ReadWorkerOptions {
  /**
   * Runs a read on the main connection: while no thread is ready (one is starting) and for good once
   * threads keep dying. It must refuse a query that writes, as the thread does.
   */
  fallback: (query: CompiledQuery) => Promise<QueryResult<unknown>>;
  log: ReadWorkerLog;
  /** Each new thread as it starts (tests stop one to watch the next take over). */
  onThreadStart?: (thread: Worker) => void;
  /** The thread's heap cap (default READ_WORKER_RESOURCE_LIMITS; tests hit a smaller one). */
  resourceLimits?: ReadWorkerResourceLimits;
}

export type ReadWorkerResourceLimits = Required<Pick<ResourceLimits, 'maxOldGenerationSizeMb' | 'maxYoungGenerationSizeMb'>>;

/**
 * Measured on the bench's biggest stores (26 Nov 2026): the thread's heap peaks at 7 MB used (10 MB reserved) on
 * the dashboard, activity pages and customers export of a 1,000,000-event store (their reads are pages of at most
 * 1,001 rows), and at 18 MB used (28 MB reserved) on the widest unpaged read, a campaign's reach over a
 * 100,000-customer store's ids. 128 MB leaves over four times that (about 700,000 ids) and stops a runaway read
 * long before it can hurt the server. The young generation holds each answer's rows briefly before they are
 * sent: 16 MB is V8's own default size for it, made a fixed part of the cap.
 */
export const READ_WORKER_RESOURCE_LIMITS: Readonly<ReadWorkerResourceLimits> = Object.freeze({ maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 });

/** A read whose rows did not fit in the read worker's heap cap; its thread died and was replaced. */
export class ReadTooLargeError extends Error {
  readonly code = 'ERR_READ_TOO_LARGE';
  constructor(limits: ReadWorkerResourceLimits, sqlText: string) {
    super(`the read needed more memory than the read worker may use (${limits.maxOldGenerationSizeMb} MB): ${sqlText.slice(0, BACKLOG_SQL_CHARS)}`);
    this.name = 'ReadTooLargeError';
  }
}

/** This many unexpected exits within READ_WORKER_EXIT_WINDOW_MS and no new thread is started. */
export const READ_WORKER_MAX_EXITS = 3;
export const READ_WORKER_EXIT_WINDOW_MS = 60_000;

/** How much of a waiting query's SQL a backlog shows: enough to tell which read it is. */
const BACKLOG_SQL_CHARS = 120;

type Message = { ready: true } | { id: number; rows?: unknown[]; error?: { message: string; code?: string } };

interface Waiter {
  query: CompiledQuery;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
  sentAt: number;
  /** The thread holding it; undefined while it waits for a new thread to be ready. */
  thread?: Worker;
  /** A read is sent once more when its thread dies, never twice: one that kills every thread must not kill them all. */
  resent: boolean;
}

/** The thread died because its heap reached the cap (resourceLimits). */
function outOfMemory(error: Error | undefined): boolean {
  return (error as (Error & { code?: unknown }) | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

class ReadWorkerConnection implements DatabaseConnection {
  /** In the order first sent: the first is the oldest. */
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;
  /** The current thread, starting or ready; undefined once given up on or closed. */
  private thread?: Worker;
  private ready = false;
  /** When recent threads died unexpectedly (within the window). */
  private exits: number[] = [];
  /**
   * Set while the thread that replaces one a read's size killed starts: reads wait for it (a few
   * milliseconds) instead of running on the main connection, where the same runaway read has no cap.
   */
  private holdReadsForThread = false;
  /** Set by a normal close: queries fail at once and no thread starts again. */
  private closed?: Error;

  constructor(
    private readonly file: string,
    private readonly options: ReadWorkerOptions,
  ) {}

  /** Starts a thread; settles once it is ready to read or has died. */
  start(): Promise<void> {
    const thread = new Worker(READ_WORKER_SOURCE, {
      eval: true,
      workerData: { sqliteModule: require.resolve('better-sqlite3'), file: this.file },
      resourceLimits: this.limits(),
    });
    // An idle reader must not keep the process alive (tests, a stopping server).
    thread.unref();
    this.thread = thread;
    this.ready = false;
    let lastError: Error | undefined;
    const settled = new Promise<void>((settle) => {
      thread.on('message', (message: Message) => {
        if ('ready' in message) {
          this.becameReady(thread);
          settle();
        } else this.answer(message);
      });
      // The 'exit' that follows does the work; without a listener the error would end the whole process.
      thread.on('error', (error) => {
        lastError = error;
      });
      thread.on('exit', (code) => {
        this.died(thread, code, lastError);
        settle();
      });
    });
    this.options.onThreadStart?.(thread);
    return settled;
  }

  private limits(): ReadWorkerResourceLimits {
    return this.options.resourceLimits ?? READ_WORKER_RESOURCE_LIMITS;
  }

  private becameReady(thread: Worker): void {
    if (thread !== this.thread) return;
    this.ready = true;
    this.holdReadsForThread = false;
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread) continue;
      waiter.thread = thread;
      thread.postMessage({ id, sql: waiter.query.sql, parameters: waiter.query.parameters });
    }
  }

  private answer(message: Exclude<Message, { ready: true }>): void {
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if (message.error) waiter.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else waiter.resolve(message.rows ?? []);
  }

  private died(thread: Worker, exitCode: number, error: Error | undefined): void {
    if (thread !== this.thread) return;
    this.thread = undefined;
    this.ready = false;
    const stopped = new Error(`the read worker stopped (exit code ${exitCode})`);
    const tooLarge = outOfMemory(error) ? this.refuseTheReadInProgress(thread) : undefined;
    this.holdReadsForThread = tooLarge !== undefined;
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread !== thread) continue;
      if (this.closed || waiter.resent) {
        this.waiting.delete(id);
        waiter.reject(stopped);
      } else {
        waiter.thread = undefined;
        waiter.resent = true;
      }
    }
    if (this.closed) return;
    const now = Date.now();
    // A death the read in progress caused by outgrowing the cap says nothing about the next thread: it is not
    // counted towards giving up, which would move every heavy read, runaway ones too, to the uncapped main
    // connection.
    if (!tooLarge) this.exits = [...this.exits.filter((at) => now - at < READ_WORKER_EXIT_WINDOW_MS), now];
    const details = { exitCode, error: error?.message, exitsWithinMinute: this.exits.length, ...(tooLarge ? { refusedRead: tooLarge } : {}) };
    if (this.exits.length >= READ_WORKER_MAX_EXITS) {
      this.giveUp(details);
      return;
    }
    this.options.log.warn(details, 'the read worker stopped: starting a new one');
    try {
      void this.start();
    } catch (startError) {
      // No thread can be made at all (the process is out of threads or memory): the main connection reads.
      this.giveUp({ ...details, startError: startError instanceof Error ? startError.message : String(startError) });
    }
  }

  /**
   * The thread reads one query at a time, in the order sent, so the oldest read it holds is the one it was
   * running when its heap ran out: that read fails (sent again, it would only kill the next thread). Answers
   * the start of its SQL, for the log.
   */
  private refuseTheReadInProgress(thread: Worker): string | undefined {
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread !== thread) continue;
      this.waiting.delete(id);
      waiter.reject(new ReadTooLargeError(this.limits(), waiter.query.sql));
      return waiter.query.sql.slice(0, BACKLOG_SQL_CHARS);
    }
    return undefined;
  }

  private giveUp(details: Record<string, unknown>): void {
    this.options.log.error(details, 'the read worker keeps stopping: heavy reads stay on the main connection until the server restarts');
    this.runWaitingOnMainConnection();
  }

  /** The reads that were waiting for a new thread, once none will come. */
  private runWaitingOnMainConnection(): void {
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread) continue;
      this.waiting.delete(id);
      this.options.fallback(waiter.query).then(({ rows }) => waiter.resolve(rows), waiter.reject);
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.closed) throw this.closed;
    const thread = this.thread;
    if (thread && !this.ready && this.holdReadsForThread) return { rows: (await this.waitForThread(compiledQuery)) as R[] };
    if (!thread || !this.ready) return (await this.options.fallback(compiledQuery)) as QueryResult<R>;
    const id = (this.nextId += 1);
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      this.waiting.set(id, { query: compiledQuery, resolve, reject, sentAt: performance.now(), thread, resent: false });
      thread.postMessage({ id, sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    });
    return { rows: rows as R[] };
  }

  /** Queued without a thread: the next thread sends it once ready, or the main connection runs it if none comes. */
  private waitForThread(query: CompiledQuery): Promise<unknown[]> {
    const id = (this.nextId += 1);
    return new Promise<unknown[]>((resolve, reject) => {
      this.waiting.set(id, { query, resolve, reject, sentAt: performance.now(), resent: false });
    });
  }

  backlog(): ReadBacklog {
    const oldest = this.waiting.values().next().value;
    if (!oldest) return { waiting: 0, oldestMs: 0, oldestSql: '' };
    return { waiting: this.waiting.size, oldestMs: Math.round(performance.now() - oldest.sentAt), oldestSql: oldest.query.sql.slice(0, BACKLOG_SQL_CHARS) };
  }

  /** A normal close: the thread stops, what it held fails, and no new one starts. */
  async close(): Promise<void> {
    this.closed = new Error('the read worker stopped: the database is closed');
    const thread = this.thread;
    // Reads waiting for a thread that will not come now.
    for (const [id, waiter] of this.waiting) {
      if (waiter.thread) continue;
      this.waiting.delete(id);
      waiter.reject(this.closed);
    }
    await thread?.terminate();
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; reads here are small pages.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read worker does not stream');
  }
}

class ReadWorkerDriver implements Driver {
  private connection?: ReadWorkerConnection;

  constructor(
    private readonly file: string,
    private readonly options: ReadWorkerOptions,
  ) {}

  backlog(): ReadBacklog {
    return this.connection?.backlog() ?? { waiting: 0, oldestMs: 0, oldestSql: '' };
  }

  async init(): Promise<void> {
    this.connection = new ReadWorkerConnection(this.file, this.options);
    await this.connection.start();
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
    await this.connection?.close();
  }
}

/** Kysely over a read-only worker-thread connection to the SQLite file `file`. */
export class SqliteReadWorkerDialect implements Dialect {
  private driver?: ReadWorkerDriver;

  constructor(
    private readonly file: string,
    private readonly options: ReadWorkerOptions,
  ) {}
  createDriver(): Driver {
    this.driver = new ReadWorkerDriver(this.file, this.options);
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
