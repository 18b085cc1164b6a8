// reading.md #51 and the golden corpus: all 22 frozen fixtures meet their expectations through occam_transcode
// over a real MCP stdio client, served from a local HTTP server. Plus the representative article (#1). The
// browser-backed ones need Chromium: skipped on a developer machine without one, a failure in CI.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { CORPUS_DIR, loadGoldenExpectations, type GoldenExpectation } from '../helpers/fixtures.ts';
import { requireChromium } from '../helpers/requires.ts';

const CORPUS = CORPUS_DIR;
const GOLDEN = join(CORPUS, 'golden');


const expectations = loadGoldenExpectations();

let server: FixtureServer;
let mcp: McpSession;

before(async () => {
  const routes: Record<string, (req: unknown, res: import('node:http').ServerResponse) => void> = {};
  for (const file of readdirSync(GOLDEN)) {
    const body = readFileSync(join(GOLDEN, file));
    const type = file.endsWith('.xml') ? 'application/rss+xml; charset=utf-8' : 'text/html; charset=utf-8';
    routes[`/${file}`] = (_req, res) => res.writeHead(200, { 'content-type': type }).end(body);
  }
  const representative = readFileSync(join(CORPUS, 'representative-input.html'));
  routes['/representative-input.html'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(representative);
  server = await startFixtureServer(routes);
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RESPONSE_DETAIL: 'full' });
});

after(async () => {
  await mcp?.close();
  await server?.close();
});

const fixturePath = (fixture: string) => (fixture.includes('.') ? `/${fixture}` : `/${fixture}.html`);

async function meets(e: GoldenExpectation): Promise<void> {
  const args: Record<string, unknown> = { url: server.url(fixturePath(e.fixture)) };
  if (e.json_blocks) args.json_blocks = true;
  if (e.json_tables) args.json_tables = true;
  if (e.json_feed) args.json_feed = true;
  if (e.backend) args.backend_policy = e.backend;
  const { raw, json } = await mcp.call('occam_transcode', args);
  assert.equal(json.ok, e.expect_ok, `${e.id}: ok (${JSON.stringify(json.failure ?? json.agentHints)})`);
  assert.deepEqual(raw.structuredContent, json, `${e.id}: structuredContent duplicates the text`);
  if (!e.expect_ok) {
    assert.equal(raw.isError, true);
    assert.equal(json.failure.code, e.failure_code, `${e.id}: failure code`);
    assert.equal(json.markdown, undefined, `${e.id}: no markdown on failure`);
    return;
  }
  const md: string = json.markdown;
  // A browser-backed expectation is met by Chromium itself: a downgrade to HTTP is not a pass.
  if (e.backend === 'browser') assert.equal(json.backend, 'browser_playwright', `${e.id}: ${json.backend} ${JSON.stringify(json.agentHints?.warnings)}`);
  if (e.min_chars !== undefined) assert.ok(md.length >= e.min_chars, `${e.id}: ${md.length} ≥ ${e.min_chars} chars`);
  if (e.max_chars !== undefined) assert.ok(md.length <= e.max_chars, `${e.id}: ${md.length} ≤ ${e.max_chars} chars`);
  for (const s of e.must_contain ?? []) assert.ok(md.includes(s), `${e.id}: contains ${JSON.stringify(s)}`);
  for (const s of e.must_not_contain ?? []) assert.ok(!md.includes(s), `${e.id}: lacks ${JSON.stringify(s)}`);
  if (e.min_blocks !== undefined) {
    assert.ok(Array.isArray(json.blocks) && json.blocks.length >= e.min_blocks, `${e.id}: ≥ ${e.min_blocks} blocks`);
    for (const b of json.blocks) assert.ok(b.type && typeof b.text === 'string' && typeof b.sourceSelector === 'string' && /^[0-9a-f]{16}$/.test(b.hash));
  }
  if (e.min_tables !== undefined) {
    assert.ok(Array.isArray(json.tables) && json.tables.length >= e.min_tables, `${e.id}: ≥ ${e.min_tables} tables`);
    const cells = JSON.stringify(json.tables);
    for (const s of e.table_contains ?? []) assert.ok(cells.includes(s), `${e.id}: tables contain ${s}`);
  }
  if (e.feed_title !== undefined) {
    assert.equal(json.feed?.title, e.feed_title, `${e.id}: feed title`);
    assert.ok(md.startsWith(`# ${e.feed_title}`), `${e.id}: markdown starts with the feed title`);
  }
  if (e.min_feed_items !== undefined) assert.ok(json.feed.items.length >= e.min_feed_items, `${e.id}: feed items`);
  assert.match(json.contentHash, /^[0-9a-f]{64}$/);
  assert.match(json.materializationKey, /^sha256:[0-9a-f]{64}$/);
}

const browserBacked = expectations.filter((e) => e.backend === 'browser');

test('golden corpus: the 22 expectations, HTTP-read ones through occam_transcode over MCP stdio', async () => {
  assert.equal(expectations.length, 22);
  for (const e of expectations) if (e.backend !== 'browser') await meets(e);
});

test('golden corpus: browser-backed expectations are rendered by Chromium (no downgrade accepted)', async (t) => {
  assert.ok(browserBacked.length > 0, 'the corpus has browser-backed expectations');
  if (!requireChromium(t)) return;
  for (const e of browserBacked) await meets(e);
});

test('reading.md #1: the representative article reads like the reference output', async () => {
  const { json } = await mcp.call('occam_transcode', { url: server.url('/representative-input.html') });
  assert.equal(json.ok, true);
  assert.equal(json.backend, 'node_readability_turndown');
  const md: string = json.markdown;
  assert.ok(md.startsWith('# Web context without the chrome'));
  const reference = readFileSync(join(CORPUS, 'representative-output.md'), 'utf8');
  for (const heading of reference.match(/^## .+$/gm) ?? []) assert.ok(md.includes(heading), heading);
  assert.equal((md.match(/^## /gm) ?? []).length, 4);
  assert.ok(md.includes('```') && md.includes('-> compact agent context'));
  for (const chrome of ['Northstar', 'Search the journal', 'Related reading', 'Weekly engineering notes', 'Your privacy choices', 'Accept analytics', 'Copyright 2026', 'analyticsQueue']) {
    assert.ok(!md.includes(chrome), `no ${chrome}`);
  }
  const htmlBytes = readFileSync(join(CORPUS, 'representative-input.html')).length;
  const mdBytes = Buffer.byteLength(md, 'utf8');
  const reduction = (1 - mdBytes / htmlBytes) * 100;
  assert.ok(reduction >= 60, `reduction ${reduction.toFixed(1)}% ≥ 60%`);
  // Loosely the reference size (1,736 bytes): within 15 %.
  assert.ok(Math.abs(mdBytes - Buffer.byteLength(reference.trimEnd(), 'utf8')) <= 0.15 * 1736, `size ${mdBytes} near 1736`);
  assert.equal(json.receipt.tokensUsed >= 400 && json.receipt.tokensUsed <= 480, true, `tokensUsed ${json.receipt.tokensUsed}`);
});
