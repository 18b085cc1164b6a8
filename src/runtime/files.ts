// The one way Occam creates files and state directories (issue 30). Every new file is opened with
// O_CREAT|O_EXCL|O_NOFOLLOW under a random name beside its target and then renamed over it, so a symlink, FIFO or
// file another user planted at the target (or at a predictable temp name) is replaced, never written through or
// blocked on. State directories are created owner-only, and one that already exists but belongs to another user
// or is writable by group/other is refused: whoever can write there could plant what Occam later trusts.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, fstatSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OccamError } from '../contract/failures.ts';

/** Owner-only modes for everything under the state root, the cache and the job store. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Permission bits that let someone other than the owner add, replace or remove entries. */
const FOREIGN_WRITE_BITS = 0o022;
const TEMP_NAME_BYTES = 8;
const ROOT_UID = 0;
export const TEMP_SUFFIX = '.occam-tmp';

// O_NOFOLLOW is absent on Windows; O_EXCL alone already refuses an existing name there, links included.
const EXCLUSIVE_CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface ExclusiveTemp {
  fd: number;
  path: string;
}

/**
 * A new, empty file in `dir` that nobody else can have prepared: random name, exclusive create, no link followed.
 * `suffix` lets callers keep a recognisable name for leftovers of a killed write.
 */
export function openExclusiveTemp(dir: string, mode: number, suffix = TEMP_SUFFIX): ExclusiveTemp {
  const path = join(dir, `.${randomBytes(TEMP_NAME_BYTES).toString('hex')}${suffix}`);
  return { fd: openSync(path, EXCLUSIVE_CREATE, mode), path };
}

export interface ReplaceFileOptions {
  /** Mode of the new file (default 0600); applied after creation so the umask cannot narrow or widen it. */
  mode?: number;
  /** Create missing parent directories owner-only (default true). */
  createParents?: boolean;
}

/** Writes `bytes` into a fresh exclusive temp file in `dir` (fsynced, `mode`); returns its path. */
export function writeExclusiveTemp(dir: string, bytes: Buffer | string, mode = PRIVATE_FILE_MODE, suffix = TEMP_SUFFIX): string {
  const temp = openExclusiveTemp(dir, mode, suffix);
  try {
    try {
      const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
      for (let off = 0; off < data.length; ) off += writeSync(temp.fd, data, off, data.length - off);
      fsyncSync(temp.fd);
    } finally {
      closeSync(temp.fd);
    }
    if (process.platform !== 'win32') chmodSync(temp.path, mode);
  } catch (err) {
    rmSync(temp.path, { force: true });
    throw err;
  }
  return temp.path;
}

/**
 * Writes `bytes` to `target` through an exclusive temp file + fsync + rename. Whatever sat at `target` (a file,
 * a planted symlink, a FIFO) is replaced by the rename, never opened.
 */
export function replaceFileExclusive(target: string, bytes: Buffer | string, opts: ReplaceFileOptions = {}): void {
  const dir = dirname(target);
  if (opts.createParents !== false) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const temp = writeExclusiveTemp(dir, bytes, opts.mode ?? PRIVATE_FILE_MODE);
  try {
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * A database file for an engine that creates its own files (SQLite): the directory is made private (or checked)
 * and the file created empty and owner-only before the engine opens it, so it never starts out world-readable.
 * SQLite gives its -wal and -shm files the database file's mode.
 */
export function preparePrivateDbFile(path: string, what: string, elsewhere?: string): void {
  ensurePrivateDir(dirname(path), what, elsewhere);
  try {
    closeSync(openSync(path, EXCLUSIVE_CREATE, PRIVATE_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

// Non-blocking so a FIFO is refused at once (ENXIO without a reader) instead of hanging the writer.
const APPEND_PRIVATE = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * An owner-only append descriptor: a new file when `mustBeNew` (O_EXCL), else the regular file at `path` or a new
 * one. Never a link (O_NOFOLLOW) and never anything but a regular file.
 */
export function openPrivateAppend(path: string, mustBeNew: boolean): number {
  const fd = openSync(path, APPEND_PRIVATE | (mustBeNew ? constants.O_EXCL : 0), PRIVATE_FILE_MODE);
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new Error(`${path} is not a regular file`);
  }
  return fd;
}

const currentUid = (): number | null => (typeof process.geteuid === 'function' ? process.geteuid() : null);

/**
 * Why `dir` (which exists) may not hold Occam's state, or null when it may: another owner, or writable by group or
 * other. Windows relies on the profile's ACLs (no POSIX owner or mode to compare).
 */
export function unsafeDirReason(dir: string, uid = currentUid()): string | null {
  if (uid === null || process.platform === 'win32') return null;
  const st = statSync(dir);
  if (!st.isDirectory()) return `${dir} is not a directory`;
  // root can replace anything anyway, so a root-owned directory others cannot write to (a mounted volume) is fine.
  if (st.uid !== uid && st.uid !== ROOT_UID) return `${dir} is owned by uid ${st.uid}, not by this user (uid ${uid})`;
  if ((st.mode & FOREIGN_WRITE_BITS) !== 0) return `${dir} is writable by group or other (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

/**
 * Throws `state_dir_unsafe`, naming the fix, when the existing `dir` belongs to another user or others may write
 * to it. `elsewhere` says how to point Occam at another directory (an env variable, when there is one).
 */
export function assertSafeDir(dir: string, what: string, elsewhere = 'point Occam at another directory'): void {
  const reason = unsafeDirReason(dir);
  if (!reason) return;
  throw new OccamError(
    'state_dir_unsafe',
    `Refusing the ${what}: ${reason}. Fix: \`chmod 700 ${dir}\` if it is yours; otherwise remove it or ${elsewhere}.`,
    { reason },
  );
}

/** Creates `dir` (and missing parents) owner-only, or checks the one that exists (assertSafeDir). */
export function ensurePrivateDir(dir: string, what = 'state directory', elsewhere?: string): string {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  assertSafeDir(dir, what, elsewhere);
  // An own directory an older version left readable by others (0755) is narrowed: its files are private. A
  // root-owned one (a mounted volume) is left as root made it.
  const st = statSync(dir);
  if (process.platform !== 'win32' && st.uid === currentUid() && (st.mode & 0o077) !== 0) chmodSync(dir, PRIVATE_DIR_MODE);
  return dir;
}
