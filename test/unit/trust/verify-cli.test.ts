import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runVerifyCli } from '../../../commands/verify.ts';
import { envelopeToWire } from '../../../src/trust/receipts/envelope.ts';
import { encodeCapsule } from '../../../src/trust/receipts/capsule.ts';
import { merkleProof, leavesFromHex } from '../../../src/trust/receipts/merkle.ts';
import { publicKeyPemOf, signerFromPrivateKey } from '../../../src/trust/receipts/sign.ts';
import { buildManifest, rowLeafHex } from '../../../src/trust/receipts/manifest.ts';
import { appendHistoryEntry, type HistoryEntry } from '../../../src/trust/receipts/history.ts';
import { contentHashOf } from '../../../src/trust/receipts/verify.ts';
import { makeToken, makeTsa } from './tsa.ts';
import { decodeBase64url, sha256 } from '../../../src/trust/bytes.ts';
import { captureIo } from './io.ts';
import * as V from './vectors.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-verify-cli-'));
const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
const PUB = file('r6.pem', V.R6_PEM);
const FRESH = file('fresh.pem', publicKeyPemOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey));
const RECEIPT = file('receipt.json', JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE), blockLeaves: V.R5_LEAVES }));
const MARKDOWN = file('page.md', V.R4_MARKDOWN);

async function cli(args: string[], stdin = '') {
  const io = captureIo({}, stdin);
  const code = await runVerifyCli(args, io);
  const line = io.stdout();
  return { code, report: line ? JSON.parse(line) : null, stdout: line, stderr: io.stderr() };
}

test('trust.md #35 / operator.md #46: receipt mode exit codes and verdict JSON', async () => {
  const ok = await cli(['--pubkey', PUB, '--receipt', RECEIPT, '--markdown', MARKDOWN]);
  assert.equal(ok.code, 0);
  assert.equal(ok.stdout.split('\n').length, 2, 'one JSON line');
  assert.deepEqual(ok.report, { ok: true, mode: 'receipt', verdict: 'verified', signatureValid: true, contentHashMatch: true, keyId: V.R6_KEY_ID });
  const tampered = file('tampered.json', JSON.stringify({ signed: { ...envelopeToWire(V.R6_ENVELOPE), url: 'https://b.com/' } }));
  const t = await cli(['--pubkey', PUB, '--receipt', tampered]);
  assert.deepEqual([t.code, t.report.ok, t.report.verdict], [1, false, 'signature_invalid']);
  const wrong = await cli(['--pubkey', FRESH, '--receipt', RECEIPT]);
  assert.deepEqual([wrong.code, wrong.report.verdict], [1, 'wrong_key']);
  const extra = await cli(['--pubkey', PUB, '--receipt', RECEIPT, '--markdown', file('extra.md', `${V.R4_MARKDOWN} EXTRA`)]);
  assert.deepEqual([extra.code, extra.report.verdict, extra.report.signatureValid, extra.report.contentHashMatch], [1, 'content_hash_mismatch', true, false]);
  const junk = await cli(['--pubkey', PUB, '--receipt', file('junk.json', '{nope')]);
  assert.deepEqual([junk.code, junk.report.verdict], [1, 'invalid_receipt']);
  const stdin = await cli(['--pubkey', PUB, '--receipt', '-'], JSON.stringify(envelopeToWire(V.R6_ENVELOPE)));
  assert.deepEqual([stdin.code, stdin.report.verdict], [0, 'verified']);
  const capsule = await cli(['--pubkey', PUB, '--receipt', file('capsule.txt', `${encodeCapsule({ signed: V.R6_ENVELOPE, content: V.R4_MARKDOWN })}\n`)]);
  assert.deepEqual([capsule.code, capsule.report.verdict, capsule.report.contentHashMatch], [0, 'verified', true]);
});

test('trust.md #35: usage errors exit 2 with a usage: message', async () => {
  for (const args of [
    ['--receipt', RECEIPT],
    ['--pubkey', join(dir, 'missing.pem'), '--receipt', RECEIPT],
    ['--pubkey', PUB, '--receipt', join(dir, 'missing.json')],
    ['--pubkey', PUB, '--receipt', RECEIPT, '--mode', 'bogus'],
    ['--pubkey', PUB, '--mode', 'citation', '--receipt', RECEIPT, '--proof', PUB],
    ['--pubkey', PUB, '--mode', 'citation', '--receipt', RECEIPT, '--block-text', 'alpha'],
    ['--pubkey', PUB],
  ]) {
    const r = await cli(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^usage: /);
    // With --json the usage error is one JSON document and nothing else (issue 32).
    const j = await cli([...args, '--json']);
    assert.equal(j.code, 2, args.join(' '));
    assert.equal(j.report.verdict, 'usage_error');
    assert.equal(j.stderr, '');
  }
});

test('trust.md #35: time anchors gate the CLI — invalid fails, a verified TSA signature passes, a certificate-less token passes unverified', async () => {
  const bad = file('anchor-bad.json', JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE), timeAnchor: { type: 'rfc3161', token: 'AAAA', genTime: '2026-01-01T00:00:05Z' } }));
  const r = await cli(['--pubkey', PUB, '--receipt', bad]);
  assert.deepEqual([r.code, r.report.verdict, r.report.timeAnchorValid], [1, 'time_anchor_invalid', false]);
  const tsa = makeTsa();
  const imprint = sha256(decodeBase64url(V.R6_ENVELOPE.sig!)!);
  const withAnchor = (token: Buffer) => JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE), timeAnchor: { type: 'rfc3161', tsa: 'https://tsa.example/', token: token.toString('base64'), genTime: '2026-01-01T00:00:05Z' } });
  const valid = await cli(['--pubkey', PUB, '--receipt', file('anchor-valid.json', withAnchor(makeToken(tsa, imprint)))]);
  assert.deepEqual([valid.code, valid.report.verdict, valid.report.timeAnchorValid, valid.report.timeAnchorGenTime], [0, 'verified', true, '2026-01-01T00:00:05Z']);
  const forged = await cli(['--pubkey', PUB, '--receipt', file('anchor-forged.json', withAnchor(makeToken(tsa, imprint, { signingKey: makeTsa().key })))]);
  assert.deepEqual([forged.code, forged.report.verdict], [1, 'time_anchor_invalid']);
  const bare = await cli(['--pubkey', PUB, '--receipt', file('anchor-bare.json', withAnchor(makeToken(tsa, imprint, { withCertificate: false })))]);
  assert.deepEqual([bare.code, bare.report.verdict, bare.report.timeAnchorValid], [0, 'verified', false]);
  assert.match(bare.report.message, /not verified/);
});


test('trust.md #26, #30: citation mode', async () => {
  const proof = file('proof.json', JSON.stringify(merkleProof(leavesFromHex(V.R5_LEAVES)!, 0)));
  const ok = await cli(['--pubkey', PUB, '--mode', 'citation', '--receipt', RECEIPT, '--block-text', 'alpha', '--block-selector', '#a', '--proof', proof]);
  assert.deepEqual([ok.code, ok.report.verdict], [0, 'citation_verified']);
  const moved = await cli(['--pubkey', PUB, '--mode', 'citation', '--receipt', RECEIPT, '--block-text', 'alpha', '--block-selector', '#b', '--proof', proof]);
  assert.deepEqual([moved.code, moved.report.verdict], [1, 'citation_invalid']);
  const wrong = await cli(['--pubkey', FRESH, '--mode', 'citation', '--receipt', RECEIPT, '--block-text', 'alpha', '--block-selector', '#a', '--proof', proof]);
  assert.deepEqual([wrong.code, wrong.report.verdict], [1, 'wrong_key']);
  const { blockMerkleRoot: _r, ...rootless } = envelopeToWire(V.R6_ENVELOPE);
  const noRoot = await cli(['--pubkey', PUB, '--mode', 'citation', '--receipt', file('noroot.json', JSON.stringify(rootless)), '--block-text', 'alpha', '--proof', proof]);
  assert.deepEqual([noRoot.code, noRoot.report.verdict], [1, 'invalid_receipt']);
});

test('trust.md #32: manifest mode (and detection from a positional file)', async () => {
  const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  const pem = file('ds.pem', signer.publicKeyPem);
  const rows = [
    { url: 'https://a.com/', finalUrl: 'https://a.com/', ok: true, contentHash: V.R4_HASH },
    { url: 'https://b.com/', finalUrl: 'https://b.com/', ok: false, failureCode: 'http_404' },
  ].map((r) => ({ ...r, rowLeaf: rowLeafHex(r) }));
  const exportDoc = { ok: true, status: 'partial', manifest: buildManifest(rows, '2026-11-30T12:00:00.000Z', signer), rows };
  const ok = await cli(['--pubkey', pem, '--mode', 'manifest', '--input', file('ds.json', JSON.stringify(exportDoc))]);
  assert.deepEqual([ok.code, ok.report.verdict, ok.report.message], [0, 'manifest_verified', '2 rows bound under the signed root']);
  const positional = await cli([file('ds2.json', JSON.stringify(exportDoc)), '--pubkey', pem]);
  assert.deepEqual([positional.code, positional.report.mode], [0, 'manifest']);
  const reordered = await cli(['--pubkey', pem, '--mode', 'manifest', '--input', file('ds3.json', JSON.stringify({ ...exportDoc, rows: [rows[1], rows[0]] }))]);
  assert.deepEqual([reordered.code, reordered.report.verdict], [1, 'manifest_invalid']);
  const unsigned = await cli(['--pubkey', pem, '--mode', 'manifest', '--input', file('ds4.json', JSON.stringify({ ...exportDoc, manifest: { ...exportDoc.manifest, sig: undefined } }))]);
  assert.deepEqual([unsigned.code, unsigned.report.verdict], [1, 'unsigned']);
  const junk = await cli(['--pubkey', pem, '--mode', 'manifest', '--input', '-'], 'nope');
  assert.deepEqual([junk.code, junk.report.verdict], [1, 'invalid_input']);
});

test('trust.md #31: history mode', async () => {
  const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  const pem = file('h.pem', signer.publicKeyPem);
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < 3; i++) entries.push(appendHistoryEntry(entries.at(-1) ?? null, { observedAt: `2026-11-30T12:0${i}:00Z`, event: i ? 'changed' : 'first_seen', contentHash: contentHashOf(`v${i}`) }, signer));
  const ok = await cli(['--pubkey', pem, '--mode', 'history', '--input', file('h.json', JSON.stringify({ history: entries }))]);
  assert.deepEqual(ok.report, { ok: true, mode: 'history', verdict: 'history_verified', signatureValid: true, keyId: signer.keyId, message: '3 entries', chainIntegrity: true, signatureStatus: 'verified' });
  const swapped = await cli(['--pubkey', pem, '--mode', 'history', '--input', file('h2.json', JSON.stringify([entries[0], entries[2], entries[1]]))]);
  assert.deepEqual([swapped.code, swapped.report.verdict, swapped.report.chainIntegrity], [1, 'history_invalid', false]);
  const other = await cli(['--pubkey', FRESH, '--input', file('h3.json', JSON.stringify(entries))]);
  assert.deepEqual([other.code, other.report.mode, other.report.verdict], [1, 'history', 'history_wrong_key']);
  const bad = await cli(['--pubkey', pem, '--mode', 'history', '--input', '-'], '{"history":1}');
  assert.deepEqual([bad.code, bad.report.verdict], [1, 'invalid_input']);
});

test('operator.md #46: the real binary reads --receipt - from stdin (exit codes are covered in-process above)', () => {
  const bin = resolve(import.meta.dirname, '..', '..', '..', 'bin', 'occam.ts');
  const run = (args: string[], input = '') => spawnSync(process.execPath, [bin, 'verify', ...args], { input, encoding: 'utf8' });
  const ok = run(['--pubkey', PUB, '--receipt', '-'], JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE) }));
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(JSON.parse(ok.stdout).verdict, 'verified');
});
