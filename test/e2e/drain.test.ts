// Graceful drain on SIGTERM (OCCAM_DRAIN_GRACE_MS): a stopping server answers /health 503 and refuses new work at
// once, lets the work in flight finish, then exits 0.
//   - batch server: the reads in flight are recorded (not aborted and re-read after a restart), nothing more is
//     claimed, the rest stays queued for the next worker;
//   - Streamable HTTP MCP: a call in flight gets its answer; a new call gets 503 with Retry-After.
// Today's code aborted in-flight work and exited within 400 ms, with /health answering 200 until the end.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer } from '../helpers/network-server.ts';
import { pageHtml } from '../helpers/article-page.ts';

/** Each page takes this long to serve: long enough that SIGTERM lands while reads are in flight. */
const PAGE_DELAY_MS = 2_500;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let fixture: FixtureServer;
const hits = new Map<string, number>();
const temps: string[] = [];
const tempHome = () => {
  const d = mkdtempSync(join(tmpdir(), 'occam-drain-'));
  temps.push(d);
  return d;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  fixture = await startFixtureServer({}, async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const m = /^\/slow\/(\d+)$/.exec(path);
    if (!m) return void res.writeHead(404).end('no');
    hits.set(path, (hits.get(path) ?? 0) + 1);
    await sleep(PAGE_DELAY_MS);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`drain-${m[1]}-marker`));
  });
});
after(async () => {
  await fixture?.close();
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

test('batch server: SIGTERM drains — health 503, submits refused, reads in flight recorded, the rest left queued, exit 0', async () => {
  const home = tempHome();
  const dbPath = join(home, 'jobs.db');
  const port = await freePort();
  const env = { HOME: home, OCCAM_BATCH_DB_PATH: dbPath, OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BATCH_PARALLEL: '2', OCCAM_DRAIN_GRACE_MS: '20000' };
  const server = await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], env, 'batch_server_listening');
  const base = `http://127.0.0.1:${port}/v1`;
  try {
    const urls = [0, 1, 2, 3, 4, 5].map((i) => fixture.url(`/slow/${i}`));
    const sub = await rawRequest(`${base}/batch/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls, backend_policy: 'http' }) });
    assert.equal(sub.status, 202, sub.body);
    const jobId = JSON.parse(sub.body).job_id;
    // Wait until two reads are in flight.
    for (let i = 0; i < 100 && hits.size < 2; i++) await sleep(50);
    assert.equal(hits.size, 2, 'two reads in flight');
    server.child.kill('SIGTERM');
    await sleep(300);
    const health = await rawRequest(`${base}/health`);
    assert.equal(health.status, 503, 'health says draining');
    assert.equal(JSON.parse(health.body).draining, true);
    const refused = await rawRequest(`${base}/batch/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls: [fixture.url('/slow/9')] }) });
    assert.equal(refused.status, 503);
    assert.equal(refused.headers['retry-after'], '5');
    assert.equal(await server.exited, 0);

    const db = new DatabaseSync(dbPath, { readOnly: true });
    try {
      const rows = db.prepare(`SELECT seq, state FROM batch_items WHERE job_id = ? ORDER BY seq`).all(jobId) as Array<{ seq: number; state: string }>;
      assert.deepEqual(rows.map((r) => r.state), ['done', 'done', 'pending', 'pending', 'pending', 'pending'], 'in-flight reads recorded, nothing more claimed');
    } finally {
      db.close();
    }
    assert.equal(hits.size, 2, 'no read started while draining');
  } finally {
    server.child.kill('SIGKILL');
  }
});

test('Streamable HTTP: SIGTERM drains — the call in flight is answered, a new call and /health get 503, exit 0', async () => {
  const port = await freePort();
  const server = await spawnOccamServer(
    ['mcp', '--mcp-http', '--port', String(port)],
    { HOME: tempHome(), OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_DRAIN_GRACE_MS: '20000' },
    'streamable_http_mcp_listening',
  );
  try {
    const call = rawRequest(server.url, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'occam_transcode', arguments: { url: fixture.url('/slow/40'), backend_policy: 'http' } } }),
    });
    for (let i = 0; i < 100 && !hits.has('/slow/40'); i++) await sleep(50);
    assert.ok(hits.has('/slow/40'), 'the call is in flight');
    server.child.kill('SIGTERM');
    await sleep(300);
    const health = await rawRequest(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 503);
    const late = await rawRequest(server.url, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }) });
    assert.equal(late.status, 503);
    const answered = await call;
    assert.equal(answered.status, 200, answered.body);
    assert.match(answered.body, /drain-40-marker/, 'the call in flight got its page');
    assert.equal(await server.exited, 0);
  } finally {
    server.child.kill('SIGKILL');
  }
});
