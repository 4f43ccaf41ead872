// A plain keep-alive HTTP/1.1 connection over a socket, for tests that must decide exactly when each byte of
// a request goes out (a request still in flight when a server begins to stop).
import net from 'node:net';

export interface RawConnection {
  socket: net.Socket;
  /** Resolves with everything received so far once it matches `pattern`. */
  until(pattern: RegExp): Promise<string>;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

export async function connectRaw(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  const waiters: (() => void)[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const waiter of waiters.splice(0)) waiter();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined); // a reset shows as `closed`
  return {
    socket,
    closed,
    until(pattern) {
      return new Promise((resolve) => {
        const check = () => (pattern.test(received) ? resolve(received) : waiters.push(check));
        check();
      });
    },
  };
}

/**
 * Writes the headers of a JSON POST with `Expect: 100-continue` and resolves once the server answers
 * "100 Continue": it has read them and the request is under way, waiting for `sendBody()`.
 */
export async function startJsonPost(connection: RawConnection, path: string, payload: unknown): Promise<{ sendBody(): void }> {
  const body = JSON.stringify(payload);
  connection.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: stampwise.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await connection.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
  return { sendBody: () => connection.socket.write(body) };
}

/** A complete answer with `status` and a JSON body after the 100 Continue. */
export function answered(status: number): RegExp {
  return new RegExp(`HTTP/1\\.1 ${status} [^]*\\r\\n\\r\\n\\{[^]*\\}$`);
}
