// `occam mcp --mcp-http`: stateless Streamable HTTP, driven by the SDK's StreamableHTTPClientTransport and by the
// MCP Inspector CLI (tools.md §8, #31; §4.4 step 6).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { request } from 'node:http';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { pageHtml } from '../helpers/article-page.ts';
import { REPO_ROOT } from '../helpers/mcp-client.ts';
import { freePort, peakRssKb, rawRequest, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';

let server: SpawnedServer;
let port: number;
let fixture: FixtureServer;
let hanging = 0;
let hangingClosed = 0;

before(async () => {
  fixture = await startFixtureServer({
    '/article': html(pageHtml('load-test')),
    '/hang': (req) => {
      hanging += 1;
      req.socket.once('close', () => (hangingClosed += 1));
      return new Promise<void>(() => {});
    },
  });
  port = await freePort();
  server = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(port)], { OCCAM_ALLOW_PRIVATE_URLS: '1' }, 'streamable_http_mcp_listening');
});

after(async () => {
  await server?.stop();
  await fixture?.close();
});

async function connect(name = 'http-test'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return client;
}

const textOf = (raw: CallToolResult) => JSON.parse((raw.content[0] as { text: string }).text);

test('tools.md §8: the listening line names the endpoint; /health returns the mode JSON', async () => {
  assert.equal(server.url, `http://127.0.0.1:${port}/mcp`);
  const health = await rawRequest(`http://127.0.0.1:${port}/health`);
  assert.equal(health.status, 200);
  assert.deepEqual(JSON.parse(health.body), { ok: true, mode: 'streamable-http', endpoint: '/mcp' });
});

test('tools.md #31: foreign Host or Origin → 403 host_or_origin_not_loopback; Host localhost:5050 is allowed', async () => {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const url = `http://127.0.0.1:${port}/mcp`;
  for (const extra of [{ host: 'evil.example' }, { origin: 'http://evil.example' }, { host: `evil.example:${port}` }, { origin: 'null' }] as Array<Record<string, string>>) {
    const r = await rawRequest(url, { method: 'POST', headers: { ...headers, ...extra }, body: init });
    assert.equal(r.status, 403, JSON.stringify(extra));
    assert.equal(r.body, '{"ok":false,"error":"host_or_origin_not_loopback"}');
  }
  const healthEvil = await rawRequest(`http://127.0.0.1:${port}/health`, { headers: { host: 'evil.example' } });
  assert.equal(healthEvil.status, 403);
  for (const extra of [{ host: 'localhost:5050' }, { host: `[::1]:${port}` }, { origin: `http://localhost:${port}` }, { origin: 'https://127.0.0.1' }] as Array<Record<string, string>>) {
    const r = await rawRequest(url, { method: 'POST', headers: { ...headers, ...extra }, body: init });
    assert.equal(r.status, 200, `${JSON.stringify(extra)} → ${r.status} ${r.body}`);
    assert.equal(JSON.parse(r.body).result.serverInfo.name, 'occam');
  }
});

test('tools.md §4.4 step 6: stateless HTTP shares one process-wide surface and cannot deliver list_changed', async () => {
  const a = await connect('a');
  const b = await connect('b');
  try {
    const set = textOf((await a.callTool({ name: 'occam_client_capabilities', arguments: { context_tokens: 32768 } })) as CallToolResult);
    assert.equal(set.outputBudgetTokens, 6554);
    const seen = textOf((await b.callTool({ name: 'occam_client_capabilities', arguments: {} })) as CallToolResult);
    assert.equal(seen.configured, true, 'the capability store is process-wide on stateless HTTP');
    const same = textOf((await a.callTool({ name: 'occam_client_capabilities', arguments: { profile: 'reader' } })) as CallToolResult);
    assert.equal(same.profileApplied, false);
    const widen = textOf((await a.callTool({ name: 'occam_client_capabilities', arguments: { profile: 'researcher' } })) as CallToolResult);
    assert.equal(widen.profileApplied, true);
    assert.equal(widen.listChangedSent, false, 'no stream exists to carry notifications/tools/list_changed');
    assert.equal(widen.mustRelistTools, true);
    const fromB = textOf((await b.callTool({ name: 'occam_client_capabilities', arguments: {} })) as CallToolResult);
    assert.equal(fromB.activeProfile, 'researcher', 'the surface is process-wide too');
    const back = textOf((await b.callTool({ name: 'occam_client_capabilities', arguments: { profile: 'reader' } })) as CallToolResult);
    assert.equal(back.profileApplied, true);
    const cleared = textOf((await a.callTool({ name: 'occam_client_capabilities', arguments: { clear: true } })) as CallToolResult);
    assert.equal(cleared.configured, false);
  } finally {
    await a.close();
    await b.close();
  }
});

// The Inspector is a devDependency (installed by `npm ci`), run from node_modules: nothing is fetched at test time.
// Pinned to the 1.x line: Inspector 2.x pulls (through vite) an optional dependency this registry does not serve,
// which makes `npm ci` refuse the lock file.
const INSPECTOR_PKG = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector');
const INSPECTOR_BIN = join(INSPECTOR_PKG, (JSON.parse(readFileSync(join(INSPECTOR_PKG, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['mcp-inspector']);

test('MCP Inspector CLI lists and calls tools over Streamable HTTP', async (t) => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [INSPECTOR_BIN, '--cli', server.url, '--transport', 'http', ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  const list = await run(['--method', 'tools/list']);
  assert.equal(list.code, 0, list.stderr);
  const listed = JSON.parse(list.stdout) as { tools: Array<{ name: string }> };
  assert.ok(listed.tools.some((tool) => tool.name === 'occam_client_capabilities'), list.stdout.slice(0, 500));
  const called = await run(['--method', 'tools/call', '--tool-name', 'occam_client_capabilities', '--tool-arg', 'context_tokens=8192']);
  assert.equal(called.code, 0, called.stderr);
  const result = JSON.parse(called.stdout) as CallToolResult;
  assert.equal(textOf(result).outputBudgetTokens, 1638);
  t.diagnostic(`inspector tools/list → ${listed.tools.length} tools`);
});

/** docs/scaling.md "Memory budget of one HTTP instance"; the test below checks the doc states the same figure. */
const RSS_BUDGET_MIB = 512;

test('docs/scaling.md states the memory budget the load test enforces', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'scaling.md'), 'utf8');
  assert.match(doc, new RegExp(`under \\*\\*${RSS_BUDGET_MIB} MiB peak RSS\\*\\*`));
});

test('load: 200 concurrent tool calls over Streamable HTTP are all answered; the server stays up', async (t) => {
  const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => connect(`load-${i}`)));
  try {
    const burst = (name: string, args: Record<string, unknown>) =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          clients[i % clients.length].callTool({ name, arguments: args }).then((r) => textOf(r as CallToolResult)),
        ),
      );
    const noop = await burst('occam_client_capabilities', {});
    assert.equal(noop.length, 200);
    assert.ok(noop.every((r) => r.ok === true && r.activeProfile === 'reader'));
    // the same burst with real reads: every call fetches and extracts a local page
    const reads = await burst('occam_transcode', { url: fixture.url('/article'), backend_policy: 'http' });
    assert.equal(reads.length, 200);
    const failed = reads.filter((r) => r.ok !== true);
    assert.equal(failed.length, 0, `all reads succeed: ${JSON.stringify(failed[0]?.failure)}`);
    assert.ok(reads.every((r) => String(r.markdown).includes('load-test')));
    const health = await rawRequest(`http://127.0.0.1:${port}/health`);
    assert.equal(health.status, 200, 'still serving after the bursts');
    const rss = await peakRssKb(server.child.pid!);
    t.diagnostic(`peak RSS of the server after 200 concurrent no-op calls and 200 concurrent reads: ${rss === null ? 'n/a' : `${(rss / 1024).toFixed(1)} MiB`} (budget ${RSS_BUDGET_MIB} MiB)`);
    if (process.platform === 'linux') assert.ok(rss !== null, 'VmHWM is readable from /proc on Linux');
    if (rss !== null) assert.ok(rss / 1024 <= RSS_BUDGET_MIB, `peak RSS ${(rss / 1024).toFixed(1)} MiB ≤ the documented ${RSS_BUDGET_MIB} MiB`);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
});

test('tools.md §8: an HTTP client that goes away mid-call cancels the call; the instance keeps serving', async () => {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: { name: 'occam_transcode', arguments: { url: fixture.url('/hang'), backend_policy: 'http' } },
  });
  const req = request(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  req.on('error', () => {});
  req.end(body);
  const deadline = Date.now() + 15_000;
  while (hanging === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.equal(hanging, 1, 'the read reached the page');
  req.destroy();
  while (hangingClosed === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.equal(hangingClosed, 1, 'the outbound read was aborted with the request');
  const client = await connect('after-abort');
  const results = await Promise.all(
    Array.from({ length: 5 }, () => client.callTool({ name: 'occam_client_capabilities', arguments: {} }).then((r) => textOf(r as CallToolResult))),
  );
  assert.ok(results.every((r) => r.ok === true));
  await client.close();
});

test('tools.md §6.7: a client on revision 2026-07-28 (negotiated by Occam, unknown to the SDK) keeps working over HTTP', async () => {
  const url = `http://127.0.0.1:${port}/mcp`;
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = await rawRequest(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'future', version: '1' } },
    }),
  });
  assert.equal(init.status, 200, init.body);
  assert.equal(JSON.parse(init.body).result.protocolVersion, '2026-07-28');
  const list = await rawRequest(url, {
    method: 'POST',
    headers: { ...headers, 'mcp-protocol-version': '2026-07-28' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  });
  assert.equal(list.status, 200, list.body);
  assert.ok(JSON.parse(list.body).result.tools.length > 0);
  const unknown = await rawRequest(url, {
    method: 'POST',
    headers: { ...headers, 'mcp-protocol-version': '1999-01-01' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
  });
  assert.equal(unknown.status, 400, 'revisions nobody negotiates are still refused');
});
