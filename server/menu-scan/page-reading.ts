// One uploaded page read from start to end inside the OCR process (paddle-process-source.ts loads this module
// there): prepared with sharp, read the way up it reads best, and, when asked, made into the review's picture.
// sharp's threads leave native memory behind them that the allocator keeps; in the OCR process it goes back to
// the system when that process ends, where in the long-lived server it stayed (docs/menu-scanning.md, "Memory").
import sharp from 'sharp';
import { readUpright } from './orientation';
import type { OcrLine, ReadLines } from './paddle';
import { pageView } from './page-view';
import { prepareForOcr, type PreparedGeometry, type PrepareOptions, type RawImage } from './preprocess';
import type { MenuPageView } from './types';

/**
 * PaddleOCR's detector sees the whole page: past 2000 px it only gets slower; small text is
 * upscaled up to 2× so the recognizer gets letters at least ~20 px high.
 */
export const PADDLE_SIZES: PrepareOptions = { maxLongSide: 2000, maxUpscale: 2, rgb: true };

/** What the OCR process answers for one page. */
export interface PageOcr {
  lines: OcrLine[];
  /** The size of the page as read (upright and straightened): the lines' boxes are in its pixels. */
  width: number;
  height: number;
  /** The review's picture (its `page` is 0: the caller numbers pages); null when not asked for or not made. */
  view: MenuPageView | null;
}

/**
 * Prepares and reads one page; null when the picture cannot be read (not a PNG or JPEG, cut short).
 * Throws `MenuScanRejected('image-too-large')` for a decompression bomb.
 */
export async function readPage(image: Buffer | RawImage, withView: boolean, read: ReadLines): Promise<PageOcr | null> {
  const geometry: PreparedGeometry = { rotationDegrees: 0 };
  const png = await prepareForOcr(image, PADDLE_SIZES, geometry);
  if (!png) return null;
  // The picture is made in sharp's threads while ONNX Runtime's read the page: it costs the vendor no wait.
  let view = withView ? pageView(image, geometry, 0) : Promise.resolve(null);
  const reading = await readUpright(png, read).catch(async (error: unknown) => {
    // Settled before the error goes on, so the picture's failure is not left unhandled.
    await view.catch(() => null);
    throw error;
  });
  if (reading.turnDegrees !== 0) {
    geometry.rotationDegrees += reading.turnDegrees;
    // A page read turned gets its picture turned the same way (rare: made again, after the reading).
    if (withView) {
      await view;
      view = pageView(image, geometry, 0);
    }
  }
  const { width = 1, height = 1 } = await sharp(reading.png).metadata();
  return { lines: reading.lines, width, height, view: await view };
}
