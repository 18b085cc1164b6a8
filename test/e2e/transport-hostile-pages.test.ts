// Issue 30 item 1: a page's behaviour never ends the process. Every hostile page (test/helpers/hostile-pages.ts) is
// read through every transport — `occam read`, stdio MCP, Streamable HTTP and WebSocket MCP, the batch server — with the default
// http_then_browser policy: the read ends with a result (the page's own words, nothing the popup would have
// shown), the popup loads nothing, and the process keeps serving (a second call, a second client, /health).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { pageHtml } from '../helpers/article-page.ts';
import { HOSTILE_PAGES, hostileRoutes, loadedHostileTargets, type HostilePage } from '../helpers/hostile-pages.ts';
import { startMcp } from '../helpers/mcp-client.ts';
import { freePort, rawRequest, runOccam, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';
import { requireChromium } from '../helpers/requires.ts';

const ENV = { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BROWSER_ACTIONS_MCP: '1' };
const READ_TIMEOUT_MS = 180_000;

let fixture: FixtureServer;

before(async () => {
  fixture = await startFixtureServer({ ...hostileRoutes(), '/calm': html(pageHtml('calm')) });
});

after(async () => {
  await fixture?.close();
});

const textOf = (raw: CallToolResult) => JSON.parse((raw.content[0] as { text: string }).text);

function assertReadOf(page: HostilePage, result: { ok: boolean; markdown?: string; backend?: string; failure?: unknown }, label: string): void {
  assert.equal(result.ok, true, `${label}: ${JSON.stringify(result.failure)}`);
  assert.equal(result.backend, 'browser_playwright', `${label}: the page was rendered in the browser`);
  assert.match(result.markdown ?? '', page.own, label);
  assert.doesNotMatch(result.markdown ?? '', page.foreign, label);
}

function assertPopupsLoadedNothing(page: HostilePage, label: string): void {
  assert.deepEqual(loadedHostileTargets(fixture.requests(), page), [], `${label}: a popup loaded`);
}

/** No fault reached the process level: the browser pool handled the page itself. */
function assertNoProcessFault(stderr: string, label: string): void {
  assert.doesNotMatch(stderr, /\[occam\.fault\]|Frame for this navigation request is not available/, `${label}: stderr ${stderr.slice(-2000)}`);
}

test('occam read: every hostile page exits 0 with the page on stdout, not a crash', async (t) => {
  if (!requireChromium(t)) return;
  for (const page of HOSTILE_PAGES) {
    const r = await runOccam(['read', fixture.url(page.path), '--json', '--detail', 'full'], ENV, READ_TIMEOUT_MS);
    const label = `occam read ${page.name}`;
    assert.equal(r.code, 0, `${label}: exit ${r.code}, stderr ${r.stderr.slice(-2000)}`);
    assertReadOf(page, JSON.parse(r.stdout), label);
    assertPopupsLoadedNothing(page, label);
    assertNoProcessFault(r.stderr, label);
  }
});

test('stdio MCP: every hostile page is read and the connection stays usable (a second call, an interact click)', async (t) => {
  if (!requireChromium(t)) return;
  const mcp = await startMcp(ENV);
  try {
    for (const page of HOSTILE_PAGES) {
      const label = `stdio ${page.name}`;
      assertReadOf(page, (await mcp.call('occam_transcode', { url: fixture.url(page.path), cache_ttl_s: 0, detail: 'full' })).json, label);
      assertPopupsLoadedNothing(page, label);
      // The same connection serves the next call.
      const calm = (await mcp.call('occam_transcode', { url: fixture.url('/calm'), cache_ttl_s: 0, detail: 'full' })).json;
      assert.equal(calm.ok, true, `${label}: the next call ${JSON.stringify(calm.failure)}`);
      assert.match(calm.markdown, /Marker: calm/);
      if (page.interactPlan) {
        // occam_browser_interact: a real click on the target=_blank link.
        const clicked = (await mcp.call('occam_browser_interact', { url: fixture.url(page.path), actions: JSON.stringify(page.interactPlan) })).json;
        assert.equal(clicked.ok, true, `${label} (interact): ${JSON.stringify(clicked)}`);
        assert.match(clicked.markdown, page.own);
        assertPopupsLoadedNothing(page, `${label} (interact)`);
        await mcp.client.ping(); // the connection still answers
      }
    }
    assertNoProcessFault(mcp.stderr(), 'stdio');
  } finally {
    await mcp.close();
  }
});

/** Reads every hostile page on client A while client B keeps calling and /health keeps answering. */
async function serveOthersMeanwhile(server: SpawnedServer, connect: (name: string) => Promise<Client>, health: string | null, label: string): Promise<void> {
  const [a, b] = await Promise.all([connect('hostile-a'), connect('bystander-b')]);
  try {
    let reading = true;
    let bystanderCalls = 0;
    let healthAnswers = 0;
    const bystander = (async () => {
      while (reading) {
        await b.ping();
        assert.ok((await b.listTools()).tools.length > 0, `${label}: the other client's tools/list`);
        bystanderCalls += 1;
        if (health) {
          const h = await rawRequest(health);
          assert.equal(h.status, 200, `${label}: /health while a hostile page is read`);
          healthAnswers += 1;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      for (const page of HOSTILE_PAGES) {
        const result = textOf((await a.callTool({ name: 'occam_transcode', arguments: { url: fixture.url(page.path), cache_ttl_s: 0, detail: 'full' } }, undefined, { timeout: READ_TIMEOUT_MS })) as CallToolResult);
        assertReadOf(page, result, `${label} ${page.name}`);
        assertPopupsLoadedNothing(page, `${label} ${page.name}`);
      }
    } finally {
      reading = false;
      await bystander;
    }
    assert.ok(bystanderCalls > 0, `${label}: the other client was served meanwhile`);
    if (health) assert.ok(healthAnswers > 0, `${label}: /health answered meanwhile`);
    // Afterwards: the process is up, the reading client is still served, /health answers.
    for (const client of [a, b]) {
      const again = textOf((await client.callTool({ name: 'occam_transcode', arguments: { url: fixture.url('/calm'), cache_ttl_s: 0, detail: 'full' } }, undefined, { timeout: READ_TIMEOUT_MS })) as CallToolResult);
      assert.equal(again.ok, true, `${label}: a call after the hostile pages`);
    }
    if (health) assert.equal((await rawRequest(health)).status, 200);
    assert.equal(server.child.exitCode, null, `${label}: the server process is still running`);
    assertNoProcessFault(server.stderr(), label);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

const NETWORK_MODES = [
  { flag: '--mcp-http', listening: 'streamable_http_mcp_listening', transport: (url: URL) => new StreamableHTTPClientTransport(url), health: '/health' },
  { flag: '--mcp-server', listening: 'websocket_mcp_listening', transport: (url: URL) => new WebSocketClientTransport(url), health: null },
] as const;

for (const mode of NETWORK_MODES) {
  test(`${mode.flag}: hostile pages on one client, a second client${mode.health ? ' and /health' : ''} served meanwhile`, async (t) => {
    if (!requireChromium(t)) return;
    const port = await freePort();
    const server = await spawnOccamServer(['mcp', mode.flag, '--port', String(port)], ENV, mode.listening);
    try {
      const connect = async (name: string) => {
        const client = new Client({ name, version: '1.0.0' });
        await client.connect(mode.transport(new URL(server.url)));
        return client;
      };
      await serveOthersMeanwhile(server, connect, mode.health ? `http://127.0.0.1:${port}${mode.health}` : null, mode.flag);
    } finally {
      await server.stop();
    }
  });
}

test('--batch-server: a job of hostile pages completes with their content while /v1/health answers', async (t) => {
  if (!requireChromium(t)) return;
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'occam-hostile-batch-'));
  const server = await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], { ...ENV, HOME: home, OCCAM_BATCH_DB_PATH: join(home, 'jobs.db') }, 'batch_server_listening');
  const api = async (path: string, body?: unknown) => {
    const r = await rawRequest(`http://127.0.0.1:${port}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: JSON.parse(r.body) };
  };
  try {
    const submitted = await api('/v1/batch/submit', { urls: HOSTILE_PAGES.map((p) => fixture.url(p.path)) });
    assert.equal(submitted.status, 202, JSON.stringify(submitted.json));
    const job = submitted.json.job_id as string;
    const deadline = Date.now() + READ_TIMEOUT_MS;
    let status = await api(`/v1/batch/${job}/status`);
    let healthAnswers = 0;
    while (status.json.state !== 'done' && Date.now() < deadline) {
      assert.equal((await api('/v1/health')).status, 200, '/v1/health while the job reads hostile pages');
      healthAnswers += 1;
      await new Promise((r) => setTimeout(r, 200));
      status = await api(`/v1/batch/${job}/status`);
    }
    assert.ok(healthAnswers > 0, '/v1/health answered meanwhile');
    assert.deepEqual(status.json.progress, { total: HOSTILE_PAGES.length, done: HOSTILE_PAGES.length, failed: 0, running: 0 });
    const items = (await api(`/v1/batch/${job}/results?limit=${HOSTILE_PAGES.length}`)).json.items as Array<{ markdown: string }>;
    HOSTILE_PAGES.forEach((page, i) => {
      assert.match(items[i].markdown, page.own, `batch ${page.name}`);
      assert.doesNotMatch(items[i].markdown, page.foreign, `batch ${page.name}`);
      assertPopupsLoadedNothing(page, `batch ${page.name}`);
    });
    assert.equal((await api('/v1/health')).status, 200);
    assert.equal(server.child.exitCode, null, 'the batch server is still running');
    assertNoProcessFault(server.stderr(), '--batch-server');
  } finally {
    await server.stop();
  }
});
