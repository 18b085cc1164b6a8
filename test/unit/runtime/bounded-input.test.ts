// Issue 30 item 10: the one reader of every input file or stdin (src/runtime/bounded-input.ts) — a cap per kind of
// input and only regular files (or, for `-`, a pipe or a redirected file), each refusal typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OccamError } from '../../../src/contract/failures.ts';
import { INPUT_CAPS, readBoundedFile, readBoundedFileAsync, readBoundedText } from '../../../src/runtime/bounded-input.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-bounded-input-'));
const posix = process.platform !== 'win32' && existsSync('/dev/zero');
const typed = (code: string) => (err: unknown) => err instanceof OccamError && err.code === code;

test('a regular file within its cap is read whole; one byte over the cap is input_too_large (sync and async)', async () => {
  const cap = INPUT_CAPS.key.bytes;
  const fits = join(dir, 'fits.pem');
  writeFileSync(fits, Buffer.alloc(cap, 0x41));
  assert.equal(readBoundedFile(fits, 'key').length, cap);
  assert.equal((await readBoundedFileAsync(fits, 'key')).length, cap);
  const over = join(dir, 'over.pem');
  writeFileSync(over, Buffer.alloc(cap + 1, 0x41));
  assert.throws(() => readBoundedFile(over, 'key'), (err: unknown) => typed('input_too_large')(err) && (err as OccamError).details.capBytes === cap);
  await assert.rejects(readBoundedFileAsync(over, 'key'), typed('input_too_large'));
  writeFileSync(join(dir, 'text.json'), '{"é":1}');
  assert.equal(readBoundedText(join(dir, 'text.json'), 'config'), '{"é":1}');
});

test('a directory, a device and a FIFO given as a path are input_not_regular_file, and a FIFO is not waited on', { skip: !posix }, async (t) => {
  assert.throws(() => readBoundedFile(dir, 'config'), typed('input_not_regular_file'));
  await assert.rejects(readBoundedFileAsync(dir, 'config'), typed('input_not_regular_file'));
  assert.throws(() => readBoundedFile('/dev/zero', 'receipt'), (err: unknown) => typed('input_not_regular_file')(err) && /is a device/.test((err as Error).message));
  await assert.rejects(readBoundedFileAsync('/dev/zero', 'receipt'), typed('input_not_regular_file'));
  const fifo = join(dir, 'in.fifo');
  if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('mkfifo unavailable');
  // No writer ever opens it: a plain open would block this thread forever.
  assert.throws(() => readBoundedFile(fifo, 'transcript'), (err: unknown) => typed('input_not_regular_file')(err) && /is a FIFO/.test((err as Error).message));
  await assert.rejects(readBoundedFileAsync(fifo, 'transcript'), typed('input_not_regular_file'));
});

test('a missing file keeps its IO error (callers word "not found" themselves)', () => {
  assert.throws(() => readBoundedFile(join(dir, 'missing.json'), 'config'), (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT');
});

/** Runs a child that reads `-` with the given stdin and prints the outcome. */
function readStdinChild(kind: string, input: { file?: string; bytes?: Buffer }): { out: string; status: number | null } {
  const script = `import { readBoundedFile } from ${JSON.stringify(new URL('../../../src/runtime/bounded-input.ts', import.meta.url).href)};
try { console.log('read ' + readBoundedFile('-', ${JSON.stringify(kind)}).length); } catch (err) { console.log(err.code + ' ' + err.message); }`;
  const stdio: StdioOptions = input.file ? [openSync(input.file, 'r'), 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'];
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio, input: input.bytes, encoding: 'utf8', maxBuffer: 1 << 20 });
  return { out: String(r.stdout).trim(), status: r.status };
}

test('stdin (-): a pipe within the cap is read, one over it is input_too_large, /dev/zero as stdin is refused', { skip: !posix }, () => {
  const cap = INPUT_CAPS.key.bytes;
  assert.equal(readStdinChild('key', { bytes: Buffer.alloc(1000, 0x41) }).out, 'read 1000');
  assert.match(readStdinChild('key', { bytes: Buffer.alloc(cap + 10, 0x41) }).out, /^input_too_large stdin is larger than the 1 MiB cap/);
  assert.match(readStdinChild('receipt', { file: '/dev/zero' }).out, /^input_not_regular_file stdin is a device/);
  const redirected = join(dir, 'redirected.json');
  writeFileSync(redirected, '[1,2,3]');
  assert.equal(readStdinChild('config', { file: redirected }).out, 'read 7');
});
