// After a redeploy, a tab opened before it asks for page chunks whose hashed names no longer exist (
// "Loading chunk 19 failed" on a counter screen left open overnight). Reloading fetches the new index.html
// and its chunks. It is done once by itself; a second failure soon after (the reload did not help) is shown,
// with a Reload button, instead of reloading in a loop. The guard lives in sessionStorage: it survives the
// reload, and is per tab.

export const CHUNK_RELOAD_STORAGE_KEY = 'stampwise.chunkReloadAt';
/** Another automatic reload is allowed once this long has passed since the last one. */
export const CHUNK_RELOAD_GUARD_MS = 5 * 60_000;

/** webpack's ChunkLoadError ("Loading chunk 19 failed", "Loading CSS chunk …") and the browsers' words for a failed import(). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

function readGuard(storage: Storage): number | null {
  try {
    const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

/** Whether an automatic reload is allowed now (no side effect): none in the last five minutes, storage usable. */
export function mayReloadForNewVersion(now: number = Date.now(), storage: Storage | undefined = safeSessionStorage()): boolean {
  if (!storage) return false;
  const last = readGuard(storage);
  return !(last !== null && Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS);
}

/**
 * Reloads the page unless it already did so in the last five minutes; answers whether it reloaded.
 * Without sessionStorage (blocked), it never reloads by itself: a loop is worse than a button.
 */
export function reloadOnceForNewVersion(
  now: number = Date.now(),
  storage: Storage | undefined = safeSessionStorage(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!storage || !mayReloadForNewVersion(now, storage)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
