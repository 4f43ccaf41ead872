// Reads a PDF's text layer (in reading order) and, for pages with little or no text, their images, in a worker thread.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { timedOut } from './errors';
import { PDF_WORKER_SOURCE } from './pdf-worker-source';
import { MAX_INPUT_PIXELS, type RawImage } from './preprocess';

/** A menu is a few pages; a 500-page upload is not worth reading to the end. */
export const MAX_PDF_PAGES = 10;
/** Scanned pages usually hold one picture; a page tiled into many strips is not worth OCR-ing. */
const MAX_IMAGES_PER_PAGE = 4;
/** A page with less text than this may be a scan with a watermark: its images come back too. */
const SCANNED_PAGE_MAX_CHARS = 200;
/** Enough for pdf.js on a 10 MB file; a PDF built to exhaust memory kills only its own thread. */
const WORKER_HEAP_MB = 512;
/**
 * V8's young generation of the worker: pdf.js's short-lived objects. Measured on the field PDFs: the
 * server's high-water mark while reading one is ~20 MB lower at 4 MB than at V8's default (16 MB
 * semi-spaces), with no measurable change in time.
 */
const WORKER_YOUNG_MB = 4;

/** One run of text as pdf.js reports it, in viewport coordinates (origin top left, y down). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size in viewport units. */
  size: number;
}

export interface PdfPage {
  /** Text lines in reading order, wide gaps kept as runs of spaces. */
  lines: string[];
  /** Only for pages with little or no text (scans): their pictures, for OCR. */
  images: RawImage[];
}

interface WorkerPage {
  items: PdfTextItem[];
  images: RawImage[];
}

type WorkerAnswer = { ok: true; numPages: number; pages: WorkerPage[] } | { ok: false; error: string };

/**
 * Returns the first MAX_PDF_PAGES pages, or null when the file is not a readable PDF (corrupt,
 * truncated, encrypted). Throws `MenuScanRejected('timeout')` when pdf.js does not finish in time;
 * the worker thread is terminated then.
 */
export async function readPdf(file: Buffer, timeoutMs: number): Promise<PdfPage[] | null> {
  const answer = await runWorker(file, timeoutMs);
  if (!answer || !answer.ok) return null;
  return answer.pages.map((page) => ({ lines: groupIntoLines(page.items), images: page.images }));
}

function runWorker(file: Buffer, timeoutMs: number): Promise<WorkerAnswer | null> {
  const worker = new Worker(PDF_WORKER_SOURCE, {
    eval: true,
    workerData: {
      pdfjsUrl: pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href,
      data: new Uint8Array(file),
      maxPages: MAX_PDF_PAGES,
      maxImagesPerPage: MAX_IMAGES_PER_PAGE,
      maxImagePixels: MAX_INPUT_PIXELS,
      scannedPageMaxChars: SCANNED_PAGE_MAX_CHARS,
    },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    // pdf.js prints warnings about broken files; they are not ours to log.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();

  return new Promise<WorkerAnswer | null>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => {
      finish(() => reject(timedOut('Reading the PDF', timeoutMs)));
    }, timeoutMs);
    worker.once('message', (answer: WorkerAnswer) => finish(() => resolve(answer)));
    // Out of memory or a crash inside pdf.js: the file is unreadable, the server is fine.
    worker.once('error', () => finish(() => resolve(null)));
    worker.once('exit', () => finish(() => resolve(null)));
  });
}

/** A price set this far (in font sizes) above or below its name's line is still part of it. */
const STRAY_PRICE_DISTANCE = 0.8;
/** A row this short holding a digit may be a price set off its line; longer ones are text. */
const MAX_STRAY_PRICE_CHARS = 16;

/**
 * A price set a little higher or lower than its name (a "18,50 €" placed between a wine and the
 * grapes under it) forms a row of its own. Such a row joins the nearest row within
 * STRAY_PRICE_DISTANCE whose runs all end left of where the price starts.
 */
function attachStrayRuns<Row extends { y: number; size: number; items: PdfTextItem[] }>(rows: Row[]): Row[] {
  const kept = [...rows];
  for (const stray of rows) {
    const text = stray.items.map((item) => item.str).join('').trim();
    if (text.length > MAX_STRAY_PRICE_CHARS || !/\d/.test(text)) continue;
    const start = Math.min(...stray.items.map((item) => item.x));
    const candidates = kept.filter(
      (row) =>
        row !== stray &&
        Math.abs(row.y - stray.y) <= STRAY_PRICE_DISTANCE * Math.max(row.size, stray.size) &&
        row.items.every((item) => item.x + item.width < start),
    );
    const nearest = candidates.sort((a, b) => Math.abs(a.y - stray.y) - Math.abs(b.y - stray.y))[0];
    if (!nearest) continue;
    nearest.items.push(...stray.items);
    kept.splice(kept.indexOf(stray), 1);
  }
  return kept;
}

/**
 * Groups text runs into lines by their vertical position and orders each line left to right, so
 * "Flat White" and a right-aligned "4.20" (separate runs in the PDF) end up on one line.
 * Gaps wider than a character become four spaces, which the parser reads as a column gap.
 */
export function groupIntoLines(items: readonly PdfTextItem[]): string[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: { y: number; size: number; items: PdfTextItem[] }[] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(item.y - row.y) <= 0.5 * Math.max(row.size, item.size)) {
      row.items.push(item);
    } else {
      rows.push({ y: item.y, size: item.size, items: [item] });
    }
  }
  return attachStrayRuns(rows).map((row) => {
    const runs = row.items.sort((a, b) => a.x - b.x);
    let text = '';
    let end: number | null = null;
    for (const run of runs) {
      if (end !== null) {
        const gap = run.x - end;
        text += gap > run.size ? '    ' : gap > 0.15 * run.size ? ' ' : '';
      }
      text += run.str;
      end = run.x + run.width;
    }
    return text;
  });
}
