// The menu scanner: an uploaded menu (PNG, JPEG or PDF) in, `{ name, priceCents }` items out, all on this machine.
//
// Routes depend only on the `MenuScanner` interface. A hosted vision model can be plugged in later
// as another implementation of it, chosen by configuration where the scanner is created; nothing
// else has to change.
import { menuLinesFromOcr } from './layout';
import { OcrEngine } from './ocr';
import { PaddleEngine, type OcrLine } from './paddle';
import { parseMenuLines, parseMenuText, type MenuTextLine } from './parser';
import { readPdf } from './pdf-text';
import { isReadablePage, prepareForOcr, type RawImage } from './preprocess';
import type { MenuFileKind, MenuPageView, MenuScanForReview, MenuScanner, ScannedItem } from './types';

export type { ItemRegion, MenuFileKind, MenuPageView, MenuScanForReview, MenuScanner, ScannedItem } from './types';
export { MAX_VIEW_LONG_SIDE } from './page-view';
export { MenuScanRejected, type MenuScanRejectReason } from './errors';
export { parseMenuLines, parseMenuText } from './parser';
export { readPdf, type PdfPage } from './pdf-text';
// The page as the OCR reads it: the bench's stage timings (bench/menu-profile.ts) start from it.
export { prepareForOcr } from './preprocess';
export type { OcrLine } from './paddle';

export interface LocalMenuScannerOptions {
  /**
   * Time budget for reading one file: the OCR of an image (or of a scanned PDF's pages), and,
   * separately, the parsing of a PDF. Past it, `scan` throws `MenuScanRejected('timeout')`.
   */
  ocrTimeoutMs?: number;
  /**
   * The OCR engine: 'paddle' (PaddleOCR through ONNX Runtime, the default: chosen by measurement,
   * see docs/menu-scanning.md) or 'tesseract' (tesseract.js). The server passes MENU_OCR_ENGINE (config.ts).
   */
  engine?: OcrEngineName;
}

export type OcrEngineName = 'paddle' | 'tesseract';

/** What reading some images gave: text lines, and the pictures their places refer to when asked for. */
interface PageReading {
  lines: MenuTextLine[];
  /** One per image read, in order (its `page` is the image's index); empty unless views were asked for. */
  views: MenuPageView[];
}

/** Reads prepared pages into text lines (with their places where the engine gives them); one implementation per engine. */
type PageReader = {
  read(images: readonly (Buffer | RawImage)[], timeoutMs: number, withViews: boolean): Promise<PageReading>;
  close(): Promise<void>;
};

function tesseractReader(): PageReader {
  const ocr = new OcrEngine();
  return {
    async read(images, timeoutMs) {
      // Preprocessing runs in sharp's thread pool before the OCR worker's turn, keeping the queue short.
      const prepared: Buffer[] = [];
      for (const image of images) {
        const png = await prepareForOcr(image);
        if (png) prepared.push(png);
      }
      if (prepared.length === 0) return { lines: [], views: [] };
      // tesseract's lines carry no place, so there is nothing to show them against: no views.
      const lines = await ocr.exclusive(async (recognize) => {
        const read: MenuTextLine[] = [];
        for (const png of prepared) read.push(...(await recognize(png)).map((text) => ({ text })));
        return read;
      }, timeoutMs);
      return { lines, views: [] };
    },
    close: () => ocr.close(),
  };
}

function paddleReader(): PageReader {
  const engine = new PaddleEngine();
  return {
    async read(images, timeoutMs, withViews) {
      // Only the header is read here (a refusal or an unreadable file costs no OCR turn): the pixels are
      // decoded, prepared and read in the OCR process, and so is the review's picture (page-reading.ts).
      const readable: (Buffer | RawImage)[] = [];
      for (const image of images) if (await isReadablePage(image)) readable.push(image);
      if (readable.length === 0) return { lines: [], views: [] };
      return engine.exclusive(async (_readLines, readPage) => {
        const lines: MenuTextLine[] = [];
        const views: MenuPageView[] = [];
        // A page counts among the images read (its regions' `page`), an unreadable one is passed over.
        let page = 0;
        for (const image of readable) {
          const reading = await readPage(image, withViews);
          if (!reading) continue;
          // The page as read is upright and straightened: the places read on it are the ones the user sees.
          lines.push(...menuLinesFromOcr(reading.lines, { page, width: reading.width, height: reading.height }));
          if (reading.view) views.push({ ...reading.view, page });
          page += 1;
        }
        return { lines, views };
      }, timeoutMs);
    },
    close: () => engine.close(),
  };
}

const DEFAULT_OCR_TIMEOUT_MS = 60_000;

export function createLocalMenuScanner(options: LocalMenuScannerOptions = {}): MenuScanner {
  const timeoutMs = options.ocrTimeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const reader = options.engine === 'tesseract' ? tesseractReader() : paddleReader();

  async function scanFile(file: Buffer, kind: MenuFileKind, withViews: boolean): Promise<MenuScanForReview> {
    if (file.length === 0) return { items: [], pages: [] };
    if (kind !== 'pdf') {
      const { lines, views } = await reader.read([file], timeoutMs, withViews);
      return { items: parseMenuLines(lines), pages: views };
    }
    const pdfPages = await readPdf(file, timeoutMs);
    if (!pdfPages) return { items: [], pages: [] };
    // A text layer's lines carry their type size and place, but no region: there is no page picture to
    // show them on (the review shows those items without an outline).
    const lines: MenuTextLine[] = pdfPages.flatMap((page) => page.menuLines);
    const views: MenuPageView[] = [];
    // A page whose text layer holds no item but which has pictures is a scan: OCR them.
    const scans = pdfPages.filter((page) => page.images.length > 0 && parseMenuText(page.lines.join('\n')).length === 0);
    for (const page of scans) {
      const pageIndex = pdfPages.indexOf(page);
      // Regions are fractions of the one picture they were read on: a page of several pictures has no single view.
      const reading = await reader.read(page.images, timeoutMs, withViews && page.images.length === 1);
      for (const line of reading.lines) lines.push(line.region ? { ...line, region: { ...line.region, page: pageIndex } } : line);
      views.push(...reading.views.map((view) => ({ ...view, page: pageIndex })));
    }
    return { items: parseMenuLines(lines), pages: views };
  }

  return {
    async scan(file: Buffer, kind: MenuFileKind): Promise<ScannedItem[]> {
      return (await scanFile(file, kind, false)).items;
    },
    scanForReview: (file: Buffer, kind: MenuFileKind) => scanFile(file, kind, true),
    close: () => reader.close(),
  };
}

/** One photo read stage by stage: what the OCR boxed and read, the rows the layout made of it, the items parsed. */
export interface MenuScanStages {
  /** Every line the recognizer read, with its confidence, before the layout leaves out the unsure ones. */
  ocrLines: OcrLine[];
  rows: MenuTextLine[];
  items: ScannedItem[];
}

/**
 * Reads menu photos keeping each stage's output, for the bench's stage attribution (bench/menu-stages.ts):
 * where an item a reader sees was lost. The scan itself is `createLocalMenuScanner`'s; this only keeps more.
 */
export function createMenuStageReader(timeoutMs = DEFAULT_OCR_TIMEOUT_MS): { read(file: Buffer): Promise<MenuScanStages>; close(): Promise<void> } {
  const engine = new PaddleEngine();
  return {
    read: (file) =>
      engine.exclusive(async (_readLines, readPage) => {
        const reading = await readPage(file, false);
        if (!reading) return { ocrLines: [], rows: [], items: [] };
        const rows = menuLinesFromOcr(reading.lines, { page: 0, width: reading.width, height: reading.height });
        return { ocrLines: reading.lines, rows, items: parseMenuLines(rows) };
      }, timeoutMs),
    close: () => engine.close(),
  };
}
