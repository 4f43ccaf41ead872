// Dev-only: the soak's memory rule (memory-rule.ts) over the logs a run's memory probe wrote
// (SOAK_MEMORY_DIR=<dir>), with a table of each server's RSS / heap in use / heap reserved every 5 minutes.
//   npx tsx test/soak/probe-rss-rule.ts <dir> <minutes of load> <when the load started, ISO time>
// A probe line counts minutes from its server's start; the server started 30 s before its log file was
// created (the first line is written then), which places every line on the load's clock.
import fs from 'node:fs';
import path from 'node:path';
import { keepsRssRule, rssFigures, rssReportLines, RSS_RULE_FROM_MINUTES, type RssReading } from './memory-rule';

interface ProbeLine {
  thread?: 'worker';
  minute: number;
  rss?: number;
  heapUsed?: number;
  heapTotal?: number;
  heapLow?: number;
  heapHigh?: number;
}

const PROBE_FIRST_LINE_AFTER_MINUTES = 0.5;
/**
 * The SQLite server's read worker writes its own lines into its server's file (marked `thread: 'worker'`
 * since the probe marks them; before, told apart by its heap of 4–5 MB): the table shows the main thread's.
 */
const UNMARKED_WORKER_HEAP_BELOW_MB = 20;
const isWorkerLine = (line: ProbeLine) => line.thread === 'worker' || (line.heapTotal ?? 0) < UNMARKED_WORKER_HEAP_BELOW_MB;
const TABLE_EVERY_MINUTES = 5;

function main(): void {
  const [dir, minutesText, loadStartedText] = process.argv.slice(2);
  const minutes = Number(minutesText);
  const loadStartedAt = Date.parse(loadStartedText ?? '');
  if (!dir || !(minutes > 0) || Number.isNaN(loadStartedAt)) {
    process.stderr.write('usage: npx tsx test/soak/probe-rss-rule.ts <dir> <minutes of load> <load start, ISO time>\n');
    process.exit(2);
  }
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort();
  const table: string[] = [`| server | ${Array.from({ length: minutes / TABLE_EVERY_MINUTES }, (_, i) => (i + 1) * TABLE_EVERY_MINUTES).join(' | ')} min |`];
  const verdicts: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const serverStartedAt = fs.statSync(file).birthtimeMs - PROBE_FIRST_LINE_AFTER_MINUTES * 60_000;
    const offset = (loadStartedAt - serverStartedAt) / 60_000;
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as ProbeLine)
      .filter((line) => line.rss !== undefined && !isWorkerLine(line))
      .map((line) => ({ ...line, minute: line.minute - offset }));
    const readings: RssReading[] = lines.map((line) => ({ minute: line.minute, mb: line.rss ?? 0 }));
    const label = name.replace(/\.jsonl$/, '');
    const figures = rssFigures(readings, minutes);
    verdicts.push(...rssReportLines(label, figures, minutes));
    if (minutes >= RSS_RULE_FROM_MINUTES && !keepsRssRule(figures)) process.exitCode = 1;
    const cells = Array.from({ length: minutes / TABLE_EVERY_MINUTES }, (_, i) => {
      const at = (i + 1) * TABLE_EVERY_MINUTES;
      const nearest = lines.reduce<ProbeLine | undefined>((best, line) => (!best || Math.abs(line.minute - at) < Math.abs(best.minute - at) ? line : best), undefined);
      return nearest && Math.abs(nearest.minute - at) <= 1 ? `${nearest.rss}/${nearest.heapLow}–${nearest.heapHigh}/${nearest.heapTotal}` : '—';
    });
    table.push(`| ${label} (load from its minute ${offset.toFixed(1)}) | ${cells.join(' | ')} |`);
  }
  process.stdout.write(`${verdicts.join('\n')}\n\nRSS / heap in use (lowest–highest of the 30 s before) / heap reserved, MB:\n${table.join('\n')}\n`);
}

main();
