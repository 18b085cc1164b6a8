// `occam exam selftest` and `occam exam harness-selftest` (exam.md §12): the engine's assertions, run from the
// shipped CLI with a fixed clock. Each check is a named predicate; the verb prints the markers.
import { coreToolsOf, CORE_TOOLS } from '../contract/catalog.ts';
import { instructionsFor } from '../contract/instructions.ts';
import type { ProfileId } from '../contract/profiles.ts';
import { ExamResultCache } from '../store/exam-cache.ts';
import { defaultResult, gradeRecord, type CanaryVerdict } from './grader.ts';
import { parseRecordText, recordFromValue, subjectOf, type ExamRecord } from './record.ts';
import { examineRecord, gradeEnvelope, renderJsonDocument } from './report.ts';
import { EXAM_TASK_IDS } from './tasks.ts';
import { staticMapTier, tierForScore, toolCountForTier } from './tiers.ts';
import { CompetenceTracker, type Observation } from './tracker.ts';

/** unix 1 800 000 000 s. */
export const SELFTEST_NOW_MS = 1_800_000_000_000;

export interface SelftestCheck {
  desc: string;
  run: () => boolean;
}

export interface SelftestResult {
  desc: string;
  ok: boolean;
}

const HASH = 'sha256:5e1f7a0c9b3d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f';
const now = () => SELFTEST_NOW_MS;

function rec(fields: Record<string, unknown>): ExamRecord {
  const parsed = recordFromValue(fields);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.record;
}

const COMPLETE: Record<string, unknown> = {
  clientInfo: 'selftest/1.0',
  modelHint: 'mock-strong',
  sessionId: 'selftest',
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: { url: 'https://example.com' },
  focusBudgetArguments: { focus_query: 'pricing', max_tokens: 800 },
  chain: { calls: [{ url: 'https://example.com' }, { url: 'https://example.com', if_none_match: HASH }], producedValue: HASH },
};

const outcome = (fields: Record<string, unknown>, task: string) =>
  gradeRecord(rec({ ...COMPLETE, ...fields }), { now }).outcomes.find((o) => o.task === task)!;
const passes = (fields: Record<string, unknown>, task: string) => outcome(fields, task).passed;
const chainOf = (calls: unknown[], producedValue: unknown = HASH) => ({ chain: { calls, producedValue } });

const size = (p: ProfileId) => coreToolsOf(p).length;
const good: Observation = { toolName: 'occam', argumentsValid: true, callerError: false };
const bad: Observation = { toolName: 'occam', argumentsValid: false, callerError: true };

function feed(tracker: CompetenceTracker, obs: Observation, n: number, baseline: 'weak' | 'medium' | 'strong' = 'medium') {
  const subject = subjectOf({ clientInfo: 'tracker', modelHint: null, sessionId: null });
  let last = tracker.assess(subject, baseline);
  for (let i = 0; i < n; i++) last = tracker.record(subject, obs, baseline);
  return last;
}

export const EXAM_SELFTEST_CHECKS: readonly SelftestCheck[] = [
  // grading
  { desc: 'a complete record scores 4', run: () => gradeRecord(rec(COMPLETE), { now }).score === 4 },
  { desc: 'score 4 is strong', run: () => gradeRecord(rec(COMPLETE), { now }).tier === 'strong' },
  {
    desc: 'one outcome per task, in grading order',
    run: () => gradeRecord(rec(COMPLETE), { now }).outcomes.map((o) => o.task).join() === EXAM_TASK_IDS.join(),
  },
  { desc: 'an empty record scores 0', run: () => gradeRecord(rec({}), { now }).score === 0 },
  { desc: 'score 0 is weak', run: () => gradeRecord(rec({}), { now }).tier === 'weak' },
  { desc: 'a null record grades without throwing', run: () => gradeRecord(null, { now }).outcomes.length === 4 },
  {
    desc: 'canary passes only on READ_VERIFIED',
    run: () =>
      passes({ canaryVerdict: 'READ_VERIFIED' }, 'canary') &&
      (['READ_STALE', 'REPLAY_SUSPECT', 'HALLUCINATED', null] as const).every((v) => !passes({ canaryVerdict: v }, 'canary')),
  },
  { desc: 'basic_call rejects malformed JSON', run: () => !passes({ basicCallArguments: '{"url": "https://example.com"' }, 'basic_call') },
  { desc: 'basic_call rejects a JSON array', run: () => !passes({ basicCallArguments: '["https://example.com"]' }, 'basic_call') },
  { desc: 'basic_call rejects a relative URL', run: () => !passes({ basicCallArguments: { url: '/docs' } }, 'basic_call') },
  { desc: 'basic_call rejects a non-http scheme', run: () => !passes({ basicCallArguments: { url: 'file:///etc/passwd' } }, 'basic_call') },
  { desc: 'basic_call rejects a numeric url', run: () => !passes({ basicCallArguments: { url: 42 } }, 'basic_call') },
  { desc: 'focus_budget rejects a missing budget', run: () => !passes({ focusBudgetArguments: { focus_query: 'pricing' } }, 'focus_budget') },
  { desc: 'focus_budget rejects a whitespace focus', run: () => !passes({ focusBudgetArguments: { focus_query: '   ', max_tokens: 800 } }, 'focus_budget') },
  {
    desc: 'focus_budget rejects 999999999 as not a budget',
    run: () => {
      const o = outcome({ focusBudgetArguments: { focus_query: 'pricing', max_tokens: 999_999_999 } }, 'focus_budget');
      return !o.passed && o.detail.includes('not a budget');
    },
  },
  { desc: 'focus_budget rejects a string budget', run: () => !passes({ focusBudgetArguments: { focus_query: 'pricing', max_tokens: '800' } }, 'focus_budget') },
  { desc: 'chain rejects a single call', run: () => !passes(chainOf([{ url: 'https://example.com', if_none_match: HASH }]), 'chain') },
  { desc: 'chain rejects a value never consumed', run: () => !passes(chainOf([{ url: 'https://a.example' }, { url: 'https://a.example' }]), 'chain') },
  {
    desc: 'chain rejects a mismatched value',
    run: () => !passes(chainOf([{ url: 'https://a.example' }, { url: 'https://a.example', if_none_match: 'sha256:other' }]), 'chain'),
  },
  {
    desc: 'chain accepts diff_against',
    run: () => passes(chainOf([{ url: 'https://a.example' }, { url: 'https://a.example', diff_against: HASH }]), 'chain'),
  },
  {
    desc: 'chain rejects consumption by the first call only',
    run: () => !passes(chainOf([{ url: 'https://a.example', if_none_match: HASH }, { url: 'https://a.example' }]), 'chain'),
  },
  // tiering
  { desc: 'scores 0 and 1 are weak', run: () => tierForScore(0) === 'weak' && tierForScore(1) === 'weak' },
  { desc: 'scores 2 and 3 are medium', run: () => tierForScore(2) === 'medium' && tierForScore(3) === 'medium' },
  { desc: 'score 4 is strong', run: () => tierForScore(4) === 'strong' },
  { desc: 'scores clamp: -5 weak, 99 strong', run: () => tierForScore(-5) === 'weak' && tierForScore(99) === 'strong' },
  // surface
  { desc: 'weak sees 1 tool', run: () => toolCountForTier('weak') === 1 },
  { desc: 'medium sees 3 tools', run: () => toolCountForTier('medium') === 3 },
  { desc: 'strong sees the whole core catalogue', run: () => toolCountForTier('strong') === CORE_TOOLS.length },
  { desc: 'minimal exposes occam', run: () => coreToolsOf('minimal').some((t) => t.name === 'occam') },
  { desc: 'minimal hides occam_transcode', run: () => !coreToolsOf('minimal').some((t) => t.name === 'occam_transcode') },
  {
    desc: 'heal is hidden on minimal and save is hidden on basic',
    run: () =>
      !coreToolsOf('minimal').some((t) => t.name === 'occam_playbook_heal') &&
      !coreToolsOf('basic').some((t) => t.name === 'occam_playbook_save'),
  },
  {
    desc: 'minimal instructions differ from full and do not mention occam_playbook_heal',
    run: () => {
      const text = (p: ProfileId) => instructionsFor(p, new Set(coreToolsOf(p).map((t) => t.name)));
      return text('minimal') !== text('full') && !text('minimal').includes('occam_playbook_heal');
    },
  },
  // default
  { desc: 'the default tier is medium', run: () => defaultResult().tier === 'medium' },
  { desc: 'the default source is default', run: () => defaultResult().source === 'default' },
  // cache
  {
    desc: 'cache: hit, default on miss, TTL restarts on re-store, expiry, capacity',
    run: () => {
      let t = SELFTEST_NOW_MS;
      const min = 60_000;
      const cache = new ExamResultCache({ ttlMs: 60 * min, capacity: 2, now: () => t });
      const subject = subjectOf({ clientInfo: 'c', modelHint: 'm', sessionId: 's' });
      const result = gradeRecord(rec(COMPLETE), { now });
      cache.store(subject, result);
      const hit = cache.get(subject)?.tier === 'strong';
      const miss = cache.getOrDefault(subjectOf({ clientInfo: 'c', modelHint: 'm', sessionId: 'other' }));
      const defaultOk = miss.tier === 'medium' && miss.source === 'default';
      t = SELFTEST_NOW_MS + 50 * min;
      cache.store(subject, result);
      t = SELFTEST_NOW_MS + 70 * min;
      const liveAt70 = cache.get(subject) !== null;
      t = SELFTEST_NOW_MS + 131 * min;
      const goneAt131 = cache.get(subject) === null;
      for (const s of ['a', 'b', 'c']) cache.store(subjectOf({ clientInfo: s, modelHint: s, sessionId: s }), result);
      return hit && defaultOk && liveAt70 && goneAt131 && cache.count <= 2;
    },
  },
  // tracker
  {
    desc: 'tracker: 4 bad calls leave score null and tier medium',
    run: () => {
      const a = feed(new CompetenceTracker(), bad, 4);
      return a.score === null && a.tier === 'medium';
    },
  },
  {
    desc: 'tracker: 8 bad calls demote to weak with score 0 and one oscillation',
    run: () => {
      const a = feed(new CompetenceTracker(), bad, 8);
      return a.tier === 'weak' && a.score === 0 && a.oscillations === 1;
    },
  },
  {
    desc: 'tracker: 8 good → strong; one bad keeps strong, suggestion moves, oscillations unchanged',
    run: () => {
      const tracker = new CompetenceTracker();
      const before = feed(tracker, good, 8);
      const after = feed(tracker, bad, 1);
      return before.tier === 'strong' && after.tier === 'strong' && after.suggestedTier !== 'strong' && after.oscillations === before.oscillations;
    },
  },
];

// ——— harness selftest (13 checks) ———

const PERFECT_HARNESS = JSON.stringify({
  modelHint: 'mock-strong',
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: '{"url":"https://example.com"}',
  focusBudgetArguments: { task: 'pricing table', budget: 800 },
  chain: { calls: ['{"url":"https://example.com"}', { url: 'https://example.com', if_none_match: HASH }], producedValue: HASH },
});

const WEAK_HARNESS = JSON.stringify({
  clientInfo: 'harness/1.0',
  modelHint: 'mock-weak-7b',
  sessionId: 'harness-weak',
  selfReportTier: 'strong',
  canaryVerdict: 'HALLUCINATED' satisfies CanaryVerdict,
  basicCallArguments: { url: 'not-a-url' },
  focusBudgetArguments: { focus_query: 'pricing' },
  chain: { calls: [], producedValue: HASH },
});

function harnessReport(text: string) {
  const parsed = parseRecordText(text);
  return parsed.ok ? examineRecord(parsed.record, { now }) : null;
}

export const HARNESS_SELFTEST_CHECKS: readonly SelftestCheck[] = [
  { desc: 'perfect record parses', run: () => parseRecordText(PERFECT_HARNESS).ok },
  { desc: 'perfect record scores 4', run: () => harnessReport(PERFECT_HARNESS)?.graded.score === 4 },
  { desc: 'perfect record maps to full', run: () => harnessReport(PERFECT_HARNESS)?.profile === 'full' },
  { desc: 'weak record parses', run: () => parseRecordText(WEAK_HARNESS).ok },
  { desc: 'weak record scores 0', run: () => harnessReport(WEAK_HARNESS)?.graded.score === 0 },
  { desc: 'weak record maps to minimal', run: () => harnessReport(WEAK_HARNESS)?.profile === 'minimal' },
  {
    desc: 'self-report strong disagrees with exam weak',
    run: () => {
      const r = harnessReport(WEAK_HARNESS);
      return r?.selfReportTier === 'strong' && gradeEnvelope(r).selfReportMatchesExam === false;
    },
  },
  { desc: 'static map: mock-weak-7b → weak', run: () => staticMapTier('mock-weak-7b') === 'weak' },
  { desc: 'static map: mock-strong → strong', run: () => staticMapTier('mock-strong') === 'strong' },
  { desc: 'static map: some-unknown-model → medium', run: () => staticMapTier('some-unknown-model') === 'medium' },
  { desc: 'grade envelope starts with {', run: () => envelopeText().startsWith('{') },
  { desc: 'grade envelope names occam-exam-grade-v1', run: () => envelopeText().includes('"occam-exam-grade-v1"') },
  { desc: 'grade envelope ends with LF and contains no CR', run: () => envelopeText().endsWith('\n') && !envelopeText().includes('\r') },
];

function envelopeText(): string {
  const r = harnessReport(PERFECT_HARNESS);
  return r ? renderJsonDocument(gradeEnvelope(r)) : '';
}

/** Runs checks; a check that throws counts as failed. */
export function runChecks(checks: readonly SelftestCheck[]): SelftestResult[] {
  return checks.map((c) => {
    try {
      return { desc: c.desc, ok: c.run() === true };
    } catch {
      return { desc: c.desc, ok: false };
    }
  });
}
