// A TCP proxy on loopback between the servers and PostgreSQL. `freeze()` makes the database look like a
// host that froze: open connections stop carrying bytes and new ones are accepted but never answered.
// `thaw()` cuts the frozen connections (as the return of a failed-over host would) and forwards again.
// `refuse()` makes it a service that is down: every connection, open or new, is cut at once; `thaw()` ends that too.
// `divert(target)` sends new connections to another service (a fake that misbehaves in its own way), `divert()`
// back to the first; open connections stay where they are.
// `slow(ms)` makes it a database that answers, late: every chunk it sends back, on open connections and new ones,
// is held `ms` (in order), so each round trip takes `ms` longer; `slow(0)` ends it without cutting anything.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  freeze(): void;
  refuse(): void;
  thaw(): void;
  divert(target?: { host: string; port: number }): void;
  slow(ms: number): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  /** Set once the pair's answers go through the delay queue instead of a pipe. */
  delayed?: boolean;
}

/** Sends `from`'s data on to `to`, each chunk `delayMs()` after it came, never out of order. */
function forwardLate(from: net.Socket, to: net.Socket, delayMs: () => number): void {
  const queue: { due: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.due <= Date.now()) {
      const { chunk } = queue.shift()!;
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(pump, queue[0]!.due - Date.now());
  };
  from.on('data', (chunk: Buffer) => {
    queue.push({ due: Date.now() + delayMs(), chunk });
    timer ??= setTimeout(pump, Math.max(0, queue[0]!.due - Date.now()));
  });
  from.on('close', () => clearTimeout(timer));
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  let refusing = false;
  let current = target;
  let lateMs = 0;

  /** The pair's answers from now on through the delay queue (the client's requests still go straight up). */
  const delay = (pair: Pair) => {
    if (pair.delayed || !pair.upstream) return;
    pair.delayed = true;
    pair.upstream.unpipe(pair.client);
    forwardLate(pair.upstream, pair.client, () => lateMs);
  };

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (refusing) {
      drop(pair);
      return;
    }
    if (frozen) {
      client.pause(); // accepted, never answered
      return;
    }
    const upstream = net.connect(current.port, current.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    client.pipe(upstream);
    upstream.pipe(client);
    if (lateMs > 0) delay(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    freeze() {
      frozen = true;
      for (const pair of pairs) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    refuse() {
      refusing = true;
      for (const pair of [...pairs]) drop(pair);
    },
    thaw() {
      frozen = false;
      refusing = false;
      for (const pair of [...pairs]) drop(pair);
    },
    divert(to) {
      current = to ?? target;
    },
    slow(ms) {
      lateMs = ms;
      if (ms > 0) for (const pair of pairs) delay(pair);
    },
    close() {
      for (const pair of [...pairs]) drop(pair);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
