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

/** Grey levels of the prepared page inside a rectangle (fractions of it), sorted. */
async function levelsWithin(png: Buffer, left: number, top: number, right: number, bottom: number): Promise<number[]> {
  const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const levels: number[] = [];
  for (let y = Math.floor(info.height * top); y < info.height * bottom; y += 1) {
    for (let x = Math.floor(info.width * left); x < info.width * right; x += 1) levels.push(data[y * info.width + x]!);
  }
  return levels.sort((a, b) => a - b);
}

describe('prepareForOcr on a light page with a panel of light letters', () => {
  const sizes = { maxLongSide: 2000, maxUpscale: 1, rgb: false };
  /** A 900 × 700 photo: black text on the left, a box of light text on the right (a leaflet's meal deals), sensor noise. */
  async function leaflet(panel: string, letters: string): Promise<Buffer> {
    const line = (x: number, y: number, colour: string, words: string): string =>
      `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="26" font-weight="bold" fill="${colour}">${words}</text>`;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><rect width="100%" height="100%" fill="#fbf8ef"/>` +
      `<rect x="470" y="80" width="400" height="540" fill="${panel}"/>` +
      [120, 200, 280, 360, 440, 520].map((y) => line(40, y, '#1a1a1a', 'Cheeseburger  4.50') + line(500, y, letters, 'Burger Meal  7.99')).join('') +
      `</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let seed = 99;
    for (let i = 0; i < data.length; i += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = Math.max(0, Math.min(255, data[i]! + ((seed % 33) - 16)));
    }
    return sharp(data, { raw: info }).jpeg({ quality: 70 }).toBuffer();
  }

  it.each([
    ['yellow on black', '#161616', '#ffe14d'],
    ['white on orange (as light as a shadow on paper)', '#f08a24', '#ffffff'],
    ['white on teal', '#2a9d8f', '#ffffff'],
  ])('turns the panel into paper and its letters into ink, as on the rest of the page: %s', async (_kind, panel, letters) => {
    const prepared = (await prepareForOcr(await leaflet(panel, letters), sizes))!;
    const levels = await levelsWithin(prepared, 0.56, 0.15, 0.95, 0.85);
    // Mostly paper, its noise not blown up to speckle; the letters dark.
    expect(levels[Math.floor(levels.length * 0.5)]).toBeGreaterThan(220);
    expect(levels[Math.floor(levels.length * 0.25)]).toBeGreaterThan(200);
    expect(levels[Math.floor(levels.length * 0.03)]).toBeLessThan(100);
  });

  it('leaves a light page with big bold black type as it is: the type stays ink', async () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="500"><rect width="100%" height="100%" fill="#fbf8ef"/>` +
      `<text x="40" y="300" font-family="DejaVu Sans" font-size="220" font-weight="bold" fill="#111111">MENU</text></svg>`;
    const prepared = (await prepareForOcr(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(), sizes))!;
    const heading = await levelsWithin(prepared, 0.05, 0.25, 0.85, 0.6);
    expect(heading[Math.floor(heading.length * 0.2)]).toBeLessThan(60);
    expect(heading[heading.length - 1]).toBeGreaterThan(200);
  });

  it('leaves dark ink on a mid-grey shadow across half the page as ink', async () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="500"><rect width="100%" height="100%" fill="#fbf8ef"/>` +
      `<rect x="450" y="0" width="450" height="500" fill="#8c8a84"/>` +
      [100, 180, 260, 340, 420].map((y) => `<text x="40" y="${y}" font-family="DejaVu Sans" font-size="28" fill="#151515">Flat White  3.20</text>` +
          `<text x="490" y="${y}" font-family="DejaVu Sans" font-size="28" fill="#151515">Chai Latte  3.70</text>`).join('') +
      `</svg>`;
    const prepared = (await prepareForOcr(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(), sizes))!;
    const shaded = await levelsWithin(prepared, 0.55, 0.1, 0.95, 0.9);
    expect(shaded[Math.floor(shaded.length * 0.5)]).toBeGreaterThan(220);
    expect(shaded[Math.floor(shaded.length * 0.02)]).toBeLessThan(100);
  });
});
