// `occam verify --release`: a signed release directory verifies; tampering with the executable, the checksum
// file, the manifest, or the key is caught with the right verdict and exit code.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeFakeRelease, type FakeRelease } from '../helpers/release-fixture.ts';
import { ephemeralReleaseSigner } from '../../src/release/signature.ts';
import { CHECKSUMS_FILE, formatChecksums, parseChecksums, sha256File } from '../../src/release/artifacts.ts';
import { signRelease } from '../../release/release.ts';
import { runVerifyRelease } from '../../commands/verify-release.ts';
import { testContext } from '../../src/runtime/context.ts';
import type { TrustIo } from '../../commands/trust-io.ts';

interface Captured {
  code: number;
  json: Record<string, any> | null;
  stderr: string;
}

async function verifyCli(args: Record<string, string>): Promise<Captured> {
  let out = '';
  let err = '';
  const io: TrustIo = {
    runtime: testContext(),
    out: (t) => (out += typeof t === 'string' ? t : Buffer.from(t).toString('utf8')),
    err: (t) => (err += `${t}\n`),
    readText: (p) => readFileSync(p, 'utf8'),
  };
  const code = await runVerifyRelease(args, io);
  return { code, json: out ? JSON.parse(out) : null, stderr: err };
}

describe('occam verify --release', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-release-verify-'));
  const signer = ephemeralReleaseSigner();
  const pubkey = join(root, 'pinned.pem');
  let pristine: FakeRelease;
  let n = 0;

  before(async () => {
    writeFileSync(pubkey, signer.publicKeyPem);
    pristine = await makeFakeRelease(join(root, 'pristine'), signer, { argvLog: join(root, 'argv.log') });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh copy of the signed release to tamper with. */
  const copy = () => {
    const dir = join(root, `copy-${n++}`);
    cpSync(pristine.dir, dir, { recursive: true });
    return dir;
  };
  const binaryPath = (dir: string) => join(dir, pristine.names.treeDir, pristine.names.binaryInTree);

  test('a signed release verifies: executable ↔ checksums ↔ signature', async () => {
    const r = await verifyCli({ release: pristine.dir, pubkey });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.json?.verdict, 'release_verified');
    assert.equal(r.json?.ok, true);
    assert.equal(r.json?.signatureValid, true);
    assert.equal(r.json?.keyId, signer.keyId);
    const names = (r.json?.files as Array<{ name: string }>).map((f) => f.name).sort();
    assert.deepEqual(names, [pristine.names.archive, pristine.names.manifest, `${pristine.names.treeDir}/${pristine.names.binaryInTree}`].sort());
  });

  test('a tampered executable fails with checksum_mismatch naming both hashes', async () => {
    const dir = copy();
    const bytes = readFileSync(binaryPath(dir));
    bytes[bytes.length - 2] ^= 0x01;
    writeFileSync(binaryPath(dir), bytes);
    const r = await verifyCli({ release: dir, pubkey });
    assert.equal(r.code, 1);
    assert.equal(r.json?.verdict, 'checksum_mismatch');
    assert.match(r.json?.message, /expected sha256 [0-9a-f]{64}, actual [0-9a-f]{64}/);
  });

  test('a checksum file rewritten to match a tampered executable fails the signature', async () => {
    const dir = copy();
    writeFileSync(binaryPath(dir), '#!/bin/sh\necho evil\n');
    const actual = await sha256File(binaryPath(dir));
    const inTree = `${pristine.names.treeDir}/${pristine.names.binaryInTree}`;
    const entries = parseChecksums(readFileSync(join(dir, CHECKSUMS_FILE), 'utf8'))!;
    writeFileSync(join(dir, CHECKSUMS_FILE), formatChecksums(entries.map((e) => (e.name === inTree ? { ...e, sha256: actual } : e))));
    const r = await verifyCli({ release: dir, pubkey });
    assert.equal(r.code, 1);
    assert.equal(r.json?.verdict, 'signature_invalid');
    assert.equal(r.json?.signatureValid, false);
  });

  test('a release re-signed by another key is wrong_key against the pinned key', async () => {
    const dir = copy();
    await signRelease(dir, ephemeralReleaseSigner());
    const r = await verifyCli({ release: dir, pubkey });
    assert.equal(r.code, 1);
    assert.equal(r.json?.verdict, 'wrong_key');
  });

  test('a listed file that is absent is missing_file', async () => {
    const dir = copy();
    unlinkSync(join(dir, pristine.names.archive));
    const r = await verifyCli({ release: dir, pubkey });
    assert.equal(r.code, 1);
    assert.equal(r.json?.verdict, 'missing_file');
    assert.match(r.json?.message, new RegExp(pristine.names.archive.replace(/\./g, '\\.')));
  });

  test('a signed manifest that disagrees with its archive, or names an unknown policy, is manifest_invalid', async () => {
    for (const edit of [(m: any) => (m.sha256 = '0'.repeat(64)), (m: any) => (m.signaturePolicy = 'trust-me')]) {
      const dir = copy();
      const path = join(dir, pristine.names.manifest);
      const manifest = JSON.parse(readFileSync(path, 'utf8'));
      edit(manifest);
      writeFileSync(path, JSON.stringify(manifest));
      await signRelease(dir, signer);
      const r = await verifyCli({ release: dir, pubkey });
      assert.equal(r.code, 1);
      assert.equal(r.json?.verdict, 'manifest_invalid', r.json?.message);
    }
  });

  test('usage errors exit 2 with a usage: message and no stdout', async () => {
    for (const args of [{ release: pristine.dir } as Record<string, string>, { release: 'true', pubkey }, { release: join(root, 'nope'), pubkey }, { release: pristine.dir, pubkey: join(root, 'absent.pem') }]) {
      const r = await verifyCli(args);
      assert.equal(r.code, 2, JSON.stringify(args));
      assert.equal(r.json, null);
      assert.match(r.stderr, /^usage: /);
    }
  });
});
