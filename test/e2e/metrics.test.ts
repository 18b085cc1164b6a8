// `GET /metrics` (Prometheus text, prom-client) on the batch server and the Streamable HTTP MCP server: claims,
// batch read latency by backend, queue depth, tool-call latency by tool/backend/outcome, cache hits, browser pool.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer } from '../helpers/network-server.ts';
import { pageHtml } from '../helpers/article-page.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
let fixture: FixtureServer;
const temps: string[] = [];
const tempHome = () => {
  const d = mkdtempSync(join(tmpdir(), 'occam-metrics-'));
  temps.push(d);
  return d;
};
before(async () => {
  fixture = await startFixtureServer({}, (req, res) => {
    const m = /^\/page\/(\d+)$/.exec((req.url ?? '/').split('?')[0]!);
    if (!m) return void res.writeHead(404).end('no');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`metrics-${m[1]}-marker`));
  });
});
after(async () => {
  await fixture?.close();
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** The value of one sample line, e.g. `occam_batch_claims_total 3`. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

test('batch server /metrics: claims, read latency by backend, queue depth, process metrics', async () => {
  const port = await freePort();
  const server = await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], { HOME: tempHome(), OCCAM_ALLOW_PRIVATE_URLS: '1' }, 'batch_server_listening');
  const base = `http://127.0.0.1:${port}/v1`;
  try {
    const urls = [1, 2, 3].map((i) => fixture.url(`/page/${i}`));
    const sub = await rawRequest(`${base}/batch/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls, backend_policy: 'http' }) });
    const jobId = JSON.parse(sub.body).job_id;
    for (let i = 0; i < 200; i++) {
      if (JSON.parse((await rawRequest(`${base}/batch/${jobId}/status`)).body).state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await rawRequest(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/plain; version=0\.0\.4/);
    assert.equal(sample(res.body, 'occam_batch_claims_total'), 3, res.body.split('\n').filter((l) => l.startsWith('occam_b')).join('\n'));
    // The backend label is the reading backend's contract name (node_readability_turndown for the HTTP path).
    assert.match(res.body, /^occam_batch_read_seconds_count\{backend="node_readability_turndown",outcome="ok"\} 3$/m);
    assert.equal(sample(res.body, 'occam_batch_queue{state="pending"}'), 0);
    assert.equal(sample(res.body, 'occam_batch_queue{state="running"}'), 0);
    assert.equal(sample(res.body, 'occam_batch_lease_expiries_total'), 0);
    assert.match(res.body, /^occam_process_resident_memory_bytes \d+/m);
    assert.equal((await rawRequest(`${base}/metrics`)).status, 200, 'also under /v1/');
  } finally {
    await server.stop();
  }
});

test('Streamable HTTP /metrics: tool-call latency by tool, backend and outcome; browser pool', async () => {
  const port = await freePort();
  const server = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(port)], { HOME: tempHome(), OCCAM_ALLOW_PRIVATE_URLS: '1' }, 'streamable_http_mcp_listening');
  try {
    const call = (id: number, args: Record<string, unknown>) =>
      rawRequest(server.url, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'occam_transcode', arguments: args } }) });
    // detail:'full' so the response names its backend (a lean read does not; its calls count as backend "none").
    const args = { url: fixture.url('/page/9'), backend_policy: 'http', detail: 'full' };
    assert.match((await call(1, args)).body, /metrics-9-marker/);
    assert.match((await call(2, args)).body, /metrics-9-marker/);
    assert.match((await call(3, { url: fixture.url('/missing'), backend_policy: 'http' })).body, /http_404/);
    const res = await rawRequest(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.equal(sample(res.body, 'occam_tool_call_seconds_count{tool="occam_transcode",backend="node_readability_turndown",outcome="ok"}'), 2);
    assert.match(res.body, /^occam_tool_call_seconds_count\{tool="occam_transcode",backend="[a-z_]+",outcome="http_404"\} 1$/m);
    // Loopback pages are never cached (reading.md §15), so the cache-hit series is exercised in the unit test.
    assert.match(res.body, /^# TYPE occam_browser_pool gauge$/m, 'the browser pool gauge is declared (empty until a browser starts)');
  } finally {
    await server.stop();
  }
});
