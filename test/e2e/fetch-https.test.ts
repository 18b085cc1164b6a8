// A successful HTTPS read end to end: a local TLS server with a certificate made in the test, trusted by the
// `occam` child through NODE_EXTRA_CA_CERTS. Covers the pinned TLS connect path (certificate checked against the
// validated address), not just TLS failures.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'occam-tls-'));
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
  '-subj', '/CN=occam-test', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
], { stdio: 'ignore' });

const page = `<!doctype html><html><head><title>Secure page</title></head><body><main><h1>Served over TLS</h1>
<p>${'This paragraph arrived over a verified TLS connection to the loopback test server. '.repeat(6)}</p></main></body></html>`;
const server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/secure`;
after(() => new Promise<void>((r) => server.close(() => r())));

test('an https page with a trusted certificate is read; an untrusted one is tls_error', async () => {
  const trusted = hermeticEnv({ OCCAM_ALLOW_PRIVATE_URLS: '1', NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') });
  const ok = await run(process.execPath, [OCCAM_BIN, 'read', url, '--json', '--policy', 'http'], { env: trusted, cwd: REPO_ROOT });
  const doc = JSON.parse(ok.stdout);
  assert.equal(doc.ok, true, ok.stdout);
  assert.match(doc.markdown, /Served over TLS/);
  assert.equal(doc.url, url, 'the lean response names the final URL');

  const untrusted = hermeticEnv({ OCCAM_ALLOW_PRIVATE_URLS: '1', NODE_EXTRA_CA_CERTS: '' });
  const bad = await run(process.execPath, [OCCAM_BIN, 'read', url, '--json', '--policy', 'http'], { env: untrusted, cwd: REPO_ROOT }).catch((e) => e);
  assert.equal(bad.code, 1);
  assert.equal(JSON.parse(bad.stdout).failure.code, 'tls_error');
});
