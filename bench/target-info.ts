// What a bench target process (bench/target.ts) and the bench (bench/run.ts) share.

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-bench';

/** What the app target tells the parent once it listens. */
export interface AppTargetInfo {
  url: string;
  light: { vendorId: string; token: string };
  /** The store with a long history (BENCH_SEED_EVENTS, default 1,000,000); null when BENCH_SEED_EVENTS=0. */
  busy: { vendorId: string; token: string; seeded: number; seedSeconds: number } | null;
  /** A store with a reward, for the scan rows. */
  scanVendorId: string;
  /** Its flyer token (printable: a 4-hour cooldown, so repeated flyer scans are refused by cooldown). */
  flyerToken: string;
}

