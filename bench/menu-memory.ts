// Where a menu scan's memory goes: for each field menu, this process's growth while it prepares the
// page by itself (sharp: decode, crop, straighten, light; the scanner does that in the OCR process, so
// it is measured here alone) and while it scans, and the OCR process's memory (MENU_OCR_PROFILE: its RSS
// before the page is read and its high-water mark after detection, line boxes and recognition). All in MB; the server's figures are its RSS and
// high-water mark above its RSS when this run started, so memory kept from one menu to the next shows.
//
// `NODE_OPTIONS=--expose-gc npx tsx bench/menu-memory.ts` (MENU_FIELD_HALF=both by default; a
// measuring aid, not part of `npm run bench`). Held-back menus are numbered, not named, and no F1 is
// printed. Each photo is prepared twice (once alone, to measure it; once in the scan).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalMenuScanner, MenuScanRejected, prepareForOcr } from '../server/menu-scan';
import { fieldHalvesFromEnv, fieldMenus } from '../test/fixtures/menus/field';

function statusMb(field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Resets this process's high-water mark to its current RSS. */
function resetHighWater(): void {
  fs.writeFileSync('/proc/self/clear_refs', '5');
}

async function main(): Promise<void> {
  const menus = fieldMenus(fieldHalvesFromEnv(process.env.MENU_FIELD_HALF ?? 'both'));
  if (!menus) throw new Error('No field menus found (MENU_FIELD_DIR).');
  const profile = path.join(os.tmpdir(), `menu-memory-${process.pid}.jsonl`);
  process.env.MENU_OCR_PROFILE = profile;
  const scanner = createLocalMenuScanner({ ocrTimeoutMs: 300_000 });
  const files = menus.map((menu) => menu.read());
  global.gc?.();
  const startMb = statusMb('VmRSS');
  const startHeap = process.memoryUsage().heapTotal;
  let serverPeak = 0;
  let ocrPeak = 0;
  let held = 0;
  let prepareMs = 0;
  try {
    for (const [index, menu] of menus.entries()) {
      const file = files[index]!;
      const label = menu.half === 'dev' ? menu.file : `held #${(held += 1)} (${menu.kind})`;
      let prepare = '';
      if (menu.kind !== 'pdf') {
        resetHighWater();
        const before = statusMb('VmRSS') - startMb;
        const t0 = Date.now();
        await prepareForOcr(file, { maxLongSide: 2000, maxUpscale: 2, rgb: true });
        prepareMs += Date.now() - t0;
        prepare = `prepare ${before.toFixed(0)} → peak ${(statusMb('VmHWM') - startMb).toFixed(0)} → ${(statusMb('VmRSS') - startMb).toFixed(0)}`;
      }
      fs.writeFileSync(profile, '');
      resetHighWater();
      const before = statusMb('VmRSS') - startMb;
      try {
        await scanner.scan(file, menu.kind);
      } catch (error) {
        if (!(error instanceof MenuScanRejected)) throw error;
      }
      const scanPeak = statusMb('VmHWM') - startMb;
      serverPeak = Math.max(serverPeak, scanPeak);
      const pages = fs
        .readFileSync(profile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { width: number; height: number; detectorRuns: number; lines: number; memoryMb: number[] });
      for (const page of pages) ocrPeak = Math.max(ocrPeak, ...page.memoryMb);
      console.log(
        `${label.padEnd(34)} ${(file.length / 2 ** 20).toFixed(1)} MB file  server: ${prepare}  scan ${before.toFixed(0)} → peak ${scanPeak.toFixed(0)} → ${(statusMb('VmRSS') - startMb).toFixed(0)}  ` +
          `OCR: ${pages.map((p) => `[${p.width}x${p.height} ${p.detectorRuns} tiles ${p.lines} lines: rss/detect/boxes/recognize ${p.memoryMb.join('/')}]`).join(' ')}`,
      );
    }
  } finally {
    await scanner.close();
  }
  const usage = process.memoryUsage();
  const mb = (n: number): string => (n / 2 ** 20).toFixed(0);
  console.log(`server at the end: RSS +${(statusMb('VmRSS') - startMb).toFixed(0)} MB (V8 heap ${mb(usage.heapTotal)} from ${mb(startHeap)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)} MB)`);
  console.log(`prepare ${(prepareMs / 1000).toFixed(2)} s in all`);
  console.log(`server peak growth ${serverPeak.toFixed(0)} MB; OCR process peak ${ocrPeak} MB (absolute); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

void main();
