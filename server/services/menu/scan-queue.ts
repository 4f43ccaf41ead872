// The menu scans of one app: which vendors are being scanned right now, and the background run over
// the menus sent with registration. Created with the app's other dependencies (deps.menuScans, like the
// activity bus), so two apps in one process (tests, benches) never share a gate or a queue.
import { tooManyRequests } from '../../http-errors';

/** Menu scans running at once in this process through upload-menu (each vendor has at most one). */
export const MAX_CONCURRENT_SCANS = 3;

/**
 * OCR is slow and memory-hungry: each vendor gets one scan at a time, and the upload-menu route at
 * most MAX_CONCURRENT_SCANS, so nobody can queue a hundred OCR jobs.
 */
export class ScanGate {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly maxConcurrent: number) {}

  /** A release function, or 429 when this vendor (or the whole server) is already scanning. */
  tryEnter(vendorId: string): () => void {
    if (this.running.has(vendorId)) throw tooManyRequests('A menu is already being scanned. Please wait for it to finish.');
    if (this.running.size >= this.maxConcurrent) throw tooManyRequests('The menu scanner is busy. Please try again in a minute.');
    return this.take(vendorId);
  }

  /** Waits until this vendor has no scan running (background work; no global cap). */
  async enter(vendorId: string): Promise<() => void> {
    for (let current = this.running.get(vendorId); current; current = this.running.get(vendorId)) await current;
    return this.take(vendorId);
  }

  private take(vendorId: string): () => void {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.running.set(vendorId, done);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.delete(vendorId);
      release();
    };
  }
}

/**
 * One run at a time of a job that drains a queue kept elsewhere (the pending uploads in the database):
 * a call during a run queues one more run (it picks up everything pending when it starts); more calls
 * share that queued run. stop() lets no new run start and waits for the ones under way.
 */
export class DrainRuns<T> {
  private current: Promise<T> | null = null;
  private queued: Promise<T> | null = null;
  private stopRequested = false;

  /** True once stop() was called: a run checks it between items. */
  get stopped(): boolean {
    return this.stopRequested;
  }

  run(drain: () => Promise<T>): Promise<T> {
    if (!this.current) {
      const run = drain().finally(() => {
        if (this.current === run) this.current = null;
      });
      this.current = run;
      return run;
    }
    if (!this.queued) {
      this.queued = this.current.then(() => {
        this.queued = null;
        return this.run(drain);
      });
    }
    return this.queued;
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    await this.queued;
    await this.current;
  }
}

/** What one background run over the pending registration menus did. */
export interface PendingScanSummary {
  done: number;
  failed: number;
  itemsAdded: number;
}

export interface MenuScanQueue {
  /** Vendors whose menu is being scanned right now (upload-menu and background runs alike). */
  readonly gate: ScanGate;
  /** The background runs over the menus sent with registration. */
  readonly pending: DrainRuns<PendingScanSummary>;
}

export function createMenuScanQueue(options: { maxConcurrentScans?: number } = {}): MenuScanQueue {
  return { gate: new ScanGate(options.maxConcurrentScans ?? MAX_CONCURRENT_SCANS), pending: new DrainRuns<PendingScanSummary>() };
}
