// The menu scanner: an uploaded menu (PNG, JPEG or PDF) in, `{ name, priceCents }` items out, all on this machine.
//
// Routes depend only on the `MenuScanner` interface. A hosted vision model can be plugged in later
// as another implementation of it, chosen by configuration where the scanner is created; nothing
// else has to change.
import sharp from 'sharp';
import { menuLinesFromOcr } from './layout';
import { OcrEngine } from './ocr';
import { PaddleEngine } from './paddle';
import { parseMenuLines, parseMenuText, type MenuTextLine } from './parser';
import { readPdf } from './pdf-text';
import { prepareForOcr, type PrepareOptions, type RawImage } from './preprocess';
import type { MenuFileKind, MenuScanner, ScannedItem } from './types';

export type { MenuFileKind, MenuScanner, ScannedItem } from './types';
export { MenuScanRejected, type MenuScanRejectReason } from './errors';
export { parseMenuText } from './parser';
export { readPdf } from './pdf-text';

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

/**
 * PaddleOCR's detector sees the whole page: past 2000 px it only gets slower; small text is
 * upscaled up to 2× so the recognizer gets letters at least ~20 px high.
 */
const PADDLE_SIZES: PrepareOptions = { maxLongSide: 2000, maxUpscale: 2, rgb: true };

/** Reads prepared pages into text lines (with their places where the engine gives them); one implementation per engine. */
type PageReader = { read(images: readonly (Buffer | RawImage)[], timeoutMs: number): Promise<MenuTextLine[]>; close(): Promise<void> };

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
      if (prepared.length === 0) return [];
      return ocr.exclusive(async (recognize) => {
        const lines: MenuTextLine[] = [];
        for (const png of prepared) lines.push(...(await recognize(png)).map((text) => ({ text })));
        return lines;
      }, timeoutMs);
    },
    close: () => ocr.close(),
  };
}

function paddleReader(): PageReader {
  const engine = new PaddleEngine();
  return {
    async read(images, timeoutMs) {
      const prepared: Buffer[] = [];
      for (const image of images) {
        const png = await prepareForOcr(image, PADDLE_SIZES);
        if (png) prepared.push(png);
      }
      if (prepared.length === 0) return [];
      // The prepared page is upright and straightened: the places read on it are the ones the user sees.
      const frames = await Promise.all(prepared.map(async (png, page) => {
        const { width = 1, height = 1 } = await sharp(png).metadata();
        return { page, width, height };
      }));
      return engine.exclusive(async (readLines) => {
        const rows: MenuTextLine[] = [];
        for (const [index, png] of prepared.entries()) rows.push(...menuLinesFromOcr(await readLines(png), frames[index]!));
        return rows;
      }, timeoutMs);
    },
    close: () => engine.close(),
  };
}

const DEFAULT_OCR_TIMEOUT_MS = 60_000;

export function createLocalMenuScanner(options: LocalMenuScannerOptions = {}): MenuScanner {
  const timeoutMs = options.ocrTimeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const reader = options.engine === 'tesseract' ? tesseractReader() : paddleReader();
  const ocrImages = (images: readonly (Buffer | RawImage)[]): Promise<MenuTextLine[]> => reader.read(images, timeoutMs);

  return {
    async scan(file: Buffer, kind: MenuFileKind): Promise<ScannedItem[]> {
      if (file.length === 0) return [];
      if (kind === 'pdf') {
        const pages = await readPdf(file, timeoutMs);
        if (!pages) return [];
        // A text layer's lines carry no place (the review shows those items without an outline).
        const lines: MenuTextLine[] = pages.flatMap((page) => page.lines.map((text) => ({ text })));
        // A page whose text layer holds no item but which has pictures is a scan: OCR them.
        const scans = pages.filter((page) => page.images.length > 0 && parseMenuText(page.lines.join('\n')).length === 0);
        for (const page of scans) {
          const pageIndex = pages.indexOf(page);
          for (const line of await ocrImages(page.images)) lines.push(line.region ? { ...line, region: { ...line.region, page: pageIndex } } : line);
        }
        return parseMenuLines(lines);
      }
      return parseMenuLines(await ocrImages([file]));
    },
    close: () => reader.close(),
  };
}
