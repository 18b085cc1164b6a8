import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, createHash, randomBytes } from 'node:crypto';
import { canonicalEnvelope, parseEnvelope, envelopeToWire, type ReceiptEnvelope } from '../../../src/trust/receipts/envelope.ts';
import { canonicalString } from '../../../src/trust/receipts/canonical.ts';
import {
  allMerkleProofs, blockLeaf, blockLeafHex, merkleProof, merkleRoot, merkleRootPrefixed, verifyMerkleProof,
} from '../../../src/trust/receipts/merkle.ts';
import { keyIdOf, parsePublicKeyPem, publicKeyPemOf, signEnvelope, signerFromPrivateKey, envelopeSignatureValid } from '../../../src/trust/receipts/sign.ts';
import { contentHashOf, readReceiptMaterial, verifyReceiptOffline } from '../../../src/trust/receipts/verify.ts';
import { decodeCapsule, encodeCapsule } from '../../../src/trust/receipts/capsule.ts';
import { rowLeafHex, buildManifest, verifyDatasetExport } from '../../../src/trust/receipts/manifest.ts';
import { appendHistoryEntry, inspectHistory, parseHistory, type HistoryEntry } from '../../../src/trust/receipts/history.ts';
import { negativeReceiptAllowed } from '../../../src/trust/receipts/negative.ts';
import { chunkStaleness } from '../../../src/trust/receipts/staleness.ts';
import { inspectTimeAnchor } from '../../../src/trust/receipts/time-anchor.ts';
import { makeToken, makeTsa } from './tsa.ts';
import { decodeBase64url, sha256 } from '../../../src/trust/bytes.ts';
import * as V from './vectors.ts';

const freshKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
const material = (envelope: ReceiptEnvelope, extra: Record<string, unknown> = {}) => {
  const r = readReceiptMaterial({ signed: envelopeToWire(envelope), ...extra });
  assert.ok(r.ok);
  return r.material;
};
const R6_PUB = parsePublicKeyPem(V.R6_PEM)!;

test('trust.md #22: R1 canonical bytes and hash match byte-for-byte; sig never included', () => {
  const text = canonicalEnvelope(V.R1);
  assert.equal(text, V.R1_CANONICAL);
  assert.equal(createHash('sha256').update(text, 'utf8').digest('hex'), V.R1_SHA256);
  assert.ok(!text.includes('sig') && !text.includes('IGNORED'));
  assert.ok(!text.includes('leafSetComplete'));
});

test('trust.md #22: R2 adds blockMerkleRoot and leafSetComplete before tokens', () => {
  const text = canonicalEnvelope({ ...V.R1, blockMerkleRoot: 'sha256:r', leafSetComplete: true });
  assert.ok(text.includes('"blockMerkleRoot":"sha256:r","leafSetComplete":true,"tokens":100'));
});

test('trust.md #22: R3 escaping of url and finalUrl', () => {
  const text = canonicalEnvelope({ ...V.R1, url: 'https://a.com/s?q=a+b&x=<y>', finalUrl: "https://a.com/café?n='1'`\"\\" });
  assert.ok(text.includes('"url":"https://a.com/s?q=a\\u002Bb\\u0026x=\\u003Cy\\u003E","finalUrl":"https://a.com/caf\\u00E9?n=\\u00271\\u0027\\u0060\\u0022\\\\"'));
});

test('canonical escaping: control characters, DEL, surrogates separately, uppercase hex, slash literal', () => {
  assert.equal(canonicalString('\b\t\n\f\r\u0001\u007f/'), '"\\b\\t\\n\\f\\r\\u0001\\u007F/"');
  assert.equal(canonicalString('😀'), '"\\uD83D\\uDE00"');
});

test('property: canonical strings always parse back to the original (fast path and escaped path agree)', () => {
  const alphabet = 'ab/:?=#._~-09 "&\'+<>`\\\n\u0001\u007féü😀';
  for (let i = 0; i < 500; i++) {
    const s = Array.from({ length: Math.floor(Math.random() * 12) }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    const lit = canonicalString(s);
    assert.equal(JSON.parse(lit), s);
    assert.ok(!/[&'+<>`]|[^\u0000-\u007f]/.test(lit.slice(1, -1)), lit);
  }
});

test('trust.md #23: R4 content hashes', () => {
  assert.equal(contentHashOf(V.R4_MARKDOWN), V.R4_HASH);
  assert.equal(contentHashOf(''), V.EMPTY_HASH);
});

test('trust.md #23: R5 leaves, root, intermediate nodes and proofs', () => {
  const leaves = V.R5_BLOCKS.map((b) => blockLeaf(b.text, b.selector));
  assert.deepEqual(leaves.map((l) => l.toString('hex')), V.R5_LEAVES);
  assert.equal(merkleRootPrefixed(leaves), V.R5_ROOT);
  assert.equal(createHash('sha256').update(leaves[0]).update(leaves[1]).digest('hex'), V.R5_H01);
  assert.equal(createHash('sha256').update(leaves[2]).update(leaves[2]).digest('hex'), V.R5_H22);
  const [L0, L1, L2] = V.R5_LEAVES;
  assert.deepEqual(merkleProof(leaves, 0), [{ hash: L1, siblingIsRight: true }, { hash: V.R5_H22, siblingIsRight: true }]);
  assert.deepEqual(merkleProof(leaves, 1), [{ hash: L0, siblingIsRight: false }, { hash: V.R5_H22, siblingIsRight: true }]);
  assert.deepEqual(merkleProof(leaves, 2), [{ hash: L2, siblingIsRight: true }, { hash: V.R5_H01, siblingIsRight: false }]);
  assert.deepEqual(allMerkleProofs(leaves), [0, 1, 2].map((i) => merkleProof(leaves, i)));
  for (let i = 0; i < 3; i++) assert.ok(verifyMerkleProof(leaves[i], merkleProof(leaves, i), V.R5_ROOT));
  assert.equal(verifyMerkleProof(leaves[1], merkleProof(leaves, 0), V.R5_ROOT), false);
  assert.equal(verifyMerkleProof(leaves[0], merkleProof(leaves, 0), 'sha256:deadbeef'), false);
  assert.equal(verifyMerkleProof(leaves[0], [{ hash: 'zz', siblingIsRight: true }], V.R5_ROOT), false);
  assert.deepEqual(merkleProof(leaves, 3), []);
  assert.equal(merkleRootPrefixed([blockLeaf('solo', '#s')]), 'sha256:2fb2f12c19af401e520013aea9564e4e2fb95944cfdfa89f23c67dbf05b766f9');
  assert.equal(blockLeafHex('alpha', null), '57a5554aaeb4e35baa3096a45ee527793bed865fa43993c4f8b673fdf3d56f38');
  assert.equal(blockLeafHex('alpha', ''), '57a5554aaeb4e35baa3096a45ee527793bed865fa43993c4f8b673fdf3d56f38');
  assert.equal(merkleRoot([]), null);
});

test('trust.md #23: R7 dataset row leaf', () => {
  assert.equal(
    rowLeafHex({ url: 'https://a.com/', finalUrl: 'https://a.com/', ok: true, contentHash: V.R4_HASH, blockMerkleRoot: V.R5_ROOT, failureCode: null }),
    V.R7_ROW_LEAF,
  );
});

test('trust.md #24: R6 canonical bytes, keyId and published signature verify', () => {
  assert.equal(canonicalEnvelope(V.R6_ENVELOPE), V.R6_CANONICAL);
  assert.equal(keyIdOf(R6_PUB), V.R6_KEY_ID);
  const priv = V.r6PrivateKey();
  assert.equal(publicKeyPemOf(priv), V.R6_PEM);
  const r = verifyReceiptOffline(material(V.R6_ENVELOPE), R6_PUB, V.R4_MARKDOWN);
  assert.equal(r.verdict, 'verified');
  assert.equal(r.keyId, V.R6_KEY_ID);
  assert.equal(r.contentHashMatch, true);
  // A fresh signature differs (ECDSA is randomized) and must also verify.
  const resigned = signEnvelope(V.R6_ENVELOPE, signerFromPrivateKey(priv));
  assert.notEqual(resigned.sig, V.R6_ENVELOPE.sig);
  assert.equal(resigned.sig!.length, 86);
  assert.equal(verifyReceiptOffline(material(resigned), R6_PUB).verdict, 'verified');
});

test('trust.md #25: any altered url character, a flipped signature bit, DER or short sig, changed alg → signature_invalid', () => {
  for (let i = 0; i < V.R6_ENVELOPE.url.length; i++) {
    const url = V.R6_ENVELOPE.url.slice(0, i) + (V.R6_ENVELOPE.url[i] === 'x' ? 'y' : 'x') + V.R6_ENVELOPE.url.slice(i + 1);
    assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, url }), R6_PUB).verdict, 'signature_invalid');
  }
  const raw = decodeBase64url(V.R6_ENVELOPE.sig!)!;
  for (const bit of [0, 7, 255, 511]) {
    const flipped = Buffer.from(raw);
    flipped[bit >> 3] ^= 1 << (bit & 7);
    assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, sig: flipped.toString('base64url') }), R6_PUB).verdict, 'signature_invalid');
  }
  const r = raw.subarray(0, 32);
  const s = raw.subarray(32);
  const derInt = (b: Buffer) => (b[0] & 0x80 ? Buffer.concat([Buffer.from([0x02, b.length + 1, 0]), b]) : Buffer.concat([Buffer.from([0x02, b.length]), b]));
  const body = Buffer.concat([derInt(r), derInt(s)]);
  const der = Buffer.concat([Buffer.from([0x30, body.length]), body]);
  assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, sig: der.toString('base64url') }), R6_PUB).verdict, 'signature_invalid');
  assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, sig: raw.subarray(0, 63).toString('base64url') }), R6_PUB).verdict, 'signature_invalid');
  assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, sig: `${V.R6_ENVELOPE.sig}!` }), R6_PUB).verdict, 'signature_invalid');
  assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, alg: 'ed25519' }), R6_PUB).verdict, 'signature_invalid');
});

test('trust.md #25: one altered byte in any signed field → signature_invalid', () => {
  const fields: Array<Partial<ReceiptEnvelope>> = [
    { finalUrl: 'https://a.com/x' }, { backend: 'browser' }, { ts: '2026-01-01T00:00:01Z' }, { toolchain: 'ff-occam/tesT' },
    { contentHash: V.R4_HASH.replace(/f0$/, 'f1') }, { blockMerkleRoot: V.R5_ROOT.replace(/0d$/, '0e') },
    { tokens: 7 }, { kind: 'negative' }, { confidence: 0.5 }, { playbook: { id: 'a.com', version: '' } },
  ];
  for (const change of fields) {
    assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, ...change }), R6_PUB).verdict, 'signature_invalid', JSON.stringify(change));
  }
});

test('trust.md #26: a fresh key → wrong_key; unparsable PEM → invalid_receipt', () => {
  const other = parsePublicKeyPem(publicKeyPemOf(freshKey()))!;
  const r = verifyReceiptOffline(material(V.R6_ENVELOPE), other);
  assert.equal(r.verdict, 'wrong_key');
  assert.equal(r.signatureValid, false);
  assert.equal(verifyReceiptOffline(material(V.R6_ENVELOPE), parsePublicKeyPem('not a pem')).verdict, 'invalid_receipt');
});

test('trust.md #27: markdown + " EXTRA" → content_mismatch with signatureValid; missing sig or v:2 → invalid_receipt; junk JSON', () => {
  const r = verifyReceiptOffline(material(V.R6_ENVELOPE), R6_PUB, `${V.R4_MARKDOWN} EXTRA`);
  assert.deepEqual([r.verdict, r.signatureValid, r.contentHashMatch], ['content_mismatch', true, false]);
  const { sig: _sig, ...unsigned } = V.R6_ENVELOPE;
  assert.equal(verifyReceiptOffline(material(unsigned as ReceiptEnvelope), R6_PUB).verdict, 'invalid_receipt');
  assert.equal(verifyReceiptOffline(material({ ...V.R6_ENVELOPE, v: 2 }), R6_PUB).verdict, 'invalid_receipt');
  assert.equal(readReceiptMaterial('{not json').ok, false);
  assert.equal(readReceiptMaterial('[1,2]').ok, false);
  assert.equal(readReceiptMaterial(JSON.stringify({ signed: { v: 1 } })).ok, false);
});

test('trust.md #28: sign → JSON → parse → verify round trip; negative receipt verifies without contentHashMatch', () => {
  const signer = signerFromPrivateKey(freshKey());
  const pub = parsePublicKeyPem(signer.publicKeyPem)!;
  const env = signEnvelope({ v: 1, kind: 'extraction', url: 'https://b.example/ü?q=<1>', finalUrl: 'https://b.example/ü', backend: 'http', ts: '2026-11-30T12:00:00Z', toolchain: 'ff-occam/0.1.0', contentHash: contentHashOf('hi'), tokens: 1, confidence: 0.9123 }, signer);
  const wire = JSON.stringify({ signed: envelopeToWire(env) });
  const parsed = readReceiptMaterial(wire);
  assert.ok(parsed.ok);
  assert.equal(verifyReceiptOffline(parsed.material, pub, 'hi').verdict, 'verified');
  const neg = signEnvelope({ v: 1, kind: 'negative', url: 'https://c.example/', finalUrl: 'https://c.example/', backend: 'http', ts: '2026-11-30T12:00:00Z', toolchain: 'ff-occam/0.1.0', failureCode: 'captcha_or_challenge', statusCode: 403 }, signer);
  const nr = verifyReceiptOffline(material(neg), pub);
  assert.equal(nr.verdict, 'verified');
  assert.equal('contentHashMatch' in nr, false);
  assert.ok(negativeReceiptAllowed('captcha_or_challenge', 403));
  assert.ok(negativeReceiptAllowed('http_404', 404));
  assert.ok(negativeReceiptAllowed('requires_login'));
  assert.equal(negativeReceiptAllowed('timeout'), false);
  assert.equal(negativeReceiptAllowed('network_error'), false);
  assert.equal(negativeReceiptAllowed('http_500', 500), false);
  assert.equal(negativeReceiptAllowed('http_429', 429), false);
});

test('trust.md #29: capsule round trip, content supplies the markdown, altered content mismatches, junk is invalid', () => {
  const capsule = encodeCapsule({ signed: V.R6_ENVELOPE, content: V.R4_MARKDOWN, blockLeaves: V.R5_LEAVES });
  assert.ok(capsule.startsWith('occam://capsule/'));
  const m = readReceiptMaterial(`  ${capsule}`);
  assert.ok(m.ok);
  const r = verifyReceiptOffline(m.material, R6_PUB);
  assert.deepEqual([r.verdict, r.contentHashMatch], ['verified', true]);
  const payload = decodeCapsule(capsule)!;
  assert.equal((payload.verifyRecipe as Record<string, string>).merkle, 'sha256, leaf=utf8(text+\\0+source_selector), odd-dup-last');
  const reencode = (p: Record<string, unknown>) => `occam://capsule/${Buffer.from(JSON.stringify(p)).toString('base64url')}`;
  const altered = readReceiptMaterial(reencode({ ...payload, content: `${V.R4_MARKDOWN}!` }));
  assert.ok(altered.ok);
  assert.equal(verifyReceiptOffline(altered.material, R6_PUB).verdict, 'content_mismatch');
  const recipe = readReceiptMaterial(reencode({ ...payload, verifyRecipe: { verify: 'trust me' } }));
  assert.ok(recipe.ok);
  assert.equal(verifyReceiptOffline(recipe.material, R6_PUB).verdict, 'verified');
  assert.equal(readReceiptMaterial('occam://capsule/!!!').ok, false);
  assert.equal(readReceiptMaterial(`occam://capsule/${Buffer.from('not json').toString('base64url')}`).ok, false);
  assert.equal(readReceiptMaterial(reencode({ cap: 1 })).ok, false);
});

test('property: for random block lists every proof verifies and any single-bit change fails', () => {
  for (let round = 0; round < 25; round++) {
    const n = 1 + Math.floor(Math.random() * 40);
    const blocks = Array.from({ length: n }, (_, i) => ({ text: randomBytes(1 + (i % 9)).toString('hex'), selector: i % 3 ? `#b${i}` : null }));
    const leaves = blocks.map((b) => blockLeaf(b.text, b.selector));
    const root = merkleRootPrefixed(leaves)!;
    const proofs = allMerkleProofs(leaves);
    for (let i = 0; i < n; i++) {
      assert.deepEqual(proofs[i], merkleProof(leaves, i));
      assert.ok(verifyMerkleProof(leaves[i], proofs[i], root), `round ${round} leaf ${i}/${n}`);
      const bit = Math.floor(Math.random() * 256);
      const leaf = Buffer.from(leaves[i]);
      leaf[bit >> 3] ^= 1 << (bit & 7);
      assert.equal(verifyMerkleProof(leaf, proofs[i], root), false);
      if (proofs[i].length > 0) {
        const step = Math.floor(Math.random() * proofs[i].length);
        const sib = Buffer.from(proofs[i][step].hash, 'hex');
        sib[bit >> 3] ^= 1 << (bit & 7);
        const tampered = proofs[i].map((s, k) => (k === step ? { ...s, hash: sib.toString('hex') } : s));
        assert.equal(verifyMerkleProof(leaves[i], tampered, root), false);
      }
      const rootBytes = Buffer.from(root.slice(7), 'hex');
      rootBytes[bit >> 3] ^= 1 << (bit & 7);
      assert.equal(verifyMerkleProof(leaves[i], proofs[i], `sha256:${rootBytes.toString('hex')}`), false);
    }
  }
});

test('trust.md #32: dataset manifest verifies; dropped/reordered row or missing sig is caught', () => {
  const signer = signerFromPrivateKey(freshKey());
  const pub = parsePublicKeyPem(signer.publicKeyPem)!;
  const rows = [
    { url: 'https://a.com/', finalUrl: 'https://a.com/', ok: true, contentHash: V.R4_HASH, blockMerkleRoot: V.R5_ROOT },
    { url: 'https://b.com/', finalUrl: 'https://b.com/', ok: false, failureCode: 'http_404' },
    { url: 'https://c.com/', finalUrl: 'https://c.com/x', ok: true, contentHash: V.EMPTY_HASH },
  ].map((r) => ({ ...r, rowLeaf: rowLeafHex(r) }));
  const manifest = buildManifest(rows, '2026-11-30T12:00:00.000Z', signer);
  const ok = verifyDatasetExport({ manifest, rows }, pub);
  assert.deepEqual([ok.verdict, ok.message], ['manifest_verified', '3 rows bound under the signed root']);
  assert.equal(verifyDatasetExport({ manifest, rows: rows.slice(0, 2) }, pub).verdict, 'manifest_invalid');
  assert.equal(verifyDatasetExport({ manifest, rows: [rows[1], rows[0], rows[2]] }, pub).verdict, 'manifest_invalid');
  assert.equal(verifyDatasetExport({ manifest: { ...manifest, sig: undefined }, rows }, pub).verdict, 'unsigned');
  assert.equal(verifyDatasetExport({ rows }, pub).verdict, 'invalid_input');
  assert.equal(verifyDatasetExport({ manifest, rows }, parsePublicKeyPem(publicKeyPemOf(freshKey()))!).verdict, 'manifest_invalid');
});

test('trust.md #31: history chain verdicts', () => {
  const signer = signerFromPrivateKey(freshKey());
  const pub = parsePublicKeyPem(signer.publicKeyPem)!;
  const build = (s: typeof signer | null, from = 0) => {
    const entries: HistoryEntry[] = [];
    for (let i = 0; i < 3 + from; i++) {
      entries.push(appendHistoryEntry(entries.at(-1) ?? null, {
        observedAt: `2026-11-30T12:0${i}:00Z`, event: i === 0 ? 'first_seen' : 'changed', contentHash: contentHashOf(`v${i}`),
        ...(i > 0 ? { contentDeltaTokens: i } : {}),
      }, s));
    }
    return entries.slice(from);
  };
  const chain = build(signer);
  const verified = inspectHistory(chain, pub);
  assert.deepEqual([verified.verdict, verified.signatureStatus, verified.chainIntegrity, verified.headSeq, verified.signedCount], ['history_verified', 'verified', true, 2, 3]);
  assert.equal(inspectHistory([chain[0], chain[2], chain[1]], pub).verdict, 'history_invalid');
  assert.equal(inspectHistory([chain[0], { ...chain[1], contentHash: contentHashOf('edited') }, chain[2]], pub).verdict, 'history_invalid');
  assert.equal(inspectHistory([chain[0], chain[1], { ...chain[2], contentHash: contentHashOf('edited') }], pub).verdict, 'history_invalid');
  const unsigned = inspectHistory(build(null), pub);
  assert.deepEqual([unsigned.verdict, unsigned.signatureStatus, unsigned.keyId], ['history_chain_ok', 'unsigned', '']);
  assert.equal(inspectHistory(chain, parsePublicKeyPem(publicKeyPemOf(freshKey()))!).verdict, 'history_wrong_key');
  assert.equal(inspectHistory(build(signer, 5), pub).verdict, 'history_verified');
  assert.equal(inspectHistory([{ ...chain[0], prevEntryHash: 'sha256:00' }], pub).verdict, 'history_invalid');
  assert.deepEqual(parseHistory(JSON.stringify({ history: chain })), chain);
  assert.equal(parseHistory('{"history": 3}'), null);
  assert.equal(inspectHistory([], pub).headSeq, -1);
});

test('trust.md §3.11: chunk staleness', () => {
  assert.deepEqual(chunkStaleness(['a', 'b', 'c'], ['c', 'a']), { total: 3, present: 2, stale: 1, staleChunks: ['b'] });
  assert.equal(chunkStaleness([], ['a']), undefined);
});

test('trust.md §3.10: time anchors — a TSA-signed token verifies; every provable defect is invalid; a certificate-less token is unverified', () => {
  const sig = V.R6_ENVELOPE.sig!;
  const imprint = sha256(decodeBase64url(sig)!);
  const tsa = makeTsa();
  const anchor = (token: Buffer, extra: Record<string, unknown> = {}) => ({ type: 'rfc3161', tsa: 'https://tsa.example/', token: token.toString('base64'), genTime: '2026-01-01T00:00:05Z', ...extra });
  const good = inspectTimeAnchor(anchor(makeToken(tsa, imprint)), sig)!;
  assert.deepEqual([good.present, good.valid, good.status, good.genTime, good.tsa], [true, true, 'valid', '2026-01-01T00:00:05Z', 'https://tsa.example/']);
  assert.match(good.tsaSubject!, /Occam Test TSA/);
  const unverified = inspectTimeAnchor(anchor(makeToken(tsa, imprint, { withCertificate: false })), sig)!;
  assert.deepEqual([unverified.valid, unverified.status], [false, 'unverified']);
  const cases: Array<[string, unknown]> = [
    ['wrong type', { ...anchor(makeToken(tsa, imprint)), type: 'other' }],
    ['foreign imprint', anchor(makeToken(tsa, sha256('other')))],
    ['not DER', anchor(Buffer.from('AAAA', 'base64'))],
    ['no signer', anchor(makeToken(tsa, imprint, { signed: false }))],
    ['forged signer', anchor(makeToken(tsa, imprint, { signingKey: makeTsa().key }))],
    ['messageDigest mismatch', anchor(makeToken(tsa, imprint, { wrongMessageDigest: true }))],
    ['claimed genTime differs', anchor(makeToken(tsa, imprint), { genTime: '2025-01-01T00:00:00Z' })],
    ['not an object', 'anchor'],
  ];
  for (const [label, a] of cases) assert.equal(inspectTimeAnchor(a, sig)!.status, 'invalid', label);
  assert.equal(inspectTimeAnchor(anchor(makeToken(tsa, imprint)), 'AAAA')!.status, 'invalid');
  assert.equal(inspectTimeAnchor(undefined, sig), undefined);
  const r = verifyReceiptOffline(material(V.R6_ENVELOPE, { timeAnchor: { type: 'nope' } }), R6_PUB);
  assert.equal(r.verdict, 'verified');
  assert.equal(r.timeAnchor?.status, 'invalid');
});


test('envelope parser ignores unknown members and rejects mistyped ones', () => {
  const p = parseEnvelope({ ...envelopeToWire(V.R6_ENVELOPE), extra: 1 });
  assert.ok(p.ok);
  assert.equal(canonicalEnvelope(p.envelope), V.R6_CANONICAL);
  assert.equal(parseEnvelope({ ...envelopeToWire(V.R6_ENVELOPE), tokens: '6' }).ok, false);
  assert.ok(envelopeSignatureValid(V.R6_ENVELOPE, R6_PUB));
});
