// Published receipt vectors of trust.md §8, shared by the unit tests (test-only key material).
import { createECDH, createPrivateKey, type KeyObject } from 'node:crypto';
import type { ReceiptEnvelope } from '../../../src/trust/receipts/envelope.ts';

export const R1: ReceiptEnvelope = {
  v: 1, kind: 'extraction', url: 'https://a.com/', finalUrl: 'https://a.com/', backend: 'http',
  ts: '2026-01-01T00:00:00Z', toolchain: 'ff-occam/test', playbook: { id: 'a.com', version: '1.0.0' },
  contentHash: 'sha256:abc', tokens: 100, confidence: 0.85, keyId: 'k1:test', alg: 'ecdsa-p256-sha256', sig: 'IGNORED',
};
export const R1_CANONICAL =
  '{"v":1,"kind":"extraction","url":"https://a.com/","finalUrl":"https://a.com/","backend":"http","ts":"2026-01-01T00:00:00Z","toolchain":"ff-occam/test","playbook":{"id":"a.com","version":"1.0.0"},"contentHash":"sha256:abc","tokens":100,"confidence":0.85,"keyId":"k1:test","alg":"ecdsa-p256-sha256"}';
export const R1_SHA256 = '18cd4c996ed524c834bdd04358d42658b017a25890cafbb3f04f21a0076307fc';

export const R4_MARKDOWN = '# Title\n\nBody paragraph.';
export const R4_HASH = 'sha256:a1f55aeccda0165b9c4bab8e30aa57d9669acb75feb0a67cde76284d235f66f0';
export const EMPTY_HASH = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const R5_BLOCKS = [
  { text: 'alpha', selector: '#a' },
  { text: 'beta', selector: '#b' },
  { text: 'gamma', selector: '#c' },
];
export const R5_LEAVES = [
  'f6389a23304c0b1f8448c9579b993f15745ae23f3de0eda095b59bbe15566fa4',
  '61f0e1ca7f25653721d0fc5b33823e0e1365b89da8bfda65a06497ab0d9a805e',
  '5ca7979701e657db7866e676501b4dd0bee95530f813dab9cac60a31c29914cf',
];
export const R5_ROOT = 'sha256:912e461975fa28d1b334315849a734ee25bc581318fb3f5ba81e6f50aef1e70d';
export const R5_H01 = '42d4533e1e06a1303ac34d8833de739406e36ab34bafea0f80e8d3468183db61';
export const R5_H22 = 'b42c2cc4be53ae624ad28bbe383ce185f2b3d978e41e0306c0799fa1c462ee26';

export const R6_PEM = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEUVw9brnjlrkE0/7Kf1T9zQzB6Ze/
N13KUVrQpsO0A19FNr46UPMY+/mlR1kCoiFQK+8NV+CMU7LMClbxfZ+TVA==
-----END PUBLIC KEY-----
`;
export const R6_KEY_ID = 'k1:f1d59449b727165d';
export const R6_ENVELOPE: ReceiptEnvelope = {
  v: 1, kind: 'extraction', url: 'https://a.com/', finalUrl: 'https://a.com/', backend: 'http',
  ts: '2026-01-01T00:00:00Z', toolchain: 'ff-occam/test', contentHash: R4_HASH, blockMerkleRoot: R5_ROOT,
  leafSetComplete: true, tokens: 6, keyId: R6_KEY_ID, alg: 'ecdsa-p256-sha256',
  sig: 'aDNVhoLepkLUJwum06KiNFhU7Edwq7f01FkUjglnYvV2TU1VgVUQ97Am2P7mXomFiYB2ZOf2XKswwPK9wVchAw',
};
export const R6_CANONICAL =
  '{"v":1,"kind":"extraction","url":"https://a.com/","finalUrl":"https://a.com/","backend":"http","ts":"2026-01-01T00:00:00Z","toolchain":"ff-occam/test","contentHash":"sha256:a1f55aeccda0165b9c4bab8e30aa57d9669acb75feb0a67cde76284d235f66f0","blockMerkleRoot":"sha256:912e461975fa28d1b334315849a734ee25bc581318fb3f5ba81e6f50aef1e70d","leafSetComplete":true,"tokens":6,"keyId":"k1:f1d59449b727165d","alg":"ecdsa-p256-sha256"}';

/** The R6 test private key: scalar = bytes 0x01..0x20. */
export function r6PrivateKey(): KeyObject {
  const d = Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1));
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const pub = ecdh.getPublicKey();
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC', crv: 'P-256', d: d.toString('base64url'),
      x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33, 65).toString('base64url'),
    },
  });
}

export const R7_ROW_LEAF = '2056adc06991f646f269c91f82c130e1705b823a517b1a3c22055782c82ec8ab';
