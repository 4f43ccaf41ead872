// Pages photographed sideways or upside down (no EXIF orientation) are turned until they read (orientation.ts).
import sharp from 'sharp';
import { readUpright } from '../../../server/menu-scan/orientation';
import type { OcrLine } from '../../../server/menu-scan/paddle';

/** A 40 × 20 page, white but for a black top-left corner, so each turn of it can be told apart. */
async function page(): Promise<Buffer> {
  const pixels = Buffer.alloc(40 * 20 * 3, 255);
  for (const i of [0, 1, 2]) pixels[i] = 0;
  return sharp(pixels, { raw: { width: 40, height: 20, channels: 3 } }).png().toBuffer();
}

/** Where the black corner is on a page as the reader gets it. */
async function corner(png: Buffer): Promise<'top left' | 'top right' | 'bottom right' | 'bottom left'> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number): boolean => data[(y * info.width + x) * info.channels]! < 128;
  if (dark(0, 0)) return 'top left';
  if (dark(info.width - 1, 0)) return 'top right';
  if (dark(info.width - 1, info.height - 1)) return 'bottom right';
  return 'bottom left';
}

const wide = (text: string, mean: number): OcrLine => ({ text, mean, box: [[0, 0], [30, 0], [30, 8], [0, 8]] });
const tall = (text: string, mean: number): OcrLine => ({ text, mean, box: [[0, 0], [8, 0], [8, 30], [0, 30]] });
const menu = [wide('Flat White    4.20', 0.98), wide('Espresso    2.80', 0.97), wide('Latte    4.50', 0.99)];
const garbled = [wide('02.4    etihW talF', 0.3), wide('08.2    osserpsE', 0.4), wide('05.4', 0.9)];

describe('readUpright', () => {
  it('reads an upright page once, as it is', async () => {
    const read = jest.fn(async () => menu);
    const reading = await readUpright(await page(), read);
    expect(reading.turnDegrees).toBe(0);
    expect(reading.lines).toEqual(menu);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('turns a page lying on its side the way it reads, not upside down', async () => {
    // The page as photographed lies with its top at the left: only its quarter turn clockwise reads.
    const read = jest.fn(async (png: Buffer) => {
      const where = await corner(png);
      if (where === 'top left') return [tall('Flat White', 0.95), tall('4.20', 0.95)];
      return where === 'top right' ? menu : garbled;
    });
    const reading = await readUpright(await page(), read);
    expect(reading.turnDegrees).toBe(90);
    expect(reading.lines).toEqual(menu);
    expect(await corner(reading.png)).toBe('top right');
  });

  it('turns an upside-down page round when that reads clearly better', async () => {
    const read = jest.fn(async (png: Buffer) => ((await corner(png)) === 'bottom right' ? menu : garbled));
    const reading = await readUpright(await page(), read);
    expect(reading.turnDegrees).toBe(180);
    expect(reading.lines).toEqual(menu);
  });

  it('keeps a poorly photographed upright page as it is when the turned one reads no better', async () => {
    const read = jest.fn(async () => garbled);
    const reading = await readUpright(await page(), read);
    expect(reading.turnDegrees).toBe(0);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
