// `occam exam …` as a shipped CLI: real process, real exit codes and stream placement (exam.md §11, §12).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';
import { EXAM_RECORDS_DIR } from '../helpers/fixtures.ts';

const RECORDS = EXAM_RECORDS_DIR;

function occam(...args: string[]) {
  const r = spawnSync(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('exam.md #94, #12: `occam exam selftest` exits 0 with EXAM_SELFTEST_OK on stdout and one ok line per check on stderr', () => {
  const r = occam('exam', 'selftest');
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'EXAM_SELFTEST_OK\n');
  assert.equal((r.stderr.match(/^\[exam\] ok /gm) ?? []).length, 38);
  assert.doesNotMatch(r.stderr, /FAIL/);
});

test('exam.md #95, #103, #106: exit codes and marker placement from the shipped binary', () => {
  // The rest of the exit-code table runs in-process (test/unit/exam/cli.test.ts); spawns are slow on a busy machine.
  const unknown = occam('exam', 'nonsense');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /EXAM_SELFTEST_OK/);
  assert.equal(occam('exam', 'grade', '-s', join(RECORDS, 'malformed.json')).code, 1);

  const onStdout = occam('exam', 'grade', '--submission', join(RECORDS, 'perfect.json'));
  assert.equal(onStdout.code, 0);
  assert.equal(JSON.parse(onStdout.stdout).protocol, 'occam-exam-grade-v1', 'stdout is pure JSON');
  assert.match(onStdout.stderr, /EXAM_GRADE_OK/);

  const dir = mkdtempSync(join(tmpdir(), 'occam-exam-e2e-'));
  const out = join(dir, 'r', 'grade.json');
  const env = join(dir, 'occam.env');
  const toFile = occam('exam', 'grade', '--submission', join(RECORDS, 'perfect.json'), '--out', out, '--write-env', env);
  assert.equal(toFile.code, 0);
  assert.equal(toFile.stdout, 'EXAM_GRADE_OK\n');
  assert.equal(JSON.parse(readFileSync(out, 'utf8')).profile, 'full');
  assert.equal(readFileSync(env, 'utf8'), 'OCCAM_PROFILE=full\n');
});

test('`occam --json exam grade <files...>` hands the global --json to the verb: one envelope per line', () => {
  const r = occam('--json', 'exam', 'grade', join(RECORDS, 'perfect.json'), join(RECORDS, 'fail-chain.json'));
  assert.equal(r.code, 0);
  const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.score), [4, 3]);
});

test('issue 31 from the shipped binary: stdin is streamed (-), a device is refused with exit 2 and a code, --help writes nothing', () => {
  const transcript = [
    { jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'piped', version: '1' } } },
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'occam', arguments: { url: 'https://example.com/' } } },
    { jsonrpc: '2.0', id: 1, result: { structuredContent: { ok: true, contentHash: 'h' } } },
  ].map((l) => JSON.stringify(l)).join('\n');
  const piped = spawnSync(process.execPath, [OCCAM_BIN, 'exam', 'grade', '--json', '-'], { cwd: REPO_ROOT, env: hermeticEnv(), encoding: 'utf8', input: transcript });
  assert.equal(piped.status, 0, piped.stderr);
  assert.equal(JSON.parse(piped.stdout.trim()).subject.clientInfo, 'piped/1');
  const dev = occam('exam', 'grade', '--json', '-s', '/dev/zero');
  assert.equal(dev.code, 2);
  assert.equal(JSON.parse(dev.stdout).code, 'exam_input_not_regular');
  const big = join(mkdtempSync(join(tmpdir(), 'occam-exam-cap-')), 'big.json');
  writeFileSync(big, JSON.stringify({ ...JSON.parse(readFileSync(join(RECORDS, 'perfect.json'), 'utf8')), padding: 'x'.repeat(2048) }));
  const capped = spawnSync(process.execPath, [OCCAM_BIN, 'exam', 'grade', '--json', '-s', big], {
    cwd: REPO_ROOT, env: hermeticEnv({ OCCAM_EXAM_MAX_BYTES: '1024' }), encoding: 'utf8',
  });
  assert.equal(capped.status, 2, 'OCCAM_EXAM_MAX_BYTES overrides the cap');
  assert.equal(JSON.parse(capped.stdout).code, 'exam_input_too_large');
  const help = occam('exam', 'grade', '--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: occam exam grade[\s\S]*Examples:/);
});
