// Turns a page that was photographed or scanned sideways or upside down (and has no EXIF orientation to
// say so) until it reads. The first reading decides whether to try: an upright page costs nothing more.
import sharp from 'sharp';
import { MIN_LINE_CONFIDENCE } from './layout';
import type { OcrLine, ReadLines } from './paddle';

/**
 * Share of line boxes at least 1.5× taller than wide above which the page lies on its side (on upright
 * menus it is 0: even a narrow price is wider than tall). The detector still boxes sideways lines and
 * the recognizer reads them turned, but rows and columns cannot be rebuilt from upright boxes.
 */
const SIDEWAYS_TALL_SHARE = 0.25;
/**
 * Share of lines read with confidence below which the page may be upside down: upright menus, even
 * poor photos, read 95–100 % of their lines confidently; upside-down ones about half or less.
 */
const UPSIDE_DOWN_CONFIDENT_SHARE = 0.75;
/** An upside-down reading must beat the upright one by this much to be taken. */
const TURN_ADVANTAGE = 1.2;

export interface UprightReading {
  lines: OcrLine[];
  /** The page as read (the prepared page, or it turned). */
  png: Buffer;
  /** The clockwise turn that made the page read, in degrees as `sharp.rotate` takes them: 0, 90, 180 or 270. */
  turnDegrees: number;
}

/** Confident characters: how much of the page the recognizer could read. */
export function readingScore(lines: readonly OcrLine[]): number {
  return lines.reduce((total, line) => total + (line.mean >= MIN_LINE_CONFIDENCE ? line.mean * line.text.trim().length : 0), 0);
}

function tallShare(lines: readonly OcrLine[]): number {
  const tall = lines.filter((line) => {
    const xs = line.box.map((p) => p[0] ?? 0);
    const ys = line.box.map((p) => p[1] ?? 0);
    return Math.max(...ys) - Math.min(...ys) >= 1.5 * (Math.max(...xs) - Math.min(...xs));
  });
  return lines.length === 0 ? 0 : tall.length / lines.length;
}

function confidentShare(lines: readonly OcrLine[]): number {
  const read = lines.filter((line) => line.text.trim() !== '');
  return read.length === 0 ? 1 : read.filter((line) => line.mean >= MIN_LINE_CONFIDENCE).length / read.length;
}

async function turned(png: Buffer, degrees: number): Promise<Buffer> {
  return sharp(png).rotate(degrees).png({ compressionLevel: 1 }).toBuffer();
}

/** Reads the page the way up it reads best: as it is, a quarter turn either way, or upside down. */
export async function readUpright(png: Buffer, read: ReadLines): Promise<UprightReading> {
  const asIs: UprightReading = { lines: await read(png), png, turnDegrees: 0 };
  if (tallShare(asIs.lines) > SIDEWAYS_TALL_SHARE) {
    // On its side: one quarter turn makes it upright, the other upside down; the better reading wins.
    const readings: UprightReading[] = [];
    for (const turnDegrees of [90, 270]) {
      const page = await turned(png, turnDegrees);
      readings.push({ lines: await read(page), png: page, turnDegrees });
    }
    return readings.reduce((best, r) => (readingScore(r.lines) > readingScore(best.lines) ? r : best));
  }
  if (confidentShare(asIs.lines) < UPSIDE_DOWN_CONFIDENT_SHARE) {
    const page = await turned(png, 180);
    const upsideDown: UprightReading = { lines: await read(page), png: page, turnDegrees: 180 };
    if (readingScore(upsideDown.lines) > TURN_ADVANTAGE * readingScore(asIs.lines)) return upsideDown;
  }
  return asIs;
}
