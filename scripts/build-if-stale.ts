// `npm start`'s first step: builds the app only when its sources or dependencies changed since the last build,
// so a restart of a counter PC serves within seconds instead of waiting for webpack.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_INDEX, CUSTOMER_INDEX, SERVER_ENTRY } from './build-output';
import { buildOutputProblems } from './check-build-output';

const ROOT = path.resolve(__dirname, '..');
const STAMP_FILE = path.join(ROOT, 'dist', '.build-stamp');
/** What the build reads: the sources, their configuration, and what npm installed. */
const INPUT_DIRS = ['src', 'public', 'server'];
/** The README's screenshots sit in public/ but the build leaves them out, so retaking them needs no rebuild. */
const NOT_INPUTS = [path.join('public', 'screenshots')];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'webpack.config.ts', 'node_modules/.package-lock.json'];
/** What the build writes: both must exist for the stamp to mean anything. */
const OUTPUTS = [CLIENT_INDEX, CUSTOMER_INDEX, SERVER_ENTRY];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** One hash over every input's path and bytes: a touched-but-unchanged file does not trigger a rebuild. */
export function inputsHash(root = ROOT): string {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(root, dir)))
      .filter((file) => !NOT_INPUTS.some((dir) => path.relative(root, file).startsWith(dir + path.sep))),
    ...INPUT_FILES.map((file) => path.join(root, file)).filter((file) => fs.existsSync(file)),
  ].sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function buildIsCurrent(root = ROOT): boolean {
  if (!OUTPUTS.every((output) => fs.existsSync(path.join(root, output)))) return false;
  const stampFile = path.join(root, 'dist', '.build-stamp');
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === inputsHash(root);
}

function main(): void {
  if (process.env.FORCE_BUILD !== '1' && buildIsCurrent()) {
    console.log('Build is current: starting the server.');
    return;
  }
  console.log('Sources or dependencies changed since the last build: building the app (about a minute)…');
  const hashBefore = inputsHash();
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
  const problems = buildOutputProblems();
  if (problems.length > 0) {
    console.error(`The build did not write what npm start runs; the server was not started:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  // Stamp what was built from: an edit made during the build leaves the stamp stale, so the next start rebuilds.
  fs.writeFileSync(STAMP_FILE, `${hashBefore}\n`);
}

if (require.main === module) main();
