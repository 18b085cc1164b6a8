// The batch MCP tools over stdio with the real read pipeline against local pages (tools.md §3.3, playbooks.md §13.1,
// playbooks.md #24–#25, tools.md #26).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { pageHtml } from '../helpers/article-page.ts';

const BATCH_TOOLS = ['occam_batch_submit', 'occam_batch_status', 'occam_batch_results'];
let fixture: FixtureServer;
let mcp: McpSession;
const home = mkdtempSync(join(tmpdir(), 'occam-batch-home-'));
const dbPath = join(home, 'state', 'jobs.db');

before(async () => {
  fixture = await startFixtureServer({
    '/a': html(pageHtml('alpha-1')),
    '/b': html(pageHtml('beta-2')),
    '/c': html(pageHtml('gamma-3')),
    '/walled': html('<html><body><h1>Forbidden</h1></body></html>', 403),
  });
  mcp = await startMcp({ HOME: home, OCCAM_BATCH_MCP: 'true', OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BATCH_DB_PATH: dbPath });
});

after(async () => {
  await mcp?.close();
  await fixture?.close();
});

async function untilDone(jobId: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { json } = await mcp.call('occam_batch_status', { job_id: jobId });
    if (json.state === 'done' || Date.now() > deadline) return json;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('playbooks.md #24: the batch gate lists the three batch tools on reader; without it none', async () => {
  const names = await mcp.toolNames();
  for (const t of BATCH_TOOLS) assert.ok(names.includes(t), t);
  const plain = await startMcp({});
  try {
    const plainNames = await plain.toolNames();
    assert.ok(BATCH_TOOLS.every((t) => !plainNames.includes(t)));
  } finally {
    await plain.close();
  }
});

test('playbooks.md #25: submit 3 → queued; poll to done; results paged; idempotency; limits; unknown id; store file', async () => {
  const urls = JSON.stringify([fixture.url('/a'), fixture.url('/b'), fixture.url('/c')]);
  const submitted = await mcp.call('occam_batch_submit', { urls, idempotency_key: 'nightly-1', backend_policy: 'http' });
  assert.equal(submitted.raw.isError, false);
  assert.equal(submitted.json.state, 'queued');
  assert.equal(submitted.json.accepted_count, 3);
  assert.match(submitted.json.job_id, /^[0-9a-f]{32}$/);
  const jobId = submitted.json.job_id;

  const status = await untilDone(jobId);
  assert.deepEqual(status, { ok: true, job_id: jobId, state: 'done', progress: { total: 3, done: 3, failed: 0, running: 0 } });

  const page1 = (await mcp.call('occam_batch_results', { job_id: jobId, limit: 2 })).json;
  assert.equal(page1.items.length, 2);
  assert.equal(page1.next_cursor, 2);
  assert.deepEqual(Object.keys(page1.items[0]).sort(), ['backend', 'failure', 'markdown', 'ok', 'state', 'tokens_estimated', 'url']);
  assert.equal(page1.items[0].ok, true);
  assert.equal(page1.items[0].failure, null, 'batch keys are always present, nulls written');
  assert.match(page1.items[0].markdown, /alpha-1/);
  assert.match(page1.items[1].markdown, /beta-2/);
  assert.equal(typeof page1.items[0].backend, 'string');
  const page2 = (await mcp.call('occam_batch_results', { job_id: jobId, cursor: 2 })).json;
  assert.equal(page2.items.length, 1);
  assert.match(page2.items[0].markdown, /gamma-3/);
  assert.equal(page2.next_cursor, null);

  const again = await mcp.call('occam_batch_submit', { urls: fixture.url('/a'), idempotency_key: 'nightly-1' });
  assert.equal(again.json.job_id, jobId, 'same idempotency_key → same job');

  const tooMany = await mcp.call('occam_batch_submit', {
    urls: Array.from({ length: 65 }, (_, i) => fixture.url(`/p${i}`)).join('\n'),
  });
  assert.equal(tooMany.raw.isError, true);
  assert.equal(tooMany.json.ok, false);
  assert.equal(tooMany.json.error.code, 'invalid_request');

  const missing = await mcp.call('occam_batch_status', { job_id: 'nope' });
  assert.equal(missing.raw.isError, true);
  assert.deepEqual(missing.json.error.code, 'job_not_found');
  assert.equal((await mcp.call('occam_batch_results', { job_id: 'nope' })).json.error.code, 'job_not_found');
  assert.equal((await mcp.call('occam_batch_status', {})).json.error.code, 'invalid_request', 'missing job id');
  assert.ok(existsSync(dbPath), 'the job store lives at OCCAM_BATCH_DB_PATH');
});

test('tools.md #26: batch failure shape; per-item failures reuse the transcode taxonomy; bad options → invalid_request', async () => {
  const submitted = await mcp.call('occam_batch_submit', { urls: `${fixture.url('/walled')}, ${fixture.url('/a')}`, backend_policy: 'http' });
  const jobId = submitted.json.job_id;
  const status = await untilDone(jobId);
  assert.deepEqual(status.progress, { total: 2, done: 1, failed: 1, running: 0 });
  const items = (await mcp.call('occam_batch_results', { job_id: jobId })).json.items;
  assert.equal(items[0].ok, false);
  assert.equal(items[0].failure.code, 'http_403');
  assert.equal(items[0].markdown, null);
  assert.equal(items[0].state, 'failed');
  assert.equal(items[1].state, 'done');

  for (const args of [
    { urls: '' },
    { urls: fixture.url('/a'), backend_policy: 'teleport' },
    { urls: fixture.url('/a'), on_oversize: 'shrug' },
    { urls: fixture.url('/a'), max_tokens: 10 },
    { urls: '["  "]' },
    {},
  ]) {
    const r = await mcp.call('occam_batch_submit', args);
    assert.equal(r.raw.isError, true, JSON.stringify(args));
    assert.equal(r.json.ok, false);
    assert.equal(r.json.error.code, 'invalid_request', JSON.stringify(args));
    assert.equal(r.json.failureCode, undefined, 'batch tools use the error{code,message} shape');
  }
});
