// A dense photographed page (90 items in two columns, test/fixtures/menus/dense-page.ts) read several
// times by one scanner: wall and OCR-process CPU seconds per scan, the OCR stages (MENU_OCR_PROFILE),
// the OCR process's peak memory and the F1, beside a CPU yardstick measured in the same run.
//
// `npx tsx bench/menu-dense.ts` (MENU_DENSE_RUNS warm scans after the cold one, 3 by default; a
// measuring aid, not part of `npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalMenuScanner } from '../server/menu-scan';
import { densePage } from '../test/fixtures/menus/dense-page';
import { metrics, score } from '../test/fixtures/menus/score';
import { cpuYardstickSeconds } from './process-memory';

interface OcrStages {
  lines: number;
  detectMs: number;
  boxesMs: number;
  recognizeMs: number;
  memoryMb: number[];
  cpuMs: number;
  detectorRuns: number;
  tiles: number;
  detectorPixels: number;
  recognizerPixels: number;
}

async function main(): Promise<void> {
  const runs = Number(process.env.MENU_DENSE_RUNS ?? 3);
  const page = densePage();
  const cached = path.join(os.tmpdir(), 'stampwise-dense-page.jpg');
  if (!fs.existsSync(cached)) fs.writeFileSync(cached, await page.render());
  const file = fs.readFileSync(cached);
  const profile = path.join(os.tmpdir(), `menu-dense-${process.pid}.jsonl`);
  process.env.MENU_OCR_PROFILE = profile;
  const scanner = createLocalMenuScanner({ ocrTimeoutMs: 300_000 });
  const warm: { wall: number; cpu: number }[] = [];
  const yardsticks = [cpuYardstickSeconds()];
  let peakMb = 0;
  try {
    for (let run = 0; run <= runs; run++) {
      fs.writeFileSync(profile, '');
      const started = process.hrtime.bigint();
      const found = await scanner.scan(file, 'jpeg');
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const stages = fs
        .readFileSync(profile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OcrStages);
      const cpu = stages.reduce((total, st) => total + st.cpuMs / 1000, 0);
      const f1 = metrics(score(page.expected, found)).f1;
      for (const st of stages) peakMb = Math.max(peakMb, ...st.memoryMb);
      if (run > 0) warm.push({ wall, cpu });
      console.log(
        `${run === 0 ? 'cold' : 'warm'} scan ${wall.toFixed(2)} s, OCR process CPU ${cpu.toFixed(2)} s, F1 ${f1.toFixed(3)} (${found.length} found)  ` +
          stages
            .map((st) => `[${st.lines} lines, ${st.detectorRuns}/${st.tiles} tiles: detect ${(st.detectMs / 1000).toFixed(2)} s on ${(st.detectorPixels / 1e6).toFixed(2)} Mpx, boxes ${(st.boxesMs / 1000).toFixed(2)} s, ` +
                `recognize ${(st.recognizeMs / 1000).toFixed(2)} s on ${(st.recognizerPixels / 1e6).toFixed(2)} Mpx, mem ${st.memoryMb.join('/')} MB]`)
            .join(' ') +
          `  load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    await scanner.close();
    fs.rmSync(profile, { force: true });
  }
  yardsticks.push(cpuYardstickSeconds());
  const mean = (values: number[]): number => values.reduce((t, v) => t + v, 0) / Math.max(1, values.length);
  const yardstick = mean(yardsticks);
  const wall = mean(warm.map((w) => w.wall));
  console.log(
    `dense page warm: ${wall.toFixed(2)} s a scan = ${(wall / yardstick).toFixed(1)} yardsticks, OCR CPU ${mean(warm.map((w) => w.cpu)).toFixed(2)} s; ` +
      `yardstick ${yardsticks.map((y) => y.toFixed(2)).join(' / ')} s; OCR process peak ${peakMb} MB`,
  );
}

void main();
