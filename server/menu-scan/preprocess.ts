// Prepares an uploaded image for OCR with sharp: upright, straight, big enough, grey, evenly lit.
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { estimateSkewDegrees, MIN_CORRECTION_DEGREES, type GreyImage } from './deskew';
import { MenuScanRejected } from './errors';
import { findHeldPage, findPageCrop, type PageCrop } from './page-crop';

/** Decompression-bomb guard: a 20,000 × 20,000 PNG is a few kilobytes but 1.6 GB decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Long side of the image handed to tesseract: beyond this, recognition only gets slower. */
export const MAX_OCR_LONG_SIDE = 3000;
/**
 * Small text OCRs much better upscaled. ×2 measured better than ×3 on our rendered menus
 * (×3 turns dense dot leaders into letter-like blobs) and costs half the OCR time.
 */
const MAX_UPSCALE = 2;
/** Paper brightness is estimated on a copy this many times smaller … */
const LIGHTING_STEP = 16;
/** … with a median this wide there (5 × 16 = 80 px: wider than any stroke of ink). */
const LIGHTING_MEDIAN = 5;
/** Smaller than this holds no readable menu. */
const MIN_SIDE = 16;

/** Pixels decoded from a PDF's embedded image. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** Sizes for an OCR engine: tesseract wants big text, PaddleOCR's detector works on the whole page. */
export interface PrepareOptions {
  maxLongSide: number;
  maxUpscale: number;
  /** PaddleOCR reads RGB(A) pixels; tesseract takes the one-channel PNG. */
  rgb: boolean;
}

const TESSERACT_SIZES: PrepareOptions = { maxLongSide: MAX_OCR_LONG_SIDE, maxUpscale: MAX_UPSCALE, rgb: false };

/** What preparing a page did to its geometry, so a picture for the user can be turned the same way. */
export interface PreparedGeometry {
  /** The turn applied to straighten the page, in degrees as `sharp.rotate` takes them (0: none). */
  rotationDegrees: number;
  /** The part of the upright picture the page was cut from, before it was turned; absent: all of it. */
  crop?: PageCrop;
  /** The prepared page's pixels per pixel of the picture (or of the part cut out): below 1, it was shrunk. */
  scale?: number;
}

/** The page is looked for on a copy this small: the paper is a big shape, not a detail. */
const CROP_SEARCH_SIDE = 256;
/** Text is told on a copy this big: a held card's letters are still a few pixels high there. */
const INK_SEARCH_SIDE = 1024;
/** A stroke of ink is this much darker than its surroundings (blurred over a few letters). */
const INK_CONTRAST = 0.7;
const INK_SURROUNDINGS_SIGMA = 6;

/**
 * Where the menu lies in a picture that would be shrunk for OCR (a card in a big photo, a card held up
 * in a hand), in pixels of the upright picture; null when the picture is all page or the page cannot be told.
 */
async function pageRegion(image: Sharp, width: number, height: number): Promise<{ crop: PageCrop; left: number; top: number; width: number; height: number } | null> {
  // Decoded once (a big PNG takes seconds to decode); the small copies are made from these pixels.
  const { data: detailData, info: detailInfo } = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .resize(INK_SEARCH_SIDE, INK_SEARCH_SIDE, { fit: 'inside' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const detail = (): Sharp => sharp(detailData, { raw: { width: detailInfo.width, height: detailInfo.height, channels: detailInfo.channels } });
  const small = (): Sharp => detail().resize(CROP_SEARCH_SIDE, CROP_SEARCH_SIDE, { fit: 'inside' });
  const { data, info } = await small().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const crop = findPageCrop({ data, width: info.width, height: info.height }) ?? (await heldPage(detail, small));
  if (!crop) return null;
  const left = Math.floor(crop.left * width);
  const top = Math.floor(crop.top * height);
  const right = Math.min(width, Math.ceil((crop.left + crop.width) * width));
  const bottom = Math.min(height, Math.ceil((crop.top + crop.height) * height));
  if (right - left < MIN_SIDE || bottom - top < MIN_SIDE) return null;
  return { crop, left, top, width: right - left, height: bottom - top };
}

/** findHeldPage on a small colour copy and a map of the strokes of ink on a larger grey one. */
async function heldPage(detail: () => Sharp, small: () => Sharp): Promise<PageCrop | null> {
  const colour = await small().raw().toBuffer({ resolveWithObject: true });
  const grey = await detail().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const surroundings = await sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
    .blur(INK_SURROUNDINGS_SIGMA)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const ink = Buffer.alloc(grey.data.length);
  for (let i = 0; i < ink.length; i += 1) ink[i] = grey.data[i]! < surroundings[i]! * INK_CONTRAST ? 1 : 0;
  return findHeldPage(
    { data: colour.data, width: colour.info.width, height: colour.info.height, channels: colour.info.channels },
    { data: ink, width: grey.info.width, height: grey.info.height },
  );
}

const OPEN_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // A file cut short is refused (→ []), so the vendor re-uploads instead of getting half a
  // menu; minor encoder quirks that phones and editors leave in files are still accepted.
  failOn: 'truncated',
  autoOrient: true,
};

function openImage(input: Buffer | RawImage): Sharp {
  return Buffer.isBuffer(input)
    ? sharp(input, OPEN_OPTIONS)
    : sharp(input.data, { ...OPEN_OPTIONS, raw: { width: input.width, height: input.height, channels: input.channels } });
}

/**
 * The page's upright size from its header (no pixel decoded), or null when it is not a PNG or JPEG or too
 * small to hold a menu. Throws `MenuScanRejected('image-too-large')` above MAX_INPUT_PIXELS.
 */
async function readableSize(image: Sharp, input: Buffer | RawImage): Promise<{ width: number; height: number } | null> {
  let width: number;
  let height: number;
  try {
    const meta = await image.metadata();
    // sharp also decodes SVG, TIFF, GIF …; a menu image is only ever PNG or JPEG.
    if (Buffer.isBuffer(input) && meta.format !== 'png' && meta.format !== 'jpeg') return null;
    // autoOrient swaps the sides of a photo taken in portrait (EXIF orientation 5–8).
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    return null;
  }
  if (!width || !height || width < MIN_SIDE || height < MIN_SIDE) return null;
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge(width, height);
  return { width, height };
}

/**
 * Whether prepareForOcr may make something of the page, judged from its header alone: the server asks
 * before the page goes to the OCR process, so a refusal or an unreadable file costs no OCR turn.
 * Throws `MenuScanRejected('image-too-large')` like prepareForOcr.
 */
export async function isReadablePage(input: Buffer | RawImage): Promise<boolean> {
  return (await readableSize(openImage(input), input)) !== null;
}

/**
 * Returns the page ready for OCR (a greyscale PNG for tesseract, RGB for PaddleOCR), or null when the input is not a readable PNG or
 * JPEG. Throws `MenuScanRejected('image-too-large')` for images above MAX_INPUT_PIXELS, checked
 * from the header before anything is decoded.
 */
export async function prepareForOcr(
  input: Buffer | RawImage,
  sizes: PrepareOptions = TESSERACT_SIZES,
  geometry?: PreparedGeometry,
): Promise<Buffer | null> {
  const image = openImage(input);
  const size = await readableSize(image, input);
  if (!size) return null;
  let { width, height } = size;

  try {
    // A page that is a small part of a big photo is cut out first, so shrinking the photo for OCR does
    // not shrink its letters below what the recognizer reads.
    if (Math.max(width, height) > sizes.maxLongSide) {
      const region = await pageRegion(image, width, height);
      if (region) {
        image.extract({ left: region.left, top: region.top, width: region.width, height: region.height });
        ({ width, height } = region);
        if (geometry) geometry.crop = region.crop;
      }
    }
    const scale = Math.min(sizes.maxUpscale, sizes.maxLongSide / Math.max(width, height));
    if (geometry) geometry.scale = scale;
    const { data, info } = await image
      // Transparent PNGs often have dark text on nothing: give them paper to sit on.
      .flatten({ background: '#ffffff' })
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
        kernel: scale > 1 ? 'cubic' : 'lanczos3',
      })
      // sharp answers three channels for one-channel work unless told the colour space.
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    let grey: GreyImage = { data, width: info.width, height: info.height };
    grey = await smoothScreenPattern(grey);
    if (isMostlyDark(grey)) grey = invert(grey);
    const skew = await estimateSkewDegrees(grey);
    if (Math.abs(skew) >= MIN_CORRECTION_DEGREES) {
      grey = await rotate(grey, -skew);
      if (geometry) geometry.rotationDegrees = -skew;
    }
    grey = await flattenLighting(grey);
    return await greySharp(grey)
      .sharpen()
      .toColourspace(sizes.rgb ? 'srgb' : 'b-w')
      // Fast compression: the PNG only travels to the OCR thread.
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    return null;
  }
}

/** A page whose middle is mostly darker than this (0–255) is light text on a dark background. */
const DARK_PAGE_LEVEL = 110;

/**
 * Light text on a dark background (a chalkboard, a black menu card): the lighting correction and
 * the recognizer both expect dark ink on light paper. Judged on the middle half of the page, so a
 * light menu photographed on a dark table is not taken for one.
 */
export function isMostlyDark(grey: GreyImage): boolean {
  const { data, width, height } = grey;
  const values: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 40_000)));
  for (let y = Math.floor(height / 4); y < (3 * height) / 4; y += step) {
    for (let x = Math.floor(width / 4); x < (3 * width) / 4; x += step) values.push(data[y * width + x]!);
  }
  if (values.length === 0) return false;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]! < DARK_PAGE_LEVEL;
}

function invert(grey: GreyImage): GreyImage {
  const out = Buffer.allocUnsafe(grey.data.length);
  for (let i = 0; i < out.length; i += 1) out[i] = 255 - grey.data[i]!;
  return { ...grey, data: out };
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function tooLarge(width?: number, height?: number): MenuScanRejected {
  const size = width && height ? `The image is ${width} × ${height} pixels; ` : 'The image has too many pixels; ';
  return new MenuScanRejected('image-too-large', `${size}at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels can be scanned.`);
}

/** Pixels handled between two turns of the event loop (a few ms of work). */
const SLICE_PIXELS = 1 << 20;

/** Runs `work` over [0, length) in slices, letting other requests run in between. */
async function inSlices(length: number, work: (from: number, to: number) => void): Promise<void> {
  for (let from = 0; from < length; from += SLICE_PIXELS) {
    work(from, Math.min(length, from + SLICE_PIXELS));
    if (from + SLICE_PIXELS < length) await new Promise((resolve) => setImmediate(resolve));
  }
}

function greySharp(grey: GreyImage): Sharp {
  return sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
}

/** A pass of its own: the skew is measured on the resized pixels, so they must exist first. */
async function rotate(grey: GreyImage, degrees: number): Promise<GreyImage> {
  const { data, info } = await greySharp(grey)
    .rotate(degrees, { background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Divides the page by an estimate of its paper brightness (a median over a wide window, computed
 * on a small copy), so shadows, uneven light and the table around a photographed menu all become
 * white paper while ink stays dark; then stretches the ink to black. The filters run in sharp's
 * thread pool on 1/256 of the pixels; the two passes here are integer table look-ups, done in
 * slices so the event loop is never held up for long.
 */
async function flattenLighting(grey: GreyImage): Promise<GreyImage> {
  const small = await greySharp(grey)
    .resize(Math.max(1, Math.round(grey.width / LIGHTING_STEP)), Math.max(1, Math.round(grey.height / LIGHTING_STEP)), {
      kernel: 'linear',
    })
    .median(LIGHTING_MEDIAN)
    .blur(1)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const paper = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 1 } })
    .resize(grey.width, grey.height, { kernel: 'linear', fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();

  // 16.16 fixed-point reciprocals: out = ink × 255 / paper.
  const reciprocal = new Uint32Array(256);
  for (let p = 0; p < 256; p += 1) reciprocal[p] = Math.round((255 * 65536) / Math.max(p, 1));
  const source = grey.data;
  const out = Buffer.allocUnsafe(source.length);
  const panels = await lightLetterPanels(grey, small.data, small.info.width, small.info.height);
  await inSlices(out.length, (from, to) => {
    for (let i = from; i < to; i += 1) {
      const v = (source[i]! * reciprocal[paper[i]!]!) >>> 16;
      out[i] = v > 255 ? 255 : v;
    }
    if (!panels) return;
    // On a panel of light letters the letters are the ink: the panel is turned into paper and its
    // letters into ink (the same division on the inverted pixels), blended in over the panel's edge.
    for (let i = from; i < to; i += 1) {
      const weight = panels[i]!;
      if (weight === 0) continue;
      const inverted = ((255 - source[i]!) * reciprocal[255 - paper[i]!]!) >>> 16;
      out[i] = ((out[i]! * (255 - weight) + (inverted > 255 ? 255 : inverted) * weight + 127) / 255) | 0;
    }
  });
  await deepenFaintInk(out, grey.width, grey.height);
  // The stretch is measured off the panels, so that what they hold (or what a panel found in the
  // room around a photographed page holds) does not change how dark the page's own ink is made.
  const histogram = new Uint32Array(256);
  let counted = 0;
  for (let i = 0; i < out.length; i += 1) {
    if (panels && panels[i] !== 0) continue;
    histogram[out[i]!]! += 1;
    counted += 1;
  }

  // Stretch so the darkest 0.5 % of pixels (the ink) become black; paper is already white.
  let dark = 0;
  let count = 0;
  while (dark < 254 && count + histogram[dark]! < counted * 0.005) count += histogram[dark++]!;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v += 1) lut[v] = v <= dark ? 0 : Math.round(((v - dark) * 255) / (255 - dark));
  await inSlices(out.length, (from, to) => {
    for (let i = from; i < to; i += 1) out[i] = lut[out[i]!]!;
  });
  return { data: out, width: grey.width, height: grey.height };
}

/** Paper darker than this (0–255, as the whole page's `DARK_PAGE_LEVEL`) is a dark panel … */
const DARK_PANEL_LEVEL = 110;
/** … and a panel of any shade holds light letters where its brightest pixels stand this far above its paper … */
const LIGHT_LETTER_RISE = 60;
/** … and its darkest pixels fall below its paper by less than the rise over this (dark ink on a mid-tone falls further). */
const LIGHT_LETTER_BALANCE = 2;
/** Paper up to this much lighter than a cell's counts as the same panel's. */
const SAME_PAPER = 30;
/** Letters are looked for over this many cells of the paper estimate each way (5 × 16 = 80 px, a line gap and more) … */
const LETTER_WINDOW_CELLS = 5;
/** … and a panel spans at least this many (7 × 16 = 112 px: not a bold letter, nor a gap in the room around a page). */
const PANEL_CELLS = 7;

/**
 * Where a page holds a panel, band or banner of light letters (a take-away's black box of meal deals,
 * a red banner, white on a teal or orange box), dividing by its paper makes its letters and its paper
 * alike white. Returns, per pixel, how far (0–255) the pixel lies inside such a panel, or null when the
 * page has none. A cell of the paper estimate (16 px) belongs to one when, over the 80 px around it on
 * paper of its shade, the brightest pixels (each cell's 98th percentile) stand well above its paper,
 * and either the paper is dark or the darkest pixels (2nd percentile) lie less far below it: light
 * letters, not dark ink. Dark paper without light letters (the table around a photographed page) is
 * left as it is. The cells must fill a square of `PANEL_CELLS` cells of one shade (an opening), so a
 * bold letter is never one; the map is enlarged linearly, so the change from page to panel is a ramp,
 * not a seam.
 */
async function lightLetterPanels(grey: GreyImage, paper: Buffer, columns: number, rows: number): Promise<Buffer | null> {
  const { data, width, height } = grey;
  // A 32-level histogram per cell gives its 2nd and 98th percentiles to a level of 8.
  const bins = new Uint16Array(columns * rows * 32);
  const cellOfX = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) cellOfX[x] = Math.min(columns - 1, Math.floor((x * columns) / width));
  for (let y = 0, at = 0; y < height; y += 1) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / height)) * columns;
    for (let x = 0; x < width; x += 1, at += 1) bins[(row + cellOfX[x]!) * 32 + (data[at]! >> 3)]! += 1;
  }
  const low = new Uint8Array(columns * rows);
  const high = new Uint8Array(columns * rows);
  for (let cell = 0; cell < columns * rows; cell += 1) {
    const at = cell * 32;
    let total = 0;
    for (let b = 0; b < 32; b += 1) total += bins[at + b]!;
    const tail = Math.max(1, Math.floor(total * 0.02));
    let seen = 0;
    let b = 0;
    while (b < 31 && seen + bins[at + b]! < tail) seen += bins[at + b++]!;
    low[cell] = b * 8 + 4;
    seen = 0;
    b = 31;
    while (b > 0 && seen + bins[at + b]! < tail) seen += bins[at + b--]!;
    high[cell] = b * 8 + 4;
  }
  const reach = Math.floor(LETTER_WINDOW_CELLS / 2);
  const lettered = new Uint8Array(columns * rows);
  let any = false;
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < columns; x += 1) {
      const level = paper[y * columns + x]!;
      let brightest = 0;
      let darkest = 255;
      for (let cy = Math.max(0, y - reach); cy <= Math.min(rows - 1, y + reach); cy += 1) {
        for (let cx = Math.max(0, x - reach); cx <= Math.min(columns - 1, x + reach); cx += 1) {
          // Only cells on paper of about this shade: lighter paper beside it (the page around a dark
          // table, a panel's edge) is no letter.
          if (paper[cy * columns + cx]! > level + SAME_PAPER) continue;
          brightest = Math.max(brightest, high[cy * columns + cx]!);
          darkest = Math.min(darkest, low[cy * columns + cx]!);
        }
      }
      const rise = brightest - level;
      if (rise >= LIGHT_LETTER_RISE && (level < DARK_PANEL_LEVEL || rise > LIGHT_LETTER_BALANCE * (level - darkest))) {
        lettered[y * columns + x] = 1;
        any = true;
      }
    }
  }
  if (!any) return null;
  // Opening: a cell stays where the whole square around it qualifies and is of one shade (a printed
  // panel is flat; the clutter of a room around a page is not), then each such square is kept whole.
  const open = Math.floor(PANEL_CELLS / 2);
  const weights = Buffer.alloc(lettered.length);
  let anyPanel = false;
  for (let y = open; y < rows - open; y += 1) {
    for (let x = open; x < columns - open; x += 1) {
      const level = paper[y * columns + x]!;
      let all = true;
      for (let dy = -open; dy <= open && all; dy += 1) {
        for (let dx = -open; dx <= open && all; dx += 1) {
          const cell = (y + dy) * columns + x + dx;
          all = lettered[cell] === 1 && Math.abs(paper[cell]! - level) <= SAME_PAPER;
        }
      }
      if (!all) continue;
      anyPanel = true;
      for (let dy = -open; dy <= open; dy += 1) weights.fill(255, (y + dy) * columns + x - open, (y + dy) * columns + x + open + 1);
    }
  }
  if (!anyPanel) return null;
  return sharp(weights, { raw: { width: columns, height: rows, channels: 1 } })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/** Ink is looked for in blocks this big (a letter or two) … */
const INK_BLOCK = 16;
/** … and a block's ink level is the darkest of it and its neighbours this many blocks away. */
const INK_REACH = 1;
/** Darkest ink this far below white (of 255) is ink as printed: left as it is. */
const FULL_INK_RANGE = 120;
/** Under this, a block holds no ink, only paper and the photo's noise: left as it is. */
const MIN_INK_RANGE = 12;
/** Faint ink is deepened at most this many times (glare leaves a tenth of the contrast). */
const MAX_INK_GAIN = 7;

/**
 * Glare (a lamp reflected on a laminated card) washes out the ink under it: after the lighting is
 * evened out, the letters there are pale grey on white. Each part of the page whose darkest ink is
 * pale is stretched from white towards black, so those letters are as dark as the rest; the gain
 * varies smoothly over the page (a small map of gains, enlarged), so no seam is drawn. Paper with
 * no ink, whose darkest pixel is only the photo's noise, is left alone.
 */
async function deepenFaintInk(out: Buffer, width: number, height: number): Promise<void> {
  const columns = Math.ceil(width / INK_BLOCK);
  const rows = Math.ceil(height / INK_BLOCK);
  const darkest = new Uint8Array(columns * rows).fill(255);
  const blockOfX = new Uint32Array(width);
  for (let x = 0; x < width; x += 1) blockOfX[x] = Math.floor(x / INK_BLOCK);
  for (let y = 0, at = 0; y < height; y += 1) {
    const row = Math.floor(y / INK_BLOCK) * columns;
    for (let x = 0; x < width; x += 1, at += 1) {
      const block = row + blockOfX[x]!;
      const v = out[at]!;
      if (v < darkest[block]!) darkest[block] = v;
    }
  }
  const gains = Buffer.alloc(columns * rows);
  let faint = false;
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < columns; bx += 1) {
      let level = 255;
      for (let dy = -INK_REACH; dy <= INK_REACH; dy += 1) {
        for (let dx = -INK_REACH; dx <= INK_REACH; dx += 1) {
          const y = by + dy;
          const x = bx + dx;
          if (y >= 0 && y < rows && x >= 0 && x < columns) level = Math.min(level, darkest[y * columns + x]!);
        }
      }
      const range = 255 - level;
      const gain = range < MIN_INK_RANGE || range >= FULL_INK_RANGE ? 1 : Math.min(MAX_INK_GAIN, FULL_INK_RANGE / range);
      if (gain > 1) faint = true;
      // Stored in 32nds: 1 → 32, 7 → 224.
      gains[by * columns + bx] = Math.round(gain * 32);
    }
  }
  if (!faint) return;
  const gainMap = await sharp(gains, { raw: { width: columns, height: rows, channels: 1 } })
    .resize(width, height, { kernel: 'linear', fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  await inSlices(out.length, (from, to) => {
    for (let i = from; i < to; i += 1) {
      const deepened = 255 - (((255 - out[i]!) * gainMap[i]!) >> 5);
      out[i] = deepened < 0 ? 0 : deepened;
    }
  });
}

/** A page's grain is measured in blocks this big (px of the prepared page) … */
const GRAIN_BLOCK = 16;
/** … as each block's mean distance (grey levels) from the page blurred this much (sigma, px) … */
const GRAIN_SIGMA = 2;
/**
 * … and where even the quietest quarter of the blocks lie this far from it, the whole page is a fine
 * pattern (a screen's pixel grid beating with the camera's: moiré), not paper: made-up and real photos'
 * quietest quarters, noise, JPEG, chalk dust and busy tables and all, lie at 0-2.3 (the development half's
 * photos up to 2.1); a photographed screen at 5.7.
 */
const SCREEN_GRAIN = 4;
/** The pattern is smoothed away with a blur this wide (sigma, px): its beat is a few pixels, letters are larger. */
const SCREEN_SMOOTHING = 1.2;

/**
 * A menu photographed off a screen carries the screen's pixel grid as a pattern over the whole page:
 * evening out the lighting makes each of its dots ink, the detector boxes the pattern with the letters,
 * and its texture is taken for light letters on a panel. Such a page is blurred first; any other page is
 * left as it is (its decimal points are thinner than the blur).
 */
async function smoothScreenPattern(grey: GreyImage): Promise<GreyImage> {
  if ((await pageGrain(grey)) < SCREEN_GRAIN) return grey;
  const smoothed = await greySharp(grey).blur(SCREEN_SMOOTHING).toColourspace('b-w').raw().toBuffer();
  return { data: smoothed, width: grey.width, height: grey.height };
}

/** The grain of the quietest quarter of the page's middle (`GRAIN_BLOCK`, `GRAIN_SIGMA`); 0 for a page too small to tell. */
async function pageGrain(grey: GreyImage): Promise<number> {
  const { width, height } = grey;
  // Measured on the middle half of the page (a quarter of its pixels), where the menu is.
  const columns = Math.floor(width / 2 / GRAIN_BLOCK);
  const rows = Math.floor(height / 2 / GRAIN_BLOCK);
  if (columns < 4 || rows < 4) return 0;
  const area = { left: Math.floor(width / 4), top: Math.floor(height / 4), width: columns * GRAIN_BLOCK, height: rows * GRAIN_BLOCK };
  const middle = await greySharp(grey).extract(area).toColourspace('b-w').raw().toBuffer();
  const blurred = await sharp(middle, { raw: { width: area.width, height: area.height, channels: 1 } }).blur(GRAIN_SIGMA).toColourspace('b-w').raw().toBuffer();
  const grain: number[] = [];
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < columns; bx += 1) {
      let sum = 0;
      for (let y = by * GRAIN_BLOCK; y < (by + 1) * GRAIN_BLOCK; y += 1) {
        for (let x = bx * GRAIN_BLOCK, at = y * area.width + x; x < (bx + 1) * GRAIN_BLOCK; x += 1, at += 1) sum += Math.abs(middle[at]! - blurred[at]!);
      }
      grain.push(sum / (GRAIN_BLOCK * GRAIN_BLOCK));
    }
  }
  grain.sort((a, b) => a - b);
  return grain[Math.floor(grain.length / 4)]!;
}
