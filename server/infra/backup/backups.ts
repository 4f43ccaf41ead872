// A backup of a SQLite deployment: `<backupDir>/<timestamp>/` holding `stampwise.db` (an online-backup
// snapshot), `files/` (everything else in the data directory, such as the mail outbox; logos, covers
// and menu files live in the database) and `manifest.json`. A backup is written under a `.partial`
// name and renamed when complete, so a directory without that suffix is always a whole backup.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../../src/api/contract/limits';
import { migrationNames } from '../../db/migrations';
import { appliedMigrations, backupSqliteFile, checkSqliteIntegrity, settleJournal } from './sqlite-backup';
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
  /** The migrations the database had run, oldest first; backups made before it was recorded have none. */
  migrations?: string[];
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

/** What a restore checks in the backup's manifest. */
interface RecordedFacts {
  sha256: string | undefined;
  migrations: string[] | undefined;
}

/**
 * The checksum and migrations the backup's manifest records for its database; none for a bare database file or a
 * backup made before they were recorded. A manifest that cannot be read is refused: a whole backup always has one.
 */
function recordedFacts(sourceDb: string): RecordedFacts {
  const manifestFile = path.join(path.dirname(sourceDb), MANIFEST_FILE);
  if (path.basename(sourceDb) !== DATABASE_FILE || !fs.existsSync(manifestFile)) return { sha256: undefined, migrations: undefined };
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new RestoreRefused(`${manifestFile} is not readable JSON: the backup is damaged or was changed by hand`);
  }
  const { sha256, migrations } = (manifest ?? {}) as { sha256?: unknown; migrations?: unknown };
  if (sha256 !== undefined && (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256))) throw new RestoreRefused(`${manifestFile} records no valid checksum of the database`);
  if (migrations !== undefined && (!Array.isArray(migrations) || !migrations.every((name) => typeof name === 'string'))) {
    throw new RestoreRefused(`${manifestFile} records no valid list of migrations`);
  }
  return { sha256, migrations: migrations as string[] | undefined };
}

/** Refuses a database that has run migrations this build does not know: it was made by a newer Stampwise. */
function refuseIfNewer(applied: readonly string[]): void {
  const known = new Set(migrationNames());
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `this backup was made by a newer version of Stampwise: update first (its database has run ${unknown.length === 1 ? 'a migration' : `${unknown.length} migrations`} this version does not know: ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''})`,
    );
  }
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
    const copied = path.join(partial, DATABASE_FILE);
    const migrations = appliedMigrations(copied);
    // Reading the copy (a WAL-mode file, as its source) leaves an empty journal beside it; the copy is whole without it.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${copied}${suffix}`, { force: true });
    const manifest: Manifest = { createdAt: now.toISOString(), database: DATABASE_FILE, pages, files, sha256: await sha256OfFile(copied), migrations };
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

/**
 * How much a backup's `files/` may put into the data directory. A backup holds the outbox's mail there, a few
 * kilobytes each; these bounds keep a crafted backup (a huge file, a sparse one that only claims a size,
 * millions of entries) from filling the disk or the restore's memory, and are checked before anything is written.
 */
export interface RestoreLimits {
  /** Files and folders, counted together (RESTORE_MAX_FILES). */
  maxEntries: number;
  /** Bytes of any one file (RESTORE_MAX_FILE_MB): the largest body the app itself accepts. */
  maxFileBytes: number;
  /** Bytes of all the files together (RESTORE_MAX_TOTAL_MB). */
  maxTotalBytes: number;
}

const MEGABYTE = 1024 * 1024;

export const DEFAULT_RESTORE_LIMITS: RestoreLimits = { maxEntries: 100_000, maxFileBytes: MAX_UPLOAD_BYTES, maxTotalBytes: 1024 * MEGABYTE };

export interface RestoreOptions {
  now?: Date;
  limits?: RestoreLimits;
  /** Bytes free to this process on the file system holding `dir` (tests stand in a nearly full disk). */
  freeBytes?: (dir: string) => number;
}

export interface RestoreResult {
  /** Where the database (and its journal) that was replaced now lives, if there was one. */
  replacedInto: string | undefined;
}

const megabytes = (bytes: number): string => `${(bytes / MEGABYTE).toFixed(bytes < 10 * MEGABYTE ? 1 : 0)} MB`;

function freeBytesOf(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** `dir`, or its nearest folder that exists (a restore into a data directory not made yet). */
function nearestExisting(dir: string): string {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Puts the backup `from` back as `dataDir`'s database, or refuses and changes nothing: while a server runs on
 * the directory, when the backup's files break the limits or do not fit on the disk, when the copy fails SQLite's
 * integrity check or its checksum, when it was made by a newer Stampwise. Everything is copied into the data
 * directory and checked there first; then the current database is kept in `<dataDir>/replaced-<time>/` and the
 * checked copy renamed over it (one atomic step), so a restore cut off at any point leaves the old database or
 * the new one, never neither; last, the staged files are moved into place.
 */
export function restoreBackup(place: BackupPlace, from: string, options: RestoreOptions = {}): RestoreResult {
  const now = options.now ?? new Date();
  const limits = options.limits ?? DEFAULT_RESTORE_LIMITS;
  const refuseIfRunning = () => {
    const pid = serverHoldingDataDir(place.dataDir);
    if (pid !== undefined) throw new RestoreRefused(`Stampwise is running on ${place.dataDir} (process ${pid}): stop it before restoring`);
  };
  refuseIfRunning();
  const sourceDb = backupDatabase(from);
  if (!fs.existsSync(sourceDb)) throw new RestoreRefused(`${path.dirname(sourceDb)} holds no ${DATABASE_FILE}`);
  // A pipe or a device would be read without end (or wait for a writer forever) instead of failing a check.
  if (!fs.statSync(sourceDb).isFile()) throw new RestoreRefused(`${sourceDb} is not a plain file (a pipe, a device or another special file): a backup's database always is one`);
  // Up front, from the manifest: a newer backup is refused before a byte is copied.
  const recorded = recordedFacts(sourceDb);
  if (recorded.migrations) refuseIfNewer(recorded.migrations);
  const filesDir = path.join(path.dirname(sourceDb), FILES_DIR);
  const files = restorableFiles(filesDir, place, limits);
  const filesBytes = files.reduce((sum, file) => sum + file.size, 0);
  const databaseBytes = fs.statSync(sourceDb).size;
  const free = (options.freeBytes ?? freeBytesOf)(nearestExisting(place.dataDir));
  if (databaseBytes + filesBytes > free) {
    throw new RestoreRefused(
      `the disk of ${place.dataDir} has ${megabytes(free)} free and the restore needs ${megabytes(databaseBytes + filesBytes)} (the database ${megabytes(databaseBytes)}, its files ${megabytes(filesBytes)}): free some space first`,
    );
  }

  fs.mkdirSync(place.dataDir, { recursive: true });
  const target = path.join(place.dataDir, DATABASE_FILE);
  const staged = `${target}.restoring`;
  // Under the database's own name, so a backup never takes it and a backup's files/ never lands on it.
  const stagedFiles = `${target}.restoring-files`;
  const dropStaged = () => {
    for (const file of [staged, `${staged}-wal`, `${staged}-shm`]) fs.rmSync(file, { force: true });
    fs.rmSync(stagedFiles, { recursive: true, force: true });
  };
  dropStaged();
  try {
    fs.copyFileSync(sourceDb, staged);
    fsyncFile(staged);
    const integrity = checkSqliteIntegrity(staged);
    if (integrity !== 'ok') throw new RestoreRefused(`the backup ${sourceDb} failed its integrity check: ${integrity}`);
    // After the integrity check (damage is named as such), on the copy that is put in place: a database changed
    // after the backup, however well-formed, is refused, and so is one changed while it was being copied.
    if (recorded.sha256 !== undefined && sha256OfFileSync(staged) !== recorded.sha256) {
      throw new RestoreRefused(`the backup ${sourceDb} does not match the checksum its manifest records: it was changed or damaged after the backup`);
    }
    // The database's own list decides for a bare database file or a manifest that records none.
    refuseIfNewer(appliedMigrations(staged));
    // The checks opened the staged copy: a journal they may have left beside it must not follow it.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${staged}${suffix}`, { force: true });
    stageFiles(filesDir, files, stagedFiles, limits);
    refuseIfRunning();
  } catch (error) {
    dropStaged();
    throw error;
  }

  let replacedInto: string | undefined;
  const journals = [`${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`];
  if (fs.existsSync(target) || journals.some((name) => fs.existsSync(path.join(place.dataDir, name)))) {
    replacedInto = path.join(place.dataDir, `${REPLACED_PREFIX}${backupName(now)}`);
    fs.mkdirSync(replacedInto, { recursive: true, mode: PRIVATE_DIR_MODE });
    fs.chmodSync(replacedInto, PRIVATE_DIR_MODE);
    // The current WAL goes into the database file first: left beside the restored file, SQLite would replay it
    // into it, and moved away before the swap, a restore cut off there would leave the database without it.
    if (fs.existsSync(target)) settleJournal(target);
    if (fs.existsSync(target)) keepAside(target, path.join(replacedInto, DATABASE_FILE));
    // What is left of a journal (a database SQLite could not open) is kept beside it, as it was.
    for (const name of [...journals].reverse()) {
      if (fs.existsSync(path.join(place.dataDir, name))) fs.renameSync(path.join(place.dataDir, name), path.join(replacedInto, name));
    }
    fsyncDir(replacedInto);
  }
  fs.renameSync(staged, target);
  fsyncDir(place.dataDir);

  for (const file of files) {
    const destination = path.join(place.dataDir, file.name);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    fs.renameSync(path.join(stagedFiles, file.name), destination);
  }
  fs.rmSync(stagedFiles, { recursive: true, force: true });
  return { replacedInto };
}

/** A second name for the current database in `replacedInto`, leaving it in place until the restored copy replaces it. */
function keepAside(database: string, aside: string): void {
  try {
    fs.linkSync(database, aside);
  } catch {
    // A file system without hard links: a copy, made before anything is replaced all the same.
    fs.copyFileSync(database, aside);
    fsyncFile(aside);
  }
}

interface RestorableFile {
  /** The path under `files/` (and under the data directory). */
  name: string;
  size: number;
}

/**
 * The files a backup's `files/` puts back into the data directory, checked before anything changes. A backup
 * only ever holds plain files and folders under names a backup takes (the outbox), so a backup that holds
 * anything else was made by hand and is refused: a database, journal or pid file there would land over the
 * checked database (or be replayed into it) unchecked, a `replaced-…` folder or the backups' own folder over
 * what earlier restores moved aside, and a symbolic link would leave the data directory pointing wherever it
 * names (the server then writes its outbox mail through it). Past the limits it is refused too, read no further
 * than the limit (a folder of millions of entries is not listed whole).
 */
function restorableFiles(filesDir: string, place: BackupPlace, limits: RestoreLimits): RestorableFile[] {
  let top: fs.Stats;
  try {
    top = fs.lstatSync(filesDir);
  } catch {
    return [];
  }
  if (!top.isDirectory()) throw new RestoreRefused(`${filesDir} is not a folder (a symbolic link or another kind of file): a backup never holds one`);
  const found: RestorableFile[] = [];
  let entries = 0;
  let total = 0;
  const walk = (dir: string, relative: string) => {
    const listing = fs.opendirSync(dir);
    try {
      for (let entry = listing.readSync(); entry !== null; entry = listing.readSync()) {
        entries += 1;
        if (entries > limits.maxEntries) {
          throw new RestoreRefused(`${filesDir} holds more than ${limits.maxEntries} files and folders, the most a restore takes (RESTORE_MAX_FILES)`);
        }
        const name = path.join(relative, entry.name);
        const full = path.join(dir, entry.name);
        if (relative === '' && isReservedTopName(entry.name)) throw new RestoreRefused(`${full} would replace the data directory's own ${entry.name}: a backup never holds one`);
        if (isInside(path.join(place.dataDir, name), place.backupDir)) throw new RestoreRefused(`${full} would land among the backups in ${place.backupDir}: a backup never holds one`);
        if (entry.isDirectory()) walk(full, name);
        else if (entry.isFile()) {
          const { size } = fs.lstatSync(full);
          if (size > limits.maxFileBytes) {
            throw new RestoreRefused(`${full} is ${megabytes(size)} (${size} bytes), more than the ${megabytes(limits.maxFileBytes)} a restore takes for one file (RESTORE_MAX_FILE_MB)`);
          }
          total += size;
          if (total > limits.maxTotalBytes) {
            throw new RestoreRefused(`the files in ${filesDir} come to more than the ${megabytes(limits.maxTotalBytes)} a restore takes in all (RESTORE_MAX_TOTAL_MB)`);
          }
          found.push({ name, size });
        } else throw new RestoreRefused(`${full} is a symbolic link or another special file: a backup holds plain files only`);
      }
    } finally {
      listing.closeSync();
    }
  };
  walk(filesDir, '');
  return found;
}

const COPY_CHUNK_BYTES = MEGABYTE;

/**
 * Copies the checked files into `stagedDir`, each read as what it was when checked: never through a symbolic
 * link put in its place since, and no further than its size allowed (a file that grew meanwhile is refused).
 */
function stageFiles(filesDir: string, files: readonly RestorableFile[], stagedDir: string, limits: RestoreLimits): void {
  fs.mkdirSync(stagedDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const chunk = Buffer.alloc(COPY_CHUNK_BYTES);
  let total = 0;
  for (const file of files) {
    const source = path.join(filesDir, file.name);
    const destination = path.join(stagedDir, file.name);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    const input = fs.openSync(source, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const stats = fs.fstatSync(input);
      if (!stats.isFile()) throw new RestoreRefused(`${source} changed into a special file during the restore: a backup holds plain files only`);
      const output = fs.openSync(destination, 'wx', stats.mode & 0o777);
      try {
        let copied = 0;
        for (let read = fs.readSync(input, chunk); read > 0; read = fs.readSync(input, chunk)) {
          copied += read;
          total += read;
          if (copied > Math.min(file.size, limits.maxFileBytes) || total > limits.maxTotalBytes) {
            throw new RestoreRefused(`${source} grew during the restore: a backup must not change while it is restored`);
          }
          fs.writeSync(output, chunk, 0, read);
        }
        fs.fsyncSync(output);
      } finally {
        fs.closeSync(output);
      }
    } finally {
      fs.closeSync(input);
    }
  }
}
