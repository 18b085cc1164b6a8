// get-ff-occam.sh against a signed release directory served on 127.0.0.1 (operator.md §16.2, test case #51).
// The archive's "binary" records its argv, so a successful run proves the hand-over to the extracted
// `occam install`, and every refusal proves nothing was run.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { makeFakeRelease, type FakeRelease } from '../helpers/release-fixture.ts';
import { ephemeralReleaseSigner } from '../../src/release/signature.ts';
import { CHECKSUMS_FILE, formatChecksums, parseChecksums, sha256File } from '../../src/release/artifacts.ts';

const SCRIPT = join(import.meta.dirname, '..', '..', 'release', 'get-ff-occam.sh');

interface Run {
  code: number;
  stderr: string;
}

function runBootstrap(env: Record<string, string>, script = SCRIPT): Promise<Run> {
  return new Promise((resolve) => {
    execFile('bash', [script], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } }, (err, _stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
}

describe('get-ff-occam.sh', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-bootstrap-'));
  const signer = ephemeralReleaseSigner();
  const argvLog = join(root, 'argv.log');
  const pubkey = join(root, 'release-key.pem');
  let release: FakeRelease;
  let server: FixtureServer;
  /** Per-test replacement bodies by file name (tampering in transit). */
  let overrides: Record<string, Buffer> = {};

  before(async () => {
    writeFileSync(pubkey, signer.publicKeyPem);
    release = await makeFakeRelease(join(root, 'rel'), signer, { argvLog });
    server = await startFixtureServer({}, (req, res) => {
      const name = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0]);
      const body = overrides[name] ?? (existsSync(join(release.dir, name)) ? readFileSync(join(release.dir, name)) : null);
      if (!body) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const baseEnv = () => ({
    HOME: root,
    TMPDIR: root,
    OCCAM_VERSION: release.version,
    OCCAM_RID: release.rid,
    OCCAM_RELEASE_BASE: server.origin,
    OCCAM_RELEASE_ALLOW_HTTP: '1',
    OCCAM_RELEASE_PUBKEY: pubkey,
  });
  const ranInstall = () => existsSync(argvLog) && readFileSync(argvLog, 'utf8').trim() !== '';
  const reset = () => {
    overrides = {};
    rmSync(argvLog, { force: true });
  };

  test('operator.md #51: success verifies and invokes the extracted binary\'s install', async () => {
    reset();
    const run = await runBootstrap(baseEnv());
    assert.equal(run.code, 0, run.stderr);
    const argv = readFileSync(argvLog, 'utf8').trim();
    assert.match(argv, new RegExp(`^install --from-dir \\S+/x/${release.names.treeDir} --version ${release.version}$`));
    assert.match(run.stderr, /verified: signature, SHA256SUMS and archive SHA-256/);
  });

  test('operator.md #51: plain http is refused without OCCAM_RELEASE_ALLOW_HTTP', async () => {
    reset();
    const { OCCAM_RELEASE_ALLOW_HTTP: _unused, ...env } = baseEnv();
    const requestsBefore = server.requests().length;
    const run = await runBootstrap(env);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /refusing non-HTTPS URL http:\/\/127\.0\.0\.1/);
    assert.equal(ranInstall(), false);
    assert.equal(server.requests().length, requestsBefore, 'nothing was downloaded');
  });

  test('operator.md #51: an archive hash mismatch aborts before extraction, printing both hashes', async () => {
    reset();
    const original = readFileSync(join(release.dir, release.names.archive));
    const tampered = Buffer.from(original);
    tampered[tampered.length - 1] ^= 0xff;
    overrides[release.names.archive] = tampered;
    const run = await runBootstrap(baseEnv());
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /archive checksum mismatch: expected [0-9a-f]{64}, actual [0-9a-f]{64}/);
    assert.equal(ranInstall(), false);
  });

  test('a checksum file rewritten to match a tampered archive fails the signature and is refused', async () => {
    reset();
    const original = readFileSync(join(release.dir, release.names.archive));
    const tampered = Buffer.from(original);
    tampered[tampered.length - 1] ^= 0xff;
    const tamperedPath = join(root, 'tampered.tar.gz');
    writeFileSync(tamperedPath, tampered);
    const tamperedHash = await sha256File(tamperedPath);
    const manifest = JSON.parse(readFileSync(join(release.dir, release.names.manifest), 'utf8'));
    manifest.sha256 = tamperedHash;
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    writeFileSync(join(root, 'm.json'), manifestBytes);
    const sums = parseChecksums(readFileSync(join(release.dir, CHECKSUMS_FILE), 'utf8'))!.map((e) =>
      e.name === release.names.archive ? { ...e, sha256: tamperedHash } : e,
    );
    const manifestHash = await sha256File(join(root, 'm.json'));
    overrides = {
      [release.names.archive]: tampered,
      [release.names.manifest]: manifestBytes,
      [CHECKSUMS_FILE]: Buffer.from(formatChecksums(sums.map((e) => (e.name === release.names.manifest ? { ...e, sha256: manifestHash } : e)))),
    };
    const run = await runBootstrap(baseEnv());
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /SHA256SUMS signature does not verify against the pinned release key/);
    assert.equal(ranInstall(), false);
  });

  test('a release signed by another key is refused', async () => {
    reset();
    const otherKey = join(root, 'other.pem');
    writeFileSync(otherKey, ephemeralReleaseSigner().publicKeyPem);
    const run = await runBootstrap({ ...baseEnv(), OCCAM_RELEASE_PUBKEY: otherKey });
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /signature does not verify/);
    assert.equal(ranInstall(), false);
  });

  test('an unstamped script with no pinned key refuses to run', async () => {
    reset();
    const { OCCAM_RELEASE_PUBKEY: _unused, ...env } = baseEnv();
    const run = await runBootstrap(env);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /no release public key/);
    assert.equal(ranInstall(), false);
  });

  test('the stamped copy published with the release carries the key and version and installs without OCCAM_RELEASE_PUBKEY', async () => {
    reset();
    const { OCCAM_RELEASE_PUBKEY: _k, OCCAM_VERSION: _v, ...env } = baseEnv();
    const stamped = join(release.dir, 'get-ff-occam.sh');
    // The stamped version is package.json's; the fixture release uses its own, so only the version is given.
    const text = readFileSync(stamped, 'utf8');
    assert.match(text, /STAMPED_VERSION='\d+\.\d+\.\d+[^']*'/);
    assert.match(text, /STAMPED_RELEASE_KEY='-----BEGIN PUBLIC KEY-----/);
    const run = await runBootstrap({ ...env, OCCAM_VERSION: release.version }, stamped);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(ranInstall());
  });

  test('operator.md #48: unknown signaturePolicy is an error; required-cosign-v1 without cosign fails closed', async () => {
    for (const [policy, message] of [
      ['sha512-maybe', /unknown signaturePolicy 'sha512-maybe'/],
      ['required-cosign-v1', /cosign/i],
    ] as const) {
      reset();
      const dir = join(root, `policy-${policy}`);
      const rel = await makeFakeRelease(dir, signer, { argvLog, policy });
      const local = await startFixtureServer({}, (req, res) => {
        const p = join(rel.dir, decodeURIComponent((req.url ?? '/').slice(1)));
        if (existsSync(p)) res.writeHead(200).end(readFileSync(p));
        else res.writeHead(404).end();
      });
      try {
        const run = await runBootstrap({ ...baseEnv(), OCCAM_RELEASE_BASE: local.origin, PATH: '/usr/bin:/bin' });
        assert.notEqual(run.code, 0);
        assert.match(run.stderr, message);
        assert.equal(ranInstall(), false);
      } finally {
        await local.close();
      }
    }
  });
});
