import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gradeRecord, type CanaryVerdict, type ExamOutcome } from '../../../src/exam/grader.ts';
import { parseRecordText, recordFromValue, type ExamRecord } from '../../../src/exam/record.ts';
import { examineRecord, gradeEnvelope } from '../../../src/exam/report.ts';
import { EXAM_TASKS, EXAM_TASK_IDS, examTask, taskWire } from '../../../src/exam/tasks.ts';
import { staticMapTier } from '../../../src/exam/tiers.ts';
import { EXAM_RECORDS_DIR } from '../../helpers/fixtures.ts';

const NOW = 1_800_000_000_000;
const now = () => NOW;
const HASH = 'sha256:c7789513724e61180c90e64a275934c59b721e4a978cdf4189f574ca9c2affd5';
const RECORDS = EXAM_RECORDS_DIR;

const PERFECT = {
  clientInfo: 'lumen-desk/3.1.0',
  modelHint: 'northwind-large-2026-05',
  sessionId: 'rec-perfect',
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: { url: 'https://docs.example.org/guide' },
  focusBudgetArguments: { focus_query: 'rate limits', max_tokens: 1200 },
  chain: { calls: [{ url: 'https://docs.example.org/changelog' }, { url: 'https://docs.example.org/changelog', if_none_match: HASH }], producedValue: HASH },
};

function rec(fields: Record<string, unknown>): ExamRecord {
  const p = recordFromValue(fields);
  assert.ok(p.ok);
  return p.record;
}
const grade = (fields: Record<string, unknown>) => gradeRecord(rec(fields), { now });
const outcome = (fields: Record<string, unknown>, task: string): ExamOutcome =>
  grade({ ...PERFECT, ...fields }).outcomes.find((o) => o.task === task)!;
const basic = (args: unknown) => outcome({ basicCallArguments: args }, 'basic_call');
const focus = (args: unknown) => outcome({ focusBudgetArguments: args }, 'focus_budget');
const chain = (calls: unknown, producedValue: unknown = HASH) => outcome({ chain: { calls, producedValue } }, 'chain');

test('exam.md #1: a perfect record scores 4, strong, source exam, every task passed', () => {
  const r = grade(PERFECT);
  assert.equal(r.score, 4);
  assert.equal(r.tier, 'strong');
  assert.equal(JSON.parse(JSON.stringify(r.tier)), 'strong');
  assert.equal(r.source, 'exam');
  assert.ok(r.outcomes.every((o) => o.passed));
  assert.equal(r.gradedAt, new Date(NOW).toISOString());
});

test('exam.md #2, #5: an empty record scores 0, weak, every outcome failed with a detail', () => {
  const r = grade({});
  assert.equal(r.score, 0);
  assert.equal(r.tier, 'weak');
  assert.ok(r.outcomes.every((o) => !o.passed && o.detail.trim().length > 0));
});

test('exam.md #3, #4: an absent record grades to 0 with exactly one outcome per task, in order', () => {
  for (const r of [gradeRecord(null, { now }), gradeRecord(undefined, { now })]) {
    assert.equal(r.score, 0);
    assert.deepEqual(r.outcomes.map((o) => o.task), [...EXAM_TASK_IDS]);
  }
});

test('exam.md #6: canary pass table', () => {
  const table: Array<[string | null, boolean]> = [
    ['READ_VERIFIED', true],
    ['READ_STALE', false],
    ['REPLAY_SUSPECT', false],
    ['HALLUCINATED', false],
    [null, false],
    ['   ', false],
  ];
  for (const [verdict, passed] of table) assert.equal(outcome({ canaryVerdict: verdict }, 'canary').passed, passed, String(verdict));
  assert.match(outcome({ canaryVerdict: null }, 'canary').detail, /no sentinel/i);
  assert.match(outcome({ canaryVerdict: 'REPLAY_SUSPECT' }, 'canary').detail, /provenance/);
});

test('exam.md #7: stale and hallucinated details differ; stale says "current read"', () => {
  const stale = outcome({ canaryVerdict: 'READ_STALE' }, 'canary').detail;
  const hall = outcome({ canaryVerdict: 'HALLUCINATED' }, 'canary').detail;
  assert.notEqual(stale, hall);
  assert.ok(stale.includes('current read'));
});

test('exam.md #8: basic_call passes', () => {
  for (const args of [
    { url: 'https://example.com' },
    { url: 'http://example.com/docs?a=1' },
    { url: '  https://example.com  ' },
    { url: 'https://example.com', max_tokens: 800 },
    '{"url":"https://example.com"}',
  ]) {
    assert.equal(basic(args).passed, true, JSON.stringify(args));
  }
});

test('exam.md #9: basic_call fails', () => {
  const cases: unknown[] = [
    null,
    '',
    '   ',
    '{not json',
    '["https://example.com"]',
    '"a string"',
    { URL: 'https://example.com' },
    { url: '/docs' },
    { url: 'example.com' },
    { url: 'file:///etc/passwd' },
    { url: 'ftp://example.com' },
    { url: 42 },
    { url: null },
    { url: '' },
    { max_tokens: 800 },
  ];
  for (const args of cases) {
    const o = basic(args);
    assert.equal(o.passed, false, JSON.stringify(args));
    assert.ok(o.detail.length > 0);
  }
  // The detail says which of blank / invalid JSON / non-object went wrong.
  assert.match(basic('   ').detail, /blank/);
  assert.match(basic('{not json').detail, /not valid JSON/);
  assert.match(basic('["https://example.com"]').detail, /array/);
});

test('exam.md #10: focus_budget passes', () => {
  for (const args of [
    { focus_query: 'limits', max_tokens: 800 },
    { focus_query: 'limits', max_tokens: 64 },
    { focus_query: 'limits', max_tokens: 200000 },
    { task: 'limits', budget: 800 },
  ]) {
    assert.equal(focus(args).passed, true, JSON.stringify(args));
  }
});

test('exam.md #11: focus_budget fails', () => {
  for (const args of [
    { focus_query: 'limits' },
    { max_tokens: 800 },
    { focus_query: '', max_tokens: 800 },
    { focus_query: '   ', max_tokens: 800 },
    { focus_query: 'limits', max_tokens: 63 },
    { focus_query: 'limits', max_tokens: 200001 },
    { focus_query: 'limits', max_tokens: '800' },
    { focus_query: 'limits', max_tokens: 800.5 },
    { focus_query: 42, max_tokens: 800 },
  ]) {
    assert.equal(focus(args).passed, false, JSON.stringify(args));
  }
});

test('exam.md #12: 999999999 fails with "not a budget"', () => {
  const o = focus({ focus_query: 'limits', max_tokens: 999_999_999 });
  assert.equal(o.passed, false);
  assert.ok(o.detail.includes('not a budget'));
});

test('exam.md §3.3: max_tokens, when present, is the budget even if invalid — budget is not consulted', () => {
  assert.equal(focus({ focus_query: 'x', max_tokens: '800', budget: 800 }).passed, false);
  assert.equal(focus({ focus_query: 'x', max_tokens: null, budget: 800 }).passed, false);
  assert.equal(focus({ focus_query: 'x', max_tokens: 800, budget: 'nonsense' }).passed, true);
  assert.equal(focus({ focus_query: '  ', task: 'x', budget: 800 }).passed, true); // blank focus_query falls through to task
});

test('exam.md #13: chain passes via if_none_match in call 2 and names it', () => {
  const o = chain([{ url: 'https://a.example' }, { url: 'https://a.example', if_none_match: HASH }]);
  assert.equal(o.passed, true);
  assert.match(o.detail, /Call 2/);
  assert.match(o.detail, /if_none_match/);
});

test('exam.md #14, #15: chain passes via diff_against; whitespace around both values is tolerated', () => {
  assert.equal(chain([{}, { diff_against: HASH }]).passed, true);
  const padded = chain([{}, { if_none_match: `  ${HASH} ` }], `\t${HASH}  `);
  assert.equal(padded.passed, true);
});

test('exam.md #16–#19: single call, first-call-only, different value and a value in focus_query all fail', () => {
  assert.equal(chain([{ if_none_match: HASH }]).passed, false);
  assert.equal(chain([{ if_none_match: HASH }, { url: 'https://a.example' }]).passed, false);
  assert.equal(chain([{}, { if_none_match: 'sha256:other' }]).passed, false);
  assert.equal(chain([{}, { if_none_match: HASH.toUpperCase() }]).passed, false); // ordinal, case-sensitive
  assert.equal(chain([{}, { focus_query: HASH }]).passed, false);
});

test('exam.md #20: a null, empty or blank produced value fails', () => {
  for (const pv of [null, '', '   ', 42]) assert.equal(chain([{}, { if_none_match: HASH }], pv).passed, false, String(pv));
});

test('exam.md #21: a malformed middle call is skipped and a later match passes', () => {
  const o = chain(['{}', '{broken', '[1,2]', `{"if_none_match":"${HASH}"}`]);
  assert.equal(o.passed, true);
  assert.match(o.detail, /Call 4/);
});

test('exam.md #22, #23: an absent chain and an empty call list fail', () => {
  assert.equal(outcome({ chain: undefined }, 'chain').passed, false);
  assert.equal(outcome({ chain: 'not an object' }, 'chain').passed, false);
  assert.equal(chain([]).passed, false);
});

test('exam.md #24–#26: catalogue has 4 distinct complete entries; unknown lookup throws a RangeError', () => {
  assert.equal(new Set(EXAM_TASKS.map((t) => t.id)).size, 4);
  for (const t of EXAM_TASKS) {
    assert.ok(t.prompt && t.passCondition && t.measures);
    assert.equal(examTask(t.id), t);
  }
  assert.throws(() => examTask('nonsense'), RangeError);
  assert.equal(taskWire('nonsense'), 'chain'); // #102: serialises without throwing
});

test('exam.md #107: a perfect record with aliases and no clientInfo/sessionId → 4, strong, full, unknown subject', () => {
  const parsed = parseRecordText(JSON.stringify({
    canaryVerdict: 'READ_VERIFIED',
    basicCallArguments: { url: 'https://example.com' },
    focusBudgetArguments: { task: 'pricing', budget: 900 },
    chain: { calls: [{}, { diff_against: HASH }], producedValue: HASH },
  }));
  assert.ok(parsed.ok);
  const r = examineRecord(parsed.record, { now });
  assert.equal(r.graded.score, 4);
  assert.equal(r.profile, 'full');
  assert.deepEqual(r.subject, { clientInfo: 'unknown', modelHint: 'unknown', sessionId: 'unknown' });
});

test('exam.md #108: weak record with self-report strong → 0, weak, minimal; static map weak', () => {
  const r = examineRecord(rec({
    modelHint: 'mock-weak-7b',
    selfReportTier: 'strong',
    canaryVerdict: 'HALLUCINATED',
    basicCallArguments: { url: 'not-a-url' },
    focusBudgetArguments: { focus_query: 'x' },
    chain: { calls: [], producedValue: HASH },
  }), { now });
  assert.equal(r.graded.score, 0);
  assert.equal(r.profile, 'minimal');
  assert.equal(r.selfReportTier, 'strong');
  assert.equal(r.staticMapTier, 'weak');
  const env = gradeEnvelope(r);
  assert.equal(env.selfReportMatchesExam, false);
});

test('exam.md #109, #110: verdicts parse case-insensitively; an unknown token is a hallucinated failure, not a rejection', () => {
  assert.equal(outcome({ canaryVerdict: ' read_verified ' }, 'canary').passed, true);
  const stale = outcome({ canaryVerdict: 'read_stale' }, 'canary');
  assert.ok(stale.detail.includes('current read'));
  const parsed = parseRecordText(JSON.stringify({ ...PERFECT, canaryVerdict: 'PROBABLY_READ' }));
  assert.ok(parsed.ok);
  const r = gradeRecord(parsed.record, { now });
  assert.equal(r.outcomes[0].passed, false);
  assert.equal(r.canary.verdict, 'HALLUCINATED');
  assert.match(r.outcomes[0].detail, /Unrecognised verdict token/);
});

test('exam.md #111: object and string argument forms grade identically', () => {
  const forms = [
    { url: 'https://example.com' },
    { url: '/relative' },
    { focus_query: 'x', max_tokens: 800 },
    { focus_query: 'x', budget: 900000 },
  ];
  for (const f of forms) {
    const asObject = grade({ ...PERFECT, basicCallArguments: f, focusBudgetArguments: f });
    const asString = grade({ ...PERFECT, basicCallArguments: JSON.stringify(f), focusBudgetArguments: JSON.stringify(f) });
    assert.deepEqual(asObject.outcomes, asString.outcomes);
  }
});

test('exam.md #112: non-string, non-object call items are dropped and indices shift', () => {
  const o = chain([{ url: 'https://a.example' }, 42, null, ['x'], true, { if_none_match: HASH }]);
  assert.equal(o.passed, true);
  assert.match(o.detail, /Call 2/); // the 6th item became the 2nd call
  // With the first item dropped, the consuming call becomes call 1 and no longer counts.
  assert.equal(chain([7, { if_none_match: HASH }, { url: 'x' }]).passed, false);
});

test('exam.md #113: static-map quirks', () => {
  const table: Array<[string | null, string]> = [
    ['gpt-4o-mini', 'weak'],
    ['gemini-2.5-pro', 'weak'],
    ['llama-17b', 'weak'],
    ['llama-128b', 'weak'],
    ['llama-70b', 'medium'],
    ['claude-opus-4', 'strong'],
    ['GPT-5', 'strong'],
    ['mock-medium', 'medium'],
    ['', 'medium'],
    [null, 'medium'],
    ['orbit-sonnet-x', 'strong'],
  ];
  for (const [hint, tier] of table) assert.equal(staticMapTier(hint), tier, String(hint));
});

test('exam.md §14: the sample records grade as the table says', () => {
  const expected: Record<string, { score: number; fails: string | null; staticMap: string; selfMatch: boolean | undefined }> = {
    'perfect.json': { score: 4, fails: null, staticMap: 'medium', selfMatch: true },
    'fail-canary.json': { score: 3, fails: 'canary', staticMap: 'strong', selfMatch: false },
    'fail-basic-call.json': { score: 3, fails: 'basic_call', staticMap: 'weak', selfMatch: true },
    'fail-focus-budget.json': { score: 3, fails: 'focus_budget', staticMap: 'strong', selfMatch: undefined },
    'fail-chain.json': { score: 3, fails: 'chain', staticMap: 'medium', selfMatch: false },
  };
  for (const [file, want] of Object.entries(expected)) {
    const parsed = parseRecordText(readFileSync(join(RECORDS, file), 'utf8'));
    assert.ok(parsed.ok, file);
    const env = gradeEnvelope(examineRecord(parsed.record, { now }));
    assert.equal(env.score, want.score, file);
    const failed = (env.outcomes as ExamOutcome[]).filter((o) => !o.passed).map((o) => o.task);
    assert.deepEqual(failed, want.fails ? [want.fails] : [], file);
    assert.equal(env.staticMapTier, want.staticMap, file);
    assert.equal(env.selfReportMatchesExam, want.selfMatch, file);
  }
  const chainEnv = gradeEnvelope(examineRecord((parseRecordText(readFileSync(join(RECORDS, 'fail-chain.json'), 'utf8')) as { ok: true; record: ExamRecord }).record, { now }));
  assert.deepEqual(chainEnv.subject, { clientInfo: 'harbor-cli/0.9.4', modelHint: 'unknown', sessionId: 'unknown' });
  assert.equal(parseRecordText(readFileSync(join(RECORDS, 'malformed.json'), 'utf8')).ok, false);
});

test('exam.md §2.1: record-level rejection only for blank text, invalid JSON or a non-object root', () => {
  for (const text of ['', '   ', '{', '[]', '"x"', '42', 'null']) assert.equal(parseRecordText(text).ok, false, text);
  assert.equal(parseRecordText('{}').ok, true);
  const p = parseRecordText('{"clientInfo":42,"basicCallArguments":[1],"chain":{"calls":"x"},"evidence":{"a":1}}');
  assert.ok(p.ok);
  assert.equal(p.record.clientInfo, null);
  assert.equal(p.record.basicCallArguments, null);
  assert.equal(p.record.chain, null);
});

// ——— canary adjudication by the issuing host's verifier (beyond the reference) ———

test('canary: with a verifier and a reported sentinel, the verifier verdict is graded and a claimed one ignored', () => {
  const calls: Array<[string, string]> = [];
  const verifySentinel = (sid: string, sentinel: string): CanaryVerdict => {
    calls.push([sid, sentinel]);
    return sentinel === 'good-sentinel' ? 'READ_VERIFIED' : 'HALLUCINATED';
  };
  const lying = gradeRecord(rec({ ...PERFECT, canaryVerdict: 'READ_VERIFIED', canarySentinel: 'made-up', canarySessionId: 'sid-1' }), { now, verifySentinel });
  assert.equal(lying.outcomes[0].passed, false);
  assert.equal(lying.canary.path, 'verifier');
  assert.equal(lying.canary.verdict, 'HALLUCINATED');
  assert.equal(lying.canary.claimedVerdict, 'READ_VERIFIED');
  assert.equal(lying.score, 3);

  const honest = gradeRecord(rec({ ...PERFECT, canaryVerdict: 'HALLUCINATED', canarySentinel: 'good-sentinel', canarySessionId: ' sid-2 ' }), { now, verifySentinel });
  assert.equal(honest.outcomes[0].passed, true);
  assert.equal(honest.canary.path, 'verifier');
  assert.deepEqual(calls, [['sid-1', 'made-up'], ['sid-2', 'good-sentinel']]);
});

test('canary: a sentinel without its session id cannot be verified and fails; a throwing verifier fails closed', () => {
  const verifySentinel = (): CanaryVerdict => 'READ_VERIFIED';
  const noSid = gradeRecord(rec({ ...PERFECT, canarySentinel: 'x' }), { now, verifySentinel });
  assert.equal(noSid.outcomes[0].passed, false);
  assert.equal(noSid.canary.path, 'verifier');
  const throwing = gradeRecord(rec({ ...PERFECT, canarySentinel: 'x', canarySessionId: 's' }), {
    now,
    verifySentinel: () => {
      throw new Error('secret disposed');
    },
  });
  assert.equal(throwing.outcomes[0].passed, false);
  assert.equal(throwing.canary.verdict, 'HALLUCINATED');
});

test('canary: offline (no verifier) grades the claimed verdict and says it could not verify the sentinel', () => {
  const r = gradeRecord(rec({ ...PERFECT, canarySentinel: 'x', canarySessionId: 's' }), { now });
  assert.equal(r.canary.path, 'claimed');
  assert.equal(r.outcomes[0].passed, true);
  assert.match(r.canary.note, /only the process that issued it/);
  assert.equal(gradeRecord(rec({}), { now }).canary.path, 'absent');
});
