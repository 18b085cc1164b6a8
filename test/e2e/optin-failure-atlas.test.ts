// playbooks.md #28: the failure atlas aggregates every read of this process per host.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let mcp: McpSession;

before(async () => {
  fx = await startPlaybookFixture();
  mcp = await startMcp(playbookDirs({ OCCAM_ATLAS_MCP: '1' }).env);
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #28: per-host attempts, walled hosts, only_walled filtering', async () => {
  const read = (url: string) => mcp.call('occam_transcode', { url, backend_policy: 'http' });
  const empty = (await mcp.call('occam_failure_atlas', {})).json;
  assert.deepEqual([empty.ok, empty.hostCount], [true, 0]);
  await read(fx.F('/walled'));
  await read(fx.F('/walled'));
  await read(fx.F('/article'));
  const viaLocalhost = fx.F('/walled').replace('127.0.0.1', 'localhost');
  await read(viaLocalhost);
  await read(viaLocalhost);
  const all = (await mcp.call('occam_failure_atlas', {})).json;
  assert.equal(all.hostCount, 2);
  const ip = all.hosts.find((h: any) => h.host === '127.0.0.1');
  assert.deepEqual([ip.attempts, ip.successes, ip.failures, ip.walled], [3, 1, 2, false]);
  const lh = all.hosts.find((h: any) => h.host === 'localhost');
  assert.deepEqual([lh.walled, lh.closureRate, lh.dominantFailure], [true, 1, 'http_403']);
  assert.deepEqual(lh.byCode, [{ code: 'http_403', count: 2 }]);
  assert.match(lh.lastFailureAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(all.hosts[0].host, 'localhost'); // worst first
  const walled = (await mcp.call('occam_failure_atlas', { only_walled: true })).json;
  assert.deepEqual([walled.hostCount, walled.walledCount, walled.hosts.length, walled.hosts[0].host], [2, 1, 1, 'localhost']);
});
// The atlas store itself (ties, blank codes, the cap, sharing) is covered per backend in test/unit/optin/atlas-store.test.ts.
