// This server's own view of whether it can record stamps, for the live feeds it holds open: a counter
// screen says "Scans paused" while the database does not answer, and Live again once it does. Each server
// probes on its own (it is that server's answers the screen's customers get), only while a feed is open, at
// a fixed pace whatever the number of feeds or stamps; a single slow answer does not make it "down".
import type { AppDeps } from '../deps';
import { probeDatabaseUp } from './health';

/** How often the database is probed while at least one live feed is open. */
export const DATABASE_WATCH_MS = 5000;
/** Failed probes in a row that make the database "down" (one slow answer is not an outage). */
export const DATABASE_DOWN_AFTER = 2;

export type DatabaseState = 'up' | 'down';

export interface DatabaseWatch {
  /** The last state this server concluded ('up' when nothing is watching). */
  readonly state: DatabaseState;
  /** Calls `listener` on each change of state; probing runs while anyone listens. Returns the unsubscribe. */
  subscribe(listener: (state: DatabaseState) => void): () => void;
  /** Stops probing for good (the server is closing). */
  stop(): void;
}

export function createDatabaseWatch(probe: () => Promise<boolean>, intervalMs = DATABASE_WATCH_MS, downAfter = DATABASE_DOWN_AFTER): DatabaseWatch {
  const listeners = new Set<(state: DatabaseState) => void>();
  let state: DatabaseState = 'up';
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  /** A probe still out (a frozen database) is not doubled by the next tick. */
  let probing = false;
  let stopped = false;

  const settle = (next: DatabaseState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(state);
  };

  const tick = () => {
    if (probing) return;
    probing = true;
    probe()
      .catch(() => false)
      .then((up) => {
        probing = false;
        // Unwatched meanwhile: the result speaks to nobody, and the next watcher starts afresh.
        if (!timer) return;
        if (up) {
          failures = 0;
          settle('up');
          return;
        }
        failures += 1;
        if (failures >= downAfter) settle('down');
      })
      .catch(() => undefined);
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!timer && !stopped) {
        timer = setInterval(tick, intervalMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || !timer) return;
        clearInterval(timer);
        timer = undefined;
        // A feed opens only on a database that answers: the next one starts from 'up'.
        state = 'up';
        failures = 0;
      };
    },
    stop() {
      stopped = true;
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** The watch of this server's database, as the live feeds use it. */
export function watchDatabaseOf(deps: Pick<AppDeps, 'db'>): DatabaseWatch {
  return createDatabaseWatch(() => probeDatabaseUp(deps.db));
}
