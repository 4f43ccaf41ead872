// Measures how far a photographed menu is tilted, by the projection-profile method, so it can be straightened before OCR.
import sharp from 'sharp';

/** One-channel 8-bit pixels. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Tilts beyond this are not hand-held photos of an upright menu; we do not look for them. A menu
 * photographed across a table is often 10–15° off, and the layout's own tilt handling only follows
 * lines up to about 11°, so the search reaches 15°.
 */
const MAX_SKEW_DEGREES = 15;
/** The measurement runs on a small copy: text lines are still lines at this size. */
const WORK_LONG_SIDE = 1000;
/** A pixel is ink when it is this much darker than its neighbourhood (robust to shadows). */
const INK_CONTRAST = 24;
/** Ink pixels used for the projections: bounds the work (≈ 50 angles × this) whatever the page. */
const MAX_SAMPLES = 60_000;
/** Below this tilt OCR does not improve, so the image is left alone. */
export const MIN_CORRECTION_DEGREES = 0.4;

/**
 * Returns the tilt of the text lines in degrees, clockwise positive (the angle `sharp.rotate`
 * would have applied), or 0 when there is no clear answer.
 *
 * For each candidate angle the ink pixels are projected onto the axis perpendicular to lines of
 * that slope; when the slope matches the text, whole lines fall into few bins and the sum of
 * squared bin counts peaks. About 50 angles × at most MAX_SAMPLES pixels: a few ms per pass.
 */
export async function estimateSkewDegrees(grey: GreyImage): Promise<number> {
  const { data, info } = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .resize(WORK_LONG_SIDE, WORK_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    // sharp answers three channels for one-channel raw input unless told otherwise.
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const background = await sharp(data, { raw: { width, height, channels: 1 } }).blur(12).toColourspace('b-w').raw().toBuffer();

  let ink = 0;
  for (let i = 0; i < data.length; i += 1) if (data[i]! + INK_CONTRAST < background[i]!) ink += 1;
  await yieldToEventLoop();
  // Too little ink to tell (a blank page), or so much that it is a picture, not text.
  if (ink < 200 || ink > width * height * 0.4) return 0;
  // Every ink pixel is not needed to see a line: keep at most MAX_SAMPLES, evenly spread.
  const stride = Math.max(1, Math.ceil(ink / MAX_SAMPLES));
  const xs = new Float64Array(Math.ceil(ink / stride));
  const ys = new Float64Array(xs.length);
  let n = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i += 1) {
    if (data[i]! + INK_CONTRAST < background[i]! && seen++ % stride === 0 && n < xs.length) {
      xs[n] = (i % width) - width / 2;
      ys[n] = Math.floor(i / width);
      n += 1;
    }
  }

  await yieldToEventLoop();

  const spread = (degrees: number): number => {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    const offset = width; // keeps every bin index positive
    const bins = new Float64Array(height + 2 * width + 2);
    for (let k = 0; k < n; k += 1) {
      bins[Math.round(ys[k]! * cos - xs[k]! * sin) + offset]! += 1;
    }
    let sum = 0;
    for (const count of bins) sum += count * count;
    return sum;
  };

  let best = 0;
  let bestScore = spread(0);
  const level = bestScore;
  const coarse: number[] = [];
  for (let degrees = -MAX_SKEW_DEGREES; degrees <= MAX_SKEW_DEGREES; degrees += 0.5) coarse.push(degrees);
  for (const degrees of coarse) {
    const s = spread(degrees);
    if (s > bestScore) [best, bestScore] = [degrees, s];
    await yieldToEventLoop();
  }
  const around = best;
  for (let step = -4; step <= 4; step += 1) {
    const degrees = around + step / 10;
    const s = spread(degrees);
    if (s > bestScore) [best, bestScore] = [degrees, s];
  }
  // A flat profile (no text lines, e.g. a photo of a dish) gives a winner by noise only.
  if (bestScore < level * 1.05) return 0;
  return Math.round(best * 10) / 10;
}

/** The measurement is a few tens of ms of arithmetic; other requests get their turn in between. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
