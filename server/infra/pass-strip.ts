// The stamps strip of a wallet pass: one row of filled and empty stamps drawn for this card, as PNG.
// A strip depends only on the count, the goal and the colours, so the last few hundred drawn are kept:
// every pass of a card at 7 of 10 shares one buffer (and its hashes, see infra/apple-pass.ts).
import sharp from 'sharp';
import { boundedMemo } from './bounded-memo';

/** Apple's storeCard strip at @2x: 750 × 246 points. */
const WIDTH = 750;
const HEIGHT = 246;

export interface StripStyle {
  /** CSS hex colours. */
  background: string;
  stamp: string;
}

export async function drawStampStrip(stamps: number, goal: number, style: StripStyle): Promise<Buffer> {
  const columns = Math.max(1, goal);
  const cell = Math.min(WIDTH / columns, HEIGHT * 0.7);
  const radius = Math.max(4, cell * 0.38);
  const rowWidth = cell * columns;
  const left = (WIDTH - rowWidth) / 2;
  const circles = Array.from({ length: columns }, (_, index) => {
    const cx = left + cell * index + cell / 2;
    const filled = index < stamps;
    return `<circle cx="${cx.toFixed(1)}" cy="${HEIGHT / 2}" r="${radius.toFixed(1)}" fill="${filled ? style.stamp : 'none'}" stroke="${style.stamp}" stroke-width="4"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="${style.background}"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Strips kept: every count of a few dozen goals in a few colour schemes. */
const KEPT_STRIPS = 500;

const keptStrips = boundedMemo(KEPT_STRIPS, (key) => {
  const [stamps, goal, background, stamp] = key.split(' ');
  return drawStampStrip(Number(stamps), Number(goal), { background: background!, stamp: stamp! });
});

/** drawStampStrip, drawn once and then kept (the same buffer each time: do not modify it). */
export function stampStrip(stamps: number, goal: number, style: StripStyle): Promise<Buffer> {
  return keptStrips(`${stamps} ${goal} ${style.background} ${style.stamp}`);
}
