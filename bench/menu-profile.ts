// Where a menu photo's seconds go: for each field menu of the chosen half, the time to prepare the
// page (decode, straighten, light), the OCR process's stages (detection, line boxes, recognition;
// MENU_OCR_PROFILE), the rest of the scan (transfer, layout, parsing), the F1 of its items, and a
// CPU yardstick measured beside each menu with the load average, since the machine is shared.
//
// `npx tsx bench/menu-profile.ts` (MENU_FIELD_HALF=dev by default; a measuring aid, not part of `npm run bench`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalMenuScanner, MenuScanRejected, prepareForOcr, type ScannedItem } from '../server/menu-scan';
import { fieldHalvesFromEnv, fieldMenus } from '../test/fixtures/menus/field';
import { metrics, score, sum, type Score } from '../test/fixtures/menus/score';
import { cpuYardstickSeconds } from './process-memory';

interface OcrStages {
  width: number;
  height: number;
  lines: number;
  detectMs: number;
  boxesMs: number;
  recognizeMs: number;
  memoryMb: number[];
  [detail: string]: unknown;
}

/** Any finer figures the OCR process adds to its profile lines. */
function details(stages: OcrStages): string {
  const known = new Set(['width', 'height', 'lines', 'detectMs', 'boxesMs', 'recognizeMs', 'memoryMb']);
  const extra = Object.entries(stages).filter(([key]) => !known.has(key));
  return extra.length ? ' ' + extra.map(([key, value]) => `${key}=${String(value)}`).join(' ') : '';
}

async function main(): Promise<void> {
  const halves = fieldHalvesFromEnv(process.env.MENU_FIELD_HALF ?? 'dev');
  const only = process.env.MENU_PROFILE_FILES?.split(',');
  const menus = fieldMenus(halves)?.filter((menu) => !only || only.some((name) => menu.file.startsWith(name))) ?? null;
  if (!menus) throw new Error('No field menus found (MENU_FIELD_DIR).');
  const profile = path.join(os.tmpdir(), `menu-profile-${process.pid}.jsonl`);
  process.env.MENU_OCR_PROFILE = profile;
  const scanner = createLocalMenuScanner({ ocrTimeoutMs: 300_000 });
  const scores: Score[] = [];
  let photoSeconds = 0;
  let photoCount = 0;
  const yardsticks: number[] = [];
  try {
    for (const [index, menu] of menus.entries()) {
      const file = menu.read();
      const yardstick = cpuYardstickSeconds();
      yardsticks.push(yardstick);
      const load = os.loadavg()[0]!;
      // Preparing once outside the scan measures its share; the scan prepares again.
      const prepareStarted = process.hrtime.bigint();
      if (menu.kind !== 'pdf') await prepareForOcr(file, { maxLongSide: 2000, maxUpscale: 2, rgb: true });
      const prepareMs = Number(process.hrtime.bigint() - prepareStarted) / 1e6;
      fs.writeFileSync(profile, '');
      const started = process.hrtime.bigint();
      let found: ScannedItem[] = [];
      try {
        found = await scanner.scan(file, menu.kind);
      } catch (error) {
        if (!(error instanceof MenuScanRejected)) throw error;
      }
      const scanMs = Number(process.hrtime.bigint() - started) / 1e6;
      const s = score(menu.expected, found);
      scores.push(s);
      const stages = fs
        .readFileSync(profile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OcrStages);
      const ocrMs = stages.reduce((t, st) => t + st.detectMs + st.boxesMs + st.recognizeMs, 0);
      const cold = index === 0 ? ' cold' : '';
      if (index > 0 && menu.kind !== 'pdf') {
        photoSeconds += scanMs / 1000;
        photoCount += 1;
      }
      console.log(
        `${menu.file.padEnd(34)} F1 ${metrics(s).f1.toFixed(3)}  scan ${(scanMs / 1000).toFixed(2)} s${cold}  prepare ${(prepareMs / 1000).toFixed(2)}  ` +
          stages
            .map((st) => `[${st.width}x${st.height} ${st.lines} lines: detect ${(st.detectMs / 1000).toFixed(2)} boxes ${(st.boxesMs / 1000).toFixed(2)} recognize ${(st.recognizeMs / 1000).toFixed(2)} mem ${st.memoryMb.join('/')}${details(st)}]`)
            .join(' ') +
          `  other ${((scanMs - ocrMs - (menu.kind === 'pdf' ? 0 : prepareMs)) / 1000).toFixed(2)}  yardstick ${yardstick.toFixed(2)} load ${load.toFixed(1)}`,
      );
    }
  } finally {
    await scanner.close();
    fs.rmSync(profile, { force: true });
  }
  const all = metrics(sum(scores));
  yardsticks.push(cpuYardstickSeconds());
  const meanYardstick = yardsticks.reduce((t, y) => t + y, 0) / yardsticks.length;
  console.log(
    `F1 ${all.f1.toFixed(3)} (P ${all.precision.toFixed(3)} R ${all.recall.toFixed(3)} prices ${all.priceAccuracy.toFixed(3)})  ` +
      `warm photos ${(photoSeconds / Math.max(1, photoCount)).toFixed(2)} s a page = ${(photoSeconds / Math.max(1, photoCount) / meanYardstick).toFixed(1)} yardsticks (mean ${meanYardstick.toFixed(2)} s)  load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
}

void main();
