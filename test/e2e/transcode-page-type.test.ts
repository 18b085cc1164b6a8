// occam_transcode reports the detected page type as `extraction.pageType` and applies its rules: over a real MCP
// stdio client, pages served from a local HTTP server (test/fixtures/pages, written from real markup patterns).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { FIXTURES_DIR } from '../helpers/fixtures.ts';

const PAGES = join(FIXTURES_DIR, 'pages');

let server: FixtureServer;
let mcp: McpSession;

before(async () => {
  const routes: Record<string, (req: unknown, res: import('node:http').ServerResponse) => void> = {};
  for (const file of readdirSync(PAGES)) {
    const body = readFileSync(join(PAGES, file));
    routes[`/${file}`] = (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  }
  routes['/notes.txt'] = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Plain notes.\nNo markup here.\n');
  server = await startFixtureServer(routes);
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RESPONSE_DETAIL: 'full' });
});

after(async () => {
  await mcp?.close();
  await server?.close();
});

test('occam_transcode: an article reports extraction.pageType "article" and comes back without its comment thread', async () => {
  const { json } = await mcp.call('occam_transcode', { url: server.url('/article-wordpress-comments.html') });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  // The full response carries the second opinion beside the page type: agreement (0–1) and the candidate read.
  assert.equal(json.extraction.pageType, 'article');
  assert.ok(json.extraction.agreement >= 0 && json.extraction.agreement <= 1, JSON.stringify(json.extraction));
  assert.ok(['engine', 'density'].includes(json.extraction.candidate), JSON.stringify(json.extraction));
  assert.equal(json.extraction.trace, undefined, 'a trace only on occam read --explain');
  assert.ok(json.markdown.includes('On baking days we build a levain'));
  assert.ok(!json.markdown.includes('Marco from Turin'));
  assert.ok(!json.markdown.includes('Leave a Reply'));
});

test('occam_transcode: a forum thread reports "forum" and keeps every post', async () => {
  const { json } = await mcp.call('occam_transcode', { url: server.url('/forum-thread-comments.html') });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  assert.equal(json.extraction.pageType, 'forum');
  for (const post of ['My starter smells strongly of acetone', 'Acetone usually means it is hungry', 'Switched to one to five yesterday']) {
    assert.ok(json.markdown.includes(post), post);
  }
});

test('occam_transcode: a plain-text body has no page type to report', async () => {
  const { json } = await mcp.call('occam_transcode', { url: server.url('/notes.txt') });
  assert.equal(json.ok, true, JSON.stringify(json.failure));
  assert.equal(json.extraction, undefined);
});
