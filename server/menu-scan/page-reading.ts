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
/**
 * A photo shrunk to 2000 px whose line boxes are lower than this (median, px) holds type too small for the
 * detector there (a whole page of small print in a 12-megapixel photo: boxes of 12-16 px, letters of 7-9
 * px, half its items not found) …
 */
export const SMALL_LINE_HEIGHT = 18;
/** … and is prepared again from the photo so its boxes are about this high … */
const LEGIBLE_LINE_HEIGHT = 26;
/**
 * … up to this long side (the detector's time grows with the pixels: 3000 px is 2.25× the tiles of 2000;
 * the whole 12-megapixel photo took several times longer to read and missed a fifth of the items it
 * gained). Growing by less than this share is not worth a second reading.
 */
const MAX_SMALL_TYPE_LONG_SIDE = 3000;
const MIN_GROWTH = 1.15;

/** The prepared size for a page whose median line box is `lineHeight` px high at `sizes`, or null to keep it. */
export function largerSizes(longSide: number, scale: number, lineHeight: number): PrepareOptions | null {
  // Never beyond the photo's own pixels (scale: prepared px per photo px).
  const growth = Math.min(LEGIBLE_LINE_HEIGHT / Math.max(1, lineHeight), MAX_SMALL_TYPE_LONG_SIDE / longSide, 1 / scale);
  if (growth < MIN_GROWTH) return null;
  return { ...PADDLE_SIZES, maxLongSide: Math.round(longSide * growth) };
}

function medianLineHeight(lines: readonly OcrLine[]): number {
  const heights = lines.map(({ box }) => Math.hypot((box[3]?.[0] ?? 0) - (box[0]?.[0] ?? 0), (box[3]?.[1] ?? 0) - (box[0]?.[1] ?? 0))).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

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
  let geometry: PreparedGeometry = { rotationDegrees: 0 };
  const prepared = await prepareForOcr(image, PADDLE_SIZES, geometry);
  if (!prepared) return null;
  let png = prepared;
  // The picture is made in sharp's threads while ONNX Runtime's read the page: it costs the vendor no wait.
  let view = withView ? pageView(image, geometry, 0) : Promise.resolve(null);
  const reading = await readLegibly(image, png, geometry, read)
    .then(async (legible) => {
      if (legible.geometry !== geometry) {
        // Prepared again, larger: its crop and straightening are the ones the places refer to.
        ({ geometry, png } = legible);
        if (withView) {
          await view;
          view = pageView(image, geometry, 0);
        }
      }
      return readUpright(png, legible.read);
    })
    .catch(async (error: unknown) => {
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

/**
 * A photo shrunk for the detector is read once asking for its lines only if they are big enough there
 * (`SMALL_LINE_HEIGHT`); where they are not, it is prepared again larger (`largerSizes`). Answers the page
 * to read, its geometry, and a reader whose first call answers the reading already made (readUpright's).
 */
async function readLegibly(
  image: Buffer | RawImage,
  png: Buffer,
  geometry: PreparedGeometry,
  read: ReadLines,
): Promise<{ png: Buffer; geometry: PreparedGeometry; read: ReadLines }> {
  if ((geometry.scale ?? 1) >= 1) return { png, geometry, read };
  const first = await read(png, { unreadBelowLineHeight: SMALL_LINE_HEIGHT });
  const unread = first.length > 0 && first.every((line) => line.text === '' && line.mean === 0);
  if (unread) {
    const { width = 1, height = 1 } = await sharp(png).metadata();
    const sizes = largerSizes(Math.max(width, height), geometry.scale ?? 1, medianLineHeight(first));
    const larger: PreparedGeometry = { rotationDegrees: 0 };
    const largerPng = sizes ? await prepareForOcr(image, sizes, larger) : null;
    if (largerPng) return { png: largerPng, geometry: larger, read };
    // Not larger after all: read as it is.
    return { png, geometry, read };
  }
  let answered = false;
  return {
    png,
    geometry,
    read: async (page, options) => {
      if (answered || page !== png) return read(page, options);
      answered = true;
      return first;
    },
  };
}
