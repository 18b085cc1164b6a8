// The canary tools through a real MCP stdio client (trust.md #20, #37; tools.md #28).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { coreToolsOf } from '../../src/contract/catalog.ts';

let mcp: McpSession;
before(async () => {
  mcp = await startMcp();
});
after(async () => {
  await mcp?.close();
});

async function readProbe(url: string): Promise<string> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  const html = await res.text();
  const m = /name="occam-sentinel" content="([^"]+)"/.exec(html);
  assert.ok(m, 'probe page carries the meta sentinel');
  return m[1];
}

test('trust.md #20 (C20): issue returns url/sessionId/expiresAt/bucket and never the sentinel; a truthful read verifies', async () => {
  const issued = await mcp.call('occam_canary_issue', {});
  assert.equal(issued.raw.isError, false);
  const j = issued.json;
  assert.deepEqual(Object.keys(j).sort(), ['bucket', 'expiresAt', 'ok', 'sessionId', 'url']);
  assert.match(j.url, /^http:\/\/127\.0\.0\.1:\d+\/probe\/canary\//);
  assert.equal(j.url.endsWith(`/probe/canary/${j.sessionId}`), true);
  assert.match(j.sessionId, /^[A-Za-z0-9_-]{22}$/);
  assert.ok(Number.isInteger(j.bucket));
  assert.ok(!Number.isNaN(Date.parse(j.expiresAt)));
  const sentinel = await readProbe(j.url);
  assert.ok(!JSON.stringify(issued.raw).includes(sentinel));
  const v = await mcp.call('occam_canary_verify', { session_id: j.sessionId, sentinel: `"${sentinel}"` });
  assert.equal(v.raw.isError, false);
  assert.deepEqual(Object.keys(v.json), ['ok', 'verdict', 'bucket', 'reason', 'sessionId', 'currentBucket', 'matchedBucket', 'bucketDistance']);
  assert.deepEqual([v.json.ok, v.json.verdict, v.json.bucketDistance], [true, 'READ_VERIFIED', 0]);
  assert.equal(v.json.bucket, v.json.matchedBucket);
});

test('trust.md #20 (C20): issue → occam_transcode(url) in-process (backend canary) → occam_canary_verify = READ_VERIFIED; other private URLs stay blocked', async () => {
  const issued = (await mcp.call('occam_canary_issue', { session_id: 'e2e-transcode' })).json;
  const read = await mcp.call('occam_transcode', { url: issued.url, detail: 'full' });
  assert.equal(read.raw.isError, false, JSON.stringify(read.json));
  assert.deepEqual([read.json.ok, read.json.backend, read.json.url.finalUrl], [true, 'canary', issued.url]);
  assert.match(read.json.markdown, /^# Occam proof-of-read probe/);
  const sentinel = /Sentinel:\s*`([^`]+)`/.exec(read.json.markdown)?.[1];
  assert.ok(sentinel);
  const verdict = await mcp.call('occam_canary_verify', { session_id: issued.sessionId, sentinel });
  assert.deepEqual([verdict.json.ok, verdict.json.verdict], [true, 'READ_VERIFIED']);
  // The canary read carries a signed receipt like any read.
  const check = await mcp.call('occam_verify', { receipt: JSON.stringify(read.json.receipt), markdown: read.json.markdown });
  assert.deepEqual([check.json.verdict, (read.json.receipt.signed as Record<string, unknown>).backend], ['verified', 'canary']);
  const origin = new URL(issued.url).origin;
  for (const other of [`${origin}/health`, `${origin}/probe/canary/e2e-transcode/verify?sentinel=x`]) {
    const blocked = await mcp.call('occam_transcode', { url: other });
    assert.deepEqual([blocked.json.ok, blocked.json.failure?.code], [false, 'private_url_blocked'], other);
  }
});

test('tools.md #28: ttl bounds, blank sentinel, fabricated sentinel, explicit and invalid session ids', async () => {
  for (const ttl of [5, 29, 86_401]) {
    const r = await mcp.call('occam_canary_issue', { ttl_seconds: ttl });
    assert.equal(r.raw.isError, true);
    assert.equal(r.json.failure.code, 'invalid_arguments');
    assert.ok(r.json.timestamp);
  }
  const withTtl = await mcp.call('occam_canary_issue', { session_id: '  my.session-1  ', ttl_seconds: 30 });
  assert.equal(withTtl.json.sessionId, 'my.session-1');
  const plain = await mcp.call('occam_canary_issue', { session_id: 'my.session-2' });
  assert.ok(Date.parse(withTtl.json.expiresAt) <= Date.parse(plain.json.expiresAt));
  assert.ok(Date.parse(withTtl.json.expiresAt) - Date.now() <= 30_000);

  const bad = await mcp.call('occam_canary_issue', { session_id: 'has space' });
  assert.deepEqual([bad.raw.isError, bad.json.failure.code], [true, 'invalid_arguments']);

  const blank = await mcp.call('occam_canary_verify', { session_id: 'my.session-1', sentinel: '   ' });
  assert.deepEqual([blank.raw.isError, blank.json.failure.code], [true, 'invalid_arguments']);
  const fabricated = await mcp.call('occam_canary_verify', { session_id: 'my.session-1', sentinel: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  assert.equal(fabricated.raw.isError, true);
  assert.deepEqual([fabricated.json.ok, fabricated.json.verdict, fabricated.json.failure, fabricated.json.bucket, fabricated.json.matchedBucket, fabricated.json.bucketDistance], [false, 'HALLUCINATED', undefined, null, null, null]);
  const malformed = await mcp.call('occam_canary_verify', { session_id: '<script>', sentinel: 'x' });
  assert.deepEqual([malformed.json.ok, malformed.json.verdict], [false, 'HALLUCINATED']);
});

test('trust.md #37: reader exposes both canary tools; basic (switched live) and minimal (catalog) expose neither', async () => {
  const reader = await mcp.toolNames();
  assert.ok(reader.includes('occam_canary_issue') && reader.includes('occam_canary_verify'));
  for (const name of ['occam_canary_issue', 'occam_canary_verify']) {
    assert.equal(coreToolsOf('minimal').some((t) => t.name === name), false);
    assert.equal(coreToolsOf('basic').some((t) => t.name === name), false);
  }
  const s = await startMcp();
  try {
    const switched = await s.call('occam_client_capabilities', { profile: 'basic' });
    assert.equal(switched.json.ok, true);
    const names = await s.toolNames();
    assert.equal(names.includes('occam_canary_issue') || names.includes('occam_canary_verify'), false);
  } finally {
    await s.close();
  }
});

test('trust.md §2.13: an invalid option combination makes both tools answer canary_unavailable', async () => {
  const s = await startMcp({ OCCAM_CANARY_FRESH_TOLERANCE: '8', OCCAM_CANARY_STALE_HORIZON: '2' });
  try {
    const issue = await s.call('occam_canary_issue', {});
    assert.deepEqual([issue.raw.isError, issue.json.failure.code], [true, 'canary_unavailable']);
    const verify = await s.call('occam_canary_verify', { session_id: 's1', sentinel: 'x' });
    assert.equal(verify.json.failure.code, 'canary_unavailable');
    assert.ok(!/[A-Za-z0-9_-]{43}/.test(JSON.stringify(issue.json)));
  } finally {
    await s.close();
  }
});
