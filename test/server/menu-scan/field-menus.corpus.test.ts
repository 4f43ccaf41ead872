// Real menus (photos, scans and PDFs that cafés made), scanned with the real scanner: the
// development half of the field corpus must stay at the quality reached on it. A heavy test (a few
// minutes on 2 cores). The menus live outside the repository (../shared/field-menus beside it, or
// MENU_FIELD_DIR) and are never committed: without them the test is skipped with a message.
import { createLocalMenuScanner } from '../../../server/menu-scan';
import { fieldMenuDir, fieldMenus } from '../../fixtures/menus/field';
import { metrics, score, sum, type Score } from '../../fixtures/menus/score';

/** Reached on the development half by `BENCH_ONLY=menu npm run bench`, minus a small margin for OCR jitter. */
const MIN_DEV_F1 = 0.89;
const MIN_DEV_PRICES_RIGHT = 0.97;

const menus = fieldMenus(['dev']);
const describeWithMenus = menus ? describe : describe.skip;
if (!menus) console.warn(`Field menus skipped: no truth.json in ${fieldMenuDir()} (set MENU_FIELD_DIR to the folder of real menus).`);

jest.setTimeout(900_000);

describeWithMenus('field menus (development half)', () => {
  const scanner = createLocalMenuScanner({ ocrTimeoutMs: 300_000 });
  afterAll(() => scanner.close());

  it(`reads real menus with F1 ≥ ${MIN_DEV_F1} and prices right ≥ ${MIN_DEV_PRICES_RIGHT} of matched items`, async () => {
    const scores: Score[] = [];
    for (const menu of menus!) scores.push(score(menu.expected, await scanner.scan(menu.read(), menu.kind)));
    const overall = metrics(sum(scores));
    const perFile = menus!.map((menu, i) => `${menu.file}: F1 ${metrics(scores[i]!).f1.toFixed(3)}`);
    expect({ f1: overall.f1 >= MIN_DEV_F1, pricesRight: overall.priceAccuracy >= MIN_DEV_PRICES_RIGHT, overall, perFile }).toMatchObject({
      f1: true,
      pricesRight: true,
    });
  });
});
