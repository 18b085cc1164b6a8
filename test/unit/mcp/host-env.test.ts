import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import { mcpHostRuntime } from '../../../src/mcp/host-env.ts';

function homeWith(onboard: string | null): string {
  const home = mkdtempSync(join(tmpdir(), 'occam-host-env-'));
  if (onboard !== null) {
    mkdirSync(join(home, '.occam'));
    writeFileSync(join(home, '.occam', 'onboard.json'), onboard);
  }
  return home;
}

test('operator.md §5: onboard.json values are defaults; a non-empty env variable wins', () => {
  const home = homeWith(JSON.stringify({ schema_version: '1.0', env: { OCCAM_PROFILE: 'full', OCCAM_CLIENT_CONTEXT_TOKENS: '64000' } }));
  const warnings: string[] = [];
  const rt = mcpHostRuntime(testContext({ homeDir: home, env: { HOME: home, OCCAM_PROFILE: 'basic' }, warnings }), 4242);
  assert.equal(rt.env.OCCAM_PROFILE, 'basic');
  assert.equal(rt.env.OCCAM_CLIENT_CONTEXT_TOKENS, '64000');
  assert.deepEqual(warnings, []);
});

test('operator.md §5: identity stamps are set unless provided', () => {
  const home = homeWith(null);
  const rt = mcpHostRuntime(testContext({ homeDir: home, env: { HOME: home, OCCAM_SESSION_ID: 'sess-given' } }), 4242);
  assert.match(rt.env.OCCAM_RUNTIME_ID ?? '', /^rt-[0-9a-f]{32}$/);
  assert.equal(rt.env.OCCAM_SESSION_ID, 'sess-given');
  assert.equal(rt.env.OCCAM_PARENT_PID, '4242');
  assert.equal(rt.env.OCCAM_PARENT_LABEL, 'occam-mcp');
});

test('operator.md §5: a malformed or unsupported onboard file is ignored with one warning token', () => {
  for (const [text, token] of [
    ['{not json', 'onboard_parse_error'],
    [JSON.stringify({ env: {} }), 'onboard_schema_invalid'],
    [JSON.stringify({ schema_version: '2.0', env: { OCCAM_PROFILE: 'full' } }), 'onboard_schema_unsupported'],
  ] as const) {
    const home = homeWith(text);
    const warnings: string[] = [];
    const rt = mcpHostRuntime(testContext({ homeDir: home, env: { HOME: home }, warnings }), 1);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], new RegExp(token));
    assert.equal(rt.env.OCCAM_PROFILE, undefined);
  }
});
