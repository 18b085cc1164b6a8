// `occam mcp --batch-server`: the loopback REST routes (tools.md §8), and crash safety — 200 URLs, the server
// SIGKILLed mid-run and restarted on the same store: finished results are kept, the rest resume, nothing is lost
// or recorded twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';
import { pageHtml } from '../helpers/article-page.ts';

const TOTAL = 200;
const home = mkdtempSync(join(tmpdir(), 'occam-batchsrv-'));
const dbPath = join(home, 'jobs.db');
let fixture: FixtureServer;
const hits = new Map<string, number>();
let port: number;

const env = {
  HOME: home,
  OCCAM_BATCH_DB_PATH: dbPath,
  OCCAM_ALLOW_PRIVATE_URLS: '1',
  OCCAM_BATCH_MAX_URLS: '256',
  OCCAM_BATCH_PARALLEL: '4',
};

before(async () => {
  fixture = await startFixtureServer({}, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const m = /^\/page\/(\d+)$/.exec(path);
    if (!m) return void res.writeHead(404).end('no');
    hits.set(path, (hits.get(path) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 40)); // slow enough that a kill lands mid-run
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`page-${m[1]}-marker`));
  });
  port = await freePort();
});

after(async () => {
  await fixture?.close();
});

const start = () => spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], env, 'batch_server_listening');
const api = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  rawRequest(`http://127.0.0.1:${port}${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then((r) => ({ status: r.status, json: JSON.parse(r.body) }));

test('tools.md §8 BatchServer: health, submit 202, status, paged results, 400 invalid_request, 404 job_not_found, loopback only', async () => {
  const server = await start();
  try {
    assert.equal(server.url, `http://127.0.0.1:${port}/v1/`);
    const health = await api('/v1/health');
    assert.equal(health.status, 200);
    assert.equal(health.json.ok, true);

    const bad = await api('/v1/batch/submit', { method: 'POST', body: { urls: 'ftp://x' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'invalid_request');
    const notJson = await rawRequest(`http://127.0.0.1:${port}/v1/batch/submit`, { method: 'POST', body: '{nope' });
    assert.equal(notJson.status, 400);
    const unknown = await api('/v1/batch/nope/status');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'job_not_found');
    assert.equal((await api('/v1/batch/nope/results')).status, 404);
    const foreign = await api('/v1/health', { headers: { host: 'evil.example' } });
    assert.equal(foreign.status, 403);
    assert.deepEqual(foreign.json, { ok: false, error: 'host_or_origin_not_loopback' });

    const sub = await api('/v1/batch/submit', { method: 'POST', body: { urls: [fixture.url('/page/9001'), fixture.url('/page/9002')], backend_policy: 'http' } });
    assert.equal(sub.status, 202);
    assert.equal(sub.json.accepted_count, 2);
    const jobId = sub.json.job_id;
    const deadline = Date.now() + 60_000;
    let status = await api(`/v1/batch/${jobId}/status`);
    while (status.json.state !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = await api(`/v1/batch/${jobId}/status`);
    }
    assert.deepEqual(status.json.progress, { total: 2, done: 2, failed: 0, running: 0 });
    const results = await api(`/v1/batch/${jobId}/results?cursor=1&limit=5`);
    assert.equal(results.status, 200);
    assert.equal(results.json.items.length, 1);
    assert.match(results.json.items[0].markdown, /page-9002-marker/);
    assert.equal(results.json.next_cursor, null);
    const badCursor = await api(`/v1/batch/${jobId}/results?cursor=-1`);
    assert.equal(badCursor.status, 400);
    assert.equal(badCursor.json.error.code, 'invalid_request');
    const clamped = await api(`/v1/batch/${jobId}/results?limit=0`);
    assert.equal(clamped.json.items.length, 1, 'limit 0 is clamped to 1');
    assert.equal(clamped.json.next_cursor, 1);
  } finally {
    assert.equal(await server.stop('SIGTERM'), 0, 'SIGTERM ends the server cleanly');
  }
});

test('batch crash safety: 200 URLs, SIGKILL mid-run, restart — finished results kept, the rest resumed, none lost or duplicated', async (t) => {
  hits.clear();
  const urls = Array.from({ length: TOTAL }, (_, i) => fixture.url(`/page/${i}`));
  let server: SpawnedServer = await start();
  const sub = await api('/v1/batch/submit', { method: 'POST', body: { urls, backend_policy: 'http' } });
  assert.equal(sub.status, 202);
  assert.equal(sub.json.accepted_count, TOTAL);
  const jobId = sub.json.job_id;

  // let a part of the job finish, then kill the process without any chance to clean up
  const deadline = Date.now() + 120_000;
  let progress = (await api(`/v1/batch/${jobId}/status`)).json.progress;
  while (progress.done < 30 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    progress = (await api(`/v1/batch/${jobId}/status`)).json.progress;
  }
  assert.equal(await server.stop('SIGKILL'), 'SIGKILL');

  const db = new DatabaseSync(dbPath, { readOnly: true });
  const before = db.prepare(`SELECT seq, state, markdown FROM batch_items WHERE job_id = ? ORDER BY seq`).all(jobId) as Array<{ seq: number; state: string; markdown: string | null }>;
  db.close();
  const doneBefore = before.filter((r) => r.state === 'done');
  const runningAtKill = before.filter((r) => r.state === 'running').length;
  assert.ok(doneBefore.length >= 30 && doneBefore.length < TOTAL, `the kill landed mid-run (${doneBefore.length} done)`);
  t.diagnostic(`at SIGKILL: ${doneBefore.length} done, ${runningAtKill} running, ${TOTAL - doneBefore.length - runningAtKill} pending`);

  server = await start();
  try {
    let status = (await api(`/v1/batch/${jobId}/status`)).json;
    while (status.state !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await api(`/v1/batch/${jobId}/status`)).json;
    }
    assert.deepEqual(status.progress, { total: TOTAL, done: TOTAL, failed: 0, running: 0 });
    if (runningAtKill > 0) assert.match(server.stderr(), new RegExp(`recovered abandoned items: ${runningAtKill} resumed`));

    const items: Array<{ url: string; ok: boolean; markdown: string }> = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const page: { items: typeof items; next_cursor: number | null } = (await api(`/v1/batch/${jobId}/results?cursor=${cursor}&limit=200`)).json;
      items.push(...page.items);
      cursor = page.next_cursor;
    }
    assert.equal(items.length, TOTAL, 'no item lost, none duplicated');
    assert.deepEqual(items.map((i) => i.url), urls, 'submission order kept');
    items.forEach((item, i) => {
      assert.equal(item.ok, true, item.url);
      assert.match(item.markdown, new RegExp(`page-${i}-marker`), 'each item holds its own page');
    });
    for (const row of doneBefore) assert.equal(items[row.seq].markdown, row.markdown, `result ${row.seq} finished before the kill is kept as it was`);
    // only the reads interrupted by the kill ran twice
    const fetchedTwice = [...hits.values()].filter((n) => n > 1).length;
    assert.equal(hits.size, TOTAL);
    assert.ok(fetchedTwice <= runningAtKill, `${fetchedTwice} pages re-read, ${runningAtKill} were in flight at the kill`);
  } finally {
    await server.stop();
  }
});
