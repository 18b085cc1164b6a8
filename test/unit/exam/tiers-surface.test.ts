import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_TOOL_NAMES, CORE_TOOLS, coreToolsOf } from '../../../src/contract/catalog.ts';
import { instructionsFor, toolsMentioned } from '../../../src/contract/instructions.ts';
import type { ProfileId } from '../../../src/contract/profiles.ts';
import { readEnv } from '../../../src/config/env.ts';
import { SessionToolSurface } from '../../../src/runtime/surface.ts';
import { ExamResultCache } from '../../../src/store/exam-cache.ts';
import { defaultResult, gradeRecord } from '../../../src/exam/grader.ts';
import { subjectOf } from '../../../src/exam/record.ts';
import { applyExamTier, bootstrapSurfaceFromCache, exposedCoreToolNames, isExposed } from '../../../src/exam/surface.ts';
import { EXAM_TASKS } from '../../../src/exam/tasks.ts';
import { TIERS, parseTier, profileForTier, tierForScore, toolCountForTier } from '../../../src/exam/tiers.ts';

const names = (p: ProfileId) => coreToolsOf(p).map((t) => t.name);
const text = (p: ProfileId) => instructionsFor(p, new Set(names(p)));
const EXAM_PROFILES: ProfileId[] = ['minimal', 'basic', 'full'];

test('exam.md #27–#30: score → tier at 0..4, clamped outside, 3 is not strong', () => {
  assert.deepEqual([0, 1, 2, 3, 4].map(tierForScore), ['weak', 'weak', 'medium', 'medium', 'strong']);
  assert.equal(tierForScore(-1), 'weak');
  assert.equal(tierForScore(-100), 'weak');
  assert.equal(tierForScore(5), 'strong');
  assert.equal(tierForScore(1000), 'strong');
  assert.notEqual(tierForScore(3), 'strong');
});

test('exam.md #31–#34: weak 1 tool, medium 3, strong 18; nested; minimal is exactly ["occam"]', () => {
  assert.equal(toolCountForTier('weak'), 1);
  assert.equal(toolCountForTier('medium'), 3);
  assert.equal(toolCountForTier('strong'), 18);
  assert.equal(toolCountForTier('strong'), CORE_TOOLS.length);
  assert.deepEqual(names(profileForTier('weak')), ['occam']);
  assert.deepEqual(names('basic'), ['occam', 'occam_digest', 'occam_search']);
  const [w, m, s] = TIERS.map((t) => new Set(names(profileForTier(t))));
  assert.ok([...w].every((n) => m.has(n)) && [...m].every((n) => s.has(n)));
  const reader = new Set(names('reader'));
  assert.ok([...m].every((n) => reader.has(n)), 'basic ⊂ reader');
});

test('exam.md #35, #36: minimal/basic hide heal and save; every profile lists only catalogue tools', () => {
  for (const p of ['minimal', 'basic'] as const) {
    assert.ok(!names(p).includes('occam_playbook_heal'));
    assert.ok(!names(p).includes('occam_playbook_save'));
  }
  for (const p of EXAM_PROFILES) assert.ok(names(p).every((n) => ALL_TOOL_NAMES.includes(n)));
});

test('exam.md #37–#40: per-profile instructions differ, name no hidden tool, keep the trust rule', () => {
  assert.equal(new Set(EXAM_PROFILES.map(text)).size, 3);
  for (const p of EXAM_PROFILES) {
    const t = text(p);
    for (const tool of toolsMentioned(t)) assert.ok(names(p).includes(tool), `${p} names hidden ${tool}`);
    assert.ok(t.includes('TRUST RULE') && t.includes('ok:false'), p);
  }
  const basic = text('basic');
  for (const tool of ['occam', 'occam_digest', 'occam_search']) assert.ok(toolsMentioned(basic).has(tool), tool);
  assert.ok(!basic.includes('occam_playbook_heal') && !basic.includes('occam_map'));
});

test('exam.md #41: an unknown profile value yields a non-empty surface (reader)', () => {
  const warnings: string[] = [];
  const p = readEnv<ProfileId>('OCCAM_PROFILE', { OCCAM_PROFILE: 'superuser' }, (l) => warnings.push(l));
  assert.equal(p, 'reader');
  assert.ok(names(p).length > 0);
  assert.equal(warnings.length, 1);
});

test('exam.md #42, #43: tier wire round-trips; null/blank/nonsense → medium; STRONG → strong', () => {
  for (const t of TIERS) assert.equal(parseTier(JSON.parse(JSON.stringify(t))), t);
  for (const raw of [null, undefined, '', '   ', 'nonsense', 42]) assert.equal(parseTier(raw), 'medium');
  assert.equal(parseTier('STRONG'), 'strong');
  assert.equal(parseTier('  Weak '), 'weak');
});

test('exam.md #100: task prompts name no core tool outside basic', () => {
  const basic = new Set(names('basic'));
  for (const t of EXAM_TASKS) {
    for (const tool of toolsMentioned(`${t.prompt} ${t.passCondition}`)) assert.ok(basic.has(tool), `${t.id} names ${tool}`);
  }
});

test('exam.md #75: a reader surface exposes the submit tool and transcode, hides heal', () => {
  const s = new SessionToolSurface('reader', false);
  assert.equal(s.activeProfile, 'reader');
  assert.ok(isExposed(s, 'occam_exam_submit'));
  assert.ok(isExposed(s, 'occam_transcode'));
  assert.ok(!isExposed(s, 'occam_playbook_heal'));
  assert.ok(isExposed(s, 'occam_watch'), 'opt-in tools ignore profiles');
  assert.ok(!isExposed(s, 'not_a_tool'));
});

test('exam.md #76: weak from reader applies minimal, generation 1; submit tool still exposed', () => {
  const s = new SessionToolSurface('reader', false);
  assert.equal(applyExamTier(s, 'weak').changed, true);
  assert.equal(s.activeProfile, 'minimal');
  assert.equal(s.generation, 1);
  assert.ok(isExposed(s, 'occam'));
  assert.ok(!isExposed(s, 'occam_transcode'));
  assert.ok(isExposed(s, 'occam_exam_submit'));
  assert.deepEqual(exposedCoreToolNames(s), ['occam']);
});

test('exam.md #77, #78: a pinned surface and a same-profile apply change nothing', () => {
  const pinned = new SessionToolSurface('reader', true);
  const c = applyExamTier(pinned, 'strong');
  assert.equal(c.changed, false);
  assert.equal(c.locked, true);
  assert.equal(pinned.activeProfile, 'reader');
  assert.equal(pinned.generation, 0);
  const basic = new SessionToolSurface('basic', false);
  assert.equal(applyExamTier(basic, 'medium').changed, false);
  assert.equal(basic.generation, 0);
});

test('exam.md #79: strong applies full with the 18 core names; an exam can narrow (reader + medium → basic)', () => {
  const s = new SessionToolSurface('reader', false);
  applyExamTier(s, 'strong');
  assert.equal(s.activeProfile, 'full');
  assert.deepEqual(exposedCoreToolNames(s), CORE_TOOLS.map((t) => t.name));
  assert.ok(!exposedCoreToolNames(s).includes('occam_exam_submit'));
  const r = new SessionToolSurface('reader', false);
  applyExamTier(r, 'medium');
  assert.equal(r.activeProfile, 'basic');
});

test('exam.md #83, #84, #86: cached strong grade bootstraps a fresh surface; a miss or the default is never applied', () => {
  const cache = new ExamResultCache({ now: () => 0 });
  const strong = gradeRecord(null, { now: () => 0 });
  cache.store(subjectOf({ clientInfo: 'desk/1.0' }), { ...strong, score: 4, tier: 'strong' });
  const s = new SessionToolSurface('reader', false);
  assert.equal(bootstrapSurfaceFromCache(s, cache, 'desk/1.0')?.changed, true);
  assert.equal(s.activeProfile, 'full');

  const miss = new SessionToolSurface('reader', false);
  assert.equal(bootstrapSurfaceFromCache(miss, cache, 'other/2.0'), null);
  assert.equal(miss.activeProfile, 'reader');
  const d = cache.getOrDefault(subjectOf({ clientInfo: 'other/2.0' }));
  assert.equal(d.tier, 'medium');
  assert.equal(d.source, 'default');
  assert.equal(profileForTier(defaultResult().tier), 'basic');
  assert.equal(cache.count, 1, 'getOrDefault does not store the default');

  const locked = new SessionToolSurface('reader', true);
  assert.equal(bootstrapSurfaceFromCache(locked, cache, 'desk/1.0'), null);
  assert.equal(locked.activeProfile, 'reader');
});
