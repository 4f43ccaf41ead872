// The picture of a menu page that the vendor checks the scanned items against: upright, in colour, turned
// the way the scanner straightened it, so the items' regions (fractions of the straightened page) fall on
// the words they were read from.
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, type PreparedGeometry, type RawImage } from './preprocess';
import type { MenuPageView } from './types';

/** Enough to read a menu's words on a laptop screen; a phone photo shrinks to a few hundred kilobytes. */
export const MAX_VIEW_LONG_SIDE = 1600;
const VIEW_JPEG_QUALITY = 78;

/** null when the picture cannot be decoded (the scan then simply has no picture for that page). */
export async function pageView(input: Buffer | RawImage, geometry: PreparedGeometry, page: number): Promise<MenuPageView | null> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true } as const;
  try {
    const source = Buffer.isBuffer(input)
      ? sharp(input, options)
      : sharp(input.data, { ...options, raw: { width: input.width, height: input.height, channels: input.channels } });
    if (geometry.crop) {
      // The page was cut out of a bigger photo before it was read: the regions are fractions of that cut.
      const meta = await source.metadata();
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      const left = Math.floor(geometry.crop.left * width);
      const top = Math.floor(geometry.crop.top * height);
      source.extract({
        left,
        top,
        width: Math.min(width, Math.ceil((geometry.crop.left + geometry.crop.width) * width)) - left,
        height: Math.min(height, Math.ceil((geometry.crop.top + geometry.crop.height) * height)) - top,
      });
    }
    // Two passes: sharp turns before it resizes within one pipeline, and the turn must act on the upright page.
    const upright = await source
      .flatten({ background: '#ffffff' })
      .resize(MAX_VIEW_LONG_SIDE, MAX_VIEW_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const { data, info } = await sharp(upright)
      .rotate(geometry.rotationDegrees, { background: '#ffffff' })
      .jpeg({ quality: VIEW_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { page, jpeg: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
