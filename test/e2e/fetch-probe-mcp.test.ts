// occam_probe through a real MCP client over stdio (`occam mcp` as a child process) against a local server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { html, startServer, type LocalServer } from '../unit/fetch/local-server.ts';

let server: LocalServer;
let open: McpSession;
let strict: McpSession;

before(async () => {
  server = await startServer({
    '/article': html(`<html><head><meta property="og:title" content="Probe me"></head><body><article>${'<p>Readable article prose for the probe. </p>'.repeat(30)}</article></body></html>`),
    '/a': (_req, res) => void res.writeHead(301, { location: '/b' }).end(),
    '/b': (_req, res) => void res.writeHead(302, { location: '/article' }).end(),
  });
  [open, strict] = await Promise.all([startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_ALLOW_PRIVATE_URLS: '1' }), startMcp({ OCCAM_RESPONSE_DETAIL: 'full',})]);
});

after(async () => {
  await Promise.all([open?.close(), strict?.close()]);
  await server.close();
});

test('reading.md #45 over MCP: occam_probe is listed on reader and classifies an article', async () => {
  assert.ok((await open.toolNames()).includes('occam_probe'));
  const { raw, json } = await open.call('occam_probe', { url: server.url('/a'), include_social_meta: true });
  assert.equal(raw.isError ?? false, false);
  assert.deepEqual(raw.structuredContent, json, 'W2: structuredContent duplicates the JSON text');
  assert.equal(json.ok, true);
  assert.equal(json.classification.pageClass, 'article');
  assert.equal(json.recommendation.extractability, 0.9);
  assert.equal(json.redirectChain.length, 3);
  assert.equal(json.socialMeta.title, 'Probe me');
  assert.equal(json.url.final, server.url('/article'));
});

test('reading.md #2 over MCP: without the env flag a loopback URL is private_url_blocked ([F-top], isError) with 0 hits', async () => {
  const before = server.connections;
  const { raw, json } = await strict.call('occam_probe', { url: server.url('/article') });
  assert.equal(raw.isError, true);
  assert.equal(json.ok, false);
  assert.equal(json.failureCode, 'private_url_blocked');
  assert.equal(json.message, 'Private or local URLs are blocked.');
  assert.equal(json.policy.privacyMode, 'blocked_by_policy');
  assert.equal(server.connections, before);
});

test('tools.md #3.1.4: timeout_ms outside 1000–120000 is invalid_arguments in the [F-top] shape', async () => {
  for (const timeout_ms of [999, 120001]) {
    const { raw, json } = await open.call('occam_probe', { url: server.url('/article'), timeout_ms });
    assert.equal(raw.isError, true);
    assert.equal(json.failureCode, 'invalid_arguments');
    assert.equal(json.failure, undefined);
  }
});
