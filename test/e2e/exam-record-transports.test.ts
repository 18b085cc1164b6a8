// Recording works on every transport (issue 18): the one wrapper in createOccamServer (src/mcp/recording.ts) records
// WebSocket, remote WSS + JWT and stateless Streamable HTTP sessions exactly like stdio (exam-transcripts.test.ts).
// Real SDK clients against in-process servers; each transcript is derived and graded.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { testContext } from '../../src/runtime/context.ts';
import { startLocalWebSocket, type RunningServer } from '../../src/mcp/transports/websocket.ts';
import { startStreamableHttp } from '../../src/mcp/transports/streamable-http.ts';
import { startRemote } from '../../src/mcp/transports/remote.ts';
import { gradeDocument, isSessionError, type GradedSession } from '../../src/exam/transcript/grade.ts';
import { WsClientTransport } from '../helpers/network-server.ts';

const running: Array<{ close: () => Promise<void> }> = [];
after(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

const RECORD = JSON.stringify({ clientInfo: 'rec-transport/1', canaryVerdict: 'READ_VERIFIED' });

function runtimeFor(dir: string, extra: Record<string, string> = {}) {
  return testContext({ homeDir: dir, env: { HOME: dir, OCCAM_RECORD: join(dir, 'rec') + '/', OCCAM_EXAM_MCP: '1', ...extra }, now: Date.now });
}

/** One session: initialize, tools/list, two calls; then the transcript in `dir/rec` is graded. */
async function session(transport: Transport, dir: string): Promise<{ lines: any[]; graded: GradedSession }> {
  const client = new Client({ name: 'rec-transport', version: '1' });
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: 'occam_client_capabilities', arguments: { model_id: 'mock-strong' } });
  await client.callTool({ name: 'occam_exam_submit', arguments: { submission: RECORD } });
  await client.close();
  // No wait needed: the server writes a line before it sends the message, so every response the client got is on disk.
  const files = readdirSync(join(dir, 'rec'));
  assert.equal(files.length, 1, files.join(', '));
  const text = readFileSync(join(dir, 'rec', files[0]), 'utf8');
  const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l));
  const g = gradeDocument(text, files[0], Date.now);
  assert.ok(g.ok && g.sessions.length === 1 && !isSessionError(g.sessions[0]), JSON.stringify(g));
  return { lines, graded: g.sessions[0] as GradedSession };
}

function checkTranscript(lines: any[], graded: GradedSession, transport: string) {
  assert.equal(lines[0].kind, 'header');
  assert.equal(lines[0].transport, transport);
  const methods = lines.filter((l) => l.dir === 'in').map((l) => l.msg.method);
  assert.ok(methods.includes('initialize') && methods.includes('tools/list') && methods.filter((m) => m === 'tools/call').length === 2, methods.join(','));
  assert.ok(lines.some((l) => l.dir === 'out' && l.msg.result?.tools), 'the tools/list response is recorded');
  assert.equal(graded.kind, 'occam');
  assert.deepEqual([graded.report.subject.clientInfo, graded.report.subject.modelHint], ['rec-transport/1', 'mock-strong']);
  assert.equal(graded.derived!.record.evidence.calls, 2);
}

test('WebSocket (--mcp-server): the session is recorded with its clientInfo and calls', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-ws-'));
  const server: RunningServer = await startLocalWebSocket(runtimeFor(dir), { port: 0, bind: '127.0.0.1', maxMessageBytes: 1 << 20 });
  running.push(server);
  const { lines, graded } = await session(new WsClientTransport(server.url), dir);
  checkTranscript(lines, graded, 'WebSocketServerTransport');
});

test('stateless Streamable HTTP (--mcp-http): every POST lands in the one process-wide session transcript', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-http-'));
  const server = await startStreamableHttp(runtimeFor(dir), { port: 0, bind: '127.0.0.1', maxMessageBytes: 1 << 20 });
  running.push(server);
  const { lines, graded } = await session(new StreamableHTTPClientTransport(new URL(server.url)), dir);
  checkTranscript(lines, graded, 'StreamableHTTPServerTransport');
  assert.equal(new Set(lines.map((l) => l.session)).size, 1);
});

test('remote WSS + JWT (--remote): recorded, and the bearer token is not in the transcript', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'occam-rec-remote-'));
  const [key, cert, bundle] = ['key.pem', 'cert.pem', 'server.pem'].map((f) => join(dir, f));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const ca = readFileSync(cert, 'utf8');
  writeFileSync(bundle, ca + readFileSync(key, 'utf8'));
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  let origin = '';
  const idp: HttpsServer = createHttpsServer({ cert: ca, key: readFileSync(key) }, (req, res) => {
    const body = req.url === '/jwks' ? { keys: [jwk] } : { issuer: 'occam-mcp', jwks_uri: `${origin}/jwks` };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
  origin = `https://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  running.push({ close: () => new Promise<void>((r) => (idp.closeAllConnections(), idp.close(() => r()))) });
  const agent = new Agent({ connect: { ca } });
  const server = await startRemote(runtimeFor(dir), {
    port: 0,
    bind: '127.0.0.1',
    maxMessageBytes: 1 << 20,
    auth: { tlsCertPath: bundle, tlsPassword: null, jwtIssuer: 'occam-mcp', jwtAudience: 'occam-mcp', jwtMetadataUri: `${origin}/.well-known/openid-configuration` },
    fetch: (url, init) => undiciFetch(url, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>,
    jwksCooldownMs: 0,
  });
  running.push(server);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ scope: 'mcp' }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuer('occam-mcp').setAudience('occam-mcp').setIssuedAt(now - 60).setExpirationTime(now + 300).sign(privateKey);
  const { lines, graded } = await session(new WsClientTransport(server.url, { headers: { Authorization: `Bearer ${token}` }, ca }), dir);
  checkTranscript(lines, graded, 'WebSocketServerTransport');
  assert.equal(JSON.stringify(lines).includes(token), false);
});
