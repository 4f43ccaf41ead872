// Which requests the server is answering right now, so that background work (a campaign's 10,000-message
// plan, its sends) takes its turns in the moments between them. On SQLite every write holds the one
// connection and runs in this thread: a plan chunk or a send that starts while a stamp is half done makes
// the stamp wait for it, once per query the stamp has left. Waiting for a quiet moment instead costs the
// background work a little time and the stamp nothing. Not every quiet moment is as good: one just after
// an answer comes before the client's next request, one late in the gap runs into it, so `quietSteps`
// paces work into short spells just after answers. A server that is never quiet still gets its
// background work done: each wait ends after `maxWaitMs` whatever the traffic.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A request older than this no longer counts as in flight: a live feed (its response stays open for
 * hours) or a stuck upload must not keep background work waiting for its whole life.
 */
export const LONG_REQUEST_MS = 2000;

export interface RequestsInFlight {
  /** A request came in (the app's onRequest hook). */
  started(request: object): void;
  /** Its answer is out, or its client went away. */
  finished(request: object): void;
  /** True while a request younger than LONG_REQUEST_MS is being answered. */
  busy(): boolean;
  /**
   * Resolves after a turn of the event loop at a moment no request is being answered, or once `maxWaitMs`
   * have passed (whichever is first).
   */
  quietMoment(maxWaitMs: number): Promise<void>;
  /**
   * A pacer for one piece of background work: each call resolves when the work may take its next short
   * step (see QuietSteps).
   */
  quietSteps(pace: QuietStepsPace): () => Promise<void>;
}

/**
 * How background work takes its steps among requests. A step starts only in a *spell*: within `spellMs`
 * after an answer went out, with no request in flight (a client's next request comes some time after
 * its answer, so a short step begun at once is over before it; one begun later in the gap would be
 * still running when it comes), or at any moment once no answer went out for `idleMs` (nobody is
 * waiting for one). A server that gives no spell for `maxWaitMs` (never quiet) gives one anyway, of
 * `spellMs`, whatever is in flight: the work then takes `spellMs` in every `maxWaitMs`.
 */
export interface QuietStepsPace {
  spellMs: number;
  idleMs: number;
  maxWaitMs: number;
}

export function createRequestsInFlight(clock: () => number = () => performance.now()): RequestsInFlight {
  const startedAt = new Map<object, number>();
  const waiters = new Set<() => void>();
  let lastAnswerAt = -Infinity;

  function busy(): boolean {
    const oldest = clock() - LONG_REQUEST_MS;
    for (const [request, at] of startedAt) {
      if (at >= oldest) return true;
      // A long one (a live feed) is forgotten here; its finish, when it comes, finds nothing to remove.
      startedAt.delete(request);
    }
    return false;
  }

  return {
    started(request) {
      startedAt.set(request, clock());
    },
    finished(request) {
      if (startedAt.delete(request)) lastAnswerAt = clock();
      if (waiters.size > 0 && !busy()) for (const wake of [...waiters]) wake();
    },
    busy,
    async quietMoment(maxWaitMs) {
      // Whatever is ready to run (a request's next step) goes first.
      await nextTurn();
      if (!busy()) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          waiters.delete(wake);
          resolve();
        };
        // The last request just finished: another may begin in the same turn (a client sending its next
        // request at once), so the moment counts as quiet only if it still is one turn later.
        const wake = () => {
          void nextTurn().then(() => {
            if (!busy()) done();
          });
        };
        const deadline = setTimeout(done, maxWaitMs);
        // The wait alone never keeps a stopping process alive.
        deadline.unref();
        waiters.add(wake);
      });
    },
    quietSteps({ spellMs, idleMs, maxWaitMs }) {
      /** Until when a spell given after the longest wait lasts, whatever is in flight. */
      let givenUntil = -Infinity;
      const inSpell = (): boolean => {
        if (busy()) return false;
        const sinceAnswer = clock() - lastAnswerAt;
        return sinceAnswer <= spellMs || sinceAnswer >= idleMs;
      };
      return async () => {
        // Whatever is ready to run (a request's next step) goes first.
        await nextTurn();
        if (clock() < givenUntil || inSpell()) return;
        const deadline = clock() + maxWaitMs;
        await new Promise<void>((resolve) => {
          let idleCheck: NodeJS.Timeout | undefined;
          const done = (given: boolean) => {
            clearTimeout(giveUp);
            clearTimeout(idleCheck);
            waiters.delete(wake);
            if (given) givenUntil = clock() + spellMs;
            resolve();
          };
          // Between answers, nothing happens until the next answer, or until no answer came for idleMs.
          const watchForIdle = () => {
            clearTimeout(idleCheck);
            if (busy()) return;
            idleCheck = setTimeout(check, Math.max(0, lastAnswerAt + idleMs - clock()));
            idleCheck.unref();
          };
          const check = () => {
            if (inSpell()) done(false);
            else watchForIdle();
          };
          // An answer just went out: another request may begin in the same turn (a client sending its next
          // request at once), so the spell counts only if there is still none one turn later.
          const wake = () => void nextTurn().then(check);
          const giveUp = setTimeout(() => done(true), Math.max(0, deadline - clock()));
          giveUp.unref();
          waiters.add(wake);
          watchForIdle();
        });
      };
    },
  };
}
