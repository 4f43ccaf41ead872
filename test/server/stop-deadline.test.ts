// SIGTERM while requests wait on a PostgreSQL that stopped answering (a frozen host: its connections
// carry no more bytes). Waiting for them ran the stop past its 10 s deadline (exit 1), and the waiting
// clients got no answer; closing the pool and the live feed's connection politely hung as well. The stop
// now answers them 503 after a few seconds, names what was open, leaves hung connections behind, and
// exits 0 before the deadline. Runs with DATABASE_URL (the PostgreSQL pass); the real server is started
// through tsx as `npm start` would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';
import { startTcpProxy, type TcpProxy } from '../faults/tcp-proxy';

const ROOT = path.resolve(__dirname, '../..');
const STARTUP_BUDGET_MS = 45_000;
const databaseUrl = process.env.DATABASE_URL;

(databaseUrl ? describe : describe.skip)('SIGTERM while PostgreSQL stops answering', () => {
  let dataDir: string;
  let proxy: TcpProxy | undefined;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stampwise-stop-'));
  });
  afterEach(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every waiting request (503) and exits 0 within the 10 s deadline, naming what was open', async () => {
    const target = new URL(databaseUrl ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const port = await freePort();
    const { DATABASE_URL: _db, SMTP_URL: _smtp, REDIS_URL: _redis, ...inherited } = process.env;
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...inherited, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: path.join(dataDir, 'no-client'),
        DATABASE_URL: viaProxy.toString(),
        // Long enough that only the stop's own budget can end the waiting requests.
        DB_STATEMENT_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    server.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const startedBy = Date.now() + STARTUP_BUDGET_MS;
    let healthy = false;
    while (!healthy && Date.now() < startedBy && server.exitCode === null) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!healthy && server.exitCode === null) {
      console.warn(`skipped: the server did not start within ${STARTUP_BUDGET_MS} ms on this machine`);
      return;
    }
    if (!healthy) throw new Error(`the server exited before it was healthy (code ${String(server.exitCode)}):\n${output}`);

    proxy.freeze();
    // Three requests that each need the database: they wait on the frozen connections.
    const waiting = Array.from({ length: 3 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.test` }),
        signal: AbortSignal.timeout(20_000),
      }).then((r) => r.status, (error: Error) => `no answer (${error.name})`),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const code = await exited;
    const tookMs = Date.now() - signalledAt;

    expect({ code, lastWords: code === 0 ? '' : output.slice(-2000) }).toEqual({ code: 0, lastWords: '' });
    expect(tookMs).toBeLessThan(10_000);
    expect(await Promise.all(waiting)).toEqual([503, 503, 503]);
    // What held the stop up is named: the request still waiting, and the database pool left behind.
    expect(output).toMatch(/while stopping: after 6 s, \d request\(s\) in flight: POST \/api\/auth\/forgot-password \(\d+\.\d s\)/);
    expect(output).toContain('while stopping: the database did not close within');
  });
});
