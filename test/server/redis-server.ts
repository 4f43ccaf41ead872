// A private redis-server (Debian's binary) on a random loopback port, for tests that stop and restart
// Redis. Nothing is saved to disk; the process is stopped by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../support/free-port';

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN || 'redis-server';

export function hasRedisServer(): boolean {
  return spawnSync(REDIS_SERVER_BIN, ['--version'], { stdio: 'ignore' }).status === 0;
}


async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(REDIS_SERVER_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
