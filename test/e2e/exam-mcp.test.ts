// occam_exam_submit through a real MCP SDK client over stdio (`node bin/occam.ts mcp`, OCCAM_EXAM_MCP=1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileId } from '../../src/contract/profiles.ts';
import { contractToolNames, startMcp } from '../helpers/mcp-client.ts';
import { initializeMessage, rawExchange } from '../helpers/raw-stdio.ts';
import { EXAM_RECORDS_DIR } from '../helpers/fixtures.ts';

const RECORDS = EXAM_RECORDS_DIR;
const record = (name: string) => readFileSync(join(RECORDS, name), 'utf8');
/** A fixture as the connection's own record: the fixture's clientInfo names another client, which is refused (issue 31). */
const own = (name: string) => {
  const { clientInfo: _other, ...rest } = JSON.parse(record(name));
  return JSON.stringify(rest);
};

/** Issues a canary on this host, reads the probe as an agent would, and returns the perfect record with its proof. */
async function provenPerfect(s: Awaited<ReturnType<typeof startMcp>>): Promise<string> {
  const issued = await s.call('occam_canary_issue', {});
  const html = await (await fetch(issued.json.url)).text();
  const sentinel = /name="occam-sentinel" content="([^"]+)"/.exec(html)?.[1];
  return JSON.stringify({ ...JSON.parse(own('perfect.json')), canarySentinel: sentinel, canarySessionId: issued.json.sessionId });
}
const SCORE_ONE = JSON.stringify({
  clientInfo: 'occam-test/1.0.0', // the submitting connection's own clientInfo (test/helpers/mcp-client.ts)
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: { url: '/relative' },
  focusBudgetArguments: { task: 'x' },
});

/** What tools/list must show (from the catalog): the profile's core tools, then the gated-on opt-in tools. */
const listed = (p: ProfileId, gates: string[] = ['OCCAM_EXAM_MCP']) => contractToolNames(p, gates);

test('exam.md #80, #82, #89, #90, #92: a perfect record widens to full, a score-1 record narrows to minimal, each followed by list_changed', async () => {
  const gates = ['OCCAM_EXAM_MCP', 'OCCAM_BATCH_MCP'];
  const s = await startMcp({ OCCAM_EXAM_MCP: '1', OCCAM_BATCH_MCP: '1' });
  try {
    assert.deepEqual(await s.toolNames(), listed('reader', gates), 'boots at reader, never at the exam default (basic)');

    // A claimed canary never widens (issue 31): the perfect record proves its canary through this host.
    const wide = await s.call('occam_exam_submit', { submission: await provenPerfect(s) });
    assert.equal(wide.raw.isError, false);
    assert.deepEqual([wide.json.score, wide.json.tier, wide.json.applied, wide.json.activeProfile, wide.json.toolCount, wide.json.listChangedSent],
      [4, 'strong', true, 'full', 18, true]);
    assert.deepEqual(wide.raw.structuredContent, wide.json);
    assert.ok(await s.waitForListChanged(1), 'notifications/tools/list_changed after widening');
    assert.deepEqual(await s.toolNames(), listed('full', gates));

    const narrow = await s.call('occam_exam_submit', { submission: SCORE_ONE });
    assert.deepEqual([narrow.json.score, narrow.json.tier, narrow.json.activeProfile, narrow.json.toolCount], [1, 'weak', 'minimal', 1]);
    assert.ok(await s.waitForListChanged(2), 'notifications/tools/list_changed after narrowing');
    assert.deepEqual(await s.toolNames(), listed('minimal', gates), 'opt-in tools (submit, batch) survive the narrowest surface');

    // #90: a core tool the surface now hides is not run.
    const hidden = await s.call('occam_client_capabilities', {});
    assert.equal(hidden.raw.isError, true);
    assert.equal(hidden.json.failureCode, 'tool_not_on_surface');
    assert.match(hidden.json.message, /minimal/);

    // #85/#88 over the wire: a malformed record is a typed failure, the surface stays.
    const bad = await s.call('occam_exam_submit', { submission: record('malformed.json') });
    assert.equal(bad.raw.isError, true);
    assert.equal(bad.json.failure.code, 'invalid_arguments');
    assert.equal(s.listChangedCount(), 2);
  } finally {
    await s.close();
  }
});

test('exam.md #81, #91: with OCCAM_PROFILE_LOCK=1 nothing changes and the response says pinned; OCCAM_PROFILE alone is only the boot default', async () => {
  const locked = await startMcp({ OCCAM_EXAM_MCP: '1', OCCAM_PROFILE_LOCK: '1' });
  try {
    const before = await locked.toolNames();
    const r = await locked.call('occam_exam_submit', { submission: own('perfect.json') });
    assert.deepEqual([r.json.ok, r.json.score, r.json.recommendedProfile, r.json.applied, r.json.pinned, r.json.activeProfile, r.json.listChangedSent],
      [true, 4, 'full', false, true, 'reader', false]);
    assert.deepEqual(await locked.toolNames(), before);
    assert.equal(locked.listChangedCount(), 0);
  } finally {
    await locked.close();
  }

  const auditor = await startMcp({ OCCAM_EXAM_MCP: '1', OCCAM_PROFILE: 'auditor' });
  try {
    assert.deepEqual(await auditor.toolNames(), listed('auditor'));
    const r = await auditor.call('occam_exam_submit', { submission: own('fail-chain.json') });
    assert.deepEqual([r.json.applied, r.json.pinned, r.json.activeProfile], [true, false, 'basic']);
    assert.ok(await auditor.waitForListChanged(1));
  } finally {
    await auditor.close();
  }
});

test('tools.md §6.7: with OCCAM_EXAM_MCP=1 the host advertises tools.listChanged on revision 2026-07-28; the tool is absent without the flag', async () => {
  const on = await rawExchange(
    [initializeMessage('2026-07-28'), { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    { OCCAM_EXAM_MCP: '1', OCCAM_PROFILE_LOCK: '1' },
  );
  const init = on.frames.find((f) => f.id === 1);
  assert.equal(init.result.capabilities.tools.listChanged, true);
  assert.ok(on.frames.find((f) => f.id === 2).result.tools.some((t: { name: string }) => t.name === 'occam_exam_submit'));

  const off = await rawExchange(
    [initializeMessage('2026-07-28'), { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    { OCCAM_EXAM_MCP: 'yes' }, // only 1/true turn a gate on
  );
  assert.ok(!off.frames.find((f) => f.id === 2).result.tools.some((t: { name: string }) => t.name === 'occam_exam_submit'));
});

test('canary through the host: occam_canary_issue → read the probe → submit the sentinel; the issuing verifier decides, claims are ignored', async () => {
  const s = await startMcp({ OCCAM_EXAM_MCP: '1' });
  try {
    const issued = await s.call('occam_canary_issue', {});
    assert.equal(issued.raw.isError, false);
    // The agent reads the probe page (here over plain HTTP, as any agent's fetch would) and copies the meta tag.
    const html = await (await fetch(issued.json.url)).text();
    const sentinel = /name="occam-sentinel" content="([^"]+)"/.exec(html)?.[1];
    assert.ok(sentinel, 'the probe page carries the sentinel');
    const base = JSON.parse(own('perfect.json'));

    // An honest agent that reports the sentinel (and, say, a pessimistic claim) passes on the verifier's verdict.
    const honest = await s.call('occam_exam_submit', {
      submission: JSON.stringify({ ...base, canaryVerdict: 'HALLUCINATED', canarySentinel: sentinel, canarySessionId: issued.json.sessionId }),
    });
    assert.equal(honest.json.score, 4);
    assert.deepEqual([honest.json.canaryAdjudication.path, honest.json.canaryAdjudication.verdict], ['verifier', 'READ_VERIFIED']);

    // An agent that claims READ_VERIFIED but reports a made-up sentinel fails the canary.
    const liar = await s.call('occam_exam_submit', {
      submission: JSON.stringify({ ...base, canaryVerdict: 'READ_VERIFIED', canarySentinel: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', canarySessionId: issued.json.sessionId }),
    });
    assert.equal(liar.json.score, 3);
    assert.equal(liar.json.outcomes[0].passed, false);
    assert.deepEqual([liar.json.canaryAdjudication.path, liar.json.canaryAdjudication.verdict], ['verifier', 'HALLUCINATED']);
  } finally {
    await s.close();
  }
});

test('issue 31 over stdio: another client\'s record is refused with exam_subject_mismatch; a claimed perfect record applies basic, not full', async () => {
  const s = await startMcp({ OCCAM_EXAM_MCP: '1' });
  try {
    const other = await s.call('occam_exam_submit', { submission: record('perfect.json') }); // names lumen-desk/3.1.0
    assert.equal(other.raw.isError, true);
    assert.equal(other.json.failure.code, 'exam_subject_mismatch');
    assert.equal(s.listChangedCount(), 0);
    const claimed = await s.call('occam_exam_submit', { submission: own('perfect.json') });
    assert.deepEqual([claimed.json.score, claimed.json.tier, claimed.json.activeProfile, claimed.json.wideningRefused, claimed.json.clientInfo],
      [4, 'strong', 'basic', true, 'occam-test/1.0.0']);
  } finally {
    await s.close();
  }
});
