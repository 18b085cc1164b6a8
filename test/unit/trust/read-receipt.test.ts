import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { testContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { buildReadReceipt, receiptTimestamp, signReadReceipt, TOOLCHAIN } from '../../../src/trust/receipts/read-receipt.ts';
import { parsePublicKeyPem, signerFromPrivateKey, sizingSigner } from '../../../src/trust/receipts/sign.ts';
import { readReceiptMaterial, verifyReceiptOffline } from '../../../src/trust/receipts/verify.ts';
import { merkleProof, leavesFromHex, verifyMerkleProof, blockLeafHex } from '../../../src/trust/receipts/merkle.ts';
import { SIGNING_KEY_FILE, openKeyStore } from '../../../src/trust/keys.ts';
import { transcodeReceiptStep } from '../../../src/read/receipt-step.ts';
import * as V from './vectors.ts';

const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
const pub = parsePublicKeyPem(signer.publicKeyPem)!;
const NOW = Date.UTC(2026, 10, 30, 12, 0, 0, 789);

test('trust.md #28: an extraction receipt commits to the markdown and the ordered blocks, and round-trips', () => {
  const bundle = buildReadReceipt({
    kind: 'extraction', url: 'https://a.com/', finalUrl: null, backend: 'node_readability_turndown', markdown: V.R4_MARKDOWN,
    blocks: V.R5_BLOCKS.map((b) => ({ text: b.text, sourceSelector: b.selector })), leafSetComplete: true, tokens: 6, confidence: 0.912345,
  }, signer, NOW)!;
  const s = bundle.signed;
  assert.deepEqual(
    [s.kind, s.url, s.finalUrl, s.backend, s.ts, s.toolchain, s.contentHash, s.blockMerkleRoot, s.leafSetComplete, s.tokens, s.confidence, s.keyId, s.alg],
    ['extraction', 'https://a.com/', 'https://a.com/', 'http', '2026-11-30T12:00:00Z', TOOLCHAIN, V.R4_HASH, V.R5_ROOT, true, 6, 0.9123, signer.keyId, 'ecdsa-p256-sha256'],
  );
  assert.deepEqual(bundle.blockLeaves, V.R5_LEAVES);
  const m = readReceiptMaterial(JSON.stringify(bundle));
  assert.ok(m.ok);
  assert.equal(verifyReceiptOffline(m.material, pub, V.R4_MARKDOWN).verdict, 'verified');
  const leaves = leavesFromHex(bundle.blockLeaves!)!;
  assert.ok(verifyMerkleProof(blockLeafHex('beta', '#b'), merkleProof(leaves, 1), s.blockMerkleRoot as string));
  assert.match(TOOLCHAIN, /^ff-occam\/[^+]+$/);
  assert.equal(receiptTimestamp(NOW), '2026-11-30T12:00:00Z');
});

test('trust.md §3.7: leafSetComplete only with leaves; no blocks → no root; bare hex contentHash accepted', () => {
  const none = buildReadReceipt({ kind: 'extraction', url: 'https://a.com/', contentHash: V.R4_HASH.slice(7), blocks: [], leafSetComplete: true }, signer, NOW)!;
  assert.equal(none.signed.contentHash, V.R4_HASH);
  assert.equal('blockMerkleRoot' in none.signed, false);
  assert.equal('leafSetComplete' in none.signed, false);
  assert.equal(none.blockLeaves, undefined);
  const pruned = buildReadReceipt({ kind: 'extraction', url: 'https://a.com/', markdown: 'x', blocks: [{ text: 'x', sourceSelector: 'p' }], leafSetComplete: false }, signer, NOW)!;
  assert.equal('leafSetComplete' in pruned.signed, false);
  assert.equal(typeof pruned.signed.blockMerkleRoot, 'string');
});

test('trust.md #28: negative receipts for walls and 401/403/404/410 only', () => {
  const wall = buildReadReceipt({ kind: 'negative', url: 'https://c.com/', backend: 'browser_playwright', failureCode: 'captcha_or_challenge', statusCode: 403 }, signer, NOW)!;
  assert.deepEqual([wall.signed.kind, wall.signed.failureCode, wall.signed.statusCode, wall.signed.backend, 'contentHash' in wall.signed], ['negative', 'captcha_or_challenge', 403, 'browser', false]);
  const m = readReceiptMaterial({ signed: wall.signed });
  assert.ok(m.ok);
  const r = verifyReceiptOffline(m.material, pub);
  assert.equal(r.verdict, 'verified');
  assert.equal('contentHashMatch' in r, false);
  assert.equal(buildReadReceipt({ kind: 'negative', url: 'https://c.com/', failureCode: 'http_404', statusCode: 404 }, signer, NOW)!.signed.statusCode, 404);
  assert.equal('statusCode' in buildReadReceipt({ kind: 'negative', url: 'https://c.com/', failureCode: 'requires_login', statusCode: 0 }, signer, NOW)!.signed, false);
  for (const code of ['timeout', 'network_error', 'extraction_failed', 'http_500', 'http_429']) {
    assert.equal(buildReadReceipt({ kind: 'negative', url: 'https://c.com/', failureCode: code }, signer, NOW), null, code);
  }
});

test('trust.md #29: emitted capsules carry the markdown and verify on their own', () => {
  const bundle = buildReadReceipt({ kind: 'extraction', url: 'https://a.com/', markdown: V.R4_MARKDOWN, blocks: [{ text: 'alpha', sourceSelector: '#a' }] }, signer, NOW, { emitCapsule: true })!;
  assert.ok(bundle.capsule?.startsWith('occam://capsule/'));
  const m = readReceiptMaterial(bundle.capsule!);
  assert.ok(m.ok);
  const r = verifyReceiptOffline(m.material, pub);
  assert.deepEqual([r.verdict, r.contentHashMatch], ['verified', true]);
});

test('trust.md #34: OCCAM_RECEIPTS=off mints the key but emits nothing; on signs with the install key; the pipeline hook is wired', async () => {
  const keys = mkdtempSync(join(tmpdir(), 'occam-rr-'));
  const facts = { kind: 'extraction' as const, url: 'https://a.com/', markdown: 'hello' };
  const off = testContext({ env: { OCCAM_RECEIPTS: 'OFF', OCCAM_KEYS_ROOT: keys }, now: () => NOW });
  assert.equal(await signReadReceipt(facts, { runtime: off, services: new Services(off) }), null);
  assert.deepEqual(readdirSync(keys), [SIGNING_KEY_FILE]);
  const on = testContext({ env: { OCCAM_KEYS_ROOT: keys }, now: () => NOW });
  const services = new Services(on);
  const bundle = await signReadReceipt(facts, { runtime: on, services });
  assert.equal(bundle?.signed.keyId, openKeyStore(keys).signer.keyId);
  assert.ok(transcodeReceiptStep);
  const stepOut = await transcodeReceiptStep({
    kind: 'extraction', url: 'https://a.com/', finalUrl: 'https://a.com/x', backend: 'node_readability_turndown',
    contentHash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824', tokens: 2, confidence: 0,
    blocks: [{ text: 'hello', sourceSelector: 'p' }], leafSetComplete: true, emitCapsule: true, markdown: 'hello', runtime: on, services,
  });
  assert.ok(stepOut?.signed && stepOut.blockLeaves?.length === 1 && stepOut.capsule);
  const m = readReceiptMaterial(stepOut.capsule!);
  assert.ok(m.ok);
  assert.equal(verifyReceiptOffline(m.material, parsePublicKeyPem(openKeyStore(keys).signer.publicKeyPem)).verdict, 'verified');
  assert.equal('confidence' in stepOut.signed, false);
});

test('a sizing receipt has exactly the serialised size of the signed one and verifies against nothing', () => {
  const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  const facts = {
    kind: 'extraction' as const,
    url: 'https://example.com/a',
    finalUrl: 'https://example.com/a',
    backend: 'node_readability_turndown',
    contentHash: 'ab'.repeat(32),
    markdown: '# A\n\nbody',
    blocks: [{ text: 'A', sourceSelector: 'h1' }, { text: 'body', sourceSelector: 'p' }],
    leafSetComplete: true,
    tokens: 12,
    confidence: 0.9,
    playbook: null,
    failureCode: null,
    statusCode: null,
  };
  const real = buildReadReceipt(facts, signer, 1_700_000_000_000)!;
  const sized = buildReadReceipt(facts, sizingSigner(signer), 1_700_000_000_000)!;
  assert.equal(JSON.stringify(sized).length, JSON.stringify(real).length);
  assert.notEqual(sized.signed.sig, real.signed.sig);
});
