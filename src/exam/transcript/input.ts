// Reading what `occam exam grade|record|report` grade, bounded (issue 31): a regular file (or stdin) is read in chunks
// and split into lines as it arrives, so a transcript is never held whole; the total is capped by
// OCCAM_EXAM_MAX_BYTES; devices, FIFOs and directories are refused before a byte is read (`/dev/zero` would never
// end). UTF-16 input (by its BOM) is decoded whole — still under the cap. Errors carry a failure-taxonomy code.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type InputErrorCode = 'exam_input_not_found' | 'exam_input_not_regular' | 'exam_input_too_large';

export class ExamInputError extends Error {
  readonly code: InputErrorCode;
  constructor(code: InputErrorCode, message: string) {
    super(message);
    this.name = 'ExamInputError';
    this.code = code;
  }
}

/** Bytes read per system call. */
export const READ_CHUNK_BYTES = 1024 * 1024;
/** The input path that means standard input. */
export const STDIN_PATH = '-';

/** The bytes of the tools/list marker (formats.ts skips those lines without decoding them). */
const TOOL_LIST_MARK_BYTES = Buffer.from('"result":{"tools":[');
const LOOK_BYTES = 400 + TOOL_LIST_MARK_BYTES.length;

/** Receives decoded lines (1-based), in order. */
export interface LineConsumer {
  line(raw: string, n: number): void;
}

function open(path: string, maxBytes: number): { fd: number; owned: boolean; size: number | null } {
  if (path === STDIN_PATH) return { fd: 0, owned: false, size: null };
  let fd: number;
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer that may never come; the type check
    // below refuses it at once.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new ExamInputError('exam_input_not_found', `input not found: ${path}`);
    if (code === 'EISDIR') throw new ExamInputError('exam_input_not_regular', `${path} is a directory, not a file`);
    throw new ExamInputError('exam_input_not_found', `cannot read ${path}: ${(err as Error).message}`);
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    const what = st.isDirectory() ? 'a directory' : st.isFIFO() ? 'a FIFO' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
    throw new ExamInputError('exam_input_not_regular', `${path} is ${what}; exam inputs are regular files (or - for stdin)`);
  }
  if (st.size > maxBytes) {
    closeSync(fd);
    throw new ExamInputError('exam_input_too_large', `${path} is ${st.size} bytes, above OCCAM_EXAM_MAX_BYTES=${maxBytes}`);
  }
  return { fd, owned: true, size: st.size };
}

/** One read buffer for every file: reads are synchronous, so grading 10,000 small files allocates it once. */
let chunkBuffer: Buffer | null = null;

const tooLarge = (path: string, maxBytes: number) => new ExamInputError('exam_input_too_large', `${path} exceeds OCCAM_EXAM_MAX_BYTES=${maxBytes} bytes`);

/**
 * The whole content of a regular file no larger than `limit` (most records and session files: one read, decoded
 * once), or null when it is larger or is stdin — then stream it with readLines.
 */
export function readSmall(path: string, maxBytes: number, limit: number): Buffer | null {
  if (path === STDIN_PATH) return null;
  const { fd, size } = open(path, maxBytes);
  try {
    if (size === null || size > limit) return null;
    const buf = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, null);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/**
 * Streams a file (or stdin for `-`) into lines. Memory: one chunk plus the current partial line. A file that grows
 * past the cap while being read is refused as well.
 */
export function readLines(path: string, maxBytes: number, consumer: LineConsumer): void {
  const { fd, owned, size } = open(path, maxBytes);
  try {
    const chunk = (chunkBuffer ??= Buffer.allocUnsafe(READ_CHUNK_BYTES));
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let total = 0;
    let n = 0;
    let first = true;
    let utf16: Buffer[] | null = null;
    const emit = (buf: Buffer) => {
      n += 1;
      // A tools/list result is never needed: skip it without decoding (it is the largest line of most sessions).
      if (buf.subarray(0, LOOK_BYTES).indexOf(TOOL_LIST_MARK_BYTES) >= 0) return;
      let end = buf.length;
      if (end > 0 && buf[end - 1] === 0x0d) end -= 1;
      consumer.line(buf.toString('utf8', 0, end), n);
    };
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, chunk, 0, chunk.length, null);
      } catch (err) {
        if ((err as { code?: string }).code === 'EAGAIN') continue; // a non-blocking stdin with nothing yet
        throw err;
      }
      if (got === 0) break;
      total += got;
      // A regular file is read as it was when opened: no extra read to find its end (what grading many small files
      // costs most), and a file still being appended to ends at a line boundary or a torn last line.
      const atEnd = size !== null && total >= size;
      if (total > maxBytes) throw tooLarge(path, maxBytes);
      let data = chunk.subarray(0, got);
      if (first) {
        first = false;
        if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) utf16 = [];
        else if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
      }
      if (utf16) {
        utf16.push(Buffer.from(data));
        if (atEnd) break;
        continue;
      }
      let start = 0;
      for (;;) {
        const nl = data.indexOf(0x0a, start);
        if (nl < 0) break;
        const piece = data.subarray(start, nl);
        if (carryBytes > 0) {
          carry.push(piece);
          emit(Buffer.concat(carry));
          carry = [];
          carryBytes = 0;
        } else {
          emit(piece);
        }
        start = nl + 1;
      }
      if (start < data.length) {
        carry.push(Buffer.from(data.subarray(start)));
        carryBytes += data.length - start;
      }
      if (atEnd) break;
    }
    if (utf16) {
      const buf = Buffer.concat(utf16);
      const text = new TextDecoder(buf[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(buf.subarray(2));
      let ln = 0;
      for (const raw of text.split('\n')) consumer.line(raw.endsWith('\r') ? raw.slice(0, -1) : raw, ++ln);
      return;
    }
    if (carryBytes > 0) emit(Buffer.concat(carry));
  } finally {
    if (owned) closeSync(fd);
  }
}
