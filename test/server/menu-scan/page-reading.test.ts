// How much larger a photo of small type is prepared again for the detector (page-reading.ts).
import { largerSizes, PADDLE_SIZES, SMALL_LINE_HEIGHT } from '../../../server/menu-scan/page-reading';

describe('largerSizes', () => {
  it('grows a shrunk page so its line boxes reach a legible height, up to 3000 px', () => {
    expect(largerSizes(2000, 0.5, 20)?.maxLongSide).toBe(2600);
    expect(largerSizes(2000, 0.5, 12)?.maxLongSide).toBe(3000);
    expect(largerSizes(2000, 0.5, 12)).toMatchObject({ maxUpscale: PADDLE_SIZES.maxUpscale, rgb: true });
  });

  it('never beyond the photo’s own pixels, and not at all for a small gain', () => {
    expect(largerSizes(2000, 0.8, 12)?.maxLongSide).toBe(2500);
    expect(largerSizes(2000, 0.95, 12)).toBeNull();
    expect(largerSizes(2000, 0.5, SMALL_LINE_HEIGHT + 5)).toBeNull();
  });
});
