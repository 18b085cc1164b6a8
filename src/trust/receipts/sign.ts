// ECDSA P-256 / SHA-256 signatures in IEEE P1363 form (r‖s, 64 bytes, base64url) over canonical bytes
// (trust.md §3.4). DER signatures are neither produced nor accepted.
import { createPublicKey, sign as cryptoSign, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { base64url, decodeBase64url, sha256Hex } from '../bytes.ts';
import { canonicalEnvelope, RECEIPT_ALG, type ReceiptEnvelope } from './envelope.ts';

/** What signing needs: the private key stays inside; callers see only the key id and the public PEM. */
export interface Signer {
  keyId: string;
  publicKeyPem: string;
  sign: (data: Uint8Array) => string;
}

function isP256(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
}

/** `k1:` + first 16 hex chars of SHA-256 over the SPKI DER of the public key. */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `k1:${sha256Hex(der).slice(0, 16)}`;
}

/** SPKI PEM with 64-column base64 (Node's export already wraps at 64). */
export function publicKeyPemOf(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return pub.export({ type: 'spki', format: 'pem' }).toString();
}

/** A P-256 public key from PEM text (SPKI; a private PEM yields its public half), else null. */
export function parsePublicKeyPem(pem: unknown): KeyObject | null {
  if (typeof pem !== 'string' || !pem.includes('-----BEGIN')) return null;
  try {
    const key = createPublicKey({ key: pem.trim(), format: 'pem' });
    return isP256(key) ? key : null;
  } catch {
    return null;
  }
}

export function signerFromPrivateKey(privateKey: KeyObject): Signer {
  if (privateKey.type !== 'private' || !isP256(privateKey)) throw new Error('signing key must be a P-256 private key');
  const publicKey = createPublicKey(privateKey);
  return {
    keyId: keyIdOf(publicKey),
    publicKeyPem: publicKeyPemOf(publicKey),
    sign: (data) => base64url(cryptoSign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' })),
  };
}

/**
 * A signer that produces a signature of the real length (64 bytes → 86 base64url chars) without the ECDSA work.
 * Only for measuring how many tokens a receipt will cost; its output verifies against nothing.
 */
export function sizingSigner(real: Signer): Signer {
  const dummy = base64url(new Uint8Array(64));
  return { keyId: real.keyId, publicKeyPem: real.publicKeyPem, sign: () => dummy };
}

/** True iff `sig` is strict base64url of exactly 64 bytes and verifies over `data`. */
export function verifyDetached(publicKey: KeyObject, data: Uint8Array, sig: unknown): boolean {
  if (typeof sig !== 'string') return false;
  const raw = decodeBase64url(sig);
  if (!raw || raw.length !== 64) return false;
  try {
    return cryptoVerify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw);
  } catch {
    return false;
  }
}

export type UnsignedEnvelope = Omit<ReceiptEnvelope, 'keyId' | 'alg' | 'sig'>;

/** Sets keyId and alg, clears sig, signs the canonical bytes. */
export function signEnvelope(fields: UnsignedEnvelope, signer: Signer): ReceiptEnvelope {
  const env: ReceiptEnvelope = { ...fields, keyId: signer.keyId, alg: RECEIPT_ALG };
  delete env.sig;
  env.sig = signer.sign(Buffer.from(canonicalEnvelope(env), 'utf8'));
  return env;
}

/** Signature check only (step 4 of the ladder): alg, encoding, length and ECDSA. */
export function envelopeSignatureValid(env: ReceiptEnvelope, publicKey: KeyObject): boolean {
  if (env.alg !== RECEIPT_ALG) return false;
  return verifyDetached(publicKey, Buffer.from(canonicalEnvelope(env), 'utf8'), env.sig);
}
