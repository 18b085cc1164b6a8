// Occam for a team: bearer authentication on the shared HTTP surfaces, tenants kept apart, backpressure.
//   - `--batch-server` with static tokens (OCCAM_HTTP_TOKENS_FILE): 401 with WWW-Authenticate pointing at the RFC 9728
//     metadata; a job belongs to its principal (another principal gets job_not_found, idempotency keys are per
//     principal); a principal over OCCAM_BATCH_MAX_QUEUED_PER_TENANT gets 429 + Retry-After while others still
//     submit; a tokens file readable by others is refused at start; without auth a non-loopback bind is refused.
//   - `--mcp-http` with JWTs (OCCAM_JWT_ISSUER/AUDIENCE, a local https OIDC provider): the batch tools see only the
//     caller's jobs; a token for another audience is 401 invalid_token; OCCAM_HTTP_MAX_CONCURRENT answers 503.
// Today's code served every route to anyone on loopback and resolved any job id for any caller.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, runOccam, spawnOccamServer } from '../helpers/network-server.ts';
import { pageHtml } from '../helpers/article-page.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-team-'));
const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef01';
let fixture: FixtureServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  fixture = await startFixtureServer({}, async (req, res) => {
    const m = /^\/(slow|page)\/(\d+)$/.exec((req.url ?? '/').split('?')[0]!);
    if (!m) return void res.writeHead(404).end('no');
    if (m[1] === 'slow') await sleep(3_000);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`team-${m[2]}-marker`));
  });
});
after(async () => {
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

function tokensFile(mode = 0o600): string {
  const path = join(dir, `tokens-${mode.toString(8)}.txt`);
  // bob's entry is stored as a digest, as an operator who does not keep plain tokens on disk would.
  const bobDigest = execFileSync('sh', ['-c', `printf %s '${BOB}' | sha256sum | cut -d' ' -f1`], { encoding: 'utf8' }).trim();
  writeFileSync(path, `# principal token\nalice ${ALICE}\nbob sha256:${bobDigest}\n`);
  chmodSync(path, mode);
  return path;
}

describe('batch server with static tokens', () => {
  it('401 without a valid bearer, metadata published, jobs and idempotency keys per principal, per-tenant queue cap with 429', async () => {
    const port = await freePort();
    const env = {
      HOME: mkdtempSync(join(dir, 'home-')),
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_HTTP_TOKENS_FILE: tokensFile(),
      OCCAM_BATCH_MAX_QUEUED_PER_TENANT: '3',
      OCCAM_BATCH_PARALLEL: '1',
    };
    const server = await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], env, 'batch_server_listening');
    const base = `http://127.0.0.1:${port}`;
    const call = (path: string, token: string | null, body?: unknown) =>
      rawRequest(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const anonymous = await call('/v1/batch/submit', null, { urls: [fixture.url('/page/1')] });
      assert.equal(anonymous.status, 401);
      assert.equal(JSON.parse(anonymous.body).error.code, 'unauthorized');
      assert.match(String(anonymous.headers['www-authenticate']), /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"$/);
      const wrong = await call('/v1/batch/submit', 'not-a-known-token-at-all', { urls: [fixture.url('/page/1')] });
      assert.equal(wrong.status, 401);
      assert.match(String(wrong.headers['www-authenticate']), /error="invalid_token"/);
      const meta = JSON.parse((await call('/.well-known/oauth-protected-resource', null)).body);
      assert.deepEqual(meta.bearer_methods_supported, ['header']);
      assert.equal((await call('/v1/health', null)).status, 200, 'health stays open to probes');

      const aliceJob = JSON.parse((await call('/v1/batch/submit', ALICE, { urls: [fixture.url('/page/2')], backend_policy: 'http', idempotency_key: 'k' })).body);
      assert.equal(aliceJob.ok, true);
      const bobView = await call(`/v1/batch/${aliceJob.job_id}/status`, BOB);
      assert.equal(bobView.status, 404, 'another principal\'s job is not found');
      assert.equal(JSON.parse(bobView.body).error.code, 'job_not_found');
      assert.equal((await call(`/v1/batch/${aliceJob.job_id}/results`, BOB)).status, 404);
      assert.equal((await call(`/v1/batch/${aliceJob.job_id}/status`, ALICE)).status, 200);
      const bobSameKey = JSON.parse((await call('/v1/batch/submit', BOB, { urls: [fixture.url('/page/3')], backend_policy: 'http', idempotency_key: 'k' })).body);
      assert.notEqual(bobSameKey.job_id, aliceJob.job_id, 'idempotency keys are per principal');

      // Queue cap: alice queues slow pages up to 3 unfinished items; the 4th is refused, bob still submits.
      for (let i = 0; i < 60; i++) {
        if (JSON.parse((await call(`/v1/batch/${aliceJob.job_id}/status`, ALICE)).body).state === 'done') break;
        await sleep(100);
      }
      const slow = await call('/v1/batch/submit', ALICE, { urls: [1, 2, 3].map((i) => fixture.url(`/slow/${i}`)), backend_policy: 'http' });
      assert.equal(slow.status, 202, slow.body);
      const over = await call('/v1/batch/submit', ALICE, { urls: [fixture.url('/slow/4')], backend_policy: 'http' });
      assert.equal(over.status, 429, over.body);
      assert.equal(over.headers['retry-after'], '30');
      assert.match(JSON.parse(over.body).error.message, /OCCAM_BATCH_MAX_QUEUED_PER_TENANT=3/);
      assert.equal((await call('/v1/batch/submit', BOB, { urls: [fixture.url('/page/5')], backend_policy: 'http' })).status, 202, 'another tenant is not blocked');
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('a tokens file readable by others is refused at start; without authentication a non-loopback bind is refused', async () => {
    const home = mkdtempSync(join(dir, 'home-'));
    const loose = await runOccam(['mcp', '--batch-server', '--port', String(await freePort())], { HOME: home, OCCAM_HTTP_TOKENS_FILE: tokensFile(0o644) }, 20_000);
    assert.notEqual(loose.code, 0);
    assert.match(loose.stderr, /readable by others \(mode 644\); run chmod 600/);
    const open = await runOccam(['mcp', '--batch-server', '--bind', '0.0.0.0', '--port', String(await freePort())], { HOME: home }, 20_000);
    assert.notEqual(open.code, 0);
    assert.match(open.stderr, /binds only to 127\.0\.0\.1 unless authentication is configured/);
  });
});

describe('Streamable HTTP with JWTs (OAuth 2.1 resource server)', () => {
  let idp: HttpsServer;
  let idpOrigin = '';
  let key: { privateKey: CryptoKey; jwk: JWK };
  const caPath = join(dir, 'idp-cert.pem');

  before(async () => {
    const keyPath = join(dir, 'idp-key.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyPath, '-out', caPath, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' });
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    key = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' } };
    idp = createHttpsServer({ cert: readFileSync(caPath), key: readFileSync(keyPath) }, (req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: 'team-idp', jwks_uri: `${idpOrigin}/jwks` }));
      } else if (req.url === '/jwks') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [key.jwk] }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    idpOrigin = `https://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  });
  after(() => idp?.close());

  const jwt = (sub: string, aud = 'occam-team') =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer('team-idp')
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);

  it('batch tools see only the caller\'s jobs; a token for another audience is invalid_token; concurrency cap answers 503', async () => {
    const port = await freePort();
    const server = await spawnOccamServer(['mcp', '--mcp-http', '--port', String(port)], {
      HOME: mkdtempSync(join(dir, 'home-')),
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_BATCH_MCP: '1',
      OCCAM_HTTP_JWT: '1',
      OCCAM_JWT_ISSUER: 'team-idp',
      OCCAM_JWT_AUDIENCE: 'occam-team',
      OCCAM_JWT_METADATA_URI: `${idpOrigin}/.well-known/openid-configuration`,
      NODE_EXTRA_CA_CERTS: caPath,
      OCCAM_HTTP_MAX_CONCURRENT: '1',
    }, 'streamable_http_mcp_listening');
    const headers = (token: string | null) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) });
    const tool = async (token: string | null, name: string, args: Record<string, unknown>) => {
      const r = await rawRequest(server.url, { method: 'POST', headers: headers(token), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) });
      return { status: r.status, headers: r.headers, result: r.status === 200 ? JSON.parse(JSON.parse(r.body).result.content[0].text) : JSON.parse(r.body) };
    };
    try {
      const anonymous = await tool(null, 'occam_batch_status', { job_id: 'x' });
      assert.equal(anonymous.status, 401);
      assert.match(String(anonymous.headers['www-authenticate']), /resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"/);
      const meta = JSON.parse((await rawRequest(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`)).body);
      assert.deepEqual(meta.authorization_servers, ['team-idp']);
      assert.match(meta.resource, /\/mcp$/);

      const agent1 = await jwt('agent-1');
      const agent2 = await jwt('agent-2');
      const submitted = await tool(agent1, 'occam_batch_submit', { urls: fixture.url('/page/7'), backend_policy: 'http' });
      assert.equal(submitted.result.ok, true, JSON.stringify(submitted.result));
      const mine = await tool(agent1, 'occam_batch_status', { job_id: submitted.result.job_id });
      assert.equal(mine.result.ok, true);
      const theirs = await tool(agent2, 'occam_batch_status', { job_id: submitted.result.job_id });
      assert.equal(theirs.result.ok, false);
      assert.equal(theirs.result.error.code, 'job_not_found');
      const otherAudience = await tool(await jwt('agent-1', 'some-other-api'), 'occam_batch_status', { job_id: 'x' });
      assert.equal(otherAudience.status, 401);
      assert.match(String(otherAudience.headers['www-authenticate']), /error="invalid_token"/);

      // Backpressure: with one slot, a second request while a slow read runs is 503 with Retry-After.
      const slow = tool(agent1, 'occam_transcode', { url: fixture.url('/slow/9'), backend_policy: 'http' });
      await sleep(800);
      const busy = await rawRequest(server.url, { method: 'POST', headers: headers(agent1), body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
      assert.equal(busy.status, 503);
      assert.equal(busy.headers['retry-after'], '1');
      assert.equal((await slow).result.ok, true);
    } finally {
      await server.stop('SIGKILL');
    }
  });
});
