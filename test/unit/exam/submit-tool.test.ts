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
/** A fixture record as this connection's own: without the clientInfo the fixture names (issue 31: another client's
 * record is refused), so the spec's grading cases still run against the submitting connection. */
const own = (name: string) => {
  const { clientInfo: _other, ...rest } = JSON.parse(record(name));
  return JSON.stringify(rest);
};
/** A perfect record whose canary this host's verifier proves (a claimed canary never widens, issue 31). */
const provenTool = createExamSubmitTool(async () => (_sid: string, sentinel: string): CanaryVerdict => (sentinel === 'issued-here' ? 'READ_VERIFIED' : 'HALLUCINATED'));
const proven = (name = 'perfect.json') => JSON.stringify({ ...JSON.parse(own(name)), canarySentinel: 'issued-here', canarySessionId: 'c-1' });

function session(boot: ProfileId = 'reader', locked = false, opts: { notifyFails?: boolean; client?: { name: string; version: string }; env?: Record<string, string> } = {}) {
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
      capabilities: new ClientCapabilityStore(opts.env ?? {}, () => {}),
      clientInfo: opts.client ?? { name: 'test', version: '1' },
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
  const r = await provenTool.handler({ submission: proven() }, ctx);
  assert.equal(r.ok, true);
  assert.deepEqual(
    Object.keys(r).sort(),
    ['ok', 'score', 'maxScore', 'tier', 'source', 'recommendedProfile', 'toolCount', 'applied', 'pinned', 'activeProfile',
      'listChangedSent', 'clientInfo', 'modelHint', 'sessionId', 'selfReportTier', 'staticMapTier', 'outcomes', 'canaryAdjudication',
      'appliedTier', 'appliedProfile', 'wideningRefused'].sort(),
  );
  assert.deepEqual(
    [r.score, r.maxScore, r.tier, r.source, r.recommendedProfile, r.toolCount, r.applied, r.pinned, r.activeProfile, r.listChangedSent],
    [4, 4, 'strong', 'exam', 'full', 18, true, false, 'full', true],
  );
  // The subject is the connection's (issue 31): its clientInfo and session id, and no model (none was declared).
  assert.deepEqual([r.clientInfo, r.modelHint, r.sessionId, r.selfReportTier, r.staticMapTier], ['test/1', 'unknown', 's1', 'strong', 'medium']);
  assert.equal((r.outcomes as unknown[]).length, 4);
  assert.equal(surface.activeProfile, 'full');
  assert.deepEqual(notified, [1]);
});

test('exam.md #81, #89: pinned → recommended full, applied false, active reader, no notification', async () => {
  const { ctx, surface, notified, services } = session('reader', true);
  const r = await provenTool.handler({ submission: proven() }, ctx);
  assert.deepEqual([r.recommendedProfile, r.applied, r.pinned, r.activeProfile, r.listChangedSent], ['full', false, true, 'reader', false]);
  assert.equal(surface.activeProfile, 'reader');
  assert.deepEqual(notified, []);
  const cache = await services.use(examCacheService);
  assert.equal((await cache.get(subjectOf({ clientInfo: 'test/1', modelHint: null, sessionId: 's1' })))?.tier, 'strong', 'pinned still grades and caches');
});

test('exam.md #82: a weak record → score 0, applied, minimal; a re-submit is still possible and can widen again', async () => {
  const { ctx, surface, notified } = session();
  const weak = JSON.stringify({ modelHint: 'mock-weak-7b', canaryVerdict: 'HALLUCINATED', basicCallArguments: { url: 'not-a-url' } });
  const r = await examSubmitTool.handler({ submission: weak }, ctx);
  assert.deepEqual([r.score, r.tier, r.applied, r.activeProfile, r.toolCount, r.selfReportTier], [0, 'weak', true, 'minimal', 1, null]);
  const again = await examSubmitTool.handler({ submission: own('fail-chain.json') }, ctx);
  assert.deepEqual([again.score, again.activeProfile, again.applied], [3, 'basic', true]);
  assert.equal(surface.generation, 2);
  assert.deepEqual(notified, [1, 2]);
  const same = await examSubmitTool.handler({ submission: own('fail-canary.json') }, ctx);
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
  const r = await provenTool.handler({ submission: JSON.parse(proven()) }, ctx);
  assert.deepEqual([r.ok, r.score, r.applied, r.listChangedSent, r.activeProfile], [true, 4, true, false, 'full']);
});

test('canary: inside the host the issuing verifier decides — a claimed READ_VERIFIED with a bogus sentinel fails', async () => {
  const seen: Array<[string, string]> = [];
  const tool = createExamSubmitTool(async () => (sid: string, sentinel: string): CanaryVerdict => {
    seen.push([sid, sentinel]);
    return sentinel === 'real-sentinel' ? 'READ_VERIFIED' : 'HALLUCINATED';
  });
  const base = JSON.parse(own('perfect.json'));
  const { ctx } = session();
  const lie = await tool.handler({ submission: JSON.stringify({ ...base, canarySentinel: 'guessed', canarySessionId: 'c-1' }) }, ctx);
  assert.equal(lie.score, 3);
  assert.deepEqual(lie.canaryAdjudication, { path: 'verifier', evidence: 'host-authority', verdict: 'HALLUCINATED', note: (lie.canaryAdjudication as { note: string }).note });
  const truth = await tool.handler({ submission: JSON.stringify({ ...base, canaryVerdict: null, canarySentinel: 'real-sentinel', canarySessionId: 'c-2' }) }, ctx);
  assert.equal(truth.score, 4);
  assert.equal((truth.canaryAdjudication as { path: string }).path, 'verifier');
  assert.deepEqual(seen, [['c-1', 'guessed'], ['c-2', 'real-sentinel']]);
  // Without a sentinel the claimed verdict is graded, and the response says so.
  const claimed = await tool.handler({ submission: own('perfect.json') }, ctx);
  assert.equal((claimed.canaryAdjudication as { path: string }).path, 'claimed');
});

test('issue 31: a record naming another client is refused (exam_subject_mismatch); nothing is applied or stored for either client', async () => {
  const { ctx, surface, notified, services } = session('reader', false, { client: { name: 'attacker', version: '1.0' } });
  for (const victimRecord of [
    { ...JSON.parse(proven()), clientInfo: 'victim/1.0' }, // a fabricated perfect record: would give the victim 18 tools
    { clientInfo: 'victim/1.0', canaryVerdict: 'HALLUCINATED' }, // a weak one: would start every victim process with 1
  ]) {
    const r = await provenTool.handler({ submission: JSON.stringify(victimRecord) }, ctx);
    assert.equal(r.ok, false);
    assert.equal((r.failure as { code: string }).code, 'exam_subject_mismatch');
    assert.match((r.failure as { message: string }).message, /victim\/1\.0.*attacker\/1\.0/);
  }
  assert.deepEqual([surface.activeProfile, surface.generation, notified.length], ['reader', 0, 0]);
  const store = await services.use(examCacheService);
  assert.equal(await store.count(), 0, 'no grade was persisted for anyone');
  assert.equal(await store.get(subjectOf({ clientInfo: 'victim/1.0' })), null);
});

test('issue 31: the subject is the connection\'s — declared model included; a record naming another model is refused', async () => {
  const { ctx, services } = session('reader', false, { client: { name: 'desk', version: '2.0' }, env: { OCCAM_CLIENT_CONTEXT_TOKENS: '200000', OCCAM_CLIENT_MODEL_ID: 'northwind-large' } });
  const r = await provenTool.handler({ submission: JSON.stringify({ ...JSON.parse(proven()), clientInfo: 'desk/2.0', modelHint: null, sessionId: 'harness-label' }) }, ctx);
  assert.deepEqual([r.ok, r.clientInfo, r.modelHint, r.sessionId], [true, 'desk/2.0', 'northwind-large', 's1']);
  const store = await services.use(examCacheService);
  assert.equal((await store.get(subjectOf({ clientInfo: 'desk/2.0', modelHint: 'northwind-large' })))?.tier, 'strong', 'persisted under client + version + model');
  assert.equal(await store.get(subjectOf({ clientInfo: 'desk/2.0' })), null, 'a missing model is its own key, never a wildcard');
  assert.equal(await store.get(subjectOf({ clientInfo: 'desk/2.0', modelHint: 'other-model' })), null);
  const other = await provenTool.handler({ submission: JSON.stringify({ ...JSON.parse(proven()), modelHint: 'other-model' }) }, ctx);
  assert.equal((other.failure as { code: string }).code, 'exam_subject_mismatch');
});

test('issue 31: a claimed canary grades strong but never widens: applied and persisted as medium (basic), and the response says why', async () => {
  const { ctx, surface, services } = session();
  const r = await examSubmitTool.handler({ submission: own('perfect.json') }, ctx);
  assert.deepEqual([r.score, r.tier, r.recommendedProfile], [4, 'strong', 'full'], 'the grade itself is as today');
  assert.deepEqual([r.appliedTier, r.appliedProfile, r.wideningRefused, r.activeProfile], ['medium', 'basic', true, 'basic']);
  assert.equal((r.canaryAdjudication as { evidence: string }).evidence, 'claimed');
  assert.match(r.wideningNote as string, /claimed/);
  assert.equal(surface.activeProfile, 'basic');
  const store = await services.use(examCacheService);
  assert.equal((await store.get(subjectOf({ clientInfo: 'test/1' })))?.tier, 'medium', 'persisted without widening');
  // The same record with a sentinel this host verified widens.
  const ok = await provenTool.handler({ submission: proven() }, ctx);
  assert.deepEqual([ok.appliedTier, ok.wideningRefused, ok.activeProfile], ['strong', false, 'full']);
  assert.equal((ok.canaryAdjudication as { evidence: string }).evidence, 'host-authority');
});
