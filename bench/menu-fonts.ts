// The made-up menus set in display, script, handwriting and chalk faces (test/fixtures/menus/layouts-fonts.ts)
// read as photos and as PDFs, each half apart: the tuning half page by page with the stage that lost each
// missed item, the held-back half as totals only (and per face's F1 with MENU_FONTS_SHOW_HELD=1, for a report
// after a round), so nobody tunes on it. Faces not installed are named and left out.
//
// `npx tsx bench/menu-fonts.ts` (a measuring aid, not part of `npm run bench`). MENU_FONTS_HALF=tune|held|both
// (default both); MENU_VERBOSE=1 prints the tuning half's misses with the OCR lines nearest to them.
import { createMenuStageReader, parseMenuLines, readPdf } from '../server/menu-scan';
import { FACES, faceInstalled, fontLayoutPdf, fontLayoutPhoto, fontLayouts } from '../test/fixtures/menus/layouts-fonts';
import { metrics, score, sum, type Score } from '../test/fixtures/menus/score';
import { attributeMisses, substringDistance } from '../test/fixtures/menus/stage-attribution';

const f3 = (n: number): string => n.toFixed(3);
const line = (label: string, scores: Score[], seconds: number): string => {
  const m = metrics(sum(scores));
  return `${label}: F1 ${f3(m.f1)} P ${f3(m.precision)} R ${f3(m.recall)} prices ${f3(m.priceAccuracy)} (${sum(scores).matched} of ${sum(scores).expected} found), ${(seconds / Math.max(1, scores.length)).toFixed(2)} s a page`;
};

async function main(): Promise<void> {
  const wanted = process.env.MENU_FONTS_HALF ?? 'both';
  const halves = (['tune', 'held'] as const).filter((h) => wanted === 'both' || wanted === h);
  const missing = FACES.filter((face) => !faceInstalled(face));
  if (missing.length) console.log(`faces not installed, left out: ${missing.map((f) => `${f.family} (${f.debian})`).join(', ')}`);
  const reader = createMenuStageReader(300_000);
  const started = Date.now();
  const { createHash } = await import('node:crypto');
  const t0 = process.hrtime.bigint();
  createHash('sha256').update(Buffer.alloc(400 * 1024 * 1024)).digest();
  const yardstick = Number(process.hrtime.bigint() - t0) / 1e9;
  try {
    for (const half of halves) {
      const layouts = fontLayouts().filter((l) => l.half === half);
      const detail = half === 'tune';
      const photoScores: Score[] = [];
      const pdfScores: Score[] = [];
      const perFace: string[] = [];
      let photoSeconds = 0;
      let pdfSeconds = 0;
      for (const layout of layouts) {
        const pdf = await fontLayoutPdf(layout);
        let t = process.hrtime.bigint();
        const pages = await readPdf(pdf, 30_000);
        const pdfItems = parseMenuLines((pages ?? []).flatMap((p) => p.menuLines));
        pdfSeconds += Number(process.hrtime.bigint() - t) / 1e9;
        const pdfScore = score(layout.expected, pdfItems);
        pdfScores.push(pdfScore);

        const photo = await fontLayoutPhoto(layout);
        t = process.hrtime.bigint();
        const stages = await reader.read(photo);
        photoSeconds += Number(process.hrtime.bigint() - t) / 1e9;
        const photoScore = score(layout.expected, stages.items);
        photoScores.push(photoScore);
        perFace.push(`  ${layout.face.family.padEnd(18)} photo F1 ${f3(metrics(photoScore).f1)} prices ${f3(metrics(photoScore).priceAccuracy)}  PDF F1 ${f3(metrics(pdfScore).f1)}`);
        if (!detail) continue;
        const show = (kind: string, s: Score): void => {
          const m = metrics(s);
          console.log(`${kind} ${layout.name.slice(0, 110).padEnd(110)} F1 ${f3(m.f1)} missed ${s.misses.length} extra ${s.extras.length} wrong price ${s.wrongPrices.length}`);
          if (s.wrongPrices.length) console.log(`      price: ${s.wrongPrices.join(' | ')}`);
          if (s.extras.length) console.log(`      extra: ${s.extras.join(' | ')}`);
        };
        show('pdf  ', pdfScore);
        if (pdfScore.misses.length) console.log(`      missed: ${pdfScore.misses.join(' | ')}`);
        show('photo', photoScore);
        const lost = attributeMisses(layout.expected, photoScore.misses, { ocrLines: stages.ocrLines, rows: stages.rows.map((r) => r.text), items: stages.items });
        for (const { name, stage } of lost) {
          const near = process.env.MENU_VERBOSE === '1'
            ? '  ← ' + stages.ocrLines.map((l) => ({ l, d: substringDistance(name, l.text) })).sort((a, b) => a.d - b.d).slice(0, 2).map(({ l, d }) => `"${l.text}" (${l.mean.toFixed(2)}, ${d.toFixed(2)})`).join(', ')
            : '';
          console.log(`      ${stage.padEnd(24)} ${name}${near}`);
        }
      }
      console.log(line(`${half} half, ${layouts.length} photos`, photoScores, photoSeconds));
      console.log(line(`${half} half, ${layouts.length} PDFs`, pdfScores, pdfSeconds));
      if (detail || process.env.MENU_FONTS_SHOW_HELD === '1') console.log(perFace.join('\n'));
    }
  } finally {
    await reader.close();
  }
  console.log(`yardstick ${yardstick.toFixed(2)} s; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
}

void main();
