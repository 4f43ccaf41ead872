// `npm run dev`: the API server with reload and the webpack dev server side by side. The dev server proxies
// /api to the API's PORT, and the API puts the dev server's address in mail links and QR codes, so a link a
// developer clicks opens the page they are working on, not the last production build.
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.PORT?.trim() || '3000';
const devPort = process.env.DEV_PORT?.trim() || '5173';
const devUrl = process.env.PUBLIC_URL?.trim() || `http://localhost:${devPort}`;

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, PUBLIC_URL: devUrl } }),
  spawn('npx', ['webpack', 'serve', '--mode', 'development'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, DEV_PORT: devPort } }),
];

console.log(`Stampwise dev: open ${devUrl} (API on port ${apiPort})`);

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
