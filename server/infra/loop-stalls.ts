// Tells when this thread's event loop was held up: a timer that should fire every `everyMs` and fires
// `thresholdMs` or more late means some work (a slow synchronous query, a long JSON build, a stop-the-world
// collection) held every request and timer for that long. A slow request whose log shows no such stall
// waited for something asynchronous instead. One timer, a subtraction per tick.

/** A tick this much late or more is reported. */
export const LOOP_STALL_MS = 1000;
/** How often the loop is sampled. */
export const LOOP_SAMPLE_MS = 500;

export interface LoopStallWatch {
  stop(): void;
}

export interface LoopStallOptions {
  /** Called after a stall, with how long the loop was held up (ms) and when it ended (the clock's time). */
  onStall(stalledMs: number, endedAt: number): void;
  thresholdMs?: number;
  everyMs?: number;
  clock?: () => number;
}

export function watchLoopStalls(options: LoopStallOptions): LoopStallWatch {
  const everyMs = options.everyMs ?? LOOP_SAMPLE_MS;
  const thresholdMs = options.thresholdMs ?? LOOP_STALL_MS;
  const clock = options.clock ?? (() => performance.now());
  let last = clock();
  const timer = setInterval(() => {
    const now = clock();
    const lateMs = now - last - everyMs;
    last = now;
    if (lateMs >= thresholdMs) options.onStall(Math.round(lateMs), now);
  }, everyMs);
  // The watch alone never keeps a stopping process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
