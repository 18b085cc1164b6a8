// `occam mcp --remote`: WSS + JWT (tools.md §8, #30). A local https OIDC provider (metadata + JWKS) and a
// self-signed certificate made with openssl; the client trusts it through `ca` (in-process) or
// NODE_EXTRA_CA_CERTS (child process).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { Agent, fetch as undiciFetch } from 'undici';
import { testContext } from '../../src/runtime/context.ts';
import { startRemote } from '../../src/mcp/transports/remote.ts';
import type { RunningServer } from '../../src/mcp/transports/websocket.ts';
import { freePort, rawRequest, spawnOccamServer, tryWebSocket, WsClientTransport } from '../helpers/network-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-remote-'));
const certPath = join(dir, 'cert.pem');
const keyPath = join(dir, 'key.pem');
const bundlePath = join(dir, 'server.pem');
const pfxPath = join(dir, 'server.pfx');
let ca: string;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}
async function newKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

let idp: HttpsServer;
let idpOrigin: string;
let publishedKeys: JWK[] = [];
let jwksFetches = 0;
let k1: SigningKey;
let k2: SigningKey;
let stranger: SigningKey;
let remote: RunningServer;
const warnings: string[] = [];

type Claims = { iss?: string; aud?: string; expSecondsFromNow?: number };
async function token(key: SigningKey, claims: Claims = {}, kid = key.kid): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'mcp' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(claims.iss ?? 'occam-mcp')
    .setAudience(claims.aud ?? 'occam-mcp')
    .setSubject('agent-1')
    .setIssuedAt(now - 60)
    .setExpirationTime(now + (claims.expSecondsFromNow ?? 300))
    .sign(key.privateKey);
}

before(async () => {
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyPath, '-out', certPath, '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  execFileSync('openssl', ['pkcs12', '-export', '-out', pfxPath, '-inkey', keyPath, '-in', certPath, '-passout', 'pass:s3cret'], { stdio: 'ignore' });
  ca = readFileSync(certPath, 'utf8');
  writeFileSync(bundlePath, ca + readFileSync(keyPath, 'utf8'));

  [k1, k2, stranger] = await Promise.all([newKey('k1'), newKey('k2'), newKey('stranger')]);
  publishedKeys = [k1.jwk];
  idp = createHttpsServer({ cert: ca, key: readFileSync(keyPath) }, (req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: 'occam-mcp', jwks_uri: `${idpOrigin}/jwks` }));
    } else if (req.url === '/jwks') {
      jwksFetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: publishedKeys }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
  idpOrigin = `https://127.0.0.1:${(idp.address() as AddressInfo).port}`;

  const agent = new Agent({ connect: { ca } });
  remote = await startRemote(testContext({ env: {}, homeDir: dir, now: Date.now, warnings }), {
    port: 0,
    bind: '127.0.0.1',
    maxMessageBytes: 65536,
    auth: {
      tlsCertPath: bundlePath,
      tlsPassword: null,
      jwtIssuer: 'occam-mcp',
      jwtAudience: 'occam-mcp',
      jwtMetadataUri: `${idpOrigin}/.well-known/openid-configuration`,
    },
    fetch: (url, init) => undiciFetch(url, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>,
    jwksCooldownMs: 0,
  });
});

after(async () => {
  await remote?.close();
  idp?.closeAllConnections();
  await new Promise<void>((r) => (idp ? idp.close(() => r()) : r()));
});

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

async function handshakeStatus(url: string, headers: Record<string, string> = {}) {
  const r = await tryWebSocket(url, { headers, ca });
  if (r.opened) {
    r.socket.close();
    return { status: 101, headers: {}, body: '' };
  }
  return r;
}

async function connectClient(t: string): Promise<Client> {
  const client = new Client({ name: 'remote-test', version: '1.0.0' });
  await client.connect(new WsClientTransport(remote.url, { headers: bearer(t), ca }));
  return client;
}

test('tools.md #30: /health answers without a token and says only mode and transport', async () => {
  const health = await rawRequest(remote.url.replace('wss:', 'https:').replace(/\/mcp$/, '/health'), { ca });
  assert.equal(health.status, 200);
  assert.deepEqual(JSON.parse(health.body), { ok: true, mode: 'remote', transport: 'wss' });
});

test('tools.md #30: a valid bearer token opens an MCP session (SDK client over WSS)', async () => {
  const client = await connectClient(await token(k1));
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('occam_client_capabilities'));
    const raw = (await client.callTool({ name: 'occam_client_capabilities', arguments: { context_tokens: 8192 } })) as CallToolResult;
    assert.equal(JSON.parse((raw.content[0] as { text: string }).text).outputBudgetTokens, 1638);
  } finally {
    await client.close();
  }
});

test('tools.md #30: token in the query → 400 query_token_forbidden; missing, expired, foreign issuer/audience, bad signature → 401', async () => {
  const good = await token(k1);
  for (const query of ['?access_token=x', '?token=x', `?access_token=${good}`]) {
    const r = await handshakeStatus(remote.url + query, bearer(good));
    assert.equal(r.status, 400, query);
    assert.equal(JSON.parse(r.body).error, 'query_token_forbidden');
  }
  const rejected: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['not a bearer', { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['garbage token', bearer('not.a.jwt')],
    ['expired beyond the 30 s skew', bearer(await token(k1, { expSecondsFromNow: -120 }))],
    ['wrong issuer', bearer(await token(k1, { iss: 'https://someone-else.example' }))],
    ['wrong audience', bearer(await token(k1, { aud: 'another-service' }))],
    ['bad signature (stranger key claiming kid k1)', bearer(await token(stranger, {}, 'k1'))],
  ];
  for (const [why, headers] of rejected) {
    const r = await handshakeStatus(remote.url, headers);
    assert.equal(r.status, 401, why);
  }
  const withinSkew = await handshakeStatus(remote.url, bearer(await token(k1, { expSecondsFromNow: -10 })));
  assert.equal(withinSkew.status, 101, 'expired 10 s ago is inside the 30 s clock skew');
  assert.ok(!warnings.some((w) => w.includes(good)), 'tokens are never logged');
});

test('remote: signing-key rotation is picked up without a restart', async () => {
  publishedKeys = [k2.jwk]; // the provider rotates: k1 retired, k2 published
  const before = jwksFetches;
  const fresh = await handshakeStatus(remote.url, bearer(await token(k2)));
  assert.equal(fresh.status, 101, 'a token signed with the new key is accepted');
  assert.ok(jwksFetches > before, 'the JWKS was fetched again for the unknown key id');
  const retired = await handshakeStatus(remote.url, bearer(await token(k1)));
  assert.equal(retired.status, 401, 'the retired key no longer verifies');
  publishedKeys = [k1.jwk, k2.jwk];
});

test('tools.md #30: the fifth concurrent session with the default cap → 503 remote_capacity_exceeded + Retry-After: 1', async () => {
  const t = await token(k1);
  const clients = await Promise.all(Array.from({ length: 4 }, () => connectClient(t)));
  try {
    const fifth = await handshakeStatus(remote.url, bearer(t));
    assert.equal(fifth.status, 503);
    assert.equal((fifth.headers as Record<string, unknown>)['retry-after'], '1');
    assert.equal(JSON.parse(fifth.body).error, 'remote_capacity_exceeded');
    await clients.pop()!.close();
    const deadline = Date.now() + 5000;
    let again = await handshakeStatus(remote.url, bearer(t));
    while (again.status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await handshakeStatus(remote.url, bearer(t));
    }
    assert.equal(again.status, 101, 'a closed session frees its slot');
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
});

test('remote through the executable: PEM bundle + NODE_EXTRA_CA_CERTS; PFX with OCCAM_TLS_CERT_PASSWORD', async () => {
  const [pemPort, pfxPort] = await Promise.all([freePort(), freePort()]);
  const metadata = `${idpOrigin}/.well-known/openid-configuration`;
  const pem = await spawnOccamServer(
    ['mcp', '--remote', '--port', String(pemPort), '--tls-cert', bundlePath, '--jwt-metadata-uri', metadata],
    { NODE_EXTRA_CA_CERTS: certPath },
    'remote_mcp_listening',
  );
  const pfx = await spawnOccamServer(
    ['mcp', '--remote', '--port', String(pfxPort)],
    { OCCAM_TLS_CERT_PATH: pfxPath, OCCAM_TLS_CERT_PASSWORD: 's3cret', OCCAM_JWT_METADATA_URI: metadata, NODE_EXTRA_CA_CERTS: certPath },
    'remote_mcp_listening',
  );
  try {
    assert.equal(pem.url, `wss://127.0.0.1:${pemPort}/mcp`);
    const client = new Client({ name: 'remote-cli', version: '1' });
    await client.connect(new WsClientTransport(pem.url, { headers: bearer(await token(k1)), ca }));
    assert.ok((await client.listTools()).tools.length > 0);
    await client.close();
    const health = await rawRequest(`https://127.0.0.1:${pfxPort}/health`, { ca });
    assert.deepEqual(JSON.parse(health.body), { ok: true, mode: 'remote', transport: 'wss' });
    const denied = await handshakeStatus(pfx.url, {});
    assert.equal(denied.status, 401);
    assert.ok(!pfx.stderr().includes('s3cret'), 'the certificate password is never printed');
  } finally {
    await Promise.all([pem.stop(), pfx.stop()]);
  }
});
