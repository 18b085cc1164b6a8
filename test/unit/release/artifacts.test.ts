// Release data helpers: checksum file format, signature policy reading, RID mapping, script stamping, and the
// DER release signature (what openssl in get-ff-occam.sh checks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactNames, formatChecksums, parseChecksums, readSignaturePolicy, ridFor } from '../../../src/release/artifacts.ts';
import { ephemeralReleaseSigner, parsePublicKeyPem, releaseSignatureValid } from '../../../src/release/signature.ts';
import { STAMP_BEGIN, stampScript } from '../../../release/stamp.ts';

const HEX = 'a'.repeat(64);

test('SHA256SUMS: sorted GNU text format round-trips; binary-mode marker accepted; escapes and junk rejected', () => {
  const text = formatChecksums([
    { name: 'b.tar.gz', sha256: HEX.toUpperCase() },
    { name: 'a-manifest.json', sha256: 'b'.repeat(64) },
  ]);
  assert.equal(text, `${'b'.repeat(64)}  a-manifest.json\n${HEX}  b.tar.gz\n`);
  assert.deepEqual(parseChecksums(text), [
    { sha256: 'b'.repeat(64), name: 'a-manifest.json' },
    { sha256: HEX, name: 'b.tar.gz' },
  ]);
  assert.deepEqual(parseChecksums(`${HEX} *x.tar.gz\r\n`), [{ sha256: HEX, name: 'x.tar.gz' }]);
  for (const bad of [`${HEX}  ../etc/passwd\n`, `${HEX}  /abs\n`, `${HEX}  C:/x\n`, 'zz  x\n', `${HEX} x\n`]) {
    assert.equal(parseChecksums(bad), null, bad);
  }
});

test('operator.md #48: signaturePolicy absent → sha256-only; known values kept; anything else is an error', () => {
  assert.deepEqual(readSignaturePolicy({}), { ok: true, policy: 'sha256-only' });
  assert.deepEqual(readSignaturePolicy({ signaturePolicy: 'required-cosign-v1' }), { ok: true, policy: 'required-cosign-v1' });
  assert.equal(readSignaturePolicy({ signaturePolicy: 'SHA256-ONLY' }).ok, false);
  assert.equal(readSignaturePolicy({ signaturePolicy: 1 }).ok, false);
});

test('platform ids and artifact names follow operator.md §16.1', () => {
  assert.equal(ridFor('linux', 'x64'), 'linux-x64');
  assert.equal(ridFor('darwin', 'arm64'), 'osx-arm64');
  assert.equal(ridFor('darwin', 'x64'), 'osx-x64');
  assert.equal(ridFor('win32', 'x64'), 'win-x64');
  assert.equal(ridFor('linux', 'arm64'), null);
  assert.deepEqual(artifactNames('1.0.0', 'win-x64'), {
    treeDir: 'ff-occam-1.0.0-win-x64',
    archive: 'ff-occam-1.0.0-win-x64.tar.gz',
    manifest: 'ff-occam-1.0.0-win-x64-manifest.json',
    binaryInTree: 'bin/occam.exe',
  });
});

test('stamping fills the marked block of both bootstrap scripts and refuses unmarked text or odd versions', () => {
  const signer = ephemeralReleaseSigner();
  for (const name of ['get-ff-occam.sh', 'get-ff-occam.ps1']) {
    const source = readFileSync(join(import.meta.dirname, '..', '..', '..', 'release', name), 'utf8');
    const stamped = stampScript(source, { version: '1.2.3-rc.1', publicKeyPem: signer.publicKeyPem });
    assert.ok(stamped.includes(signer.publicKeyPem.trim()), name);
    assert.match(stamped, name.endsWith('.sh') ? /STAMPED_VERSION='1\.2\.3-rc\.1'/ : /\$StampedVersion = '1\.2\.3-rc\.1'/);
    assert.equal(stamped.split('\n').length - source.split('\n').length, signer.publicKeyPem.trim().split('\n').length - 1);
    // Stamping is idempotent over an already stamped script.
    assert.equal(stampScript(stamped, { version: '1.2.3-rc.1', publicKeyPem: signer.publicKeyPem }), stamped);
  }
  assert.throws(() => stampScript('#!/bin/sh\n', { version: '1', publicKeyPem: signer.publicKeyPem }), /markers/);
  assert.throws(() => stampScript(`${STAMP_BEGIN}\n# <<< stamped\n`, { version: "1'; rm -rf /", publicKeyPem: signer.publicKeyPem }), /version/);
});

test('the release signature is DER that openssl verifies, and tampering is detected', () => {
  const signer = ephemeralReleaseSigner();
  const data = Buffer.from(`${HEX}  a.tar.gz\n`);
  const sig = signer.sign(data);
  assert.equal(sig[0], 0x30, 'DER SEQUENCE');
  const key = parsePublicKeyPem(signer.publicKeyPem)!;
  assert.equal(releaseSignatureValid(key, data, sig), true);
  assert.equal(releaseSignatureValid(key, Buffer.concat([data, Buffer.from('x')]), sig), false);
  assert.equal(releaseSignatureValid(parsePublicKeyPem(ephemeralReleaseSigner().publicKeyPem)!, data, sig), false);
  const dir = mkdtempSync(join(tmpdir(), 'occam-sig-'));
  try {
    writeFileSync(join(dir, 'k.pem'), signer.publicKeyPem);
    writeFileSync(join(dir, 'd'), data);
    writeFileSync(join(dir, 's'), sig);
    const r = spawnSync('openssl', ['dgst', '-sha256', '-verify', join(dir, 'k.pem'), '-signature', join(dir, 's'), join(dir, 'd')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Verified OK/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
