// Image preparation before OCR: which pages are taken for light text on a dark background, and how
// ink washed out by glare is brought back.
import sharp from 'sharp';
import { isMostlyDark, prepareForOcr } from '../../../server/menu-scan/preprocess';

/** A 400 × 600 grey page: `outer` everywhere, `middle` over the centre rectangle of the given share of each side. */
function page(outer: number, middle: number, middleShare: number) {
  const width = 400;
  const height = 600;
  const data = Buffer.alloc(width * height, outer);
  const [x0, x1] = [width * (0.5 - middleShare / 2), width * (0.5 + middleShare / 2)];
  const [y0, y1] = [height * (0.5 - middleShare / 2), height * (0.5 + middleShare / 2)];
  for (let y = Math.floor(y0); y < y1; y += 1) data.fill(middle, y * width + Math.floor(x0), y * width + Math.floor(x1));
  return { data, width, height };
}

describe('isMostlyDark (a dark page is inverted before OCR)', () => {
  it('takes a black menu card for light text on a dark background', () => {
    expect(isMostlyDark(page(25, 25, 0))).toBe(true);
  });

  it('does not take a white menu for one', () => {
    expect(isMostlyDark(page(240, 240, 0))).toBe(false);
  });

  it('does not take a light menu photographed on a dark table for one', () => {
    expect(isMostlyDark(page(30, 230, 0.6))).toBe(false);
  });
});

/** A 700 × 300 menu page: a line of black text, a line washed out by glare to `glareInk`, another black line. */
async function glaredPage(glareInk: string): Promise<Buffer> {
  const text = (y: number, colour: string, words: string): string =>
    `<text x="40" y="${y}" font-family="DejaVu Sans" font-size="28" fill="${colour}">${words}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="300"><rect width="100%" height="100%" fill="#f4f2ec"/>` +
    `<rect x="0" y="110" width="700" height="80" fill="#fefefe"/>` +
    text(80, '#1a1a1a', 'Rösti mit Speck     CHF 18.50') +
    text(160, glareInk, 'Käsefondue     CHF 29.00') +
    text(240, '#1a1a1a', 'Apfelstrudel     CHF 9.80') +
    `</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The darkest grey level of the prepared page between two heights (fractions of it). */
async function darkestBetween(png: Buffer, from: number, to: number): Promise<number> {
  const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  let darkest = 255;
  for (let y = Math.floor(info.height * from); y < info.height * to; y += 1) {
    for (let x = 0; x < info.width; x += 1) darkest = Math.min(darkest, data[y * info.width + x]!);
  }
  return darkest;
}

describe('prepareForOcr under glare', () => {
  const sizes = { maxLongSide: 2000, maxUpscale: 1, rgb: false };

  it('darkens letters washed out to a pale grey by a reflection to at least mid grey, as the recognizer reads them', async () => {
    const prepared = (await prepareForOcr(await glaredPage('#e6e6e6'), sizes))!;
    expect(await darkestBetween(prepared, 0.4, 0.6)).toBeLessThan(140);
  });

  it('leaves blank paper white: its noise is not taken for ink', async () => {
    const blank = await sharp({ create: { width: 700, height: 300, channels: 3, background: '#f4f2ec' } }).jpeg({ quality: 60 }).toBuffer();
    const prepared = (await prepareForOcr(blank, sizes))!;
    expect(await darkestBetween(prepared, 0, 1)).toBeGreaterThan(200);
  });
});
