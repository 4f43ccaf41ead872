// A backup of a SQLite deployment: `<backupDir>/<timestamp>/` holding `stampwise.db` (an online-backup
// snapshot), `files/` (everything else in the data directory, such as the mail outbox; logos, covers
// and menu files live in the database) and `manifest.json`. A backup is written under a `.partial`
// name and renamed when complete, so a directory without that suffix is always a whole backup.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backupSqliteFile, checkSqliteIntegrity } from './sqlite-backup';
import { PID_FILE, serverHoldingDataDir } from './data-dir-lock';

/** Owner only: a backup, and a database moved aside by a restore, hold the session secret and customers' e-mails. */
const PRIVATE_DIR_MODE = 0o700;

export const DATABASE_FILE = 'stampwise.db';
const FILES_DIR = 'files';
const MANIFEST_FILE = 'manifest.json';
const PARTIAL_SUFFIX = '.partial';
/** A restore moves the database it replaces into `<dataDir>/replaced-<time>/` (same file system, so a rename). */
const REPLACED_PREFIX = 'replaced-';
/** Backup folder names: an ISO time with ':' and '.' replaced, so they sort by age and suit every file system. */
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export interface BackupPlace {
  dataDir: string;
  /** Where backups go (default `<dataDir>/backups`). */
  backupDir: string;
}

export interface Manifest {
  createdAt: string;
  database: string;
  pages: number;
  files: string[];
  /** SHA-256 of the backup's database file, hex; backups made before it was recorded have none. */
  sha256?: string;
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

function backupName(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/** Names at the top of a data directory that are the database's, the running server's or a restore's own. */
const RESERVED_TOP_NAMES = new Set([DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`, PID_FILE]);

function isReservedTopName(name: string): boolean {
  return RESERVED_TOP_NAMES.has(name) || name.startsWith(REPLACED_PREFIX) || name.startsWith(`${DATABASE_FILE}.`);
}

/** Whether `full` is the backup directory or inside it. */
function isInside(full: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(full));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Files of the data directory that belong in a backup: not the database itself, its journal, the pid file or backups. */
function dataFiles(dataDir: string, backupDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const name = path.join(relative, entry.name);
      if (relative === '' && isReservedTopName(entry.name)) continue;
      if (path.resolve(full) === path.resolve(backupDir)) continue;
      if (entry.isDirectory()) walk(full, name);
      else if (entry.isFile()) found.push(name);
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir, '');
  return found;
}

/** Read as a stream: a scheduled backup's hash never holds the server's event loop for a whole database. */
async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The same, read in chunks without a stream, for the restore (a command of its own, synchronous throughout). */
function sha256OfFileSync(file: string): string {
  const hash = crypto.createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = fs.openSync(file, 'r');
  try {
    for (let read = fs.readSync(fd, chunk); read > 0; read = fs.readSync(fd, chunk)) hash.update(chunk.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * The checksum the backup's manifest records for its database; undefined for a bare database file or a backup
 * made before checksums were recorded. A manifest that cannot be read is refused: a whole backup always has one.
 */
function recordedChecksum(sourceDb: string): string | undefined {
  const manifestFile = path.join(path.dirname(sourceDb), MANIFEST_FILE);
  if (path.basename(sourceDb) !== DATABASE_FILE || !fs.existsSync(manifestFile)) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new RestoreRefused(`${manifestFile} is not readable JSON: the backup is damaged or was changed by hand`);
  }
  const sha256 = (manifest as { sha256?: unknown } | null)?.sha256;
  if (sha256 === undefined) return undefined;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) throw new RestoreRefused(`${manifestFile} records no valid checksum of the database`);
  return sha256;
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Takes a backup of `place.dataDir`'s database and files; resolves with the backup's directory. */
export async function takeBackup(place: BackupPlace, now: Date = new Date()): Promise<string> {
  const source = path.join(place.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new Error(`there is no database to back up at ${source}`);
  fs.mkdirSync(place.backupDir, { recursive: true });
  const name = backupName(now);
  const partial = path.join(place.backupDir, `${name}${PARTIAL_SUFFIX}`);
  const finished = path.join(place.backupDir, name);
  if (fs.existsSync(finished)) throw new Error(`a backup named ${name} already exists`);
  fs.rmSync(partial, { recursive: true, force: true });
  // chmod as well: mkdir's mode passes through the umask.
  fs.mkdirSync(partial, { mode: PRIVATE_DIR_MODE });
  fs.chmodSync(partial, PRIVATE_DIR_MODE);
  try {
    const pages = await backupSqliteFile(source, path.join(partial, DATABASE_FILE));
    fsyncFile(path.join(partial, DATABASE_FILE));
    const files = dataFiles(place.dataDir, place.backupDir);
    for (const file of files) {
      const target = path.join(partial, FILES_DIR, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.copyFileSync(path.join(place.dataDir, file), target);
      } catch (error) {
        // A file removed between the listing and the copy (an outbox mail taken away) is not an error.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const manifest: Manifest = { createdAt: now.toISOString(), database: DATABASE_FILE, pages, files, sha256: await sha256OfFile(path.join(partial, DATABASE_FILE)) };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, finished);
    return finished;
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Whole backups in `backupDir`, oldest first. */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => BACKUP_NAME.test(name) && fs.existsSync(path.join(backupDir, name, MANIFEST_FILE)))
    .sort()
    .map((name) => path.join(backupDir, name));
}

/** Deletes all but the newest `keep` backups (and partial ones left by a crash); returns what it deleted. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const whole = listBackups(backupDir);
  const doomed = whole.slice(0, Math.max(0, whole.length - keep));
  if (fs.existsSync(backupDir)) {
    for (const name of fs.readdirSync(backupDir)) if (name.endsWith(PARTIAL_SUFFIX) && BACKUP_NAME.test(name.slice(0, -PARTIAL_SUFFIX.length))) doomed.push(path.join(backupDir, name));
  }
  for (const dir of doomed) fs.rmSync(dir, { recursive: true, force: true });
  return doomed;
}

/** The database file of a backup, given the backup's directory or the file itself. */
function backupDatabase(from: string): string {
  const resolved = path.resolve(from);
  if (!fs.existsSync(resolved)) throw new RestoreRefused(`there is no backup at ${resolved}`);
  return fs.statSync(resolved).isDirectory() ? path.join(resolved, DATABASE_FILE) : resolved;
}

export interface RestoreResult {
  /** Where the database (and its journal) that was replaced now lives, if there was one. */
  replacedInto: string | undefined;
}

/**
 * Puts the backup `from` back as `dataDir`'s database: refused while a server runs on the directory or
 * when the copy fails SQLite's integrity check. The database is copied next to its destination, checked
 * there, and renamed over it (one atomic step); the database it replaces, with its WAL, is moved aside
 * to `<dataDir>/replaced-<time>/`, never deleted.
 */
export function restoreBackup(place: BackupPlace, from: string, now: Date = new Date()): RestoreResult {
  const refuseIfRunning = () => {
    const pid = serverHoldingDataDir(place.dataDir);
    if (pid !== undefined) throw new RestoreRefused(`Stampwise is running on ${place.dataDir} (process ${pid}): stop it before restoring`);
  };
  refuseIfRunning();
  const sourceDb = backupDatabase(from);
  if (!fs.existsSync(sourceDb)) throw new RestoreRefused(`${path.dirname(sourceDb)} holds no ${DATABASE_FILE}`);
  const filesDir = path.join(path.dirname(sourceDb), FILES_DIR);
  const files = restorableFiles(filesDir, place);
  const checksum = recordedChecksum(sourceDb);
  fs.mkdirSync(place.dataDir, { recursive: true });
  const target = path.join(place.dataDir, DATABASE_FILE);
  const staged = `${target}.restoring`;
  fs.copyFileSync(sourceDb, staged);
  fsyncFile(staged);
  const integrity = checkSqliteIntegrity(staged);
  // The check opened the staged copy: a journal it may have left beside it must not follow it.
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${staged}${suffix}`, { force: true });
  if (integrity !== 'ok') {
    fs.rmSync(staged, { force: true });
    throw new RestoreRefused(`the backup ${sourceDb} failed its integrity check: ${integrity}`);
  }
  // After the integrity check (damage is named as such), on the copy that is put in place: a database changed
  // after the backup, however well-formed, is refused, and so is one changed while it was being copied.
  if (checksum !== undefined && sha256OfFileSync(staged) !== checksum) {
    fs.rmSync(staged, { force: true });
    throw new RestoreRefused(`the backup ${sourceDb} does not match the checksum its manifest records: it was changed or damaged after the backup`);
  }
  refuseIfRunning();

  let replacedInto: string | undefined;
  const current = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`].filter((name) => fs.existsSync(path.join(place.dataDir, name)));
  if (current.length > 0) {
    replacedInto = path.join(place.dataDir, `${REPLACED_PREFIX}${backupName(now)}`);
    fs.mkdirSync(replacedInto, { recursive: true, mode: PRIVATE_DIR_MODE });
    fs.chmodSync(replacedInto, PRIVATE_DIR_MODE);
    // The old WAL goes first: left beside the restored file, SQLite would replay it into it.
    for (const name of [...current].reverse()) fs.renameSync(path.join(place.dataDir, name), path.join(replacedInto, name));
  }
  fs.renameSync(staged, target);
  const dirFd = fs.openSync(place.dataDir, 'r');
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }

  for (const file of files) {
    const target = path.join(place.dataDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(filesDir, file), target);
  }
  return { replacedInto };
}

/**
 * The files a backup's `files/` puts back into the data directory, checked before anything changes. A backup
 * only ever holds plain files and folders under names a backup takes (the outbox), so a backup that holds
 * anything else was made by hand and is refused: a database, journal or pid file there would land over the
 * checked database (or be replayed into it) unchecked, a `replaced-…` folder or the backups' own folder over
 * what earlier restores moved aside, and a symbolic link would leave the data directory pointing wherever it
 * names (the server then writes its outbox mail through it).
 */
function restorableFiles(filesDir: string, place: BackupPlace): string[] {
  let top: fs.Stats;
  try {
    top = fs.lstatSync(filesDir);
  } catch {
    return [];
  }
  if (!top.isDirectory()) throw new RestoreRefused(`${filesDir} is not a folder (a symbolic link or another kind of file): a backup never holds one`);
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      const full = path.join(dir, entry.name);
      if (relative === '' && isReservedTopName(entry.name)) throw new RestoreRefused(`${full} would replace the data directory's own ${entry.name}: a backup never holds one`);
      if (isInside(path.join(place.dataDir, name), place.backupDir)) throw new RestoreRefused(`${full} would land among the backups in ${place.backupDir}: a backup never holds one`);
      if (entry.isDirectory()) walk(full, name);
      else if (entry.isFile()) found.push(name);
      else throw new RestoreRefused(`${full} is a symbolic link or another special file: a backup holds plain files only`);
    }
  };
  walk(filesDir, '');
  return found;
}
