// Reads a PDF's text layer (in reading order) and, for pages with little or no text, their images, in a worker thread.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { timedOut } from './errors';
import { PDF_WORKER_SOURCE } from './pdf-worker-source';
import { isPriceAlone, parseMenuText, type MenuTextLine } from './parser';
import { MAX_INPUT_PIXELS, type RawImage } from './preprocess';

/** A menu is a few pages; a 500-page upload is not worth reading to the end. */
export const MAX_PDF_PAGES = 10;
/** Scanned pages usually hold one picture; a page tiled into many strips is not worth OCR-ing. */
const MAX_IMAGES_PER_PAGE = 4;
/** Letters this close in shade to what lies under them cannot be read (white on the white page): hidden text. */
const MIN_CONTRAST = 0.2;

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
  /** The direction the run is written in, in radians in the viewport (0: left to right, π/2: down the page); 0 when absent. */
  angle?: number;
  /** The shade of the letters, 0 (black) to 1 (white), where the worker could tell it. */
  ink?: number;
  /** The shade of what was painted under the run before it (1 for bare paper), where the worker could tell it. */
  backdrop?: number;
  /**
   * The run's letters spaced only where the file draws a space or moves on by more than a letter's usual
   * shift, where the worker found the run's glyphs.
   */
  words?: string;
}

/** A page's size in viewport units (after its /Rotate). */
export interface PdfPageBox {
  width: number;
  height: number;
}

export interface PdfPage {
  /** Text lines in reading order, wide gaps kept as runs of spaces. */
  lines: string[];
  /**
   * The same lines with their type size and place on the page (fractions of its width, like an OCR
   * line's), which tell an option set small or indented under its item; `place`, not `region`, so the
   * items, which have no page picture to be shown on, carry no outline.
   */
  menuLines: MenuTextLine[];
  /** Only for pages with little or no text (scans): their pictures, for OCR. */
  images: RawImage[];
}

interface WorkerPage {
  items: PdfTextItem[];
  box: PdfPageBox;
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
  return answer.pages.map((page, index) => {
    const placed = groupIntoPlacedLines(page.items, page.box);
    return { lines: placed.map((line) => line.text), menuLines: placed.map((line) => menuLineOf(line, page.box, index)), images: page.images };
  });
}

/** A line of a PDF's text layer as the parser takes it: its type size and place as fractions of the page's width. */
function menuLineOf(line: PlacedLine, box: PdfPageBox, page: number): MenuTextLine {
  const unit = box.width > 0 ? box.width : 1;
  const place = { page, x: line.left / unit, y: (line.baseline - line.size) / unit, width: (line.right - line.left) / unit, height: line.size / unit };
  return { text: line.text, letterHeight: line.size / unit, place };
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
      minContrast: MIN_CONTRAST,
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
/** Runs written more than this far (radians, ~15°) from the page's main direction are decoration (a word up the margin). */
const MAX_ANGLE_OFF_MAIN = 0.26;

interface Row {
  y: number;
  size: number;
  items: PdfTextItem[];
}

/** Runs on one row with no column gap between them ("Flat White", "4.20"). */
interface Segment {
  text: string;
  left: number;
  right: number;
  size: number;
}

/**
 * A price set a little higher or lower than its name (a "18,50 €" placed between a wine and the
 * grapes under it) forms a row of its own. Such a row joins the nearest row within
 * STRAY_PRICE_DISTANCE whose runs all end left of where the price starts.
 */
function attachStrayRuns(rows: Row[]): Row[] {
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
 * Text a reader cannot see because it lies off the page (a designer's old price list moved beside the
 * page box, still in the file): a run whose start and end both fall outside the page.
 */
function isOnPage(item: PdfTextItem, box: PdfPageBox): boolean {
  const angle = item.angle ?? 0;
  const inside = (x: number, y: number): boolean => x >= -item.size && x <= box.width + item.size && y >= 0 && y <= box.height + item.size;
  return inside(item.x, item.y) || inside(item.x + Math.cos(angle) * item.width, item.y + Math.sin(angle) * item.width);
}

function isVisible(item: PdfTextItem): boolean {
  return item.ink === undefined || item.backdrop === undefined || Math.abs(item.ink - item.backdrop) >= MIN_CONTRAST;
}

/**
 * Turns the runs so the page's main writing direction runs left to right: an upright menu on a page
 * whose /Rotate turns it on its side (or a menu drawn up the page) reads line by line again. Runs
 * written across that direction are left out.
 */
function alongMainDirection(items: readonly PdfTextItem[]): PdfTextItem[] {
  // The main direction is the one most characters are written in, to a quarter turn.
  const chars = new Map<number, number>();
  for (const item of items) {
    const quarter = quarterOf(item.angle ?? 0);
    chars.set(quarter, (chars.get(quarter) ?? 0) + item.str.length);
  }
  const main = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const along = items.filter((item) => Math.abs(angleBetween(item.angle ?? 0, (main * Math.PI) / 2)) <= MAX_ANGLE_OFF_MAIN);
  if (main === 0) return along;
  const cos = Math.cos((main * Math.PI) / 2);
  const sin = Math.sin((main * Math.PI) / 2);
  // Coordinates along the writing direction (x) and across it, downwards as the lines go (y).
  return along.map((item) => ({ ...item, x: item.x * cos + item.y * sin, y: -item.x * sin + item.y * cos, angle: 0 }));
}

/** 0, 1, 2 or 3 quarter turns clockwise (in the viewport, y down). */
function quarterOf(angle: number): number {
  return (((Math.round(angle / (Math.PI / 2)) % 4) + 4) % 4);
}

function angleBetween(a: number, b: number): number {
  return Math.atan2(Math.sin(a - b), Math.cos(a - b));
}

/** Groups runs into rows by their vertical position, a price set a little off its line joining it. */
function rowsOf(items: readonly PdfTextItem[]): Row[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: Row[] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(item.y - row.y) <= 0.5 * Math.max(row.size, item.size)) {
      row.items.push(item);
    } else {
      rows.push({ y: item.y, size: item.size, items: [item] });
    }
  }
  return attachStrayRuns(rows);
}

/**
 * A row's runs left to right, cut into segments at gaps wider than a character (a column gap or a
 * missing leader); within a segment, runs that touch are glued and others get one space.
 */
function segmentsOf(row: Row): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | null = null;
  for (const run of [...row.items].sort((a, b) => a.x - b.x)) {
    if (current) {
      const gap = run.x - current.right;
      if (gap <= run.size) {
        current.text += gap > 0.15 * run.size ? ' ' : '';
        current.text += run.str;
        current.right = Math.max(current.right, run.x + run.width);
        current.size = Math.max(current.size, run.size);
        continue;
      }
      segments.push(current);
    }
    current = { text: run.str, left: run.x, right: run.x + run.width, size: run.size };
  }
  if (current) segments.push(current);
  return segments;
}

/** A column needs this many rows starting at its left edge. */
const MIN_COLUMN_ROWS = 3;

/**
 * Where columns of items start: an x where at least MIN_COLUMN_ROWS rows have a segment opening with a
 * letter (not a price opened by a currency's letters), more rows than run across it, and where what stands left of it on those rows is, in a good
 * share of them, a whole item with its price — so a block of prices left of their names, or a
 * description set on its name's line, is not taken for a column of its own.
 */
function columnStarts(rows: readonly Segment[][]): number[] {
  const starts: number[] = [];
  // A price opened by a currency's letters ("R$ 19,00", "Rs 120") opens with a letter too, but closes its name's row.
  const opensItem = (s: Segment): boolean => /^\p{L}/u.test(s.text.trim()) && !isPriceAlone(s.text.trim());
  const candidates = rows.flatMap((segments) => segments.filter(opensItem)).sort((a, b) => a.left - b.left);
  for (const candidate of candidates) {
    const at = candidate.left;
    const tolerance = 0.5 * candidate.size;
    if (starts.some((start) => Math.abs(start - at) <= tolerance)) continue;
    let starters = 0;
    let crossers = 0;
    let leftPriced = 0;
    let leftAny = 0;
    let rightPriced = 0;
    for (const segments of rows) {
      const starter = segments.find((s) => Math.abs(s.left - at) <= tolerance && opensItem(s));
      if (!starter) {
        if (segments.some((s) => s.left < at - tolerance && s.right > at + tolerance)) crossers += 1;
        continue;
      }
      starters += 1;
      const left = segments.filter((s) => s.right <= starter.left);
      if (left.length > 0) {
        leftAny += 1;
        if (pricedItem(left)) leftPriced += 1;
      }
      if (pricedItem(segments.filter((s) => s.left >= starter.left))) rightPriced += 1;
    }
    if (starters >= MIN_COLUMN_ROWS && crossers < starters && leftPriced >= 2 && 3 * leftPriced >= leftAny && rightPriced >= 2) starts.push(at - tolerance);
  }
  return starts.sort((a, b) => a - b);
}

function pricedItem(segments: readonly Segment[]): boolean {
  return parseMenuText(segments.map((s) => s.text).join(GAP)).some((item) => item.priceCents !== null);
}

/** Separates segments on one line; the parser reads 3+ spaces as a column gap or a missing leader. */
const GAP = '    ';

/**
 * Rebuilds a page's text from its runs: rows by vertical position, ordered left to right, a column
 * of items set beside another read after it (so its rows need not line up with its neighbour's, and
 * a name broken over two lines or a price under its name stays next to its own lines). Gaps wider
 * than a character become four spaces, which the parser reads as a column gap. Text a reader cannot
 * see is left out: letters in the shade of what lies under them and, with `box`, text off the page.
 */
export function groupIntoLines(items: readonly PdfTextItem[], box?: PdfPageBox): string[] {
  return groupIntoPlacedLines(items, box).map((line) => line.text);
}

/** A line of text with where it stands (viewport units, after the page is turned upright). */
interface PlacedLine {
  text: string;
  left: number;
  right: number;
  baseline: number;
  /** The largest font size on the line. */
  size: number;
}

/**
 * A run set letter-spaced (tracked, as display type on menus is) comes from pdf.js with a space after
 * every letter, word gaps no wider ("W I E N E R S C H N I T Z E L"), or a word a run ("d e"): at least
 * three parts, half of them single letters, or two or more parts all single letters. Its words are then
 * the ones the file draws (`words`), where it is known.
 */
function isLetterSpaced(text: string): boolean {
  const parts = text.trim().split(/\s+/);
  const letters = parts.filter((part) => [...part].length === 1 && /\p{L}/u.test(part)).length;
  return parts.length >= 2 && (letters === parts.length || (parts.length >= 3 && 2 * letters >= parts.length));
}

export function readableRun(item: PdfTextItem): PdfTextItem {
  return item.words && isLetterSpaced(item.str) && !isLetterSpaced(item.words) ? { ...item, str: item.words } : item;
}

function groupIntoPlacedLines(items: readonly PdfTextItem[], box?: PdfPageBox): PlacedLine[] {
  const visible = items.filter((item) => isVisible(item) && (!box || isOnPage(item, box))).map(readableRun);
  const rowList = rowsOf(alongMainDirection(visible));
  const rows = rowList.map(segmentsOf);
  const starts = columnStarts(rows);
  const columnOf = (segment: Segment): number => starts.filter((start) => segment.left >= start).length;
  const lines: PlacedLine[] = [];
  for (let column = 0; column <= starts.length; column += 1) {
    for (const [r, segments] of rows.entries()) {
      const inColumn = segments.filter((segment) => columnOf(segment) === column);
      if (inColumn.length === 0) continue;
      lines.push({
        text: inColumn.map((segment) => segment.text).join(GAP),
        left: Math.min(...inColumn.map((segment) => segment.left)),
        right: Math.max(...inColumn.map((segment) => segment.right)),
        baseline: rowList[r]!.y,
        size: Math.max(...inColumn.map((segment) => segment.size)),
      });
    }
  }
  return lines;
}
