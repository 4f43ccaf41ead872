// `npm run dev`: the API server with reload and the webpack dev server side by side. The dev server proxies
// /api to the API's PORT, and the API puts the dev server's address in mail links and QR codes, so a link a
// developer clicks opens the page they are working on, not the last production build.
import { spawn, type ChildProcess } from 'node:child_process';

type Env = Record<string, string | undefined>;

export interface DevProcess {
  name: string;
  command: string[];
  env: Env;
}

/** The two processes of the dev pair and the address to open, from the caller's environment. */
export function devProcesses(env: Env): { url: string; processes: DevProcess[] } {
  const apiPort = env.PORT?.trim() || '3000';
  const devPort = env.DEV_PORT?.trim() || '5173';
  const url = env.PUBLIC_URL?.trim() || `http://localhost:${devPort}`;
  return {
    url,
    processes: [
      { name: 'api', command: ['npx', 'tsx', 'watch', 'server/main.ts'], env: { ...env, PORT: apiPort, PUBLIC_URL: url } },
      { name: 'web', command: ['npx', 'webpack', 'serve', '--mode', 'development'], env: { ...env, PORT: apiPort, DEV_PORT: devPort } },
    ],
  };
}

function main(): void {
  const { url, processes } = devProcesses(process.env);
  const children: ChildProcess[] = processes.map(({ command: [program, ...args], env }) => spawn(program, args, { stdio: 'inherit', env }));
  console.log(`Stampwise dev: open ${url}`);

  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    process.exitCode = code;
  };
  // One of the pair ending (a crash, a port in use) ends the other: half a dev setup only confuses.
  for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
}

if (require.main === module) main();
