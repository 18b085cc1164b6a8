// `occam mcp --mcp-server`: the SDK's own WebSocketClientTransport against the real executable (tools.md §8, #32).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import WebSocket from 'ws';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer, tryWebSocket, type SpawnedServer } from '../helpers/network-server.ts';

const MAX_BYTES = 65536;
let server: SpawnedServer;
let fixture: FixtureServer;
let hangingRequests = 0;
let hangingClosed = 0;

before(async () => {
  fixture = await startFixtureServer({
    '/hang': (req) => {
      // never answers: the read only ends when the caller aborts it
      hangingRequests += 1;
      req.socket.once('close', () => (hangingClosed += 1));
      return new Promise<void>(() => {});
    },
  });
  const port = await freePort();
  server = await spawnOccamServer(
    ['mcp', '--mcp-server', '--port', String(port)],
    { OCCAM_MCP_MAX_MESSAGE_BYTES: String(MAX_BYTES), OCCAM_ALLOW_PRIVATE_URLS: '1' },
    'websocket_mcp_listening',
  );
});

after(async () => {
  await server?.stop();
  await fixture?.close();
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'ws-test', version: '1.0.0' });
  await client.connect(new WebSocketClientTransport(new URL(server.url)));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return JSON.parse((raw.content[0] as { text: string }).text);
}

/** The close the server sends, or code -1 when the socket is still open after 10 s (a bounded wait, never a hang). */
function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve({ code: -1, reason: 'still open after 10 s' });
      socket.terminate();
    }, 10_000);
    socket.once('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });
}

test('tools.md #32: two concurrent sockets keep independent profiles and budgets', async () => {
  const [a, b] = await Promise.all([connect(), connect()]);
  try {
    assert.match(server.url, /^ws:\/\/127\.0\.0\.1:\d+\/$/);
    const setA = await call(a, 'occam_client_capabilities', { context_tokens: 64000 });
    assert.equal(setA.ok, true);
    assert.equal(setA.outputBudgetTokens, 12800);
    const inspectB = await call(b, 'occam_client_capabilities');
    assert.equal(inspectB.configured, false, 'B has its own capability store');
    const narrowA = await call(a, 'occam_client_capabilities', { profile: 'basic' });
    assert.equal(narrowA.profileApplied, true);
    assert.equal(narrowA.listChangedSent, true, 'a WebSocket connection can deliver list_changed');
    const namesA = (await a.listTools()).tools.map((t) => t.name);
    const namesB = (await b.listTools()).tools.map((t) => t.name);
    assert.ok(!namesA.includes('occam_client_capabilities'), 'A narrowed to basic');
    assert.ok(namesB.includes('occam_client_capabilities'), 'B keeps the reader surface');
    assert.equal((await call(b, 'occam_client_capabilities')).activeProfile, 'reader');
    assert.equal((await call(a, 'occam_client_capabilities')).failureCode, 'tool_not_on_surface');
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test('tools.md #32: a text message above OCCAM_MCP_MAX_MESSAGE_BYTES is rejected (1009); binary frames are rejected (1003)', async () => {
  const big = await tryWebSocket(server.url);
  assert.ok(big.opened);
  const bigClosed = closeOf(big.socket);
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BYTES) } });
  big.socket.send(payload);
  assert.equal((await bigClosed).code, 1009);

  // the limit counts all fragments of one message together
  const frag = await tryWebSocket(server.url);
  assert.ok(frag.opened);
  const fragClosed = closeOf(frag.socket);
  const half = 'y'.repeat(MAX_BYTES / 2 + 10);
  frag.socket.send(half, { fin: false });
  frag.socket.send(half, { fin: true });
  assert.equal((await fragClosed).code, 1009);

  const bin = await tryWebSocket(server.url);
  assert.ok(bin.opened);
  const binClosed = closeOf(bin.socket);
  bin.socket.send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })), { binary: true });
  assert.equal((await binClosed).code, 1003);

  // a text frame that is not JSON-RPC gets a parse error and the connection stays usable
  const junk = await tryWebSocket(server.url);
  assert.ok(junk.opened);
  const replies: unknown[] = [];
  junk.socket.on('message', (d) => replies.push(JSON.parse(d.toString())));
  junk.socket.send('this is not json');
  junk.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }));
  const deadline = Date.now() + 5000;
  while (replies.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual((replies[0] as { error: { code: number } }).error.code, -32700);
  assert.deepEqual(replies[1], { jsonrpc: '2.0', id: 9, result: {} });
  junk.socket.close();

  // a message just under the cap is served
  const ok = await connect();
  const pong = await ok.ping();
  assert.deepEqual(pong, {});
  await ok.close();
});

test('tools.md §8: Host/Origin loopback guard on the handshake (403), plain HTTP gets 426', async () => {
  const port = new URL(server.url).port;
  const evilOrigin = await tryWebSocket(server.url, { headers: { Origin: 'http://evil.example' } });
  assert.equal(evilOrigin.opened, false);
  if (!evilOrigin.opened) {
    assert.equal(evilOrigin.status, 403);
    assert.deepEqual(JSON.parse(evilOrigin.body), { ok: false, error: 'host_or_origin_not_loopback' });
  }
  const evilHost = await tryWebSocket(server.url, { headers: { Host: `evil.example:${port}` } });
  assert.equal(evilHost.opened ? 'opened' : evilHost.status, 403);
  const localOrigin = await tryWebSocket(server.url, { headers: { Origin: `http://localhost:${port}` } });
  assert.ok(localOrigin.opened, 'a loopback Origin is fine');
  if (localOrigin.opened) localOrigin.socket.close();
  const plain = await rawRequest(`http://127.0.0.1:${port}/`);
  assert.equal(plain.status, 426);
});

test('tools.md §8: a disconnect cancels that connection\'s in-flight tool call; other connections are untouched', async () => {
  const reader = await connect();
  const bystander = await connect();
  const pending = reader.callTool({ name: 'occam_transcode', arguments: { url: fixture.url('/hang'), backend_policy: 'http' } }).catch((e) => e);
  const deadline = Date.now() + 15_000;
  while (hangingRequests === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.equal(hangingRequests, 1, 'the read reached the page');
  await reader.close();
  await pending;
  while (hangingClosed === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  assert.equal(hangingClosed, 1, 'closing the socket aborted the outbound read');
  const still = await call(bystander, 'occam_client_capabilities');
  assert.equal(still.ok, true, 'the other connection still works (shared services were not torn down)');
  await bystander.close();
});
