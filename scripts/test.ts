// `npm test`: the linter, the type check and the architecture check, one after another, beside the client and
// server jest projects. jest alone keeps only one of two cores busy for part of its run, and the checks are
// a minute of CPU on their own: side by side, the whole takes about the longer of the two instead of their sum.
// jest's output streams as it comes; each check's output is printed whole when it ends, so lines never
// interleave. Arguments go to jest (`npm test -- --ci --json --outputFile=…`). Exit code 1 if anything failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const started = Date.now();
const elapsedSeconds = (since: number): number => Math.round((Date.now() - since) / 1000);

/** Runs a command, its output either passed through as it comes or kept and printed whole at the end. */
function run(name: string, command: string, args: string[], stream: boolean, env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, note = '') => {
      const outcome = { name, ok, seconds: elapsedSeconds(since) };
      if (!stream) {
        const text = Buffer.concat(output).toString().trimEnd();
        process.stdout.write(`\n=== ${name}: ${ok ? 'passed' : 'FAILED'} (${outcome.seconds} s)${note}\n${text ? `${text}\n` : ''}`);
      }
      resolve(outcome);
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

/**
 * The checks run in turn: each is CPU-bound, and jest already has both cores for most of its run. Each runs its
 * package.json script line through the shell as npm would, with node_modules/.bin first on the PATH, but without
 * starting npm for it (about 0.17 CPU-s a check).
 */
async function checks(): Promise<Outcome[]> {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const env = { ...process.env, PATH: [path.resolve('node_modules', '.bin'), process.env.PATH].join(path.delimiter) };
  const outcomes: Outcome[] = [];
  for (const script of ['lint', 'typecheck', 'check:architecture']) {
    outcomes.push(await run(`npm run ${script}`, 'sh', ['-c', scripts[script]], false, env));
  }
  return outcomes;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // jest's default leaves a core to its own process, which mostly waits: a worker per core keeps both busy
  // once the checks are done.
  const workers = args.some((arg) => /^(--maxWorkers|-w|--runInBand$|-i$)/.test(arg)) ? [] : [`--maxWorkers=${os.availableParallelism()}`];
  const jestArgs = [...workers, ...args, '--selectProjects', 'client', 'server'];
  const [jest, checkOutcomes] = await Promise.all([run('jest', path.join('node_modules', '.bin', 'jest'), jestArgs, true), checks()]);
  const outcomes = [...checkOutcomes, jest];
  const failed = outcomes.filter((outcome) => !outcome.ok);
  console.log(`\n=== npm test: ${failed.length === 0 ? 'passed' : `FAILED (${failed.map((outcome) => outcome.name).join(', ')})`} in ${elapsedSeconds(started)} s`);
  for (const outcome of outcomes) console.log(`  ${outcome.ok ? '✔' : '✘'} ${outcome.name} (${outcome.seconds} s)`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

void main();
