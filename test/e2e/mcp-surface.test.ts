// The MCP surface through real clients: the SDK Client over stdio, and raw JSON-RPC where the SDK cannot go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG } from '../../src/contract/catalog.ts';
import { PROFILES, type ProfileId } from '../../src/contract/profiles.ts';
import { contractToolNames, startMcp } from '../helpers/mcp-client.ts';
import { initializeMessage, rawExchange } from '../helpers/raw-stdio.ts';

// The expectation is the contract catalog, not the implemented modules: a catalog tool not served fails here.
const expectedFor = (p: ProfileId, gates: string[] = []) => contractToolNames(p, gates);

test('tools.md #1/#2: tools/list per profile equals the catalog membership, in catalog order', async () => {
  for (const profile of PROFILES) {
    const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_PROFILE: profile });
    try {
      assert.deepEqual(await s.toolNames(), expectedFor(profile), profile);
      const listed = (await s.client.listTools()).tools;
      for (const t of listed) {
        assert.equal(t.outputSchema?.type, 'object', `${t.name} advertises an outputSchema (#25)`);
        assert.equal(t.annotations?.openWorldHint, true);
      }
    } finally {
      await s.close();
    }
  }
});

test('tools.md #6: opt-in gates list their catalog tools on every profile', async () => {
  const gates = [...new Set(CATALOG.filter((t) => t.gate).map((t) => t.gate!))];
  const env = Object.fromEntries([['OCCAM_PROFILE', 'minimal'], ...gates.map((g) => [g, 'true'])]);
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', ...env });
  try {
    assert.deepEqual(await s.toolNames(), expectedFor('minimal', gates));
  } finally {
    await s.close();
  }
});

test('tools.md #5/#33: an invalid profile falls back to reader with one stderr line; stdout carries frames only', async () => {
  const { frames, stderr } = await rawExchange(
    [
      initializeMessage('2025-06-18'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'occam_client_capabilities', arguments: { context_tokens: 'lots' } } },
    ],
    { OCCAM_PROFILE: 'bogus' },
  );
  assert.equal(stderr.split('\n').filter((l) => l.includes('bogus')).length, 1);
  const list = frames.find((f) => f.id === 2);
  assert.deepEqual(list.result.tools.map((t: any) => t.name), expectedFor('reader'));
  for (const f of frames) assert.equal(f.jsonrpc, '2.0');
  const bound = frames.find((f) => f.id === 3);
  assert.equal(bound.result.isError, true, '#24: binding failure is a tool result, not a JSON-RPC error');
  assert.equal(bound.result.structuredContent.failureCode, 'invalid_arguments');
  assert.match(bound.result.structuredContent.message, /tool: occam_client_capabilities/);
  assert.match(stderr, /\[occam\.mcp\] argument binding rejected tool=occam_client_capabilities/);
});

test('tools.md #20/#21: capability honesty — listChanged per revision, lock and boot profile; never logging', async () => {
  const advertised = async (revision: string, env: Record<string, string>) => {
    const { frames } = await rawExchange([initializeMessage(revision)], env);
    const init = frames.find((f) => f.id === 1).result;
    assert.equal(init.capabilities.logging, undefined, '#20: no logging capability');
    return { listChanged: init.capabilities.tools.listChanged, revision: init.protocolVersion };
  };
  assert.deepEqual(await advertised('2026-07-28', {}), { listChanged: true, revision: '2026-07-28' });
  assert.deepEqual(await advertised('2025-06-18', {}), { listChanged: false, revision: '2025-06-18' });
  assert.equal((await advertised('2026-07-28', { OCCAM_PROFILE_LOCK: '1' })).listChanged, false);
  assert.equal((await advertised('2026-07-28', { OCCAM_PROFILE: 'minimal' })).listChanged, false);
});

test('tools.md #11/#12/#13, seed 003: client capabilities clamps, env bootstrap and clear over stdio', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_CLIENT_CONTEXT_TOKENS: '64000', OCCAM_CLIENT_MODEL_ID: 'm1' });
  try {
    const inspect = (await s.call('occam_client_capabilities')).json;
    assert.equal(inspect.configured, true);
    assert.equal(inspect.source, 'env');
    assert.equal(inspect.outputBudgetTokens, 12800);
    assert.equal(inspect.modelId, 'm1');
    assert.equal(inspect.activeProfile, 'reader');

    const low = await s.call('occam_client_capabilities', { context_tokens: 1023 });
    assert.equal(low.raw.isError, true);
    assert.equal(low.json.ok, false);
    assert.equal(low.json.failureCode, 'invalid_arguments');
    assert.equal(low.json.contextTokens, null);
    assert.equal(low.json.outputBudgetTokens, null);
    assert.deepEqual(low.raw.structuredContent, low.json, '#25: structuredContent mirrors the text');
    assert.equal((await s.call('occam_client_capabilities', { context_tokens: 2000001 })).json.failureCode, 'invalid_arguments');
    assert.equal((await s.call('occam_client_capabilities')).json.contextTokens, 64000, 'failed calls change nothing');

    const min = (await s.call('occam_client_capabilities', { context_tokens: 1024, model_id: ' x ' })).json;
    assert.deepEqual([min.outputBudgetTokens, min.source, min.modelId, min.suggestedProfile], [512, 'tool', 'x', 'reader']);
    const max = (await s.call('occam_client_capabilities', { context_tokens: 2000000 })).json;
    assert.equal(max.outputBudgetTokens, 16384);

    const cleared = (await s.call('occam_client_capabilities', { clear: true, context_tokens: 5000 })).json;
    assert.deepEqual([cleared.source, cleared.contextTokens], ['env', 64000], 'clear re-reads env and ignores context_tokens');
  } finally {
    await s.close();
  }
});

test('tools.md #15–#17, #19: profile switching sends list_changed and the next tools/list reflects it', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full' });
  try {
    const wide = (await s.call('occam_client_capabilities', { profile: 'full' })).json;
    assert.deepEqual(
      [wide.profileApplied, wide.mustRelistTools, wide.suggestedNext, wide.listChangedSent, wide.activeProfile],
      [true, true, 'tools/list', true, 'full'],
    );
    assert.ok(await s.waitForListChanged(1));
    assert.deepEqual(await s.toolNames(), expectedFor('full'));

    const again = (await s.call('occam_client_capabilities', { profile: 'FULL ' })).json;
    assert.deepEqual([again.profileApplied, again.mustRelistTools], [false, false]);
    assert.equal(await s.waitForListChanged(2, 300), false, '#16: no second notification');

    const weird = await s.call('occam_client_capabilities', { profile: 'weird' });
    assert.equal(weird.json.failureCode, 'invalid_arguments');
    assert.deepEqual(await s.toolNames(), expectedFor('full'), '#17: surface unchanged');

    await s.call('occam_client_capabilities', { profile: 'basic' });
    assert.ok(await s.waitForListChanged(2));
    assert.ok(!(await s.toolNames()).includes('occam_client_capabilities'), '#19: tool gone after narrowing');
    const hidden = await s.call('occam_client_capabilities', {});
    assert.equal(hidden.raw.isError, true);
    assert.equal(hidden.json.failureCode, 'tool_not_on_surface');
    assert.match(hidden.json.message, /profile=basic/);
    assert.match(hidden.json.message, /re-submit/);
  } finally {
    await s.close();
  }
});

test('tools.md #18: with OCCAM_PROFILE_LOCK=1 a profile switch is refused and nothing is announced', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_PROFILE_LOCK: '1' });
  try {
    const r = (await s.call('occam_client_capabilities', { profile: 'full' })).json;
    assert.deepEqual([r.ok, r.profileApplied, r.profileLocked, r.activeProfile], [true, false, true, 'reader']);
    assert.equal(await s.waitForListChanged(1, 300), false);
    assert.deepEqual(await s.toolNames(), expectedFor('reader'));
    assert.equal(s.client.getServerCapabilities()?.tools?.listChanged, false);
  } finally {
    await s.close();
  }
});

test('tools.md #24: unknown tool names keep the SDK error path', async () => {
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full' });
  try {
    await assert.rejects(s.client.callTool({ name: 'occam_no_such_tool', arguments: {} }));
  } finally {
    await s.close();
  }
});

test('operator.md §16: the host signing key is minted shortly after start, owner-only', async () => {
  const { statSync, existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  const s = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_RECEIPTS: '0' });
  try {
    const key = join(s.home, '.occam', 'keys', 'signing-key.pem');
    const deadline = Date.now() + 15_000;
    while (!existsSync(key) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok(existsSync(key), 'key minted without any signing call, even with receipts off');
    assert.equal(statSync(key).mode & 0o777, 0o600);
  } finally {
    await s.close();
  }
});
