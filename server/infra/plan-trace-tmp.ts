// TEMP instrumentation (not committed)
export interface Span { kind: string; start: number; end: number; note?: string }
const g = globalThis as unknown as { __planTrace?: Span[] };
export function traceSpan(kind: string, start: number, note?: string): void {
  g.__planTrace?.push({ kind, start, end: performance.now(), note });
}
export async function traced<T>(kind: string, work: () => Promise<T>, note?: (t: T) => string): Promise<T> {
  const start = performance.now();
  const result = await work();
  traceSpan(kind, start, note?.(result));
  return result;
}
