// Response detail levels (issue 29) through the MCP SDK's Client over stdio and Streamable HTTP: the default
// (lean) read is the page, its final URL, title and a receipt reference — no timings, quality, recovery or
// access; `full` is the old response with the signed receipt inline; the lean receipt id verifies offline from
// the local receipt log and stops verifying when the log entry is tampered with.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { freePort, runOccam, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';
import { GOLDEN_DIR } from '../helpers/fixtures.ts';
import { READING_TOOLS } from '../../src/contract/catalog.ts';

const ARTICLE = readFileSync(join(GOLDEN_DIR, 'wikipedia-article.html'));
const LINKS = `<html><head><title>Index</title></head><body><main><h1>Index</h1><ul>${[1, 2, 3, 4]
  .map((n) => `<li><a href="/guide/${n}">Guide number ${n} explains one part</a></li>`)
  .join('')}</ul></main></body></html>`;
const HEAVY = ['timings', 'quality', 'recovery', 'access'];

let fixture: FixtureServer;
let mcp: McpSession;
let http: SpawnedServer;

before(async () => {
  fixture = await startFixtureServer({
    '/article': (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
    '/moved': (_req, res) => void res.writeHead(301, { location: '/article' }).end(),
    '/links': html(LINKS),
    ...Object.fromEntries([1, 2, 3, 4].map((n) => [`/guide/${n}`, html(`<html><head><title>Guide ${n}</title></head><body><main><article><h1>Guide ${n}</h1><p>${'This guide explains one part of the product in plain words for a reader. '.repeat(6)}</p></article></main></body></html>`)])),
  });
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
  http = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(await freePort())], { OCCAM_ALLOW_PRIVATE_URLS: '1' }, 'streamable_http_mcp_listening');
});
after(async () => {
  await mcp?.close();
  await http?.stop();
  await fixture?.close();
});

const textOf = (raw: CallToolResult) => (raw.content[0] as { text: string }).text;

test('issue 29: occam_transcode default is lean — final url, markdown opening with its title, pageType, a contentHash prefix, the receipt id; none of timings/quality/recovery/access; envelope ≤ 60 tokens', async () => {
  const { raw, json } = await mcp.call('occam_transcode', { url: fixture.url('/moved') });
  assert.equal(json.ok, true);
  assert.equal(json.url, fixture.url('/article'), 'url is the final URL after the redirect');
  assert.match(json.markdown, /^# Markdown\n/);
  assert.equal(json.title, undefined, 'the title is the Markdown\'s first line, not repeated');
  assert.equal(json.pageType, 'article');
  assert.equal(json.partial, undefined, 'partial appears only when something was cut');
  assert.match(json.contentHash, /^[0-9a-f]{12}$/);
  assert.match(json.receipt, /^[0-9a-f]{16}$/);
  for (const k of [...HEAVY, 'materializationKey', 'backend', 'agentHints', 'compile', 'meta']) assert.equal(json[k], undefined, `lean has no ${k}`);
  // The envelope around the page: the whole response minus the Markdown as it is encoded in it.
  const envelope = countTokens(textOf(raw)) - countTokens(JSON.stringify(json.markdown));
  assert.ok(envelope <= 60, `lean envelope ${envelope} tokens`);
  assert.deepEqual(raw.structuredContent, json, 'structuredContent carries the same lean object');
  // The prefix names the version: a conditional read with it comes back unchanged.
  const again = (await mcp.call('occam_transcode', { url: fixture.url('/article'), if_none_match: json.contentHash })).json;
  assert.equal(again.unchanged, true);
  assert.equal(again.markdown, '');
});

test('issue 29: detail full is the whole response with the signed receipt inline; standard adds backend, meta, agentHints, quality.verdict', async () => {
  const full = (await mcp.call('occam_transcode', { url: fixture.url('/article'), detail: 'full' })).json;
  assert.equal(full.ok, true);
  assert.equal(typeof full.timings.totalMs, 'number');
  assert.equal(typeof full.quality.score, 'number');
  assert.equal(typeof full.receipt.signed.sig, 'string');
  assert.equal(full.url.finalUrl, fixture.url('/article'));
  const verified = (await mcp.call('occam_verify', { receipt: JSON.stringify(full.receipt), markdown: full.markdown })).json;
  assert.equal(verified.verdict, 'verified');

  const standard = (await mcp.call('occam_transcode', { url: fixture.url('/article'), detail: 'standard' })).json;
  assert.equal(standard.backend, 'node_readability_turndown');
  assert.match(standard.materializationKey, /^sha256:/);
  assert.deepEqual(Object.keys(standard.quality), ['verdict']);
  assert.ok(standard.agentHints && standard.meta);
  for (const k of HEAVY.filter((k) => k !== 'quality')) assert.equal(standard[k], undefined, `standard has no ${k}`);
  assert.deepEqual(Object.keys(standard.receipt).sort(), ['id', 'keyId']);
  assert.match(standard.contentHash, /^[0-9a-f]{64}$/);
  assert.equal(standard.title, 'Markdown');
  assert.equal(standard.partial, false);
});

test('issue 29: a lean receipt id verifies offline from the receipt log (0600 file, 0700 dir) and fails once the entry is tampered with', async () => {
  const lean = (await mcp.call('occam_transcode', { url: fixture.url('/article') })).json;
  const ok = (await mcp.call('occam_verify', { receipt_id: lean.receipt, markdown: lean.markdown })).json;
  assert.equal(ok.verdict, 'verified');
  assert.equal(ok.contentHashMatch, true);
  assert.match(ok.keyId, /^k1:/);

  const dir = join(mcp.home, '.occam', 'receipts');
  const file = join(dir, `${lean.receipt}.json`);
  if (process.platform !== 'win32') {
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  }
  const entry = JSON.parse(readFileSync(file, 'utf8'));
  entry.receipt.signed.contentHash = `sha256:${'0'.repeat(64)}`;
  writeFileSync(file, JSON.stringify(entry));
  const tampered = (await mcp.call('occam_verify', { receipt_id: lean.receipt })).json;
  assert.notEqual(tampered.verdict, 'verified');
  assert.equal(tampered.signatureValid, false);

  const missing = (await mcp.call('occam_verify', { receipt_id: 'ffffffffffffffff' })).json;
  assert.equal(missing.ok, false);
  assert.equal(missing.failureCode, 'receipt_not_found');
});

test('issue 29: a cut lean read spends max_tokens on the page and lists what was left out as sections usable with section=', async () => {
  const max = 700;
  const { raw, json } = await mcp.call('occam_transcode', { url: fixture.url('/article'), max_tokens: max });
  assert.ok(countTokens(textOf(raw)) <= max, `whole ${countTokens(textOf(raw))} ≤ ${max}`);
  assert.equal(json.partial, true);
  assert.deepEqual(json.cut, ['budget']);
  assert.ok(json.sections.length > 0 && json.sections.length <= 20);
  const fullRaw = (await mcp.call('occam_transcode', { url: fixture.url('/article'), max_tokens: max, detail: 'full' })).raw;
  const full = JSON.parse(textOf(fullRaw));
  // Blocks are kept whole, so both levels may stop at the same block; what lean must do is never keep less of the
  // page and spend a larger share of what the reader receives on it.
  const leanPage = countTokens(json.markdown);
  const fullPage = countTokens(full.markdown);
  assert.ok(leanPage >= fullPage, `lean keeps at least as much of the page as full: ${leanPage} vs ${fullPage}`);
  const leanShare = leanPage / countTokens(textOf(raw));
  const fullShare = fullPage / countTokens(textOf(fullRaw));
  assert.ok(leanShare > fullShare + 0.1, `the page's share of the response: lean ${leanShare.toFixed(2)} vs full ${fullShare.toFixed(2)}`);
  const next = json.sections.find((s: { tokens: number }) => s.tokens < 1500);
  const section = (await mcp.call('occam_transcode', { url: fixture.url('/article'), section: next.id })).json;
  assert.equal(section.ok, true, JSON.stringify(section.failure));
  assert.ok(section.markdown.includes(next.heading));
});

test('issue 29: failures stay fully typed at every level', async () => {
  for (const detail of ['lean', 'standard', 'full']) {
    const { json } = await mcp.call('occam_transcode', { url: fixture.url('/nowhere'), detail });
    assert.equal(json.ok, false);
    assert.equal(json.failure.code, 'http_404', detail);
    assert.equal(typeof json.failure.message, 'string');
    if (detail !== 'full') assert.equal(json.timings, undefined);
  }
});

test('issue 29: occam, occam_digest, occam_map and occam_probe answer lean by default and in full on request', async () => {
  const facade = (await mcp.call('occam', { url: fixture.url('/article') })).json;
  assert.equal(facade.ok, true);
  assert.equal(facade.url, fixture.url('/article'));
  assert.equal(facade.steps, undefined);
  assert.match(facade.receipt, /^[0-9a-f]{16}$/);
  const facadeFull = (await mcp.call('occam', { url: fixture.url('/article'), detail: 'full' })).json;
  assert.ok(Array.isArray(facadeFull.steps) && facadeFull.receipt.signed);

  const urls = [fixture.url('/guide/1'), fixture.url('/guide/2')];
  const digest = (await mcp.call('occam_digest', { urls })).json;
  assert.equal(digest.ok, true);
  assert.equal(digest.combined, undefined, 'lean digest does not repeat the pages as combined');
  assert.equal(digest.stats, undefined);
  for (const item of digest.items) {
    assert.equal(item.timings, undefined);
    assert.match(item.receipt, /^[0-9a-f]{16}$/);
    assert.match(item.excerpt, /^# Guide \d\n/);
  }
  const digestFull = (await mcp.call('occam_digest', { urls, detail: 'full' })).json;
  assert.equal(typeof digestFull.combined, 'string');
  assert.equal((digestFull.combined.match(new RegExp(fixture.url('/guide/1').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'g')) ?? []).length, 1, 'combined names each URL once');
  assert.equal((digestFull.combined.match(/Guide 1/g) ?? []).length, 1, 'combined names each title once');

  const map = (await mcp.call('occam_map', { url: fixture.url('/links') })).json;
  assert.equal(map.ok, true);
  assert.equal(map.url, fixture.url('/links'));
  assert.equal(map.timestamp, undefined);
  assert.equal(map.agentHints, undefined);
  assert.ok(map.links.length >= 4);
  assert.ok((await mcp.call('occam_map', { url: fixture.url('/links'), detail: 'full' })).json.timestamp);

  const probe = (await mcp.call('occam_probe', { url: fixture.url('/moved') })).json;
  assert.equal(probe.ok, true);
  assert.equal(probe.url, fixture.url('/article'));
  assert.equal(probe.probeLatencyMs, undefined);
  assert.ok(probe.classification && probe.recommendation);
  const probeFull = (await mcp.call('occam_probe', { url: fixture.url('/moved'), detail: 'full' })).json;
  assert.equal(typeof probeFull.probeLatencyMs, 'number');
  assert.equal(probeFull.url.final, fixture.url('/article'));
});

test('issue 29: reading tools declare anthropic/maxResultSizeChars and a detail parameter', async () => {
  const { tools } = await mcp.client.listTools();
  for (const name of READING_TOOLS) {
    const tool = tools.find((t) => t.name === name);
    assert.ok(tool, name);
    assert.equal(typeof tool._meta?.['anthropic/maxResultSizeChars'], 'number', name);
    assert.deepEqual((tool.inputSchema.properties as Record<string, { enum?: string[] }>).detail.enum, ['lean', 'standard', 'full'], name);
  }
  assert.equal(tools.find((t) => t.name === 'occam_verify')?._meta, undefined);
});

test('issue 29 over Streamable HTTP: lean by default, full on request, the receipt id verifies', async () => {
  const client = new Client({ name: 'detail-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  try {
    const lean = JSON.parse(textOf((await client.callTool({ name: 'occam_transcode', arguments: { url: fixture.url('/article') } })) as CallToolResult));
    for (const k of HEAVY) assert.equal(lean[k], undefined, k);
    const full = JSON.parse(textOf((await client.callTool({ name: 'occam_transcode', arguments: { url: fixture.url('/article'), detail: 'full' } })) as CallToolResult));
    assert.ok(full.timings && full.receipt.signed);
    const verified = JSON.parse(textOf((await client.callTool({ name: 'occam_verify', arguments: { receipt_id: lean.receipt } })) as CallToolResult));
    assert.equal(verified.verdict, 'verified');
  } finally {
    await client.close();
  }
});

/** The CLI in a given HOME (its receipt log and keys), with loopback reads allowed; generous under load. */
const occam = (args: string[], home: string) => runOccam(args, { OCCAM_ALLOW_PRIVATE_URLS: '1', HOME: home }, 120_000);

test('issue 29 CLI: read --json is lean; verify --id and receipts show read the receipt log; digest names each URL and title once', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-detail-cli-'));
  const read = await occam(['read', fixture.url('/moved'), '--json'], home);
  assert.equal(read.code, 0, read.stderr);
  const lean = JSON.parse(read.stdout);
  assert.equal(lean.url, fixture.url('/article'));
  assert.equal(lean.timings, undefined);
  const plain = await occam(['read', fixture.url('/moved')], home);
  assert.ok(plain.stdout.split('\n')[0].includes(fixture.url('/article')), 'the final URL is in the first line');

  const verified = await occam(['verify', '--id', lean.receipt], home);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.equal(JSON.parse(verified.stdout).verdict, 'verified');
  const shown = await occam(['receipts', 'show', lean.receipt], home);
  assert.equal(shown.code, 0, shown.stderr);
  assert.equal(typeof JSON.parse(shown.stdout).receipt.signed.sig, 'string');
  const file = join(home, '.occam', 'receipts', `${lean.receipt}.json`);
  const entry = JSON.parse(readFileSync(file, 'utf8'));
  entry.receipt.signed.finalUrl = 'https://elsewhere.example/';
  writeFileSync(file, JSON.stringify(entry));
  const tampered = await occam(['verify', '--id', lean.receipt], home);
  assert.equal(tampered.code, 1);
  assert.notEqual(JSON.parse(tampered.stdout).verdict, 'verified');
  assert.equal((await occam(['receipts', 'show', 'ffffffffffffffff'], home)).code, 1);

  const digest = await occam(['digest', fixture.url('/guide/1'), fixture.url('/guide/2')], home);
  assert.equal(digest.code, 0, digest.stderr);
  for (const n of [1, 2]) {
    assert.equal(digest.stdout.split(fixture.url(`/guide/${n}`)).length - 1, 1, `URL ${n} once`);
    assert.equal((digest.stdout.match(new RegExp(`Guide ${n}\\b`, 'g')) ?? []).length, 1, `title ${n} once`);
  }
});

test('issue 29: under lean, every budget is a ceiling on what the caller receives — transcode, the occam facade and each digest item', async () => {
  for (const max of [256, 500, 900, 1500]) {
    const read = await mcp.call('occam_transcode', { url: fixture.url('/article'), max_tokens: max });
    assert.equal(read.json.ok, true, JSON.stringify(read.json.failure));
    assert.ok(countTokens(textOf(read.raw)) <= max, `transcode ${countTokens(textOf(read.raw))} ≤ ${max}`);
    assert.ok(read.json.sections.length <= Math.max(3, Math.floor(max / 100)));
    const facade = await mcp.call('occam', { url: fixture.url('/article'), budget: max });
    assert.equal(facade.json.ok, true, JSON.stringify(facade.json.failure));
    assert.ok(countTokens(textOf(facade.raw)) <= max, `occam ${countTokens(textOf(facade.raw))} ≤ ${max}`);
    assert.equal(facade.json.partial, true);
  }
  const digest = (await mcp.call('occam_digest', { urls: [fixture.url('/article'), fixture.url('/guide/1')], per_url_max_tokens: 400 })).json;
  for (const item of digest.items) assert.ok(countTokens(JSON.stringify(item)) <= 400, `digest item ${countTokens(JSON.stringify(item))} ≤ 400`);
});
