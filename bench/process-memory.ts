// Memory and CPU yardsticks for the menu bench, read from Linux's /proc.
//
// The scanner's OCR runs in a child process, so the server's own RSS is not the whole cost: the
// sampler adds the RSS of every child process of this one (worker threads are already inside
// this process's RSS), and the high-water marks (VmHWM) catch peaks between samples.
import crypto from 'node:crypto';
import fs from 'node:fs';

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // The process has just exited.
  }
}

function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
      .filter((s) => s.trim() !== '')
      .map(Number);
  } catch {
    return [];
  }
}

export interface MemoryWatch {
  /** Stops sampling; answers growth over the starting RSS of this process, in MB. */
  stop(): { sampledPeakMb: number; highWaterMb: number };
}

/**
 * Samples this process's RSS plus its children's every `intervalMs`. `sampledPeakMb` is the
 * largest sum seen minus this process's RSS at the start; `highWaterMb` adds this process's own
 * high-water mark (minus the start) to the largest high-water mark of each child seen: an upper
 * bound, since the peaks need not coincide.
 */
export function watchMemory(intervalMs = 50): MemoryWatch {
  // The kernel's high-water mark starts again from the current RSS (Linux ≥ 4.0).
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not allowed: the high-water mark then includes earlier peaks (an overstatement).
  }
  const startKb = statusKb(process.pid, 'VmRSS');
  const childHwm = new Map<number, number>();
  let peakKb = startKb;
  const sample = (): void => {
    let total = statusKb(process.pid, 'VmRSS');
    for (const pid of childPids(process.pid)) {
      total += statusKb(pid, 'VmRSS');
      childHwm.set(pid, Math.max(childHwm.get(pid) ?? 0, statusKb(pid, 'VmHWM')));
    }
    peakKb = Math.max(peakKb, total);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      const children = [...childHwm.values()].reduce((t, kb) => t + kb, 0);
      return {
        sampledPeakMb: (peakKb - startKb) / 1024,
        highWaterMb: (statusKb(process.pid, 'VmHWM') - startKb + children) / 1024,
      };
    },
  };
}

/**
 * A fixed CPU-bound job (SHA-256 of 400 MB) timed now: on a shared machine, seconds per page are
 * reported next to it, so runs under different loads can be compared. ~0.3 s on an idle core here.
 */
export function cpuYardstickSeconds(): number {
  const block = Buffer.alloc(1 << 20, 7);
  const started = process.hrtime.bigint();
  for (let i = 0; i < 400; i += 1) crypto.createHash('sha256').update(block).digest();
  return Number(process.hrtime.bigint() - started) / 1e9;
}
