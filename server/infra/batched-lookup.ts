// Lookups asked for together answered by one query: a batch of queued jobs starts its handlers in one
// go, and each handler's read by key joins the others' in a single `IN (…)` rather than a round trip each.

/**
 * Answers `lookup(key)` from `load`, called once for every key asked for before the current synchronous
 * run of code ends (a promise's turn, so test clocks never hold it back); a key `load` leaves out
 * answers undefined. A failed load fails every lookup it carried.
 */
export function batchedLookup<Value>(load: (keys: readonly string[]) => Promise<ReadonlyMap<string, Value>>): (key: string) => Promise<Value | undefined> {
  let pending: { keys: Set<string>; answer: Promise<ReadonlyMap<string, Value>> } | undefined;
  return async (key) => {
    if (!pending) {
      const keys = new Set<string>();
      // Starts after the code that is running now has asked for all its keys.
      const answer = Promise.resolve().then(() => {
        pending = undefined;
        return load([...keys]);
      });
      pending = { keys, answer };
    }
    pending.keys.add(key);
    return (await pending.answer).get(key);
  };
}
