// One shared tesseract.js worker (a worker thread): created on first use, jobs run one at a time, each with a deadline.
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { timedOut } from './errors';

/** Recognizes one prepared (upright, greyscale) page and answers its text lines, top to bottom. */
export type Recognize = (png: Buffer) => Promise<string[]>;

/**
 * The English LSTM model ships in @tesseract.js-data/eng (4.0.0_best_int/eng.traineddata.gz);
 * pointing langPath at it keeps tesseract.js from downloading it from a CDN.
 */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** A word gap wider than this many line heights is a column gap or a missing leader. */
const COLUMN_GAP_LINE_HEIGHTS = 1.2;

interface Generation {
  worker: Promise<Worker>;
  /** Set when the worker is being terminated; nothing may be sent to it any more. */
  dead: boolean;
  /** Rejects when this worker is terminated, so jobs running on it stop waiting. */
  terminated: Promise<never>;
  terminate: (reason: Error) => void;
}

export class OcrEngine {
  private generation: Generation | null = null;
  /** Jobs chain here so they reach the single worker one after another. */
  private tail: Promise<unknown> = Promise.resolve();

  /**
   * Runs `job` alone on the shared worker. The deadline starts when the job's turn comes (time
   * spent queued behind other uploads does not count); past it the worker is terminated, because
   * tesseract cannot cancel a recognition, and the next job starts a fresh one.
   */
  exclusive<T>(job: (recognize: Recognize) => Promise<T>, timeoutMs: number): Promise<T> {
    const run = (): Promise<T> => this.runWithDeadline(job, timeoutMs);
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Terminates the worker; a later job lazily starts a new one. */
  async close(): Promise<void> {
    const generation = this.generation;
    this.generation = null;
    if (generation) await this.discard(generation, new Error('The OCR worker was closed.'));
  }

  private async runWithDeadline<T>(job: (recognize: Recognize) => Promise<T>, timeoutMs: number): Promise<T> {
    const generation = this.currentGeneration();
    const overdue = timedOut('Reading the menu', timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(overdue), timeoutMs);
    });
    const recognize: Recognize = async (png) => {
      const worker = await generation.worker;
      // tesseract.js answers a call on a terminated worker with an unhandled rejection (its
      // send() is async and nobody awaits it), which would take the server down.
      if (generation.dead) throw new Error('The OCR worker was terminated.');
      return recognizeOn(worker, png);
    };
    try {
      return await Promise.race([job(recognize), deadline, generation.terminated]);
    } catch (error) {
      if (error === overdue) {
        if (this.generation === generation) this.generation = null;
        await this.discard(generation, overdue);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private currentGeneration(): Generation {
    if (this.generation) return this.generation;
    let terminate: (reason: Error) => void = () => undefined;
    const terminated = new Promise<never>((_, reject) => {
      terminate = reject;
    });
    // Nobody may be racing against it when it fires (e.g. close() between jobs).
    terminated.catch(() => undefined);
    const worker = startWorker();
    // A failed start is reported to the job that awaited it; the next job tries again.
    worker.catch(() => {
      if (this.generation?.worker === worker) this.generation = null;
    });
    this.generation = { worker, dead: false, terminated, terminate };
    return this.generation;
  }

  private async discard(generation: Generation, reason: Error): Promise<void> {
    if (generation.dead) return;
    generation.dead = true;
    generation.terminate(reason);
    let worker: Worker;
    try {
      worker = await generation.worker;
    } catch {
      return; // A worker that never started has nothing to terminate.
    }
    // A recognize() that passed the `dead` check is still posting its job (tesseract.js takes a
    // few microtasks for that); let it finish, or it would post to a terminated worker.
    await new Promise((resolve) => setImmediate(resolve));
    await worker.terminate();
  }
}

async function startWorker(): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a failed job from its message listener: an
    // uncaught exception. The failure still reaches the job's own promise.
    errorHandler: () => undefined,
  });
  await worker.setParameters({
    // One uniform block: keeps a name and its far-right price on one line. (Automatic page
    // segmentation splits right-aligned prices into a column of their own.)
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Our PNGs carry no resolution; without this tesseract guesses (and logs a warning).
    user_defined_dpi: '300',
    // tesseract's own diagnostics ("Detected 86 diacritics", "Image too small to scale!!") would
    // otherwise go to the server's stdout.
    debug_file: '/dev/null',
  });
  return worker;
}

async function recognizeOn(worker: Worker, png: Buffer): Promise<string[]> {
  // TSV rather than tesseract.js's `blocks` tree: the tree carries every symbol and its choices
  // and takes the main thread a long time to receive; the TSV has the word boxes we need.
  const { data } = await worker.recognize(png, {}, { text: false, tsv: true });
  return linesFromTsv(data.tsv ?? '');
}

interface TsvWord {
  left: number;
  right: number;
  text: string;
}

/**
 * Rebuilds text lines from tesseract's TSV (level, page, block, paragraph, line, word, left, top,
 * width, height, confidence, text), turning a gap between words wider than
 * COLUMN_GAP_LINE_HEIGHTS line heights into four spaces, which the parser reads as a column gap.
 */
export function linesFromTsv(tsv: string): string[] {
  const lines = new Map<string, { height: number; words: TsvWord[] }>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    const [level, page, block, paragraph, line] = cells;
    const key = `${page}/${block}/${paragraph}/${line}`;
    const left = Number(cells[6]);
    const width = Number(cells[8]);
    const height = Number(cells[9]);
    if (level === '4') {
      lines.set(key, { height, words: [] });
    } else if (level === '5') {
      const text = cells.slice(11).join('\t').trim();
      if (text) lines.get(key)?.words.push({ left, right: left + width, text });
    }
  }
  const result: string[] = [];
  for (const { height, words } of lines.values()) {
    if (words.length === 0) continue;
    words.sort((a, b) => a.left - b.left);
    let text = words[0]!.text;
    for (let i = 1; i < words.length; i += 1) {
      const gap = words[i]!.left - words[i - 1]!.right;
      text += (gap > COLUMN_GAP_LINE_HEIGHTS * Math.max(height, 1) ? '    ' : ' ') + words[i]!.text;
    }
    result.push(text);
  }
  return result;
}
