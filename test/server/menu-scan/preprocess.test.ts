// Image preparation before OCR: which pages are taken for light text on a dark background.
import { isMostlyDark } from '../../../server/menu-scan/preprocess';

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
