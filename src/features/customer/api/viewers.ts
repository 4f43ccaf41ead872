// Which cached results are on screen: a change refetches those and forgets the rest, and a result nobody
// shows is evicted a minute after its last viewer leaves (RTK Query's keepUnusedDataFor; SWR keeps all).
import type { Cache } from 'swr';

export const KEEP_UNUSED_MS = 60_000;

export class Viewers {
  private readonly counts = new Map<string, number>();
  private readonly evictions = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly cache: Cache) {}

  /** A component shows `key`; answers the release. */
  watch(key: string): () => void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    clearTimeout(this.evictions.get(key));
    this.evictions.delete(key);
    return () => {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(key, left);
        return;
      }
      this.counts.delete(key);
      this.evictions.set(
        key,
        setTimeout(() => {
          this.evictions.delete(key);
          if (!this.isShown(key)) this.cache.delete(key);
        }, KEEP_UNUSED_MS),
      );
    };
  }

  isShown(key: string): boolean {
    return (this.counts.get(key) ?? 0) > 0;
  }
}
