// What the customer pages have fetched, shared by every component that asks for the same thing (the
// part of RTK Query's cache these pages used): one request per key however many components show it,
// tags that refetch what a change made stale, a result kept a minute after its last viewer leaves, and
// mutation results under a fixed key (a scan's result outlives the page, so coming back never rescans).
import type { CustomerApiError } from './client';

export type RequestStatus = 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';

export interface RequestState<T> {
  status: RequestStatus;
  data?: T;
  error?: CustomerApiError;
}

export const UNINITIALIZED: RequestState<never> = Object.freeze({ status: 'uninitialized' });

/** Seconds a result stays cached with nobody showing it (RTK Query's keepUnusedDataFor default). */
export const KEEP_UNUSED_MS = 60_000;

interface QueryEntry {
  state: RequestState<unknown>;
  load: () => Promise<unknown>;
  tags: readonly string[];
  viewers: number;
  inFlight: Promise<void> | null;
  evictTimer: ReturnType<typeof setTimeout> | null;
}

export class CustomerCache {
  private readonly queries = new Map<string, QueryEntry>();
  private readonly mutations = new Map<string, RequestState<unknown>>();
  private readonly listeners = new Set<() => void>();
  private readonly scanAttempts = new Map<string, string>();

  /**
   * The key of this page's scan of `token`, the same for every retry of it (and after a language switch), so the server
   * knows a retry of an attempt whose answer was lost. A reload, or the code opened again, is a new scan.
   */
  scanAttempt(token: string, make: () => string): string {
    let attempt = this.scanAttempts.get(token);
    if (attempt === undefined) this.scanAttempts.set(token, (attempt = make()));
    return attempt;
  }

  /** For useSyncExternalStore: any change calls every listener; each reads its own key's (unchanged) state. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  queryState<T>(key: string): RequestState<T> {
    return (this.queries.get(key)?.state as RequestState<T> | undefined) ?? UNINITIALIZED;
  }

  /** A component shows `key`: fetched now unless it is cached already. Answers the release. */
  watch(key: string, load: () => Promise<unknown>, tags: readonly string[]): () => void {
    let entry = this.queries.get(key);
    if (!entry) {
      entry = { state: UNINITIALIZED, load, tags, viewers: 0, inFlight: null, evictTimer: null };
      this.queries.set(key, entry);
    }
    entry.load = load;
    entry.viewers += 1;
    if (entry.evictTimer) clearTimeout(entry.evictTimer);
    entry.evictTimer = null;
    if (entry.state.status === 'uninitialized') void this.refetch(key);
    const watched = entry;
    return () => {
      watched.viewers -= 1;
      if (watched.viewers > 0) return;
      watched.evictTimer = setTimeout(() => {
        if (this.queries.get(key) === watched && watched.viewers === 0) this.queries.delete(key);
      }, KEEP_UNUSED_MS);
    };
  }

  /** Fetches `key` again (one request at a time per key); the old data stays on screen meanwhile. */
  refetch(key: string): Promise<void> {
    const entry = this.queries.get(key);
    if (!entry) return Promise.resolve();
    if (entry.inFlight) return entry.inFlight;
    entry.state = { ...entry.state, status: 'pending' };
    this.changed();
    const done = entry.load().then(
      (data) => {
        entry.state = { status: 'fulfilled', data };
      },
      (error: CustomerApiError) => {
        entry.state = { status: 'rejected', data: entry.state.data, error };
      },
    );
    entry.inFlight = done.then(() => {
      entry.inFlight = null;
      this.changed();
    });
    return entry.inFlight;
  }

  /** After a change on the server: what is on screen is fetched again, the rest forgotten. */
  invalidate(tags: readonly string[]): void {
    for (const [key, entry] of this.queries) {
      if (!entry.tags.some((tag) => tags.includes(tag))) continue;
      if (entry.viewers > 0) void this.refetch(key);
      else {
        if (entry.evictTimer) clearTimeout(entry.evictTimer);
        this.queries.delete(key);
      }
    }
  }

  /** Puts an answer in the cache without a request (e.g. the wallet emptied after its deletion). */
  upsert(key: string, data: unknown): void {
    const entry = this.queries.get(key);
    if (entry) entry.state = { status: 'fulfilled', data };
    this.changed();
  }

  mutationState<T>(key: string): RequestState<T> {
    return (this.mutations.get(key) as RequestState<T> | undefined) ?? UNINITIALIZED;
  }

  setMutationState(key: string, state: RequestState<unknown>): void {
    this.mutations.set(key, state);
    this.changed();
  }
}
