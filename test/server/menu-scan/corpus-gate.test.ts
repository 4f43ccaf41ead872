// The corpus gate: a fixed sample of the held-back half of the generated menu corpus
// (test/fixtures/menus) is scanned with the real scanner; F1 on these printed menus must stay at
// or above 0.90. An accuracy gate, not a timing test. The whole corpus runs in `npm run bench`
// (BENCH_ONLY=menu); this sample keeps `npm test` within its time budget on 2 cores.
import { createLocalMenuScanner } from '../../../server/menu-scan';
import { corpus } from '../../fixtures/menus/corpus';
import { metrics, score, sum, type Score } from '../../fixtures/menus/score';

/**
 * Held-back printed menus from the first held-back round (seed 12): clean PNG, tinted paper with dot
 * leaders, 2–3 columns, small text with descriptions, a text PDF and a two-page text PDF. Fixed, so
 * the gate measures the scanner, not a different draw.
 */
const SAMPLE = ['m12', 'm14', 'm16', 'm17', 'm18', 'm19'];
const MIN_PRINTED_F1 = 0.9;

jest.setTimeout(180_000);

describe('menu corpus gate (held-back sample)', () => {
  const scanner = createLocalMenuScanner();
  afterAll(() => scanner.close());

  it(`reads printed menus with F1 ≥ ${MIN_PRINTED_F1}`, async () => {
    const menus = corpus().filter((menu) => SAMPLE.includes(menu.id));
    expect(menus.map((m) => [m.id, m.half, m.category === 'photo'])).toEqual(SAMPLE.map((id) => [id, 'held', false]));
    const scores: Score[] = [];
    for (const menu of menus) scores.push(score(menu.expected, await scanner.scan(await menu.render(), menu.kind)));
    const overall = metrics(sum(scores));
    // On failure the report names what went wrong (tests stay quiet otherwise).
    const missed = scores.flatMap((s) => s.misses);
    const extra = scores.flatMap((s) => s.extras);
    expect({ f1: overall.f1 >= MIN_PRINTED_F1, f1Value: overall.f1, missed, extra }).toMatchObject({ f1: true });
  });
});
