// Issue 30 item 10: every file or stdin a verb reads is capped and must be a regular file (or, for `-`, a pipe):
// `/dev/zero` as a path or as stdin, a FIFO given as a path and an endless pipe each end in a typed failure
// (input_not_regular_file / input_too_large) from the shipped binary, instead of reading forever (before: 24 GB of
// RSS for `occam verify /dev/zero`, and `exam grade -s /dev/zero` never returned).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';
import { INPUT_CAPS } from '../../src/runtime/bounded-input.ts';

const posix = process.platform !== 'win32' && existsSync('/dev/zero');
/** A run that reads forever is stopped here and fails the test (a functional bound, not a speed figure). */
const HANG_GUARD_MS = 120_000;

const dir = mkdtempSync(join(tmpdir(), 'occam-input-caps-'));
const PUBKEY = join(dir, 'pub.pem');
writeFileSync(PUBKEY, generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ type: 'spki', format: 'pem' }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the binary with stdin from `stdin` ('ignore', a file descriptor source) or fed endlessly with zeros. */
function occam(args: string[], stdin: 'ignore' | 'endless' | number = 'ignore'): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [OCCAM_BIN, ...args], {
      cwd: REPO_ROOT,
      env: hermeticEnv({}, dir),
      stdio: [stdin === 'endless' ? 'pipe' : stdin, 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const guard = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, HANG_GUARD_MS);
    if (stdin === 'endless') {
      const zeros = Buffer.alloc(1024 * 1024);
      const pump = () => {
        while (child.stdin!.writable && child.stdin!.write(zeros));
        if (child.stdin!.writable) child.stdin!.once('drain', pump);
      };
      child.stdin!.on('error', () => {}); // EPIPE once the child stops reading
      pump();
    }
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}


test('issue 30: `occam verify /dev/zero` and `--receipt - < /dev/zero` are refused as devices (exit 2, typed), nothing read', { skip: !posix }, async () => {
  const asPath = await occam(['verify', '/dev/zero', '--pubkey', PUBKEY, '--json']);
  assert.equal(asPath.timedOut, false, 'verify returned');
  assert.equal(asPath.code, 2, asPath.stderr);
  // With --json the error is the one JSON document (issue 32), the reason in it.
  assert.equal(JSON.parse(asPath.stdout).failureCode, 'input_not_regular_file');
  assert.match(JSON.parse(asPath.stdout).error, /\/dev\/zero is a device/);

  const fd = openSync('/dev/zero', 'r');
  const asStdin = await occam(['verify', '--receipt', '-', '--pubkey', PUBKEY, '--json'], fd);
  assert.equal(asStdin.code, 2, asStdin.stderr);
  assert.equal(JSON.parse(asStdin.stdout).failureCode, 'input_not_regular_file');
});

test('issue 30: an endless pipe into `occam verify --receipt -` stops at the receipt cap with input_too_large', { skip: !posix }, async () => {
  const r = await occam(['verify', '--receipt', '-', '--pubkey', PUBKEY, '--json'], 'endless');
  assert.equal(r.timedOut, false);
  assert.equal(r.code, 2, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.failureCode, 'input_too_large');
  assert.match(out.error, new RegExp(`${INPUT_CAPS.receipt.bytes / (1024 * 1024)} MiB cap`));
});

test('issue 30: `occam exam grade -s /dev/zero`, `-s -` from /dev/zero and an endless pipe end typed and promptly', { skip: !posix }, async () => {
  // The exam verbs stream their input with their own cap and codes (issue 31: exam_input_*); an unreadable input
  // is a usage error, exit 2 (issue 32).
  const asPath = await occam(['exam', 'grade', '-s', '/dev/zero']);
  assert.equal(asPath.timedOut, false, 'exam grade returned');
  assert.equal(asPath.code, 2, asPath.stderr);
  assert.match(asPath.stderr, /exam_input_not_regular: .*\/dev\/zero is a device/);

  const fd = openSync('/dev/zero', 'r');
  const asStdin = await occam(['exam', 'grade', '-s', '-'], fd);
  assert.notEqual(asStdin.code, 0, asStdin.stderr);
  // Refused as a device, or stopped at the exam's streaming cap (OCCAM_EXAM_MAX_BYTES): typed and bounded either way.
  assert.match(asStdin.stderr, /exam_input_not_regular|exam_input_too_large/);

  const endless = await occam(['exam', 'grade', '-s', '-'], 'endless');
  assert.equal(endless.timedOut, false);
  assert.notEqual(endless.code, 0, endless.stderr);
  assert.match(endless.stderr, /exam_input_too_large|too large|cap/i);
});

test('issue 30: a FIFO or a directory given as an input path is refused without waiting for a writer', { skip: !posix }, async (t) => {
  const fifo = join(dir, 'receipt.fifo');
  if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('mkfifo unavailable');
  // Opening a FIFO for reading blocks until a writer comes; none ever does here.
  const verify = await occam(['verify', fifo, '--pubkey', PUBKEY, '--json']);
  assert.equal(verify.timedOut, false, 'verify did not wait on the FIFO');
  assert.equal(JSON.parse(verify.stdout).failureCode, 'input_not_regular_file');
  assert.match(JSON.parse(verify.stdout).error, /is a FIFO/);

  const grade = await occam(['exam', 'grade', '-s', fifo]);
  assert.equal(grade.timedOut, false, 'exam grade did not wait on the FIFO');
  assert.match(grade.stderr, /exam_input_not_regular: .*FIFO/i);

  const playbook = await occam(['playbook', 'lint', dir, '--json']);
  assert.equal(playbook.code, 2, playbook.stderr);
  assert.equal(JSON.parse(playbook.stdout).failureCode, 'input_not_regular_file', 'the --json error document is typed');
});
