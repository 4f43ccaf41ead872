// Where the items a scan missed were lost: for each made-up photo (test/fixtures/menus/photo-*.ts, and the
// layouts of layouts.ts, layouts-printed.ts and layouts-parser.ts photographed) and each
// photo of the field corpus's development half, every missed item with the stage that lost it (no line box
// over it, misread beyond the scorer's tolerance, dropped as unsure, split over boxes or joined with a
// neighbour, no price paired, dropped by the parser), and the counts per stage for each set.
//
// `npx tsx bench/menu-stages.ts` (a measuring aid, not part of `npm run bench`). MENU_STAGES_SETS picks sets by
// name prefix (comma-separated: capabilities, conditions, general, kinds, harder, stress, capture, layouts, printed,
// parser, field); MENU_VERBOSE=1 prints each miss with the OCR lines nearest to it. The held-back field half is never read here.
import { createMenuStageReader, type MenuScanStages } from '../server/menu-scan';
import { fieldMenus } from '../test/fixtures/menus/field';
import { LAYOUTS, layoutPhoto, type Layout } from '../test/fixtures/menus/layouts';
import { PARSER_LAYOUTS } from '../test/fixtures/menus/layouts-parser';
import { PRINTED_LAYOUTS } from '../test/fixtures/menus/layouts-printed';
import { PHOTO_CAPTURE } from '../test/fixtures/menus/photo-capture';
import { PHOTO_CASES } from '../test/fixtures/menus/photo-cases';
import { PHOTO_CONDITIONS } from '../test/fixtures/menus/photo-conditions';
import { PHOTO_GENERAL } from '../test/fixtures/menus/photo-general';
import { PHOTO_HARDER } from '../test/fixtures/menus/photo-harder';
import { PHOTO_KINDS } from '../test/fixtures/menus/photo-kinds';
import { PHOTO_STRESS, PHOTO_STRESS_OPEN } from '../test/fixtures/menus/photo-stress';
import { metrics, score, sum, type Score, type TruthItem } from '../test/fixtures/menus/score';
import { attributeMisses, LOSS_STAGES, substringDistance, type LossStage } from '../test/fixtures/menus/stage-attribution';

interface Photo {
  name: string;
  expected: TruthItem[];
  file(): Promise<Buffer>;
}

function sets(): [string, Photo[]][] {
  const laidOut = (layout: Layout): Photo => ({ name: layout.name, expected: layout.expected, file: () => layoutPhoto(layout) });
  const made = (cases: typeof PHOTO_CASES): Photo[] => cases.map((c) => ({ name: c.name, expected: c.expected, file: () => c.render() }));
  const field = (fieldMenus(['dev']) ?? [])
    .filter((menu) => menu.kind !== 'pdf')
    .map((menu) => ({ name: menu.file, expected: menu.expected, file: () => Promise.resolve(menu.read()) }));
  const all: [string, Photo[]][] = [
    ['capabilities', made(PHOTO_CASES)],
    ['conditions', made(PHOTO_CONDITIONS)],
    ['general', made(PHOTO_GENERAL)],
    ['kinds', made(PHOTO_KINDS)],
    ['harder', made(PHOTO_HARDER)],
    ['stress', made(PHOTO_STRESS)],
    ['stress, still failing', made(PHOTO_STRESS_OPEN)],
    ['capture', made(PHOTO_CAPTURE)],
    ['layouts', LAYOUTS.map(laidOut)],
    ['printed', PRINTED_LAYOUTS.map(laidOut)],
    ['parser', PARSER_LAYOUTS.map(laidOut)],
    ['field dev', field],
  ];
  const only = process.env.MENU_STAGES_SETS?.split(',').map((s) => s.trim());
  return all.filter(([name]) => !only || only.some((prefix) => name.startsWith(prefix)));
}

const f3 = (n: number): string => n.toFixed(3);

function nearestLines(name: string, stages: MenuScanStages): string {
  return stages.ocrLines
    .map((line) => ({ line, d: substringDistance(name, line.text) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 2)
    .map(({ line, d }) => `"${line.text}" (${line.mean.toFixed(2)}, ${d.toFixed(2)})`)
    .join(', ');
}

async function main(): Promise<void> {
  const reader = createMenuStageReader(300_000);
  const totals = new Map<LossStage, number>();
  try {
    for (const [setName, photos] of sets()) {
      const counts = new Map<LossStage, number>();
      const scores: Score[] = [];
      let seconds = 0;
      for (const photo of photos) {
        const file = await photo.file();
        const started = process.hrtime.bigint();
        const stages = await reader.read(file);
        seconds += Number(process.hrtime.bigint() - started) / 1e9;
        const result = score(photo.expected, stages.items);
        scores.push(result);
        const lost = attributeMisses(photo.expected, result.misses, { ocrLines: stages.ocrLines, rows: stages.rows.map((r) => r.text), items: stages.items });
        for (const { stage } of lost) counts.set(stage, (counts.get(stage) ?? 0) + 1);
        const m = metrics(result);
        console.log(
          `${setName.padEnd(12)} ${photo.name.slice(0, 48).padEnd(48)} F1 ${f3(m.f1)}  missed ${String(result.misses.length).padStart(2)}  extra ${String(result.extras.length).padStart(2)}  wrong price ${result.wrongPrices.length}`,
        );
        if (process.env.MENU_VERBOSE === '1' && result.wrongPrices.length) console.log(`     price: ${result.wrongPrices.join(' | ')}`);
        for (const { name, stage } of lost) console.log(`     ${stage.padEnd(24)} ${name}${process.env.MENU_VERBOSE === '1' ? `  ← ${nearestLines(name, stages)}` : ''}`);
      }
      const m = metrics(sum(scores));
      const summary = LOSS_STAGES.filter((s) => counts.has(s)).map((s) => `${s} ${counts.get(s)}`);
      console.log(`${setName}: ${photos.length} photos, F1 ${f3(m.f1)} P ${f3(m.precision)} R ${f3(m.recall)} prices ${f3(m.priceAccuracy)}, ${(seconds / Math.max(1, photos.length)).toFixed(2)} s a photo; lost: ${summary.join(', ') || 'none'}\n`);
      for (const [stage, n] of counts) totals.set(stage, (totals.get(stage) ?? 0) + n);
    }
  } finally {
    await reader.close();
  }
  console.log(`all sets, lost: ${LOSS_STAGES.filter((s) => totals.has(s)).map((s) => `${s} ${totals.get(s)}`).join(', ') || 'none'}`);
}

void main();
