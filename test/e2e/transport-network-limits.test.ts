// The network transports cannot be wedged by one oversize frame either: the WebSocket closes that one connection
// with 1009 and the HTTP endpoint answers 413, and the server goes on serving the next connection or request.
// A stop signal ends the process within a second, also with a connection open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, rawRequest, spawnOccamServer, tryWebSocket, type SpawnedServer } from '../helpers/network-server.ts';

const MAX_BYTES = 65536;
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function exitsWithinOneSecond(server: SpawnedServer, signal: NodeJS.Signals): Promise<void> {
  const sentAt = Date.now();
  server.child.kill(signal);
  const exit = await Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
  assert.notEqual(exit, null, `${signal}: still running ${Date.now() - sentAt} ms after the signal`);
}

test('WebSocket: an oversize message closes only its connection (1009); a new connection is served; SIGTERM ends the server within 1 s', async () => {
  const server = await spawnOccamServer(['mcp', '--mcp-server', '--port', String(await freePort())], { OCCAM_MCP_MAX_MESSAGE_BYTES: String(MAX_BYTES) }, 'websocket_mcp_listening');
  try {
    const big = await tryWebSocket(server.url);
    assert.ok(big.opened);
    const closed = new Promise<number>((r) => big.socket.once('close', (code) => r(code)));
    big.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BYTES * 2) } }));
    assert.equal(await closed, 1009);

    const next = await tryWebSocket(server.url);
    assert.ok(next.opened, 'the server still accepts connections');
    const answer = new Promise<any>((r) => next.socket.once('message', (d) => r(JSON.parse(String(d)))));
    next.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }));
    assert.ok((await answer).result, 'initialize answered after the oversize frame');
    // With this connection still open:
    await exitsWithinOneSecond(server, 'SIGTERM');
  } finally {
    server.child.kill('SIGKILL');
  }
});

test('streamable HTTP: an oversize body is answered 413 with a JSON-RPC error; the next request is served; SIGINT ends the server within 1 s', async () => {
  const server = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(await freePort())], { OCCAM_MCP_MAX_MESSAGE_BYTES: String(MAX_BYTES) }, 'streamable_http_mcp_listening');
  try {
    const big = await rawRequest(server.url, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BYTES * 2) } }) });
    assert.equal(big.status, 413);
    assert.equal(JSON.parse(big.body).error.code, -32700);
    const ping = await rawRequest(server.url, { method: 'POST', headers: HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
    assert.equal(ping.status, 200, ping.body);
    assert.deepEqual(JSON.parse(ping.body).result, {});
    await exitsWithinOneSecond(server, 'SIGINT');
  } finally {
    server.child.kill('SIGKILL');
  }
});
