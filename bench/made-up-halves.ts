// One runner for the made-up menu sets split in two halves (any currency, display typefaces, leaflets): each
// page read as a PDF and as a photo, the tuning half page by page with the stage that lost each missed item,
// the held-back half as totals only, so nobody tunes on it. A CPU yardstick (hashing 400 MB) is measured in the
// same run, for the seconds a page.
import { createMenuStageReader, parseMenuLines, readPdf } from '../server/menu-scan';
import { metrics, score, sum, type Score, type TruthItem } from '../test/fixtures/menus/score';
import { attributeMisses, substringDistance } from '../test/fixtures/menus/stage-attribution';

export interface MadeUpPage {
  name: string;
  half: 'tune' | 'held';
}

export interface MadeUpSet<Page extends MadeUpPage> {
  /** The environment variable choosing `tune`, `held` or `both` (the default). */
  halfVariable: string;
  pages: () => Page[];
  truth: (page: Page) => TruthItem[];
  pdf: (page: Page) => Promise<Buffer>;
  photo: (page: Page) => Promise<Buffer>;
  /** How much of a page's name the per-page lines show. */
  nameWidth?: number;
  /** A line per page printed after a half's totals (the tuning half's always, the held-back half's when asked). */
  pageSummary?: (page: Page, photo: Score, pdf: Score) => string;
  showHeldSummary?: boolean;
}

const f3 = (n: number): string => n.toFixed(3);

function totals(label: string, scores: Score[], seconds: number): string {
  const all = sum(scores);
  const m = metrics(all);
  return `${label}: F1 ${f3(m.f1)} P ${f3(m.precision)} R ${f3(m.recall)} prices ${f3(m.priceAccuracy)} (${all.matched} of ${all.expected} found), ${(seconds / Math.max(1, scores.length)).toFixed(2)} s a page`;
}

function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export async function benchMadeUpHalves<Page extends MadeUpPage>(set: MadeUpSet<Page>): Promise<void> {
  const wanted = process.env[set.halfVariable] ?? 'both';
  const halves = (['tune', 'held'] as const).filter((h) => wanted === 'both' || wanted === h);
  const nameWidth = set.nameWidth ?? 80;
  const reader = createMenuStageReader(300_000);
  const started = Date.now();
  const { createHash } = await import('node:crypto');
  const yardstickStart = process.hrtime.bigint();
  createHash('sha256').update(Buffer.alloc(400 * 1024 * 1024)).digest();
  const yardstick = secondsSince(yardstickStart);
  try {
    for (const half of halves) {
      const pages = set.pages().filter((page) => page.half === half);
      const detail = half === 'tune';
      const photoScores: Score[] = [];
      const pdfScores: Score[] = [];
      const summaries: string[] = [];
      let photoSeconds = 0;
      let pdfSeconds = 0;
      for (const page of pages) {
        const expected = set.truth(page);
        const pdf = await set.pdf(page);
        let start = process.hrtime.bigint();
        const read = await readPdf(pdf, 30_000);
        const pdfItems = parseMenuLines((read ?? []).flatMap((p) => p.menuLines));
        pdfSeconds += secondsSince(start);
        const pdfScore = score(expected, pdfItems);
        pdfScores.push(pdfScore);

        const photo = await set.photo(page);
        start = process.hrtime.bigint();
        const stages = await reader.read(photo);
        photoSeconds += secondsSince(start);
        const photoScore = score(expected, stages.items);
        photoScores.push(photoScore);
        if (set.pageSummary) summaries.push(set.pageSummary(page, photoScore, pdfScore));
        if (!detail) continue;
        const show = (kind: string, s: Score): void => {
          const m = metrics(s);
          console.log(`${kind} ${page.name.slice(0, nameWidth).padEnd(nameWidth)} F1 ${f3(m.f1)} missed ${s.misses.length} extra ${s.extras.length} wrong price ${s.wrongPrices.length}`);
          if (s.wrongPrices.length) console.log(`      price: ${s.wrongPrices.join(' | ')}`);
          if (s.extras.length) console.log(`      extra: ${s.extras.join(' | ')}`);
        };
        show('pdf  ', pdfScore);
        if (pdfScore.misses.length) console.log(`      missed: ${pdfScore.misses.join(' | ')}`);
        show('photo', photoScore);
        const lost = attributeMisses(expected, photoScore.misses, { ocrLines: stages.ocrLines, rows: stages.rows.map((r) => r.text), items: stages.items });
        for (const { name, stage } of lost) {
          const near = process.env.MENU_VERBOSE === '1'
            ? '  ← ' + stages.ocrLines.map((l) => ({ l, d: substringDistance(name, l.text) })).sort((a, b) => a.d - b.d).slice(0, 2).map(({ l, d }) => `"${l.text}" (${l.mean.toFixed(2)}, ${d.toFixed(2)})`).join(', ')
            : '';
          console.log(`      ${stage.padEnd(24)} ${name}${near}`);
        }
      }
      console.log(totals(`${half} half, ${pages.length} photos`, photoScores, photoSeconds));
      console.log(totals(`${half} half, ${pages.length} PDFs`, pdfScores, pdfSeconds));
      if (summaries.length && (detail || set.showHeldSummary)) console.log(summaries.join('\n'));
    }
  } finally {
    await reader.close();
  }
  console.log(`yardstick ${yardstick.toFixed(2)} s; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
}
