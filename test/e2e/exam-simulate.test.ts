// `occam exam simulate` (issue 31): the H3 study end to end against a known truth. Scripted MCP SDK clients of three
// skill levels, behind two model names, sit the exam on a real in-process Occam server (canary issued and verified
// by it, a real page read from a loopback server), then do a task; the report runs over their recorded transcripts.
// Known answer: mock-strong-beta changes from a strong to a weak agent behind its stable name — the behavioural arm
// must see it (tier variance > 0, phase-2 sessions sized weak), the static map must not (beta is strong by name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { processExamIo, runExam, type ExamIo } from '../../commands/exam.ts';
import { CHANGED_MODEL } from '../../src/mcp/exam-simulate.ts';

test('exam simulate: the behavioural arm detects the model that changed behind its name; the static map cannot', async () => {
  let stdout = '';
  let stderr = '';
  const io: ExamIo = { ...processExamIo(), out: (t) => (stdout += t), err: (t) => (stderr += t) };
  // 8 sessions × 2 agents × 2 phases = 32 sessions: just above the 30-per-arm minimum.
  assert.equal(await runExam(['simulate', '--sessions', '8', '--seed', '5', '--json'], io), 0, stderr);
  const doc = JSON.parse(stdout);
  assert.equal(doc.sessions, 32);
  const beta = doc.models.find((m: { modelHint: string }) => m.modelHint === CHANGED_MODEL);
  assert.deepEqual([beta.n, beta.behaviouralTiers.strong, beta.behaviouralTiers.weak, beta.staticTier], [16, 8, 8, 'strong']);
  assert.ok(beta.variance > 0, 'the behavioural tier varies within the changed name');
  const alpha = doc.models.find((m: { modelHint: string }) => m.modelHint !== CHANGED_MODEL);
  assert.equal(alpha.variance, 0, 'the stable agent keeps one tier');
  // Every phase-2 beta session: sized weak by its behaviour, strong by its name, and it went poorly.
  const changed = doc.rows.filter((r: any) => r.modelHint === CHANGED_MODEL && r.tiers.behavioural === 'weak');
  assert.equal(changed.length, 8);
  for (const r of changed) assert.deepEqual([r.tiers.static, r.outcome.poor], ['strong', true]);
  assert.equal(doc.arms.behavioural.missized.value, 0);
  assert.equal(doc.arms.static.missized.value, 0.25, 'the static arm over-trusts exactly the changed sessions');
  assert.ok(doc.difference.high < 0);
  assert.match(doc.verdict, /^H3 supported/);
});
