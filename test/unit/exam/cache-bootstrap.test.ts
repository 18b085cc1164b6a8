// exam.md §8.4 / #83: two connections of one host process (as on WebSocket or remote transports) share the grade
// cache; a later connection from the same client starts at the cached grade's surface. Real SDK clients over the
// SDK's in-memory transport, real server, real services.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { testContext } from '../../../src/runtime/context.ts';
import { createOccamServer, newSession, readHostConfig, registeredTools } from '../../../src/mcp/server.ts';
import { Services } from '../../../src/runtime/services.ts';
import { toolsMentioned } from '../../../src/contract/instructions.ts';
import { CATALOG } from '../../../src/contract/catalog.ts';

async function connect(env: Record<string, string>, services: Services, clientVersion: string) {
  const runtime = testContext({ env, now: () => Date.UTC(2027, 0, 1) });
  const config = readHostConfig(runtime);
  const session = newSession(runtime, config);
  const server = createOccamServer({ runtime, services, config, session, tools: registeredTools(config) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'desk', version: clientVersion });
  await client.connect(b);
  return { client, session, close: () => client.close() };
}

const GRADE_FOR_CLIENT = JSON.stringify({
  clientInfo: 'desk/2.0', // blank modelHint/sessionId: the only records the initialize lookup can hit
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: { url: 'https://example.com' },
  focusBudgetArguments: { task: 'x', budget: 500 },
  chain: { calls: [{}, { if_none_match: 'h' }], producedValue: 'h' },
});

test('exam.md #83, §8.4: a cached strong grade for name/version is applied to the next connection at initialize; other clients stay at reader', async () => {
  const env = { OCCAM_EXAM_MCP: '1' };
  const services = new Services(testContext({ env }));
  const first = await connect(env, services, '2.0');
  const graded = await first.client.callTool({ name: 'occam_exam_submit', arguments: { submission: GRADE_FOR_CLIENT } });
  // A claimed canary never widens (issue 31): the strong grade is applied and persisted as medium → basic.
  assert.equal((graded.structuredContent as { activeProfile: string }).activeProfile, 'basic');
  await first.close();

  const again = await connect(env, services, '2.0');
  assert.equal(again.session.surface.activeProfile, 'basic', 'bootstrapped from the cache before the first tools/list');
  const names = (await again.client.listTools()).tools.map((t) => t.name);
  assert.ok(names.includes('occam_exam_submit'));
  await again.close();

  const other = await connect(env, services, '3.0');
  assert.equal(other.session.surface.activeProfile, 'reader', 'a cache miss applies nothing (never the medium default)');
  await other.close();

  const locked = await connect({ ...env, OCCAM_PROFILE_LOCK: '1' }, services, '2.0');
  assert.equal(locked.session.surface.activeProfile, 'reader', 'a pinned surface ignores the cache');
  await locked.close();
  await services.disposeAll();
});

test('issue 31 (boot consistency): when a stored grade sizes the first surface, initialize carries that surface\'s instructions', async () => {
  const env = { OCCAM_EXAM_MCP: '1' };
  const services = new Services(testContext({ env }));
  const first = await connect(env, services, '2.0');
  const weak = await first.client.callTool({ name: 'occam_exam_submit', arguments: { submission: JSON.stringify({ canaryVerdict: 'HALLUCINATED' }) } });
  assert.equal((weak.structuredContent as { activeProfile: string }).activeProfile, 'minimal');
  await first.close();

  const again = await connect(env, services, '2.0');
  const listed = new Set((await again.client.listTools()).tools.map((t) => t.name));
  assert.equal(again.session.surface.activeProfile, 'minimal');
  const instructions = again.client.getInstructions() ?? '';
  assert.ok(instructions.includes('TRUST RULE'), 'the trust rule stays');
  const catalogNames = new Set(CATALOG.map((t) => t.name));
  const named = [...toolsMentioned(instructions)].filter((t) => catalogNames.has(t));
  assert.deepEqual(named.filter((t) => !listed.has(t)), [], 'no instruction names a tool the first tools/list does not show');
  await again.close();
  await services.disposeAll();
});
