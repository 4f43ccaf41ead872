// The pid file a server keeps in its data directory while it runs, so `npm run restore` can tell a
// database in use from one at rest. A file left by a killed server names a process that is gone (or a
// process that is not Stampwise, once the pid is reused), and counts as no server.
import fs from 'node:fs';
import path from 'node:path';

export const PID_FILE = 'stampwise.pid';

export function pidFilePath(dataDir: string): string {
  return path.join(dataDir, PID_FILE);
}

/** Writes this process's pid; the returned function removes it again (only if it is still ours). */
export function holdDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = pidFilePath(dataDir);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The pid of another live Node process that holds the data directory, or undefined when none does. */
export function serverHoldingDataDir(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFilePath(dataDir), 'utf8').trim(), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user, which still means it runs.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  // A reused pid (a container restarted, a long uptime) belongs to some other program: only Node counts.
  try {
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node/i.test(commandLine)) return undefined;
  } catch {
    // no /proc (macOS): the live pid is taken at its word
  }
  return pid;
}
