import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openKeyStore, rotateSigningKey, SIGNING_KEY_FILE } from '../../../src/trust/keys.ts';
import { keyIdOf, parsePublicKeyPem, signEnvelope } from '../../../src/trust/receipts/sign.ts';
import { readReceiptMaterial, verifyReceiptOffline } from '../../../src/trust/receipts/verify.ts';
import { envelopeToWire } from '../../../src/trust/receipts/envelope.ts';
import { runKeys } from '../../../commands/keys.ts';
import { captureIo } from './io.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'occam-keys-'));
const REPO = resolve(import.meta.dirname, '..', '..', '..');

test('trust.md #34: first use mints a PKCS#8 P-256 key with mode 0600 and reuses it afterwards', () => {
  const dir = join(tempDir(), 'nested', 'keys');
  const first = openKeyStore(dir);
  assert.equal(first.created, true);
  const pem = readFileSync(join(dir, SIGNING_KEY_FILE), 'utf8');
  assert.match(pem, /^-----BEGIN PRIVATE KEY-----\n/);
  if (process.platform !== 'win32') assert.equal(statSync(join(dir, SIGNING_KEY_FILE)).mode & 0o777, 0o600);
  const second = openKeyStore(dir);
  assert.equal(second.created, false);
  assert.equal(second.signer.keyId, first.signer.keyId);
  assert.deepEqual(readdirSync(dir), [SIGNING_KEY_FILE]); // no temp files left behind
  assert.match(first.signer.keyId, /^k1:[0-9a-f]{16}$/);
  assert.equal(keyIdOf(createPublicKey(first.signer.publicKeyPem)), first.signer.keyId);
});

test('trust.md §4: a SEC1 (EC PRIVATE KEY) file is accepted; a corrupt key file is reported, never replaced', async () => {
  const { generateKeyPairSync } = await import('node:crypto');
  const { writeFileSync } = await import('node:fs');
  const dir = tempDir();
  const sec1 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  writeFileSync(join(dir, SIGNING_KEY_FILE), sec1, { mode: 0o600 });
  const store = openKeyStore(dir);
  assert.equal(store.created, false);
  assert.equal(keyIdOf(createPublicKey(sec1)), store.signer.keyId);
  const bad = tempDir();
  writeFileSync(join(bad, SIGNING_KEY_FILE), 'garbage', { mode: 0o600 });
  assert.throws(() => openKeyStore(bad), (e: Error) => !e.message.includes('garbage') && e.message.includes(SIGNING_KEY_FILE));
  assert.equal(readFileSync(join(bad, SIGNING_KEY_FILE), 'utf8'), 'garbage');
});

test('trust.md #34: concurrent first runs in separate processes end with one key', async () => {
  const dir = tempDir();
  const script = `import { openKeyStore } from ${JSON.stringify(join(REPO, 'src/trust/keys.ts'))};
const s = openKeyStore(process.argv[1]); process.stdout.write(s.signer.keyId + ' ' + s.created);`;
  const runs = await Promise.all(
    Array.from({ length: 4 }, () =>
      new Promise<string>((done, fail) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (c) => (out += c));
        child.on('error', fail);
        child.on('close', () => done(out));
      }),
    ),
  );
  const ids = new Set(runs.map((r) => r.split(' ')[0]));
  assert.equal(ids.size, 1, runs.join('\n'));
  assert.ok(runs.filter((r) => r.endsWith('true')).length <= 1);
  assert.equal(openKeyStore(dir).signer.keyId, [...ids][0]);
  assert.deepEqual(readdirSync(dir), [SIGNING_KEY_FILE]);
});

test('rotation: receipts signed by a rotated-out key stay verifiable through the key store; the new key does not vouch for them', () => {
  const dir = tempDir();
  const before = openKeyStore(dir);
  const env = signEnvelope({ v: 1, kind: 'extraction', url: 'https://a.com/', finalUrl: 'https://a.com/', backend: 'http', ts: '2026-11-30T12:00:00Z', toolchain: 'ff-occam/test', contentHash: 'sha256:00' }, before.signer);
  const { retiredKeyId, keyId } = rotateSigningKey(dir);
  assert.equal(retiredKeyId, before.signer.keyId);
  assert.notEqual(keyId, retiredKeyId);
  const after = openKeyStore(dir);
  assert.equal(after.signer.keyId, keyId);
  const m = readReceiptMaterial({ signed: envelopeToWire(env) });
  assert.ok(m.ok);
  assert.equal(verifyReceiptOffline(m.material, after.publicKeyFor(env.keyId)).verdict, 'verified');
  assert.equal(verifyReceiptOffline(m.material, parsePublicKeyPem(after.signer.publicKeyPem)).verdict, 'wrong_key');
  assert.deepEqual(after.knownKeys().map((k) => [k.keyId, k.current]), [[keyId, true], [retiredKeyId, false]]);
  assert.equal(after.publicKeyFor('k1:0000000000000000'), null);
});

test('operator.md #45: keys export mints, warns, prints the same PEM twice; formats and --no-create', async () => {
  const dir = tempDir();
  const io1 = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', dir], io1), 0);
  assert.match(io1.stdout(), /^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);
  assert.match(io1.stderr(), /^# occam public key \(keyId k1:[0-9a-f]{16}\)/);
  assert.match(io1.stderr(), /never signed anything/);
  const io2 = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', dir], io2), 0);
  assert.equal(io2.stdout(), io1.stdout());
  assert.doesNotMatch(io2.stderr(), /never signed/);
  assert.equal(keyIdOf(createPublicKey(io1.stdout())), openKeyStore(dir).signer.keyId);
  if (process.platform !== 'win32') assert.equal(statSync(join(dir, SIGNING_KEY_FILE)).mode & 0o777, 0o600);

  const der = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', dir, '--format', 'der'], der), 0);
  assert.equal(keyIdOf(createPublicKey({ key: der.stdoutBytes(), format: 'der', type: 'spki' })), openKeyStore(dir).signer.keyId);
  const jwk = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', dir, '--format', 'jwk'], jwk), 0);
  const jwkDoc = JSON.parse(jwk.stdout());
  assert.deepEqual([jwkDoc.kty, jwkDoc.crv, 'd' in jwkDoc, jwkDoc.kid], ['EC', 'P-256', false, openKeyStore(dir).signer.keyId]);
  const json = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', dir, '--json'], json), 0);
  const doc = JSON.parse(json.stdout());
  assert.deepEqual([doc.ok, doc.keyId, doc.publicKeyPem, doc.created], [true, openKeyStore(dir).signer.keyId, io1.stdout(), false]);

  const empty = tempDir();
  const none = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', empty, '--no-create'], none), 1);
  assert.deepEqual(readdirSync(empty), []);
  assert.match(none.stderr(), /no signing key/);
  // With --json the failure is one JSON document and nothing else (issue 32).
  const noneJson = captureIo();
  assert.equal(await runKeys(['export', '--keys-root', empty, '--no-create', '--json'], noneJson), 1);
  assert.equal(JSON.parse(noneJson.stdout()).error, 'no_signing_key');
  assert.equal(noneJson.stderr(), '');
  assert.equal(await runKeys(['export', '--format', 'xml'], captureIo()), 2);
  assert.equal(await runKeys(['rotate'], captureIo()), 2);
  assert.equal(await runKeys([], captureIo()), 2);
});

test('keys export defaults to <home>/.occam/keys and honours OCCAM_KEYS_ROOT', async () => {
  const home = tempDir();
  const io = captureIo({ env: { HOME: home }, homeDir: home });
  assert.equal(await runKeys(['export'], io), 0);
  assert.ok(readdirSync(join(home, '.occam', 'keys')).includes(SIGNING_KEY_FILE));
  const root = tempDir();
  assert.equal(await runKeys(['export'], captureIo({ env: { HOME: home, OCCAM_KEYS_ROOT: root }, homeDir: home })), 0);
  assert.ok(readdirSync(root).includes(SIGNING_KEY_FILE));
});
