// The made-up busy colour leaflets (test/fixtures/menus/layouts-leaflets.ts) read as photos and as PDFs,
// each half apart: the tuning half menu by menu with the stage that lost each missed item, the held-back
// half as totals only, so nobody tunes on it.
//
// `npx tsx bench/menu-leaflets.ts` (a measuring aid, not part of `npm run bench`). MENU_LEAFLETS_HALF=tune|held|both
// (default both); MENU_VERBOSE=1 prints the tuning half's misses with the OCR lines nearest to them.
import { createMenuStageReader, parseMenuLines, readPdf } from '../server/menu-scan';
import { LEAFLETS, leafletPdf, leafletPhoto, leafletTruth } from '../test/fixtures/menus/layouts-leaflets';
import { metrics, score, sum, type Score } from '../test/fixtures/menus/score';
import { attributeMisses, substringDistance } from '../test/fixtures/menus/stage-attribution';

const f3 = (n: number): string => n.toFixed(3);
const line = (label: string, scores: Score[], seconds: number): string => {
  const m = metrics(sum(scores));
  return `${label}: F1 ${f3(m.f1)} P ${f3(m.precision)} R ${f3(m.recall)} prices ${f3(m.priceAccuracy)} (${sum(scores).matched} of ${sum(scores).expected} found), ${(seconds / Math.max(1, scores.length)).toFixed(2)} s a page`;
};

async function main(): Promise<void> {
  const wanted = process.env.MENU_LEAFLETS_HALF ?? 'both';
  const halves = (['tune', 'held'] as const).filter((h) => wanted === 'both' || wanted === h);
  const reader = createMenuStageReader(300_000);
  const started = Date.now();
  const { createHash } = await import('node:crypto');
  const t0 = process.hrtime.bigint();
  createHash('sha256').update(Buffer.alloc(400 * 1024 * 1024)).digest();
  const yardstick = Number(process.hrtime.bigint() - t0) / 1e9;
  try {
    for (const half of halves) {
      const layouts = LEAFLETS.filter((l) => l.half === half);
      const detail = half === 'tune';
      const photoScores: Score[] = [];
      const pdfScores: Score[] = [];
      let photoSeconds = 0;
      let pdfSeconds = 0;
      for (const layout of layouts) {
        const expected = leafletTruth(layout);
        const pdf = await leafletPdf(layout);
        let t = process.hrtime.bigint();
        const pages = await readPdf(pdf, 30_000);
        const pdfItems = parseMenuLines((pages ?? []).flatMap((p) => p.menuLines));
        pdfSeconds += Number(process.hrtime.bigint() - t) / 1e9;
        const pdfScore = score(expected, pdfItems);
        pdfScores.push(pdfScore);

        const photo = await leafletPhoto(layout);
        t = process.hrtime.bigint();
        const stages = await reader.read(photo);
        photoSeconds += Number(process.hrtime.bigint() - t) / 1e9;
        const photoScore = score(expected, stages.items);
        photoScores.push(photoScore);
        if (!detail) continue;
        const show = (kind: string, s: Score): void => {
          const m = metrics(s);
          console.log(`${kind} ${layout.name.slice(0, 80).padEnd(80)} F1 ${f3(m.f1)} missed ${s.misses.length} extra ${s.extras.length} wrong price ${s.wrongPrices.length}`);
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
      console.log(line(`${half} half, ${layouts.length} photos`, photoScores, photoSeconds));
      console.log(line(`${half} half, ${layouts.length} PDFs`, pdfScores, pdfSeconds));
    }
  } finally {
    await reader.close();
  }
  console.log(`yardstick ${yardstick.toFixed(2)} s; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
}

void main();
