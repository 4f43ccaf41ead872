// The menu scanner: an uploaded menu (PNG, JPEG or PDF) in, `{ name, priceCents }` items out, all on this machine.
//
// Routes depend only on the `MenuScanner` interface. A hosted vision model can be plugged in later
// as another implementation of it, chosen by configuration where the scanner is created; nothing
// else has to change.
import { OcrEngine } from './ocr';
import { parseMenuText } from './parser';
import { readPdf } from './pdf-text';
import { prepareForOcr, type RawImage } from './preprocess';
import type { MenuFileKind, MenuScanner, ScannedItem } from './types';

export type { MenuFileKind, MenuScanner, ScannedItem } from './types';
export { MenuScanRejected, type MenuScanRejectReason } from './errors';
export { parseMenuText } from './parser';

export interface LocalMenuScannerOptions {
  /**
   * Time budget for reading one file: the OCR of an image (or of a scanned PDF's pages), and,
   * separately, the parsing of a PDF. Past it, `scan` throws `MenuScanRejected('timeout')`.
   */
  ocrTimeoutMs?: number;
}

const DEFAULT_OCR_TIMEOUT_MS = 60_000;

export function createLocalMenuScanner(options: LocalMenuScannerOptions = {}): MenuScanner {
  const timeoutMs = options.ocrTimeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const ocr = new OcrEngine();

  async function ocrImages(images: readonly (Buffer | RawImage)[]): Promise<string> {
    // Preprocessing runs in sharp's thread pool before the OCR worker's turn, keeping the queue short.
    const prepared: Buffer[] = [];
    for (const image of images) {
      const png = await prepareForOcr(image);
      if (png) prepared.push(png);
    }
    if (prepared.length === 0) return '';
    return ocr.exclusive(async (recognize) => {
      const lines: string[] = [];
      for (const png of prepared) lines.push(...(await recognize(png)));
      return lines.join('\n');
    }, timeoutMs);
  }

  return {
    async scan(file: Buffer, kind: MenuFileKind): Promise<ScannedItem[]> {
      if (file.length === 0) return [];
      if (kind === 'pdf') {
        const pages = await readPdf(file, timeoutMs);
        if (!pages) return [];
        const texts = pages.map((page) => page.lines.join('\n'));
        // A page whose text layer holds no item but which has pictures is a scan: OCR them.
        const scans = pages.filter((page, i) => page.images.length > 0 && parseMenuText(texts[i]!).length === 0);
        if (scans.length > 0) texts.push(await ocrImages(scans.flatMap((page) => page.images)));
        return parseMenuText(texts.join('\n'));
      }
      return parseMenuText(await ocrImages([file]));
    },
    close: () => ocr.close(),
  };
}
