// A scriptable EventSource (jsdom has none): records every stream the app opens and lets a test play
// the server's part — open, an event, an error — and see whether the app closed it.

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
  }

  /** The server's side: dispatch `type` (with `data` for a message event) to the app's listeners. */
  emit(type: string, data?: unknown): void {
    const event = { type, data: data === undefined ? '' : JSON.stringify(data) } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static latest(): FakeEventSource {
    const latest = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!latest) throw new Error('no EventSource was opened');
    return latest;
  }
}

/** Puts FakeEventSource in place of the browser's; the returned function takes it away again. */
export function installFakeEventSource(): () => void {
  FakeEventSource.instances = [];
  const saved = (globalThis as { EventSource?: unknown }).EventSource;
  Object.assign(globalThis, { EventSource: FakeEventSource });
  return () => {
    if (saved === undefined) delete (globalThis as { EventSource?: unknown }).EventSource;
    else Object.assign(globalThis, { EventSource: saved });
  };
}
