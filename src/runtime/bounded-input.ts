// Every file or stdin Occam reads as input (receipts, records, transcripts, playbooks, URL lists, host configs,
// keys, certificates) goes through here: a byte cap per kind of input, and only a regular file — or, for stdin
// (`-`), a pipe, a redirected file or a terminal. A device, FIFO, socket or directory given as a path is refused
// before anything is read (opening a FIFO would wait for a writer; /dev/zero never ends), and a stream that goes
// past the cap fails as soon as it does, so memory stays bounded by the cap (issue 30: `occam verify /dev/zero`
// grew to 24 GB). Both failures are typed (`input_not_regular_file`, `input_too_large`).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { isatty } from 'node:tty';
import { OccamError } from '../contract/failures.ts';

const KIB = 1024;
const MIB = 1024 * KIB;

/** The byte cap of each kind of input, and how a message names it. */
export const INPUT_CAPS = {
  /** Receipts, capsules, receipt histories and manifests, the Markdown a receipt is checked against (verify, canary). */
  receipt: { bytes: 64 * MIB, what: 'a receipt, capsule, history or manifest' },
  /** Exam behaviour records and recorded session transcripts (exam grade, record, report). */
  transcript: { bytes: 256 * MIB, what: 'an exam record or transcript' },
  /** A playbook document (playbook lint, resolve, save, and the playbook store's files). */
  playbook: { bytes: 4 * MIB, what: 'a playbook' },
  /** A list of URLs (batch submit). */
  urlList: { bytes: 16 * MIB, what: 'a URL list' },
  /** Host and Occam configuration files, cookie and header files, session profiles, recorded-session metadata. */
  config: { bytes: 16 * MIB, what: 'a configuration file' },
  /** PEM keys, certificates (PEM or PFX) and release manifests. */
  key: { bytes: 1 * MIB, what: 'a key, certificate or manifest' },
} as const;

export type InputKind = keyof typeof INPUT_CAPS;

/** `-` names stdin wherever a verb takes an input path. */
export const STDIN_PATH = '-';

const STDIN_FD = 0;
// O_NONBLOCK: a FIFO swapped in after a check must not block the open; it is refused by the fstat that follows.
// (Absent on Windows, where a path cannot name a FIFO this way.)
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
const CHUNK = 64 * KIB;

const mib = (n: number): string => (n >= MIB ? `${+(n / MIB).toFixed(1)} MiB` : `${+(n / KIB).toFixed(1)} KiB`);
const label = (path: string): string => (path === STDIN_PATH ? 'stdin' : path);

function typeOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function notRegular(path: string, st: Stats, kind: InputKind): OccamError {
  return new OccamError('input_not_regular_file', `${label(path)} is ${typeOf(st)}; ${INPUT_CAPS[kind].what} is read from a regular file${kind === 'key' ? '' : ' or stdin (-)'}.`, {
    path,
  });
}

function tooLarge(path: string, kind: InputKind): OccamError {
  const cap = INPUT_CAPS[kind];
  return new OccamError('input_too_large', `${label(path)} is larger than the ${mib(cap.bytes)} cap on ${cap.what}.`, { path, capBytes: cap.bytes });
}

/** What stdin may be: a pipe, a redirected regular file, a socket, or a terminal — never a device like /dev/zero. */
function stdinAccepted(st: Stats): boolean {
  return st.isFile() || st.isFIFO() || st.isSocket() || (st.isCharacterDevice() && isatty(STDIN_FD));
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Reads `fd` to its end, failing once more than `cap` bytes arrive. A non-blocking pipe's EAGAIN waits briefly. */
function readAllSync(fd: number, cap: number, overCap: () => OccamError): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, cap + 1 - total));
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(sleeper, 0, 0, 10);
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'EOF') break; // Windows: a closed pipe
      throw err;
    }
    if (n === 0) break;
    total += n;
    if (total > cap) throw overCap();
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

/**
 * The bytes of `path` (`-`: stdin, unless `allowStdin` is false), at most the cap of `kind`. Throws OccamError
 * `input_not_regular_file` or `input_too_large`; IO errors (ENOENT, EACCES) pass through unchanged, so callers keep
 * their own "not found" wording.
 */
export function readBoundedFile(path: string, kind: InputKind, options: { allowStdin?: boolean } = {}): Buffer {
  const cap = INPUT_CAPS[kind].bytes;
  if (path === STDIN_PATH && options.allowStdin !== false) {
    const st = fstatSync(STDIN_FD);
    if (!stdinAccepted(st)) throw notRegular(path, st, kind);
    if (st.isFile() && st.size > cap) throw tooLarge(path, kind);
    return readAllSync(STDIN_FD, cap, () => tooLarge(path, kind));
  }
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegular(path, st, kind);
    if (st.size > cap) throw tooLarge(path, kind);
    return readAllSync(fd, cap, () => tooLarge(path, kind));
  } finally {
    closeSync(fd);
  }
}

/** readBoundedFile as UTF-8 text. */
export function readBoundedText(path: string, kind: InputKind, options: { allowStdin?: boolean } = {}): string {
  return readBoundedFile(path, kind, options).toString('utf8');
}

/** readBoundedFile for a path only (no stdin), without blocking the event loop: for servers reading their own state. */
export async function readBoundedFileAsync(path: string, kind: InputKind): Promise<Buffer> {
  const cap = INPUT_CAPS[kind].bytes;
  const handle = await open(path, OPEN_FLAGS);
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw notRegular(path, st, kind);
    if (st.size > cap) throw tooLarge(path, kind);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, cap + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > cap) throw tooLarge(path, kind);
      chunks.push(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

/** readBoundedFileAsync as UTF-8 text. */
export async function readBoundedTextAsync(path: string, kind: InputKind): Promise<string> {
  return (await readBoundedFileAsync(path, kind)).toString('utf8');
}
