// Remembers the results of an async function of a string key, the most recently used `limit` of them: for
// work that gives the same answer for the same key every time (an image drawn from its parameters, an image
// named by its content hash). A failed call is forgotten, so the next call tries again.
export function boundedMemo<V>(limit: number, make: (key: string) => Promise<V>): (key: string) => Promise<V> {
  const kept = new Map<string, Promise<V>>();
  return (key) => {
    const hit = kept.get(key);
    if (hit) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    const made = make(key);
    kept.set(key, made);
    made.catch(() => {
      if (kept.get(key) === made) kept.delete(key);
    });
    if (kept.size > limit) kept.delete(kept.keys().next().value!);
    return made;
  };
}
