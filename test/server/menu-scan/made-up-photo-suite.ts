// One suite body for the heavy made-up photo tests: each photo scanned end to end through one OCR process,
// every item found with its price and nothing else.
import { createLocalMenuScanner, type MenuScanner } from '../../../server/menu-scan';
import { metrics, score, type TruthItem } from '../../fixtures/menus/score';

export interface MadeUpPhoto {
  name: string;
  expected: readonly TruthItem[];
  render(): Promise<Buffer>;
}

export function describeMadeUpPhotos(title: string, photos: readonly MadeUpPhoto[]): void {
  jest.setTimeout(180_000);

  describe(title, () => {
    let scanner: MenuScanner;
    beforeAll(() => {
      scanner = createLocalMenuScanner({ ocrTimeoutMs: 120_000 });
    });
    afterAll(() => scanner.close());

    it.each(photos.map((photo) => [photo.name, photo] as const))('reads %s: every item, each with its price', async (_name, photo) => {
      const found = await scanner.scan(await photo.render(), 'jpeg');
      const result = score(photo.expected, found);
      // The lists show what was missed or taken for an item when it fails.
      expect({ misses: result.misses, extras: result.extras, wrongPrices: result.wrongPrices }).toEqual({ misses: [], extras: [], wrongPrices: [] });
      expect(metrics(result).f1).toBe(1);
    });
  });
}
