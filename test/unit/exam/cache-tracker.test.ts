import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExamResultCache } from '../../../src/store/exam-cache.ts';
import { gradeRecord, type ExamResult } from '../../../src/exam/grader.ts';
import { normaliseComponent, subjectOf, type ExamSubject } from '../../../src/exam/record.ts';
import { CompetenceTracker, observationOf, suggestTier, type Observation } from '../../../src/exam/tracker.ts';
import type { Tier } from '../../../src/exam/tiers.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

function clock() {
  let t = 1_800_000_000_000;
  return { now: () => t, at: (minutes: number) => (t = 1_800_000_000_000 + minutes * MIN) };
}
const sub = (id: string): ExamSubject => subjectOf({ clientInfo: id, modelHint: 'm', sessionId: 's' });
const result = (tier: Tier = 'strong'): ExamResult => ({ ...gradeRecord(null, { now: () => 0 }), tier, score: tier === 'strong' ? 4 : 0 });

test('exam.md #44: store then get', () => {
  const c = clock();
  const cache = new ExamResultCache({ now: c.now });
  cache.store(sub('a'), result());
  assert.equal(cache.get(sub('a'))?.tier, 'strong');
  assert.equal(cache.ttlMs, 24 * HOUR);
  assert.equal(cache.capacity, 1024);
});

test('exam.md #45, #46: TTL 1 h — hit at +59 min; miss at +61 min with count 0; expired at exactly the TTL', () => {
  const c = clock();
  const cache = new ExamResultCache({ ttlMs: HOUR, now: c.now });
  cache.store(sub('a'), result());
  c.at(59);
  assert.ok(cache.get(sub('a')));
  c.at(60);
  assert.equal(cache.get(sub('a')), null, 'at exactly the TTL the entry is expired');
  cache.store(sub('b'), result());
  c.at(121);
  assert.equal(cache.get(sub('b')), null);
  assert.equal(cache.count, 0);
});

test('exam.md #47: re-store at +50 restarts the TTL: hit at +70, miss at +115', () => {
  const c = clock();
  const cache = new ExamResultCache({ ttlMs: HOUR, now: c.now });
  cache.store(sub('a'), result('weak'));
  c.at(50);
  cache.store(sub('a'), result('strong'));
  c.at(70);
  assert.equal(cache.get(sub('a'))?.tier, 'strong', 'the re-store replaced the result');
  c.at(109);
  assert.ok(cache.get(sub('a')));
  c.at(110);
  assert.equal(cache.get(sub('a')), null);
  c.at(115);
  assert.equal(cache.get(sub('a')), null);
});

test('exam.md #48: insertion order is not expiry order — sweeps scan everything', () => {
  const c = clock();
  const cache = new ExamResultCache({ ttlMs: HOUR, now: c.now });
  cache.store(sub('early'), result());
  c.at(30);
  cache.store(sub('late'), result());
  c.at(55);
  cache.store(sub('early'), result());
  c.at(95);
  assert.equal(cache.count, 1);
  assert.ok(cache.get(sub('early')));
  assert.equal(cache.get(sub('late')), null);
});

test('exam.md #49, #50: capacity 3 after 50 subjects keeps 1..3 (FIFO); 20 re-stores of one subject count once', () => {
  const c = clock();
  const cache = new ExamResultCache({ capacity: 3, now: c.now });
  for (let i = 0; i < 50; i++) cache.store(sub(`s${i}`), result());
  assert.ok(cache.count >= 1 && cache.count <= 3);
  assert.deepEqual(['s47', 's48', 's49'].map((s) => cache.get(sub(s)) !== null), [true, true, true]);
  assert.equal(cache.get(sub('s46')), null);

  const one = new ExamResultCache({ capacity: 3, now: c.now });
  for (let i = 0; i < 20; i++) one.store(sub('same'), result());
  assert.equal(one.count, 1);
});

test('exam.md §6: eviction is by first insertion, not LRU — a re-stored or busy subject does not move', () => {
  const c = clock();
  const cache = new ExamResultCache({ capacity: 2, now: c.now });
  cache.store(sub('first'), result());
  cache.store(sub('second'), result());
  cache.get(sub('first')); // a read does not refresh its position
  cache.store(sub('first'), result()); // nor does a re-store
  cache.store(sub('third'), result());
  assert.equal(cache.get(sub('first')), null);
  assert.ok(cache.get(sub('second')));
  assert.ok(cache.get(sub('third')));
});

test('exam.md #51, #52: miss → default (medium, default, 0); clear drops everything', () => {
  const cache = new ExamResultCache({ now: () => 0 });
  const d = cache.getOrDefault(sub('nobody'));
  assert.deepEqual([d.tier, d.source, d.score, d.outcomes.length], ['medium', 'default', 0, 0]);
  cache.store(sub('a'), result());
  cache.clear();
  assert.equal(cache.count, 0);
});

test('exam.md #53, #54: TTL and capacity must be positive', () => {
  for (const ttlMs of [0, -1]) assert.throws(() => new ExamResultCache({ ttlMs, now: () => 0 }), RangeError);
  for (const capacity of [0, -5]) assert.throws(() => new ExamResultCache({ capacity, now: () => 0 }), RangeError);
});

test('exam.md #55–#57: each key component matters; blanks become unknown; trimmed but case-sensitive', () => {
  const cache = new ExamResultCache({ now: () => 0 });
  cache.store(subjectOf({ clientInfo: 'c', modelHint: 'm', sessionId: 's' }), result());
  assert.equal(cache.get(subjectOf({ clientInfo: 'x', modelHint: 'm', sessionId: 's' })), null);
  assert.equal(cache.get(subjectOf({ clientInfo: 'c', modelHint: 'x', sessionId: 's' })), null);
  assert.equal(cache.get(subjectOf({ clientInfo: 'c', modelHint: 'm', sessionId: 'x' })), null);
  assert.ok(cache.get(subjectOf({ clientInfo: ' c ', modelHint: 'm\t', sessionId: '\ns' })));
  assert.equal(cache.get(subjectOf({ clientInfo: 'C', modelHint: 'm', sessionId: 's' })), null);
  assert.deepEqual(subjectOf({ clientInfo: null, modelHint: '', sessionId: '   ' }), { clientInfo: 'unknown', modelHint: 'unknown', sessionId: 'unknown' });
  assert.equal(normaliseComponent(undefined), 'unknown');
});

// ——— CompetenceTracker ———

const GOOD: Observation = { toolName: 'occam', argumentsValid: true, callerError: false };
const BAD: Observation = { toolName: 'occam', argumentsValid: false, callerError: true };
const S = sub('tracked');

function run(tracker: CompetenceTracker, seq: Observation[], baseline: Tier = 'medium') {
  return seq.map((o) => tracker.record(S, o, baseline));
}
const times = (o: Observation, n: number) => Array<Observation>(n).fill(o);

test('exam.md #58, #59: observations 1–4 report no score, keep the tier, count observations; 4 bad → 0 oscillations', () => {
  const t = new CompetenceTracker();
  run(t, times(BAD, 4)).forEach((a, i) => {
    assert.equal(a.score, null);
    assert.equal(a.tier, 'medium');
    assert.equal(a.observations, i + 1);
    assert.equal(a.oscillations, 0);
  });
});

test('exam.md #60: 5 good → score 1.0', () => {
  assert.equal(run(new CompetenceTracker(), times(GOOD, 5)).at(-1)!.score, 1);
});

test('exam.md #61: 8 bad → weak, 0.0, one oscillation; the first possible change is at observation 7', () => {
  const seq = run(new CompetenceTracker(), times(BAD, 8));
  assert.equal(seq[5].tier, 'medium', 'observation 6 still at baseline');
  assert.equal(seq[6].tier, 'weak', 'observation 7 is the earliest change');
  const last = seq.at(-1)!;
  assert.deepEqual([last.tier, last.score, last.oscillations], ['weak', 0, 1]);
});

test('exam.md #62, #63: 8 good → strong, 1.0; one bad then keeps strong, suggestion moves, oscillations unchanged', () => {
  const t = new CompetenceTracker();
  const good = run(t, times(GOOD, 8)).at(-1)!;
  assert.deepEqual([good.tier, good.score], ['strong', 1]);
  const after = t.record(S, BAD, 'medium');
  assert.equal(after.tier, 'strong');
  assert.notEqual(after.suggestedTier, 'strong');
  assert.equal(after.oscillations, good.oscillations);
});

test('exam.md #64: 5 good + 30 alternating (bad first) → oscillations within [0, 2]', () => {
  const t = new CompetenceTracker();
  const alternating = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? BAD : GOOD));
  const last = run(t, [...times(GOOD, 5), ...alternating]).at(-1)!;
  assert.ok(last.oscillations >= 0 && last.oscillations <= 2, String(last.oscillations));
});

test('exam.md #65: 8 good + 20 bad → weak with at least one oscillation', () => {
  const last = run(new CompetenceTracker(), [...times(GOOD, 8), ...times(BAD, 20)]).at(-1)!;
  assert.equal(last.tier, 'weak');
  assert.ok(last.oscillations >= 1);
});

test('exam.md #66: window 5 — 5 bad then 5 good → 1.0 over 5 observations', () => {
  const last = run(new CompetenceTracker({ window: 5 }), [...times(BAD, 5), ...times(GOOD, 5)]).at(-1)!;
  assert.equal(last.score, 1);
  assert.equal(last.observations, 5);
});

test('exam.md #67: a valid call that met a page failure (http_404, timeout, thin_extract) is competent', () => {
  const t = new CompetenceTracker();
  const pageFailures = ['http_404', 'http_503', 'timeout', 'network_error', 'thin_extract', 'captcha_or_challenge', 'robots_disallowed'];
  for (const code of pageFailures) assert.equal(observationOf('occam', true, code).callerError, false, code);
  const last = run(t, pageFailures.map((code) => observationOf('occam', true, code))).at(-1)!;
  assert.equal(last.score, 1);
  assert.equal(observationOf('occam', true, 'invalid_arguments').callerError, true);
  assert.equal(observationOf('occam', true, 'invalid_policy').callerError, true);
  assert.equal(observationOf('occam', false, null).callerError, true, 'unbound arguments are the caller’s fault');
});

test('exam.md #68: suggestion thresholds', () => {
  assert.deepEqual([1, 0.9, 0.89, 0.51, 0.5, 0].map((s) => suggestTier(s)), ['strong', 'strong', 'medium', 'medium', 'weak', 'weak']);
});

test('exam.md #69–#71: unknown subject → baseline; forget; baseline weak + one good stays weak', () => {
  const t = new CompetenceTracker();
  assert.deepEqual(t.assess(S, 'strong'), { tier: 'strong', score: null, observations: 0, suggestedTier: 'strong', oscillations: 0 });
  run(t, times(BAD, 8));
  assert.equal(t.forget(S), true);
  assert.equal(t.forget(S), false);
  assert.equal(t.assess(S, 'medium').tier, 'medium');
  const weak = new CompetenceTracker();
  assert.equal(weak.record(S, GOOD, 'weak').tier, 'weak');
});

test('exam.md #72, #73: maxSubjects 8 after 500 subjects keeps 1..8; window 4 or maxSubjects 0 rejected', () => {
  const t = new CompetenceTracker({ maxSubjects: 8 });
  for (let i = 0; i < 500; i++) t.record(sub(`s${i}`), GOOD, 'medium');
  assert.ok(t.subjectCount >= 1 && t.subjectCount <= 8);
  assert.throws(() => new CompetenceTracker({ window: 4 }), RangeError);
  assert.throws(() => new CompetenceTracker({ maxSubjects: 0 }), RangeError);
});

test('exam.md #74: 200 interleaved records over two subjects → score non-null, observations 1..20', () => {
  const t = new CompetenceTracker();
  const a = sub('a');
  const b = sub('b');
  for (let i = 0; i < 200; i++) t.record(i % 2 ? a : b, i % 3 ? GOOD : BAD, 'medium');
  for (const s of [a, b]) {
    const r = t.assess(s, 'medium');
    assert.notEqual(r.score, null);
    assert.ok(r.observations >= 1 && r.observations <= 20);
  }
});
