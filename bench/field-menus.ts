// The menu section's second table: real menus from the field corpus (../shared/field-menus beside
// the repository, MENU_FIELD_DIR overrides), scanned by the same scanner as the generated corpus,
// per file and per half. MENU_FIELD_HALF=dev|held|both (default both: the development half first).
// The held-back half is printed as totals only, so that nobody tuning the scanner reads which of its menus
// fail; MENU_FIELD_SHOW_HELD=1 prints its rows too (for a report once a round of tuning is over).
// The folder is never part of the repository: without it the table is skipped with a message.
// MENU_FIELD_BREAKDOWN=1 adds where each missed item was lost and what each extra item was (see
// printBreakdown): per menu for the development half, totals only for the held-back half.
import { createMenuStageReader, MenuScanRejected, type MenuScanner, type MenuScanStages, type ScannedItem } from '../server/menu-scan';
import { readPdf, type PdfPage } from '../server/menu-scan';
import { breakDown, bucketGroup, countBuckets, EXTRA_BUCKETS, MISS_BUCKETS, type Breakdown } from '../test/fixtures/menus/failure-breakdown';
import { fieldHalvesFromEnv, fieldMenuDir, fieldMenus, type FieldMenu } from '../test/fixtures/menus/field';
import { metrics, score, sum, type Score } from '../test/fixtures/menus/score';
import { cpuYardstickSeconds, watchMemory } from './process-memory';

interface FieldResult {
  menu: FieldMenu;
  score: Score;
  seconds: number;
  pages: number;
  breakdown?: Breakdown;
}

const f3 = (n: number): string => n.toFixed(3);

function line(label: string, s: Score, seconds: number, pages: number, menus: number): string {
  const m = metrics(s);
  return (
    `${label.padEnd(34)} items ${String(s.expected).padStart(3)} found ${String(s.found).padStart(3)} matched ${String(s.matched).padStart(3)}  ` +
    `F1 ${f3(m.f1)}  P ${f3(m.precision)}  R ${f3(m.recall)}  prices ${f3(m.priceAccuracy)}  ` +
    `${(seconds / Math.max(1, menus)).toFixed(2)} s/menu  ${(seconds / Math.max(1, pages)).toFixed(2)} s/page`
  );
}

export async function runFieldMenuBench(createScanner: () => MenuScanner): Promise<void> {
  const halves = fieldHalvesFromEnv();
  if (halves.length === 0) return;
  const menus = fieldMenus(halves);
  if (!menus) {
    console.log(`\nField menus: skipped, no truth.json in ${fieldMenuDir()} (set MENU_FIELD_DIR to the folder of real menus).`);
    return;
  }
  const files = menus.map((menu) => menu.read());
  // Page counts for s/page, read outside the timed scans (and a PDF's text lines, for the breakdown).
  const pdfPages = await Promise.all(menus.map(async (menu, i) => (menu.kind === 'pdf' ? await readPdf(files[i]!, 60_000) : null)));
  const pages = pdfPages.map((read) => read?.length ?? 1);
  const breakdown = process.env.MENU_FIELD_BREAKDOWN === '1';
  const scanner = createScanner();
  // A photo is read stage by stage in the breakdown, the scan's own steps keeping what each answered.
  const stageReader = breakdown ? createMenuStageReader(300_000) : null;
  const results: FieldResult[] = [];
  const yardsticks = [cpuYardstickSeconds()];
  const memory = watchMemory();
  try {
    console.log(`\nField menus (${fieldMenuDir()}): ${menus.length} real menus, halves ${halves.join(' then ')}`);
    for (const [index, menu] of menus.entries()) {
      const started = process.hrtime.bigint();
      let found: ScannedItem[] = [];
      let refused = '';
      let stages: MenuScanStages | null = null;
      try {
        if (stageReader && menu.kind !== 'pdf') {
          stages = await stageReader.read(files[index]!);
          found = stages.items;
        } else found = await scanner.scan(files[index]!, menu.kind);
      } catch (error) {
        if (!(error instanceof MenuScanRejected)) throw error;
        refused = ` (refused: ${error.reason})`;
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const result: FieldResult = { menu, score: score(menu.expected, found), seconds, pages: pages[index]! };
      if (breakdown) {
        // A PDF's text layer has no confidence: its lines are what the layout kept, all of them sure.
        const pdf = pdfPages[index];
        const ocrLines = stages?.ocrLines ?? (pdf ?? []).flatMap((page: PdfPage) => page.lines.map((text) => ({ text, mean: 1 })));
        const rows = stages ? stages.rows.map((row) => row.text) : (pdf ?? []).flatMap((page: PdfPage) => page.menuLines.map((row) => row.text));
        result.breakdown = breakDown(menu.expected, { ocrLines, rows, items: found });
      }
      results.push(result);
      const cold = index === 0 ? ' (cold)' : '';
      if (menu.half === 'held' && process.env.MENU_FIELD_SHOW_HELD !== '1') continue;
      console.log(line(`${menu.half} ${menu.file}`, result.score, seconds, result.pages, 1) + cold + refused);
      if (result.breakdown) printBreakdown([result.breakdown], '   ', process.env.MENU_VERBOSE === '1');
      if (process.env.MENU_VERBOSE === '1') {
        if (result.score.misses.length) console.log(`   missed: ${result.score.misses.join(' | ')}`);
        if (result.score.extras.length) console.log(`   extra:  ${result.score.extras.join(' | ')}`);
        if (result.score.wrongPrices.length) console.log(`   price:  ${result.score.wrongPrices.join(' | ')}`);
      }
    }
  } finally {
    await scanner.close();
    await stageReader?.close();
  }
  const peaks = memory.stop();
  yardsticks.push(cpuYardstickSeconds());
  console.log('');
  for (const half of halves) {
    for (const [label, pick] of [
      ['photos and scans', (r: FieldResult) => r.menu.kind !== 'pdf'],
      ['PDFs', (r: FieldResult) => r.menu.kind === 'pdf'],
      ['all', () => true],
    ] as const) {
      const picked = results.filter((r) => r.menu.half === half && pick(r));
      if (picked.length === 0) continue;
      // Warm figures leave out the run's first (cold) scan.
      const warm = picked.filter((r) => r !== results[0]);
      const seconds = warm.reduce((t, r) => t + r.seconds, 0);
      const pageCount = warm.reduce((t, r) => t + r.pages, 0);
      // The slowest warm page is the per-page speed goal's worst case, named by neither file nor half's rows.
      const slowest = Math.max(0, ...warm.map((r) => r.seconds / Math.max(1, r.pages)));
      console.log(line(`${half} ${label} (${picked.length})`, sum(picked.map((r) => r.score)), seconds, pageCount, warm.length) + `  slowest ${slowest.toFixed(2)} s/page`);
      if (breakdown) printBreakdown(picked.flatMap((r) => (r.breakdown ? [r.breakdown] : [])), '   ', false);
    }
  }
  console.log(`field CPU yardstick: ${yardsticks.map((y) => y.toFixed(2)).join(' / ')} s (start / end); load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`field memory growth (server + OCR process): sampled peak ${peaks.sampledPeakMb.toFixed(0)} MB, high-water marks ${peaks.highWaterMb.toFixed(0)} MB (goal ≤ 400)`);
}

/**
 * Counts of misses per stage (grouped: recognizer/detector, confidence floor, layout and parser, pairing) and
 * of extras per kind; with names only where asked (the development half's rows, MENU_VERBOSE=1).
 */
function printBreakdown(breakdowns: readonly Breakdown[], indent: string, names: boolean): void {
  const { misses, details, extras } = countBuckets(breakdowns);
  const missTotal = [...misses.values()].reduce((a, b) => a + b, 0);
  const extraTotal = [...extras.values()].reduce((a, b) => a + b, 0);
  if (missTotal + extraTotal === 0) return;
  const groups = new Map<string, number>();
  for (const [bucket, n] of misses) groups.set(bucketGroup(bucket), (groups.get(bucketGroup(bucket)) ?? 0) + n);
  console.log(`${indent}missed ${missTotal}: ${[...groups].map(([group, n]) => `${group} ${n}`).join(', ')}`);
  for (const bucket of MISS_BUCKETS) {
    if (!misses.has(bucket)) continue;
    const which = names ? breakdowns.flatMap((b) => b.misses.filter((m) => m.bucket === bucket).map((m) => m.item.name + (m.detail ? ` [${m.detail}]` : ''))) : [];
    console.log(`${indent}  ${bucket.padEnd(40)} ${String(misses.get(bucket)).padStart(3)}${which.length ? `  ${which.join(' | ')}` : ''}`);
    if (names) continue;
    for (const [key, n] of details) if (key.startsWith(`${bucket}\u0000`)) console.log(`${indent}    ${key.slice(bucket.length + 1).padEnd(38)} ${String(n).padStart(3)}`);
  }
  console.log(`${indent}extra ${extraTotal}:`);
  for (const bucket of EXTRA_BUCKETS) {
    if (!extras.has(bucket)) continue;
    const which = names ? breakdowns.flatMap((b) => b.extras.filter((e) => e.bucket === bucket).map((e) => `${e.item.name} (${e.item.priceCents})`)) : [];
    console.log(`${indent}  ${bucket.padEnd(40)} ${String(extras.get(bucket)).padStart(3)}${which.length ? `  ${which.join(' | ')}` : ''}`);
  }
}
