// occam_exam_submit's handler with a real surface, real services and a recording notifier (exam.md §9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import type { ProfileId } from '../../../src/contract/profiles.ts';
import { ClientCapabilityStore } from '../../../src/mcp/capabilities.ts';
import { Services } from '../../../src/runtime/services.ts';
import { SessionToolSurface } from '../../../src/runtime/surface.ts';
import type { ToolContext } from '../../../src/mcp/tool.ts';
import { createExamSubmitTool, examCacheService, examSubmitTool } from '../../../src/mcp/tools/exam-submit.ts';
import type { CanaryVerdict } from '../../../src/exam/grader.ts';
import { subjectOf } from '../../../src/exam/record.ts';
import { EXAM_RECORDS_DIR } from '../../helpers/fixtures.ts';

const RECORDS = EXAM_RECORDS_DIR;
const record = (name: string) => readFileSync(join(RECORDS, name), 'utf8');

function session(boot: ProfileId = 'reader', locked = false, opts: { notifyFails?: boolean } = {}) {
  // A temporary HOME: grades persist in the state store under it (src/store/exam-grades.ts).
  const home = mkdtempSync(join(tmpdir(), 'occam-exam-submit-'));
  const runtime = testContext({ homeDir: home, env: { HOME: home } });
  const services = new Services(runtime);
  const notified: number[] = [];
  const surface = new SessionToolSurface(boot, locked);
  const ctx: ToolContext = {
    runtime,
    services,
    session: {
      id: 's1',
      surface,
      capabilities: new ClientCapabilityStore({}, () => {}),
      clientInfo: { name: 'test', version: '1' },
      protocolVersion: '2026-07-28',
      canNotify: true,
      extras: new Map(),
    },
    signal: new AbortController().signal,
    notifyToolsChanged: async () => {
      notified.push(surface.generation);
      return !opts.notifyFails;
    },
    log: () => {},
  };
  return { ctx, surface, notified, services };
}

test('exam.md #80, #87, #89: a perfect record applies full; every success field is present; list_changed sent once', async () => {
  const { ctx, surface, notified } = session();
  const r = await examSubmitTool.handler({ submission: record('perfect.json') }, ctx);
  assert.equal(r.ok, true);
  assert.deepEqual(
    Object.keys(r).sort(),
    ['ok', 'score', 'maxScore', 'tier', 'source', 'recommendedProfile', 'toolCount', 'applied', 'pinned', 'activeProfile',
      'listChangedSent', 'clientInfo', 'modelHint', 'sessionId', 'selfReportTier', 'staticMapTier', 'outcomes', 'canaryAdjudication'].sort(),
  );
  assert.deepEqual(
    [r.score, r.maxScore, r.tier, r.source, r.recommendedProfile, r.toolCount, r.applied, r.pinned, r.activeProfile, r.listChangedSent],
    [4, 4, 'strong', 'exam', 'full', 18, true, false, 'full', true],
  );
  assert.deepEqual([r.clientInfo, r.modelHint, r.sessionId, r.selfReportTier, r.staticMapTier], ['lumen-desk/3.1.0', 'northwind-large-2026-05', 'rec-perfect-7f3a', 'strong', 'medium']);
  assert.equal((r.outcomes as unknown[]).length, 4);
  assert.equal(surface.activeProfile, 'full');
  assert.deepEqual(notified, [1]);
});

test('exam.md #81, #89: pinned → recommended full, applied false, active reader, no notification', async () => {
  const { ctx, surface, notified, services } = session('reader', true);
  const r = await examSubmitTool.handler({ submission: record('perfect.json') }, ctx);
  assert.deepEqual([r.recommendedProfile, r.applied, r.pinned, r.activeProfile, r.listChangedSent], ['full', false, true, 'reader', false]);
  assert.equal(surface.activeProfile, 'reader');
  assert.deepEqual(notified, []);
  const cache = await services.use(examCacheService);
  assert.equal((await cache.get(subjectOf({ clientInfo: 'lumen-desk/3.1.0', modelHint: 'northwind-large-2026-05', sessionId: 'rec-perfect-7f3a' })))?.tier, 'strong', 'pinned still grades and caches');
});

test('exam.md #82: a weak record → score 0, applied, minimal; a re-submit is still possible and can widen again', async () => {
  const { ctx, surface, notified } = session();
  const weak = JSON.stringify({ modelHint: 'mock-weak-7b', canaryVerdict: 'HALLUCINATED', basicCallArguments: { url: 'not-a-url' } });
  const r = await examSubmitTool.handler({ submission: weak }, ctx);
  assert.deepEqual([r.score, r.tier, r.applied, r.activeProfile, r.toolCount, r.selfReportTier], [0, 'weak', true, 'minimal', 1, null]);
  const again = await examSubmitTool.handler({ submission: record('fail-chain.json') }, ctx);
  assert.deepEqual([again.score, again.activeProfile, again.applied], [3, 'basic', true]);
  assert.equal(surface.generation, 2);
  assert.deepEqual(notified, [1, 2]);
  const same = await examSubmitTool.handler({ submission: record('fail-canary.json') }, ctx);
  assert.deepEqual([same.applied, same.listChangedSent], [false, false], 'same profile → nothing to re-list');
});

test('exam.md #85, #88: invalid JSON → ok:false with nested failure.code invalid_arguments and a timestamp; surface unchanged', async () => {
  const { ctx, surface, notified } = session();
  for (const submission of [record('malformed.json'), '', '   ', '[1,2]', '"text"']) {
    const r = await examSubmitTool.handler({ submission }, ctx);
    assert.equal(r.ok, false);
    assert.equal((r.failure as { code: string }).code, 'invalid_arguments');
    assert.ok((r.failure as { message: string }).message.length > 0);
    assert.ok(!Number.isNaN(Date.parse(r.timestamp as string)));
  }
  assert.equal(surface.activeProfile, 'reader');
  assert.equal(surface.generation, 0);
  assert.deepEqual(notified, []);
});

test('exam.md §9: an object submission is accepted and grades like its text; a failed notification still succeeds', async () => {
  const { ctx } = session('reader', false, { notifyFails: true });
  const r = await examSubmitTool.handler({ submission: JSON.parse(record('perfect.json')) }, ctx);
  assert.deepEqual([r.ok, r.score, r.applied, r.listChangedSent, r.activeProfile], [true, 4, true, false, 'full']);
});

test('canary: inside the host the issuing verifier decides — a claimed READ_VERIFIED with a bogus sentinel fails', async () => {
  const seen: Array<[string, string]> = [];
  const tool = createExamSubmitTool(async () => (sid: string, sentinel: string): CanaryVerdict => {
    seen.push([sid, sentinel]);
    return sentinel === 'real-sentinel' ? 'READ_VERIFIED' : 'HALLUCINATED';
  });
  const base = JSON.parse(record('perfect.json'));
  const { ctx } = session();
  const lie = await tool.handler({ submission: JSON.stringify({ ...base, canarySentinel: 'guessed', canarySessionId: 'c-1' }) }, ctx);
  assert.equal(lie.score, 3);
  assert.deepEqual(lie.canaryAdjudication, { path: 'verifier', verdict: 'HALLUCINATED', note: (lie.canaryAdjudication as { note: string }).note });
  const truth = await tool.handler({ submission: JSON.stringify({ ...base, canaryVerdict: null, canarySentinel: 'real-sentinel', canarySessionId: 'c-2' }) }, ctx);
  assert.equal(truth.score, 4);
  assert.equal((truth.canaryAdjudication as { path: string }).path, 'verifier');
  assert.deepEqual(seen, [['c-1', 'guessed'], ['c-2', 'real-sentinel']]);
  // Without a sentinel the claimed verdict is graded, and the response says so.
  const claimed = await tool.handler({ submission: record('perfect.json') }, ctx);
  assert.equal((claimed.canaryAdjudication as { path: string }).path, 'claimed');
});
