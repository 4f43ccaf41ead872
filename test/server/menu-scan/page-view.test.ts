// The picture a vendor checks scanned items against: the page as the scanner read it, so the items' regions
// (fractions of the prepared page) land on the words.
import sharp from 'sharp';
import { jpegWithExif } from '../factories';
import { MAX_VIEW_LONG_SIDE, pageView } from '../../../server/menu-scan/page-view';
import { prepareForOcr, type PreparedGeometry } from '../../../server/menu-scan/preprocess';

/** A printed page of menu lines, turned by `degrees` as a hand-held photo would be. */
async function tiltedMenu(degrees: number): Promise<Buffer> {
  const lines = Array.from({ length: 14 }, (_, i) => `<text x="60" y="${90 + i * 48}" font-family="DejaVu Sans" font-size="30" fill="#111">Flat White ........ ${(3 + i / 10).toFixed(2)}</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="800"><rect width="900" height="800" fill="#fff"/>${lines.join('')}</svg>`;
  const upright = await sharp(Buffer.from(svg)).png().toBuffer();
  return sharp(upright).rotate(degrees, { background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

describe('pageView', () => {
  test('turns the picture as the scanner straightened the page, so both have the same shape', async () => {
    const photo = await tiltedMenu(4);
    const geometry: PreparedGeometry = { rotationDegrees: 0 };
    const prepared = await prepareForOcr(photo, { maxLongSide: 2000, maxUpscale: 2, rgb: true }, geometry);
    const page = await sharp(prepared!).metadata();

    const view = await pageView(photo, geometry, 0);

    expect(Math.abs(geometry.rotationDegrees)).toBeGreaterThan(2);
    const decoded = await sharp(view!.jpeg).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['jpeg', view!.width, view!.height]);
    // Regions are fractions of the prepared page: the same fractions of the view must mean the same spot.
    expect(view!.width / view!.height).toBeCloseTo(page.width! / page.height!, 2);
  });

  test('shows only the page when the scanner cut a small card out of a big photo, so both have the same shape', async () => {
    const card = await tiltedMenu(0);
    const photo = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#3a3330' } })
      .composite([{ input: card, left: 1200, top: 800 }])
      .jpeg({ quality: 90 })
      .toBuffer();
    const geometry: PreparedGeometry = { rotationDegrees: 0 };
    const prepared = await prepareForOcr(photo, { maxLongSide: 2000, maxUpscale: 2, rgb: true }, geometry);
    const page = await sharp(prepared!).metadata();

    const view = await pageView(photo, geometry, 0);

    expect(geometry.crop?.width).toBeLessThan(0.5);
    expect(view!.width / view!.height).toBeCloseTo(page.width! / page.height!, 2);
  });

  test('a photo taken in portrait (EXIF orientation) is shown upright', async () => {
    const view = await pageView(await jpegWithExif('menu', 300, 100), { rotationDegrees: 0 }, 0);

    expect([view!.width, view!.height]).toEqual([100, 300]);
  });

  test(`a big photo is shrunk to ${MAX_VIEW_LONG_SIDE} px on its long side; a small one is not enlarged`, async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#eee' } }).jpeg().toBuffer();
    const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#eee' } }).png().toBuffer();

    expect(await pageView(big, { rotationDegrees: 0 }, 2)).toMatchObject({ page: 2, width: MAX_VIEW_LONG_SIDE, height: 1200 });
    expect(await pageView(small, { rotationDegrees: 0 }, 0)).toMatchObject({ width: 600, height: 400 });
  });

  test('a file that is not a picture gives no view instead of failing the scan', async () => {
    expect(await pageView(Buffer.from('not an image'), { rotationDegrees: 0 }, 0)).toBeNull();
  });
});
