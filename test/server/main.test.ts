// Starts the real server (server/main.ts, compiled on the fly by tsx) as a child process: start-up, config errors, SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';
import { answered, connectRaw, startJsonPost } from '../support/raw-http';

const ROOT = path.resolve(__dirname, '../..');
/** Compiling main.ts and its imports with tsx on a busy 2-core machine can take a while. */
const STARTUP_BUDGET_MS = 45_000;


interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  // A clean environment: SQLite in a temp dir even during the PostgreSQL pass, mail to the outbox.
  const { DATABASE_URL: _db, SMTP_URL: _smtp, REDIS_URL: _redis, SESSION_SECRET: _secret, ...inherited } = process.env;
  // tsx as a loader inside one node process: the tsx CLI would sit in between and relay SIGTERM
  // with a 30 ms deadline, SIGKILLing a busy child, which would make this test about tsx, not us.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { ...inherited, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started, budgetMs: number): Promise<boolean> {
  const deadline = Date.now() + budgetMs;
  while (Date.now() < deadline && started.child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const withTimeout = <T,>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref())]);

/** Whether the server still accepts a TCP connection on `port` (one that is then closed at once). */
/** A TCP server where a database should be that accepts connections and never answers on them. */
async function startSilentDatabase(): Promise<{ port: number; accepted: () => number; close: () => Promise<void> }> {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return {
    port: (silent.address() as net.AddressInfo).port,
    accepted: () => sockets.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  };
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('server/main.ts', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-main-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm start`'s server on a free port, once it answers /api/health; undefined (test skipped) when this machine is too slow to start it. */
  async function startHealthyServer(): Promise<{ port: number; started: ReturnType<typeof startServer> } | undefined> {
    const port = await freePort();
    const started = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: path.join(dataDir, 'no-client') });
    children.push(started.child);
    const healthy = await waitForHealth(port, started, STARTUP_BUDGET_MS);
    if (!healthy && started.child.exitCode === null) {
      console.warn(`skipped: the server did not start within ${STARTUP_BUDGET_MS} ms on this machine`);
      return undefined;
    }
    expect(healthy).toBe(true);
    return { port, started };
  }

  it('stops with exit code 78 and one line per bad configuration value, naming the variable and the fix', async () => {
    const started = startServer({ DATA_DIR: dataDir, PORT: 'abc', SMTP_URL: 'nonsense', STAMP_COOLDOWN_MINUTES: '-1' });
    children.push(started.child);
    const code = await withTimeout(started.exited, STARTUP_BUDGET_MS);
    if (code === 'timeout') {
      console.warn('skipped: tsx did not finish within the budget on this machine');
      return;
    }
    expect(code).toBe(78);
    expect(started.output()).toContain('Configuration error: PORT must be a whole number from 0 to 65535 (unset means 3000), got "abc"\n');
    expect(started.output()).toContain('Configuration error: SMTP_URL must be a URL starting with smtp:// or smtps:// (unset means mail is written to $DATA_DIR/outbox), got "nonsense"\n');
    expect(started.output()).toContain('Configuration error: STAMP_COOLDOWN_MINUTES must be a whole number from 0 to 1440 (unset means 10), got "-1"\n');
    expect(started.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('starts on SQLite in DATA_DIR, answers /api/health, and exits 0 soon after SIGTERM', async () => {
    const running = await startHealthyServer();
    if (!running) return;
    const { started } = running;
    expect(fs.existsSync(path.join(dataDir, 'stampwise.db'))).toBe(true);

    const signalledAt = Date.now();
    started.child.kill('SIGTERM');
    const code = await withTimeout(started.exited, 10_000);
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(started.output()).not.toMatch(/unhandled|Error:/);
  });

  it('answers a request in flight at SIGTERM, then exits 0 at once rather than at the 10 s deadline', async () => {
    const running = await startHealthyServer();
    if (!running) return;
    const { port, started } = running;

    // A keep-alive request the server has begun (it read the headers and waits for the body) when SIGTERM comes.
    const connection = await connectRaw(port);
    const request = await startJsonPost(connection, '/api/auth/forgot-password', { email: 'nobody@example.test' });
    const signalledAt = Date.now();
    started.child.kill('SIGTERM');
    // The stop is under way once the server refuses new connections; the request is still waiting for its body.
    while (await acceptsConnections(port)) {
      if (Date.now() - signalledAt > 5000) throw new Error(`still listening 5 s after SIGTERM:\n${started.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    request.sendBody();
    expect(await withTimeout(connection.until(answered(202)), 5000)).not.toBe('timeout');

    const code = await withTimeout(started.exited, 15_000);
    // On a failure, the server's own last words say what held the stop up.
    expect({ code, lastWords: code === 0 ? '' : started.output().slice(-2000) }).toEqual({ code: 0, lastWords: '' });
    // STOP_DEADLINE_MS is 10 s: the stop ends as soon as the answered connection is let go of.
    expect(Date.now() - signalledAt).toBeLessThan(5000);
  });

  it('says in one line that PostgreSQL cannot be reached, and where, then exits non-zero', async () => {
    const port = await freePort(); // nothing listens there
    const started = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: `postgres://app:secret@127.0.0.1:${port}/stampwise` });
    children.push(started.child);
    const code = await withTimeout(started.exited, STARTUP_BUDGET_MS);
    if (code === 'timeout') {
      console.warn('skipped: tsx did not finish within the budget on this machine');
      return;
    }
    expect(code).toBe(1);
    expect(started.output().trim()).toBe(`Stampwise could not start: cannot reach PostgreSQL at 127.0.0.1:${port}: connection refused`);
  });

  it('honours SIGTERM while waiting for a database that accepts connections but never answers', async () => {
    const silent = await startSilentDatabase();
    const { port } = silent;
    try {
      const started = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: `postgres://app:secret@127.0.0.1:${port}/stampwise`, DB_CONNECT_TIMEOUT_MS: '60000' });
      children.push(started.child);
      const deadline = Date.now() + STARTUP_BUDGET_MS;
      while (silent.accepted() === 0 && Date.now() < deadline && started.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
      if (silent.accepted() === 0) {
        console.warn('skipped: the server did not reach the database within the budget on this machine');
        return;
      }
      const signalledAt = Date.now();
      started.child.kill('SIGTERM');
      const code = await withTimeout(started.exited, 5000);
      expect(code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(started.output()).toContain('SIGTERM received during start-up: stopping');
    } finally {
      await silent.close();
    }
  });

  it('gives up on a silent database after DB_CONNECT_TIMEOUT_MS with one line, instead of hanging', async () => {
    const silent = await startSilentDatabase();
    const { port } = silent;
    try {
      const started = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: `postgres://app:secret@127.0.0.1:${port}/stampwise`, DB_CONNECT_TIMEOUT_MS: '1000' });
      children.push(started.child);
      const code = await withTimeout(started.exited, STARTUP_BUDGET_MS);
      if (code === 'timeout') {
        console.warn('skipped: tsx did not finish within the budget on this machine');
        return;
      }
      expect(code).toBe(1);
      expect(started.output().trim()).toBe(`Stampwise could not start: cannot reach PostgreSQL at 127.0.0.1:${port}: no answer in time, or the connection was cut (is PostgreSQL listening on that port?)`);
    } finally {
      await silent.close();
    }
  });
});
