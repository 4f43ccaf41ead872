// The menu section of `npm run bench` (BENCH_ONLY=menu): scans the generated corpus
// (test/fixtures/menus) and prints precision, recall, F1 and price accuracy per category and half,
// seconds per page cold (first scan, engine start included) and warm, and memory growth.
//
// MENU_HALF=dev|held|all (default all), MENU_ENGINE=paddle|tesseract (default: the server's).
import type { MenuScanner } from '../server/menu-scan';
import { corpus, type CorpusMenu } from '../test/fixtures/menus/corpus';
import { metrics, score, sum, type Score } from '../test/fixtures/menus/score';
import { cpuYardstickSeconds, watchMemory } from './process-memory';

interface Result {
  menu: CorpusMenu;
  score: Score;
  seconds: number;
  pages: number;
}

const pct = (n: number): string => n.toFixed(3);

interface Scanned {
  results: Result[];
  coldSeconds: number;
  memory: { sampledPeakMb: number; highWaterMb: number; endMb: number };
  /** cpuYardstickSeconds() before, midway and after the corpus. */
  yardsticks: number[];
}

export async function scanCorpus(scanner: MenuScanner, menus: readonly CorpusMenu[], verbose = false): Promise<Scanned> {
  const results: Result[] = [];
  // Rendered first: drawing the corpus is the bench's work, not the scanner's, and stays out of the memory figures.
  const files = await Promise.all(menus.map((menu) => menu.render()));
  const yardsticks = [cpuYardstickSeconds()];
  const memory = watchMemory();
  const rssBefore = process.memoryUsage().rss;
  let coldSeconds = NaN;
  for (const [index, menu] of menus.entries()) {
    const file = files[index]!;
    const started = process.hrtime.bigint();
    const found = await scanner.scan(file, menu.kind);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (Number.isNaN(coldSeconds)) coldSeconds = seconds;
    const pages = menu.description.includes('two pages') ? 2 : 1;
    const s = score(menu.expected, found);
    results.push({ menu, score: s, seconds, pages });
    if (results.length === Math.ceil(menus.length / 2)) yardsticks.push(cpuYardstickSeconds());
    if (verbose) {
      const m = metrics(s);
      console.log(`${menu.id} ${menu.half} ${menu.category.padEnd(7)} F1 ${pct(m.f1)} price ${pct(m.priceAccuracy)} ${seconds.toFixed(1)}s  ${menu.description}`);
      if (s.misses.length) console.log(`   missed: ${s.misses.join(' | ')}`);
      if (s.extras.length) console.log(`   extra:  ${s.extras.join(' | ')}`);
      if (s.wrongPrices.length) console.log(`   price:  ${s.wrongPrices.join(' | ')}`);
    }
  }
  const endMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const peaks = memory.stop();
  yardsticks.push(cpuYardstickSeconds());
  return { results, coldSeconds, memory: { ...peaks, endMb }, yardsticks };
}

/** Seconds per page over all scans but the first (the cold one). */
function warmPerPage(results: readonly Result[]): number {
  const warm = results.slice(1);
  return warm.reduce((t, r) => t + r.seconds, 0) / Math.max(1, warm.reduce((t, r) => t + r.pages, 0));
}

export function printMenuTable(results: readonly Result[]): void {
  const header = ['half', 'category', 'menus', 'precision', 'recall', 'F1', 'prices', 's/page warm'];
  const rows: string[][] = [];
  for (const half of ['dev', 'held'] as const) {
    for (const category of ['printed', 'pdf', 'photo', 'printed+pdf', 'all'] as const) {
      const picked = results.filter(
        (r) => r.menu.half === half && (category === 'all' || (category === 'printed+pdf' ? r.menu.category !== 'photo' : r.menu.category === category)),
      );
      if (picked.length === 0) continue;
      const m = metrics(sum(picked.map((r) => r.score)));
      // The first scan of the run is the cold one; warm figures leave it out.
      const warm = picked.filter((r) => r !== results[0]);
      const perPage = warm.reduce((t, r) => t + r.seconds, 0) / Math.max(1, warm.reduce((t, r) => t + r.pages, 0));
      rows.push([half, category, String(picked.length), pct(m.precision), pct(m.recall), pct(m.f1), pct(m.priceAccuracy), perPage.toFixed(2)]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(format(row));
}

export async function runMenuBench(createScanner: () => MenuScanner): Promise<void> {
  const half = process.env.MENU_HALF ?? 'all';
  const menus = corpus().filter((m) => half === 'all' || m.half === half);
  const scanner = createScanner();
  try {
    const { results, coldSeconds, memory, yardsticks } = await scanCorpus(scanner, menus, process.env.MENU_VERBOSE === '1');
    console.log(`Menu scanning: ${menus.length} generated menus (seed 12), ${process.env.MENU_ENGINE ?? 'default'} engine\n`);
    printMenuTable(results);
    const yardstick = yardsticks.reduce((t, y) => t + y, 0) / yardsticks.length;
    console.log(`\ncold (first scan, engine start included): ${coldSeconds.toFixed(2)} s`);
    console.log(`CPU yardstick (SHA-256 of 400 MB, ~0.3 s on an idle core): ${yardsticks.map((y) => y.toFixed(2)).join(' / ')} s (start / middle / end)`);
    console.log(`  in yardsticks: cold ${(coldSeconds / yardstick).toFixed(1)}×, warm per page ${(warmPerPage(results) / yardstick).toFixed(1)}× (${warmPerPage(results).toFixed(2)} s)`);
    console.log(
      `memory growth while scanning (server + OCR process): sampled peak ${memory.sampledPeakMb.toFixed(0)} MB, ` +
        `high-water marks ${memory.highWaterMb.toFixed(0)} MB (goal ≤ 400); server RSS at the end +${memory.endMb.toFixed(0)} MB`,
    );
  } finally {
    await scanner.close();
  }
}
