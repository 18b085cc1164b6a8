import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import { runVerify, type LiveRefetch, type VerifyDeps } from '../../../src/trust/verify.ts';
import { envelopeToWire } from '../../../src/trust/receipts/envelope.ts';
import { encodeCapsule } from '../../../src/trust/receipts/capsule.ts';
import { publicKeyPemOf, signerFromPrivateKey, parsePublicKeyPem } from '../../../src/trust/receipts/sign.ts';
import { buildReadReceipt } from '../../../src/trust/receipts/read-receipt.ts';
import { appendHistoryEntry, type HistoryEntry } from '../../../src/trust/receipts/history.ts';
import { blockLeafHex } from '../../../src/trust/receipts/merkle.ts';
import { contentHashOf } from '../../../src/trust/receipts/verify.ts';
import * as V from './vectors.ts';

const R6_PUB = parsePublicKeyPem(V.R6_PEM)!;
const localIsR6: VerifyDeps = { defaultPublicKey: async () => R6_PUB };
const localIsOther: VerifyDeps = { defaultPublicKey: async () => createPublicKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey) };
const R6_RECEIPT = JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE), blockLeaves: V.R5_LEAVES });
const FRESH_PEM = publicKeyPemOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);

test('trust.md #24, #26: offline verified under the local key; wrong key via public_key and for a foreign receipt', async () => {
  const ok = await runVerify({ receipt: R6_RECEIPT, markdown: V.R4_MARKDOWN }, localIsR6);
  assert.deepEqual([ok.ok, ok.verdict, ok.signatureValid, ok.contentHashMatch, ok.keyId, ok.mode], [true, 'verified', true, true, V.R6_KEY_ID, 'offline']);
  const withPem = await runVerify({ receipt: R6_RECEIPT, public_key: V.R6_PEM, mode: 'OFFLINE' }, localIsOther);
  assert.equal(withPem.verdict, 'verified');
  const wrong = await runVerify({ receipt: R6_RECEIPT, public_key: FRESH_PEM }, localIsR6);
  assert.deepEqual([wrong.ok, wrong.verdict, wrong.signatureValid], [true, 'wrong_key', false]);
  assert.equal((await runVerify({ receipt: R6_RECEIPT }, localIsOther)).verdict, 'wrong_key');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'bogus' }, localIsR6)).mode, 'offline');
});

test('trust.md #27: content_mismatch keeps signatureValid; unsigned, v:2, junk and bad PEM are invalid_receipt failures', async () => {
  const mismatch = await runVerify({ receipt: R6_RECEIPT, markdown: `${V.R4_MARKDOWN} EXTRA` }, localIsR6);
  assert.deepEqual([mismatch.verdict, mismatch.signatureValid, mismatch.contentHashMatch], ['content_mismatch', true, false]);
  const { sig: _s, ...unsigned } = envelopeToWire(V.R6_ENVELOPE);
  for (const receipt of [JSON.stringify(unsigned), JSON.stringify({ ...envelopeToWire(V.R6_ENVELOPE), v: 2 }), '{junk', '"just a string"']) {
    const r = await runVerify({ receipt }, localIsR6);
    assert.deepEqual([r.ok, r.failureCode], [false, 'invalid_receipt'], receipt);
    assert.equal(typeof r.message, 'string');
  }
  assert.equal((await runVerify({ receipt: R6_RECEIPT, public_key: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' }, localIsR6)).failureCode, 'invalid_receipt');
});

test('trust.md #29: capsules verify without markdown; altered content mismatches; junk capsule is invalid_receipt', async () => {
  const capsule = encodeCapsule({ signed: V.R6_ENVELOPE, content: V.R4_MARKDOWN, blockLeaves: V.R5_LEAVES });
  const r = await runVerify({ receipt: capsule }, localIsR6);
  assert.deepEqual([r.verdict, r.contentHashMatch], ['verified', true]);
  const payload = JSON.parse(Buffer.from(capsule.slice('occam://capsule/'.length), 'base64url').toString());
  const altered = `occam://capsule/${Buffer.from(JSON.stringify({ ...payload, content: 'changed' })).toString('base64url')}`;
  assert.equal((await runVerify({ receipt: altered }, localIsR6)).verdict, 'content_mismatch');
  assert.equal((await runVerify({ receipt: 'occam://capsule/!!!' }, localIsR6)).failureCode, 'invalid_receipt');
});

test('trust.md #30: prove and citation', async () => {
  const proved = await runVerify({ receipt: R6_RECEIPT, mode: 'prove', block_index: 0 }, localIsOther);
  assert.deepEqual([proved.ok, proved.leaf, proved.leafIndex, proved.root, proved.keyId], [true, V.R5_LEAVES[0], 0, V.R5_ROOT, V.R6_KEY_ID]);
  const proof = JSON.stringify(proved.proof);
  const cited = await runVerify({ receipt: R6_RECEIPT, mode: 'citation', block_text: 'alpha', block_selector: '#a', proof }, localIsR6);
  assert.deepEqual([cited.verdict, cited.mode, cited.signatureValid], ['citation_verified', 'citation', true]);
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'citation', block_text: 'alpha', block_selector: '#b', proof }, localIsR6)).verdict, 'citation_invalid');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'citation', block_text: 'alpha', block_selector: '#a', proof, public_key: FRESH_PEM }, localIsR6)).verdict, 'signature_invalid');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'citation', block_text: 'alpha', proof: 'nope' }, localIsR6)).failureCode, 'invalid_arguments');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'citation', proof }, localIsR6)).failureCode, 'invalid_arguments');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'prove', block_index: 3 }, localIsR6)).failureCode, 'invalid_arguments');
  assert.equal((await runVerify({ receipt: R6_RECEIPT, mode: 'prove' }, localIsR6)).failureCode, 'invalid_arguments');
  const badLeaves = JSON.stringify({ signed: envelopeToWire(V.R6_ENVELOPE), blockLeaves: [V.R5_LEAVES[1], V.R5_LEAVES[0], V.R5_LEAVES[2]] });
  assert.equal((await runVerify({ receipt: badLeaves, mode: 'prove', block_index: 0 }, localIsR6)).failureCode, 'invalid_receipt');
});

test('trust.md #31: history mode over MCP', async () => {
  const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < 3; i++) entries.push(appendHistoryEntry(entries.at(-1) ?? null, { observedAt: `2026-11-30T12:0${i}:00Z`, event: i ? 'changed' : 'first_seen', contentHash: contentHashOf(`v${i}`) }, signer));
  const local: VerifyDeps = { defaultPublicKey: async () => createPublicKey(signer.publicKeyPem) };
  const r = await runVerify({ receipt: JSON.stringify({ history: entries }), mode: 'history' }, local);
  assert.deepEqual([r.ok, r.verdict, r.keyId, r.history], [true, 'history_verified', signer.keyId, { entriesTotal: 3, signedCount: 3, headSeq: 2, chainIntegrity: true, signatureStatus: 'verified' }]);
  assert.equal((await runVerify({ receipt: JSON.stringify([entries[1], entries[0], entries[2]]), mode: 'history' }, local)).verdict, 'history_invalid');
  assert.equal((await runVerify({ receipt: JSON.stringify(entries), mode: 'history', public_key: FRESH_PEM }, local)).verdict, 'history_wrong_key');
  assert.equal((await runVerify({ receipt: '{', mode: 'history' }, local)).failureCode, 'invalid_arguments');
});

test('trust.md #33: live mode with a mock fetcher — verified, drifted with chunk staleness, refetch_failed', async () => {
  const signer = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  const blocks = [{ text: 'one', sourceSelector: 'p:nth-of-type(1)' }, { text: 'two', sourceSelector: 'p:nth-of-type(2)' }, { text: 'three', sourceSelector: 'p:nth-of-type(3)' }];
  const markdown = 'one\n\ntwo\n\nthree';
  const bundle = buildReadReceipt({ kind: 'extraction', url: 'https://a.com/', finalUrl: 'https://a.com/final', markdown, blocks, leafSetComplete: true }, signer, Date.now())!;
  const receipt = JSON.stringify(bundle);
  const fetchedUrls: string[] = [];
  const deps = (fetcher: LiveRefetch): VerifyDeps => ({ defaultPublicKey: async () => createPublicKey(signer.publicKeyPem), refetch: fetcher });
  const same = await runVerify({ receipt, mode: 'live' }, deps(async (url, o) => {
    fetchedUrls.push(`${url}|${o.jsonBlocks}`);
    return { ok: true, markdown, blocks };
  }));
  assert.deepEqual(fetchedUrls, ['https://a.com/final|true']);
  assert.equal(same.verdict, 'verified');
  assert.deepEqual(same.live, { refetched: true, contentHashMatch: true, blockRootMatch: true, blocksTotal: 3, blocksStillPresent: 3, drift: 0, chunkStaleness: { total: 3, present: 3, stale: 0, staleChunks: [] } });
  const changed = [blocks[0], { ...blocks[1], text: 'TWO' }, blocks[2]];
  const drifted = await runVerify({ receipt, mode: 'live' }, deps(async () => ({ ok: true, markdown: 'one\n\nTWO\n\nthree', blocks: changed })));
  const live = drifted.live as Record<string, any>;
  assert.deepEqual([drifted.verdict, live.contentHashMatch, live.blockRootMatch, live.blocksStillPresent, live.drift], ['drifted', false, false, 2, 0.333]);
  assert.deepEqual(live.chunkStaleness.staleChunks, [blockLeafHex('two', 'p:nth-of-type(2)')]);
  const chunks = await runVerify({ receipt, mode: 'live', chunks: JSON.stringify([blockLeafHex('one', 'p:nth-of-type(1)')]) }, deps(async () => ({ ok: true, markdown: 'x', blocks: changed })));
  assert.deepEqual((chunks.live as Record<string, any>).chunkStaleness, { total: 1, present: 1, stale: 0, staleChunks: [] });
  const failed = await runVerify({ receipt, mode: 'live' }, deps(async () => ({ ok: false })));
  assert.deepEqual([failed.verdict, failed.live], ['refetch_failed', { refetched: false }]);
  const thrown = await runVerify({ receipt, mode: 'live' }, deps(async () => { throw new Error('boom'); }));
  assert.equal(thrown.verdict, 'refetch_failed');
  const foreign = await runVerify({ receipt, mode: 'live', public_key: FRESH_PEM }, deps(async () => assert.fail('must not refetch')));
  assert.deepEqual([foreign.verdict, foreign.live], ['wrong_key', undefined]);
});
