// How far a photographed menu is tilted (deskew.ts), measured before OCR so the page can be straightened.
import sharp from 'sharp';
import { estimateSkewDegrees } from '../../../server/menu-scan/deskew';
import { PHOTO_CASES } from '../../fixtures/menus/photo-cases';

/** The upright one-column menu of the made-up photos, turned by `degrees` onto a table-grey background. */
async function tiltedPage(degrees: number) {
  const upright = await PHOTO_CASES.find((c) => c.name === 'a page upside down')!.render();
  const { data, info } = await sharp(upright)
    .rotate(180)
    .rotate(degrees, { background: '#8a8580' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('estimateSkewDegrees', () => {
  it.each([3, -7, 10, -12, 15])('measures a menu photographed %s° off to within half a degree', async (degrees) => {
    const measured = await estimateSkewDegrees(await tiltedPage(degrees));
    expect(Math.abs(measured - degrees)).toBeLessThanOrEqual(0.5);
  });

  it('leaves an upright menu as it is', async () => {
    expect(Math.abs(await estimateSkewDegrees(await tiltedPage(0)))).toBeLessThan(0.4);
  });
});
