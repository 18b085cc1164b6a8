// The `occam exam` verb, run in-process with real files in a temp dir (exam.md §11, #93–#106).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimsArgv, processExamIo, runExam, type ExamIo } from '../../../commands/exam.ts';
import { coreToolsOf } from '../../../src/contract/catalog.ts';
import { EXAM_SELFTEST_CHECKS, HARNESS_SELFTEST_CHECKS } from '../../../src/exam/selftest.ts';
import { EXAM_RECORDS_DIR } from '../../helpers/fixtures.ts';

const RECORDS = EXAM_RECORDS_DIR;
const NOW = Date.UTC(2027, 0, 15, 8, 0, 0);

function harness() {
  const dir = mkdtempSync(join(tmpdir(), 'occam-exam-cli-'));
  const base = processExamIo();
  let stdout = '';
  let stderr = '';
  const io: ExamIo = { ...base, out: (t) => (stdout += t), err: (t) => (stderr += t), now: () => NOW };
  return {
    dir,
    run: async (...args: string[]) => {
      stdout = '';
      stderr = '';
      const code = await runExam(args, io);
      return { code, stdout, stderr };
    },
  };
}

test('exam.md #93, #94: selftest passes in-process (38 checks) and prints its marker; tasks exits 0', async () => {
  const h = harness();
  const st = await h.run('selftest');
  assert.equal(st.code, 0);
  assert.equal(st.stdout, 'EXAM_SELFTEST_OK\n');
  assert.equal(EXAM_SELFTEST_CHECKS.length, 38);
  assert.equal((st.stderr.match(/^\[exam\] ok /gm) ?? []).length, 38);
  assert.equal((await h.run('tasks')).code, 0);
  const hs = await h.run('harness-selftest');
  assert.equal(hs.code, 0);
  assert.equal(hs.stdout, 'EXAM_HARNESS_SELFTEST_OK\n');
  assert.equal(HARNESS_SELFTEST_CHECKS.length, 13);
});

test('exam.md #95: bare exam, exam help and an unknown subverb exit 2 with usage naming subverbs and markers', async () => {
  const h = harness();
  for (const args of [[], ['help'], ['nonsense']]) {
    const r = await h.run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    for (const word of ['grade', 'tasks', 'selftest', 'harness-selftest', 'EXAM_SELFTEST_OK', 'EXAM_GRADE_OK']) assert.ok(r.stderr.includes(word), word);
  }
});

test('exam.md #96: other verbs and an empty argv are not claimed by the exam dispatcher', () => {
  assert.equal(claimsArgv([]), false);
  assert.equal(claimsArgv(['read', 'https://example.com']), false);
  assert.equal(claimsArgv(['mcp']), false);
  assert.equal(claimsArgv(['exam', 'tasks']), true);
});

test('exam.md #97–#99, #101: catalogue JSON — maxScore, 4 complete tasks, tiers agree with §4, LF only with one trailing LF', async () => {
  const h = harness();
  const { stdout } = await h.run('tasks');
  assert.ok(stdout.endsWith('}\n') && !stdout.endsWith('\n\n') && !stdout.includes('\r'));
  const doc = JSON.parse(stdout);
  assert.equal(doc.maxScore, 4);
  assert.deepEqual(doc.tasks.map((t: { id: string }) => t.id), ['canary', 'basic_call', 'focus_budget', 'chain']);
  for (const t of doc.tasks) for (const k of ['id', 'prompt', 'passCondition', 'measures']) assert.ok(t[k], k);
  assert.deepEqual(doc.tiers, {
    weak: { profile: 'minimal', toolCount: coreToolsOf('minimal').length },
    medium: { profile: 'basic', toolCount: 3 },
    strong: { profile: 'full', toolCount: 18 },
  });
  assert.equal(stdout, `${JSON.stringify(doc, null, 2)}\n`);
  const out = join(h.dir, 'nested', 'dir', 'tasks.json');
  const r = await h.run('tasks', '--out', out);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /wrote/);
  assert.equal(readFileSync(out, 'utf8'), stdout);
});

// Exit codes per the project's table (issue 31): 0 ok · 1 ran and failed · 2 usage — a missing input file is a usage
// error (2), where exam.md §11 had 1; a rejected record ran and failed (1).
test('exam.md #103: grade exit codes — no path 2, missing file 2, rejected record 1, success 0', async () => {
  const h = harness();
  const none = await h.run('grade');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /usage/);
  assert.equal((await h.run('grade', '--submission')).code, 2, 'an option without a value is ignored');
  const missing = await h.run('grade', '--submission', join(h.dir, 'absent.json'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /exam_input_not_found/);
  assert.ok(missing.stderr.includes(join(h.dir, 'absent.json')));
  const bad = await h.run('grade', '-s', join(RECORDS, 'malformed.json'));
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /not valid JSON/);
  assert.equal((await h.run('grade', `--submission=${join(RECORDS, 'perfect.json')}`, '--unknown-flag', 'stray')).code, 0);
});

test('exam.md §11, #106: envelope on stdout with key order and markers on stderr; with --out the marker goes to stdout', async () => {
  const h = harness();
  const r = await h.run('grade', '--submission', join(RECORDS, 'fail-canary.json'));
  assert.equal(r.code, 0);
  const env = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(env), [
    'protocol', 'subject', 'score', 'maxScore', 'tier', 'profile', 'toolCount', 'source', 'gradedAt', 'recommendedEnv',
    'selfReportTier', 'selfReportMatchesExam', 'staticMapTier', 'staticMapMatchesExam', 'outcomes', 'canaryAdjudication', 'applicable', // applicable: issue 31 (what the grade may widen to)
  ]);
  assert.equal(env.protocol, 'occam-exam-grade-v1');
  assert.deepEqual(env.subject, { clientInfo: 'harbor-cli/0.9.4', modelHint: 'orbit-sonnet-x', sessionId: 'rec-canary-stale-02' });
  assert.deepEqual([env.score, env.maxScore, env.tier, env.profile, env.toolCount, env.source], [3, 4, 'medium', 'basic', 3, 'exam']);
  assert.equal(env.gradedAt, new Date(NOW).toISOString());
  assert.equal(env.recommendedEnv, 'OCCAM_PROFILE=basic');
  assert.equal(env.canaryAdjudication.path, 'claimed', 'offline grading says it graded the claimed verdict');
  assert.ok(r.stdout.endsWith('}\n') && !r.stdout.includes('\r'));
  assert.ok(!r.stdout.includes('EXAM_GRADE_OK'));
  assert.match(r.stderr, /\[exam\.grade\] score=3 tier=medium profile=basic tools=3/);
  assert.match(r.stderr, /EXAM_GRADE_OK/);

  const out = join(h.dir, 'a', 'b', 'result.json');
  const w = await h.run('grade', '-s', join(RECORDS, 'fail-canary.json'), '-o', out);
  assert.equal(w.stdout, 'EXAM_GRADE_OK\n');
  assert.ok(w.stderr.includes(`[exam.grade] wrote ${out}`));
  const written = readFileSync(out);
  assert.notEqual(written[0], 0xef, 'no BOM');
  assert.equal(JSON.parse(written.toString('utf8')).score, 3);
});

test('exam.md #104, #105: --write-env content is exact; self-report fields are absent without a self-report', async () => {
  const h = harness();
  const envFile = join(h.dir, 'env', 'occam.env');
  const r = await h.run('grade', '--submission', join(RECORDS, 'fail-focus-budget.json'), '--write-env', envFile);
  assert.equal(r.code, 0);
  assert.equal(readFileSync(envFile, 'utf8'), 'OCCAM_PROFILE=basic\n');
  assert.ok(r.stderr.includes(`[exam.grade] wrote env ${envFile}`));
  const env = JSON.parse(r.stdout);
  assert.ok(!('selfReportTier' in env) && !('selfReportMatchesExam' in env));
  assert.equal(env.staticMapTier, 'strong');
});

test('grade <file...>: a table by default; a malformed or missing file is reported by name and does not stop the others', async () => {
  const h = harness();
  const files = ['perfect.json', 'malformed.json', 'fail-chain.json'].map((f) => join(RECORDS, f));
  const r = await h.run('grade', ...files, join(h.dir, 'missing.json'));
  assert.equal(r.code, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 6, 'header, four rows, and the summary line (issue 31)');
  assert.match(lines[5], /^graded 2\/4 file\(s\), 2 rejected \(weak 0, medium 1, strong 1\)$/);
  assert.match(lines[0], /^file\s+score\s+tier\s+profile\s+failed\s+canary$/);
  assert.match(lines[1], /perfect\.json\s+4\/4\s+strong\s+full\s+-\s+claimed/);
  assert.match(lines[2], /malformed\.json.*REJECTED.*malformed\.json/);
  assert.match(lines[3], /fail-chain\.json\s+3\/4\s+medium\s+basic\s+chain/);
  assert.match(lines[4], /missing\.json.*REJECTED.*not found/);
  assert.match(r.stderr, /graded 2\/4 file\(s\), 2 rejected/);
});

test('grade <file...> --json: one envelope per line; exit 0 when every file parsed', async () => {
  const h = harness();
  const good = ['perfect.json', 'fail-basic-call.json', 'fail-focus-budget.json'].map((f) => join(RECORDS, f));
  const r = await h.run('grade', ...good, '--json');
  assert.equal(r.code, 0);
  const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((x) => [x.file, x.ok, x.protocol, x.score]), [
    [good[0], true, 'occam-exam-grade-v1', 4],
    [good[1], true, 'occam-exam-grade-v1', 3],
    [good[2], true, 'occam-exam-grade-v1', 3],
  ]);
  const bad = await h.run('grade', join(RECORDS, 'malformed.json'), good[0], '--json');
  assert.equal(bad.code, 1);
  const [first, second] = bad.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(first.ok, false);
  assert.match(first.error, /malformed\.json/);
  assert.equal(second.score, 4);
});

test('grade accepts a UTF-8 BOM and a record copied into a fresh dir (harness scripts write files with BOMs)', async () => {
  const h = harness();
  const withBom = join(h.dir, 'bom.json');
  writeFileSync(withBom, `\ufeff${readFileSync(join(RECORDS, 'perfect.json'), 'utf8')}`);
  assert.equal((await h.run('grade', '-s', withBom)).code, 0);
  const copy = join(h.dir, 'copy.json');
  copyFileSync(join(RECORDS, 'fail-basic-call.json'), copy);
  const r = await h.run('grade', '-s', copy);
  assert.equal(JSON.parse(r.stdout).staticMapTier, 'weak');
});
