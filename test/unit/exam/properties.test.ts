// Property tests over seeded random input (reproducible: a failure prints its seed and case number).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coreToolsOf } from '../../../src/contract/catalog.ts';
import { gradeRecord } from '../../../src/exam/grader.ts';
import { normaliseComponent, parseRecordText, recordFromValue, subjectOf } from '../../../src/exam/record.ts';
import { examineRecord, gradeEnvelope, renderJsonDocument } from '../../../src/exam/report.ts';
import { EXAM_TASK_IDS } from '../../../src/exam/tasks.ts';
import { TIERS, profileForTier, tierForScore } from '../../../src/exam/tiers.ts';
import { CompetenceTracker, suggestTier } from '../../../src/exam/tracker.ts';

const SEED = 0x0cca4;
const now = () => 1_800_000_000_000;

/** mulberry32: small, fast, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}
type Rng = ReturnType<typeof rng>;

const HASH = 'sha256:abc';
const STRINGS = ['', '   ', 'https://example.com', '/docs', 'example.com', 'file:///x', 'READ_VERIFIED', 'read_stale', 'bogus',
  HASH, ` ${HASH} `, '{"url":"https://example.com"}', '{broken', '[1]', '"x"', 'null', 'strong', 'STRONG', 'mini-7b', '\u0000', '🙂'];
const KEYS = ['url', 'URL', 'focus_query', 'task', 'max_tokens', 'budget', 'if_none_match', 'diff_against', 'calls', 'producedValue', 'x'];
const NUMBERS = [0, -1, 63, 64, 800, 800.5, 200000, 200001, 999999999, Number.MAX_SAFE_INTEGER, 1e308, -0];

function randomValue(r: Rng, depth: number): unknown {
  const kind = r.int(depth > 4 ? 5 : 7);
  switch (kind) {
    case 0: return null;
    case 1: return r.next() < 0.5;
    case 2: return r.pick(NUMBERS);
    case 3: return r.pick(STRINGS);
    case 4: return r.next().toString(36).slice(2, 2 + r.int(12));
    case 5: return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) o[r.pick(KEYS)] = randomValue(r, depth + 1);
      return o;
    }
  }
}

/** A record-shaped object whose fields are sometimes right, sometimes the wrong type, sometimes absent. */
function randomRecord(r: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const maybe = (key: string, good: () => unknown) => {
    const roll = r.next();
    if (roll < 0.15) return;
    o[key] = roll < 0.6 ? good() : randomValue(r, 2);
  };
  maybe('clientInfo', () => r.pick(STRINGS));
  maybe('modelHint', () => r.pick(STRINGS));
  maybe('sessionId', () => r.pick(STRINGS));
  maybe('selfReportTier', () => r.pick(['weak', 'medium', 'strong', 'STRONG', '', 'x']));
  maybe('canaryVerdict', () => r.pick(['READ_VERIFIED', 'READ_STALE', 'HALLUCINATED', 'REPLAY_SUSPECT', 'read_verified', 'x', '']));
  maybe('basicCallArguments', () => (r.next() < 0.5 ? { url: r.pick(STRINGS) } : JSON.stringify({ url: r.pick(STRINGS) })));
  maybe('focusBudgetArguments', () => ({ [r.pick(['focus_query', 'task'])]: r.pick(STRINGS), [r.pick(['max_tokens', 'budget'])]: r.pick(NUMBERS) }));
  maybe('chain', () => ({
    calls: Array.from({ length: r.int(5) }, () => (r.next() < 0.7 ? { [r.pick(KEYS)]: r.pick([HASH, ` ${HASH}`, 'other']) } : randomValue(r, 3))),
    producedValue: r.pick([HASH, '', null, 42, ` ${HASH} `]),
  }));
  return o;
}

/** Texts: valid records, truncated records, random JSON, deep nesting, huge strings. */
function randomSubmission(r: Rng, i: number): string {
  const roll = i % 10;
  if (roll < 4) return JSON.stringify(randomRecord(r));
  if (roll < 6) {
    const full = JSON.stringify(randomRecord(r));
    return full.slice(0, r.int(full.length + 1));
  }
  if (roll < 8) return JSON.stringify(randomValue(r, 0));
  if (roll === 8) {
    const depth = r.pick([10, 100, 1000, 5000]);
    const open = r.pick(['[', '{"a":']);
    const close = open === '[' ? ']' : '}';
    return `{"basicCallArguments":${open.repeat(depth)}1${close.repeat(r.next() < 0.5 ? depth : depth - 1)}}`;
  }
  // A huge string somewhere in the record (bounded so the suite stays fast).
  const big = 'x'.repeat(r.pick([1000, 10_000, 100_000]));
  return JSON.stringify({ ...randomRecord(r), [r.pick(['modelHint', 'basicCallArguments', 'clientInfo'])]: r.next() < 0.5 ? big : { url: `https://e.com/${big}` } });
}

test('exam.md #114, #116, #117: 10,000 fuzzed submissions → a result or a typed rejection, never a crash; score = passed count', () => {
  const r = rng(SEED);
  let graded = 0;
  let rejected = 0;
  for (let i = 0; i < 10_000; i++) {
    const text = randomSubmission(r, i);
    let parsed;
    try {
      parsed = parseRecordText(text);
    } catch (err) {
      assert.fail(`seed ${SEED} case ${i}: parse threw ${(err as Error).message}`);
    }
    if (!parsed.ok) {
      assert.equal(typeof parsed.reason, 'string', `case ${i}`);
      assert.ok(parsed.reason.length > 0);
      rejected++;
      continue;
    }
    const report = examineRecord(parsed.record, { now });
    const g = report.graded;
    assert.deepEqual(g.outcomes.map((o) => o.task), [...EXAM_TASK_IDS], `case ${i}`);
    assert.equal(g.score, g.outcomes.filter((o) => o.passed).length, `case ${i}`);
    assert.ok(g.score >= 0 && g.score <= 4);
    assert.equal(g.tier, tierForScore(g.score));
    assert.ok(g.outcomes.every((o) => typeof o.detail === 'string' && o.detail.trim() !== ''), `case ${i}`);
    assert.ok(renderJsonDocument(gradeEnvelope(report)).endsWith('}\n'));
    graded++;
  }
  // Both branches were really exercised.
  assert.ok(graded > 3000 && rejected > 1000, `graded ${graded}, rejected ${rejected}`);
});

test('exam.md #114: extreme inputs — 200,000-deep nesting, truncated deep nesting, 8 MB strings — grade or reject, never crash', () => {
  const deep = (open: string, close: string, depth: number, missing: number) =>
    `{"basicCallArguments":${open.repeat(depth)}1${close.repeat(depth - missing)}}`;
  for (const text of [deep('[', ']', 200_000, 0), deep('{"a":', '}', 200_000, 0), deep('{"a":', '}', 200_000, 1)]) {
    const parsed = parseRecordText(text);
    if (parsed.ok) assert.equal(gradeRecord(parsed.record, { now }).outcomes[1].passed, false);
    else assert.ok(parsed.reason.length > 0);
  }
  const big = 'y'.repeat(8 * 1024 * 1024);
  const parsed = parseRecordText(JSON.stringify({ modelHint: big, basicCallArguments: { url: `https://example.com/${big}` }, chain: { calls: [big, big], producedValue: big } }));
  assert.ok(parsed.ok);
  const g = gradeRecord(parsed.record, { now });
  assert.equal(g.outcomes[1].passed, true);
  assert.ok(g.outcomes.every((o) => o.detail.length < 1000), 'details never echo huge input');
});

test('exam.md #114: grading arbitrary strings as every argument field never throws and yields 4 outcomes', () => {
  const r = rng(SEED + 1);
  for (let i = 0; i < 500; i++) {
    const s = Array.from({ length: r.int(40) }, () => String.fromCharCode(r.int(0x3000))).join('');
    const parsed = recordFromValue({ canaryVerdict: s, basicCallArguments: s, focusBudgetArguments: s, chain: { calls: [s, s], producedValue: s } });
    assert.ok(parsed.ok);
    assert.equal(gradeRecord(parsed.record, { now }).outcomes.length, 4);
  }
});

test('exam.md #115: arbitrary chains never throw and always carry a detail', () => {
  const r = rng(SEED + 2);
  for (let i = 0; i < 500; i++) {
    const parsed = recordFromValue({ chain: randomValue(r, 0) && { calls: randomValue(r, 1), producedValue: randomValue(r, 3) } });
    assert.ok(parsed.ok);
    const chain = gradeRecord(parsed.record, { now }).outcomes[3];
    assert.equal(chain.task, 'chain');
    assert.ok(chain.detail.length > 0);
  }
});

test('exam.md #118, #119: every integer maps to a known tier; surface size is monotonic in score', () => {
  const r = rng(SEED + 3);
  let previous = 0;
  for (let s = -10; s <= 10; s++) {
    const size = coreToolsOf(profileForTier(tierForScore(s))).length;
    assert.ok(size >= previous);
    previous = size;
  }
  for (let i = 0; i < 500; i++) {
    const n = (r.next() < 0.5 ? -1 : 1) * r.int(2 ** 31);
    assert.ok((TIERS as readonly string[]).includes(tierForScore(n)));
  }
});

test('exam.md #120: the suggestion is monotonic on [0, 1]', () => {
  const rank = { weak: 0, medium: 1, strong: 2 } as const;
  let prev = -1;
  for (let i = 0; i <= 1000; i++) {
    const r = rank[suggestTier(i / 1000)];
    assert.ok(r >= prev, String(i / 1000));
    prev = r;
  }
});

test('exam.md #121, #122: subject normalisation is idempotent and never blank', () => {
  const r = rng(SEED + 4);
  const pieces = ['', ' ', '\t', '\n', 'a', 'B', ' x ', '\u00a0', '🙂'];
  for (let i = 0; i < 500; i++) {
    const raw = r.next() < 0.1 ? null : Array.from({ length: r.int(5) }, () => r.pick(pieces)).join('');
    const once = normaliseComponent(raw);
    assert.equal(normaliseComponent(once), once);
    assert.notEqual(once.trim(), '');
    const s = subjectOf({ clientInfo: raw, modelHint: raw, sessionId: raw });
    assert.deepEqual(subjectOf(s), s);
  }
});

test('exam.md #123: the tracker never yields an unknown tier and oscillations never go negative', () => {
  const r = rng(SEED + 5);
  const tracker = new CompetenceTracker({ maxSubjects: 16 });
  for (let i = 0; i < 2000; i++) {
    const s = subjectOf({ clientInfo: `c${r.int(24)}` });
    const a = tracker.record(s, { toolName: 'occam', argumentsValid: r.next() < 0.7, callerError: r.next() < 0.2 }, r.pick(TIERS));
    assert.ok((TIERS as readonly string[]).includes(a.tier) && (TIERS as readonly string[]).includes(a.suggestedTier));
    assert.ok(a.oscillations >= 0);
    assert.ok(a.score === null || (a.score >= 0 && a.score <= 1));
  }
});
