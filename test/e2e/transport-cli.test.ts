// `occam mcp` flags (tools.md §8, operator.md §5): every invalid option is one stderr line
// `invalid_arguments: <kind>` and exit 1 (an unknown flag: a usage error, exit 2); the remote startup checks run in
// the specified order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOccam } from '../helpers/network-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-cli-'));
const certFile = join(dir, 'cert.pem');
writeFileSync(certFile, 'placeholder: the startup checks only look at the path');

function expectFailure(r: { code: number | null; stdout: string; stderr: string }, kind: string) {
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout, '', 'nothing on stdout');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one stderr line: ${r.stderr}`);
  assert.ok(lines[0].startsWith(`invalid_arguments: ${kind}`), lines[0]);
}

test('tools.md #29: bad --bind and --port → exit 1 invalid_arguments; remote startup checks in order', async () => {
  // one case per family through the real executable; every case is covered in test/unit/mcp/transport-options.test.ts
  const cases: Array<[string[], Record<string, string>, string]> = [
    [['mcp', '--mcp-server', '--bind', '0.0.0.0'], {}, 'invalid_arguments'],
    [['mcp', '--port', '70000'], {}, 'invalid_arguments'],
    [['mcp', '--remote'], { OCCAM_JWT_METADATA_URI: 'http://idp.example/meta' }, 'remote_requires_tls_cert'],
    [['mcp', '--remote', '--tls-cert', join(dir, 'missing.pem')], {}, 'tls_cert_not_found'],
    [['mcp', '--remote', '--tls-cert', certFile, '--jwt-metadata-uri', 'http://idp.example/meta'], {}, 'invalid_jwt_metadata_uri'],
    [['mcp', '--remote', '--tls-cert', certFile], { OCCAM_JWT_ISSUER: 'occam-mcp' }, 'remote_requires_jwt_metadata'],
  ];
  // a few at a time: each is a full Node start-up, and the machine is shared
  for (let i = 0; i < cases.length; i += 3) {
    const batch = cases.slice(i, i + 3);
    const results = await Promise.all(batch.map(([args, env]) => runOccam(args, env, 60_000)));
    results.forEach((r, j) => expectFailure(r, batch[j][2]));
  }
});

test('operator.md §5: -h / --help prints usage on stderr and exits 0; flags after a mode still parse', async () => {
  const [help, helpLong] = await Promise.all([runOccam(['mcp', '-h'], {}, 60_000), runOccam(['mcp', '--mcp-http', '--help'], {}, 60_000)]);
  for (const r of [help, helpLong]) {
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '');
    for (const flag of ['--mcp-server', '--mcp-http', '--streamable-http', '--remote', '--batch-server', '--port', '--bind', '--tls-cert', '--jwt-metadata-uri']) {
      assert.ok(r.stderr.includes(flag), `usage names ${flag}`);
    }
    assert.match(r.stderr, /Resolved profile: reader/);
  }
});

test('issue 32: an unknown flag or a missing value is a usage error — exit 2, said once, nothing on stdout', async () => {
  const [frob, record] = await Promise.all([runOccam(['mcp', '--frob'], {}, 60_000), runOccam(['mcp', '--record'], {}, 60_000)]);
  for (const [r, said] of [[frob, /unknown option '--frob'/], [record, /option '--record <path>' argument missing/]] as const) {
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], said);
    assert.doesNotMatch(lines[0], /invalid_arguments.*invalid_arguments/, 'the code is not said twice');
  }
});
