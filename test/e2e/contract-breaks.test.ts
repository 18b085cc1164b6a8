// Issue 14, the smaller breaks of the response contract — one test each, over MCP with the SDK client:
// bounded echoes of oversized input, invalid_url for every non-http(s) or garbage URL on every reading tool,
// per-item digest failures, strict unknown-key rejection on all 26 tools, portable published schemas, and
// Streamable HTTP advertising only what it can deliver.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPT_IN_GATES } from '../../src/contract/catalog.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { pageHtml } from '../helpers/article-page.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { freePort, rawRequest, spawnOccamServer } from '../helpers/network-server.ts';

let server: FixtureServer;
let mcp: McpSession;
const gates = Object.fromEntries(OPT_IN_GATES.map((g) => [g, '1']));

before(async () => {
  const deep = `<!doctype html><html><head><title>Deep</title></head><body><main><article><h1>Deep page</h1>${pageHtml('d').replace(/^[\s\S]*<article>|<\/article>[\s\S]*$/g, '')}${'<div>'.repeat(450)}<p>Deep text with a <a href="https://example.com/deep">deep link</a>.</p>${'</div>'.repeat(450)}</article></main></body></html>`;
  server = await startFixtureServer({ '/a': html(pageHtml('a')), '/b': html(pageHtml('b')), '/deep': html(deep) });
  mcp = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_PROFILE: 'full', ...gates, OCCAM_SEARCH_PROVIDER: 'SearXNG', OCCAM_SEARCH_URL: server.url('/searx/') });
});
after(async () => {
  await mcp?.close();
  await server?.close();
});

const codeOf = (json: any): string | undefined => json.failure?.code ?? json.failureCode;

test('issue 14: oversized input is refused with a bounded answer, never echoed back', async () => {
  const hugeUrl = `https://example.com/${'a'.repeat(200_000)}`;
  for (const [tool, args] of [
    ['occam_transcode', { url: hugeUrl }],
    ['occam', { url: hugeUrl }],
    ['occam_probe', { url: hugeUrl }],
    ['occam_digest', { urls: [hugeUrl] }],
    ['occam_search', { query: 'q'.repeat(100_000) }],
    ['occam_transcode', { url: 'https://example.com/', focus_query: 'f'.repeat(100_000) }],
    ['occam_transcode', { url: 'https://example.com/', content_selectors: 's'.repeat(100_000) }],
  ] as const) {
    const { raw, json } = await mcp.call(tool, args);
    const text = (raw.content as Array<{ text: string }>)[0].text;
    assert.equal(json.ok, false, tool);
    assert.equal(codeOf(json), 'invalid_arguments', `${tool}: ${text.slice(0, 300)}`);
    assert.ok(text.length < 2000, `${tool}: a ${text.length}-character failure for oversized input`);
  }
  // Under the cap a long URL is accepted, and a failure about it repeats only a bounded prefix.
  const longUrl = `ftp://example.com/${'b'.repeat(8000)}`;
  const { raw } = await mcp.call('occam_transcode', { url: longUrl });
  assert.ok((raw.content as Array<{ text: string }>)[0].text.length < 2000);
});

test('issue 14: ftp:, file:, javascript:, data: and garbage URLs are invalid_url on every reading tool', async () => {
  for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<p>x</p>', 'not a url', '/relative/path']) {
    for (const [tool, args] of [
      ['occam', { url }],
      ['occam_transcode', { url }],
      ['occam_probe', { url }],
      ['occam_map', { url }],
      ['occam_browser_interact', { url, actions: '[]' }],
    ] as const) {
      const { json } = await mcp.call(tool, args);
      assert.equal(codeOf(json), 'invalid_url', `${tool} ${url}: ${JSON.stringify(json).slice(0, 300)}`);
    }
    const digest = (await mcp.call('occam_digest', { urls: [url] })).json;
    assert.equal(digest.items[0].failure.code, 'invalid_url', `occam_digest ${url}`);
  }
});

test('issue 14: occam_digest — one private URL among readable ones fails its own item, the others are read', async () => {
  const { json } = await mcp.call('occam_digest', { urls: [server.url('/a'), 'http://10.1.2.3/private', server.url('/b')] });
  // The fixture pages are on 127.0.0.1 and this server does not allow private URLs: every item says so itself.
  assert.ok(Array.isArray(json.items), JSON.stringify(json).slice(0, 300));
  assert.equal(json.items.length, 3);
  assert.deepEqual(json.items.map((i: any) => i.failure?.code), ['private_url_blocked', 'private_url_blocked', 'private_url_blocked']);
  assert.equal(json.failureCode, 'digest_failed', 'every item failed on its own; there is no whole-call private_url_blocked');
});

test('issue 14: with private URLs allowed for the fixture, a literally private item fails alone (no whole-call failure)', async () => {
  const open = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_ALLOW_PRIVATE_URLS: '1' });
  try {
    const { json } = await open.call('occam_digest', { urls: [server.url('/a'), 'ftp://10.1.2.3/x', server.url('/b')] });
    assert.equal(json.ok, true, JSON.stringify(json).slice(0, 300));
    assert.deepEqual(json.items.map((i: any) => i.ok), [true, false, true]);
    assert.equal(json.items[1].failure.code, 'invalid_url');
    assert.equal(json.stats.failed, 1);
  } finally {
    await open.close();
  }
});

test('issue 14: the DOM depth cap is a cut too — partial:true with what was flattened', async () => {
  const open = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_ALLOW_PRIVATE_URLS: '1' });
  try {
    const { json } = await open.call('occam_transcode', { url: server.url('/deep'), backend_policy: 'http' });
    assert.equal(json.ok, true, JSON.stringify(json).slice(0, 300));
    assert.equal(json.partial, true);
    assert.equal(json.compile.sourceTruncated.layer, 'dom_depth_cap');
    assert.ok(json.compile.sourceTruncated.flattenedElements >= 1);
    assert.ok(json.markdown.includes('Deep text'), 'the text itself is kept');
    assert.ok(!json.markdown.includes('https://example.com/deep'), 'the link below the cap is what was lost');
    assert.ok(json.agentHints.warnings.some((w: string) => w.startsWith('source_truncated: dom_depth_cap')));
    const plain = (await open.call('occam_transcode', { url: server.url('/a'), backend_policy: 'http' })).json;
    assert.equal(plain.partial, false);
    assert.equal(plain.compile, undefined);
  } finally {
    await open.close();
  }
});

test('issue 14: every one of the 26 tools rejects an unknown argument key and names it', async () => {
  const tools = (await mcp.client.listTools()).tools;
  assert.equal(tools.length, 26);
  for (const tool of tools) {
    const { raw, json } = await mcp.call(tool.name, { zz_unknown_option: true });
    assert.equal(json.ok, false, tool.name);
    assert.equal(codeOf(json), 'invalid_arguments', `${tool.name}: ${JSON.stringify(json).slice(0, 200)}`);
    assert.match((raw.content as Array<{ text: string }>)[0].text, /zz_unknown_option/, `${tool.name} names the key`);
  }
});

test('issue 14: published schemas are portable — real integer ranges, no nullable unions, no uri format, strict', async () => {
  const tools = (await mcp.client.listTools()).tools;
  const problems: string[] = [];
  const walk = (node: any, path: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`));
    if (Array.isArray(node.type)) problems.push(`${path}: type array ${JSON.stringify(node.type)}`);
    if (node.type === 'null' || node.anyOf?.some((x: any) => x.type === 'null')) problems.push(`${path}: nullable`);
    if (node.format === 'uri') problems.push(`${path}: format uri`);
    if (node.type === 'integer' || node.type === 'number') {
      if (typeof node.minimum !== 'number') problems.push(`${path}: no minimum`);
      if (Math.abs(node.minimum ?? 0) >= 2 ** 53 - 1 || Math.abs(node.maximum ?? 0) >= 2 ** 53 - 1) problems.push(`${path}: ±2^53 placeholder`);
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
  };
  for (const tool of tools) {
    walk(tool.inputSchema, tool.name);
    assert.equal((tool.inputSchema as any).additionalProperties, false, `${tool.name} is strict`);
  }
  assert.deepEqual(problems, []);
  const transcode = tools.find((t) => t.name === 'occam_transcode')!.inputSchema.properties as Record<string, any>;
  assert.deepEqual([transcode.max_tokens.minimum, transcode.max_tokens.maximum], [128, 2_000_000]);
  assert.deepEqual([transcode.deadline_ms.minimum, transcode.deadline_ms.maximum], [1000, 300_000]);
  assert.equal(transcode.url.maxLength, 8192);
  const digestUrls = (tools.find((t) => t.name === 'occam_digest')!.inputSchema.properties as Record<string, any>).urls;
  assert.equal(digestUrls.oneOf[0].items.format, undefined, 'handles (S1, H…) are not URIs');
  // A handle in the array is accepted by the schema (it is then an unknown handle, a typed failure of its item).
  const handle = (await mcp.call('occam_digest', { urls: ['S1'] })).json;
  assert.equal(handle.items[0].failure.code, 'unknown_handle');
});

test('issue 14: Streamable HTTP (stateless) never advertises tools.listChanged, even on 2026-07-28', async () => {
  const port = await freePort();
  const spawned = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(port)], {}, 'streamable_http_mcp_listening');
  try {
    for (const protocolVersion of ['2026-07-28', '2025-06-18']) {
      const r = await rawRequest(spawned.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
      });
      assert.equal(r.status, 200, r.body);
      assert.equal(JSON.parse(r.body).result.capabilities.tools.listChanged, false, protocolVersion);
    }
  } finally {
    await spawned.stop();
  }
});
