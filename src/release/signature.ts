// The release signature: ECDSA P-256 over SHA-256 of SHA256SUMS, DER-encoded. This is a different artifact from
// receipts (which are IEEE P1363 by contract, trust.md §3.4): release signatures must be checkable with stock
// `openssl dgst -sha256 -verify` in the bootstrap script, and openssl speaks DER. Key ids use the receipt
// scheme (`k1:` + 16 hex of SHA-256 over the SPKI DER) so one fingerprint format exists.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { keyIdOf, parsePublicKeyPem, publicKeyPemOf } from '../trust/receipts/sign.ts';

export { keyIdOf, parsePublicKeyPem, publicKeyPemOf };

export interface ReleaseSigner {
  keyId: string;
  publicKeyPem: string;
  /** True when the key was generated for this build only (local/test builds). */
  ephemeral: boolean;
  sign: (data: Uint8Array) => Buffer;
}

function signerOf(privateKey: KeyObject, ephemeral: boolean): ReleaseSigner {
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('the release signing key must be an ECDSA P-256 private key (PKCS#8 or SEC1 PEM)');
  }
  const publicKey = createPublicKey(privateKey);
  return {
    keyId: keyIdOf(publicKey),
    publicKeyPem: publicKeyPemOf(publicKey),
    ephemeral,
    sign: (data) => sign('sha256', data, { key: privateKey, dsaEncoding: 'der' }),
  };
}

export function releaseSignerFromPem(pem: string): ReleaseSigner {
  return signerOf(createPrivateKey({ key: pem, format: 'pem' }), false);
}

/** A throwaway key for local and test builds; its private half never leaves this process. */
export function ephemeralReleaseSigner(): ReleaseSigner {
  return signerOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, true);
}

/** True iff `signature` is a DER ECDSA signature by `publicKey` over `data`. */
export function releaseSignatureValid(publicKey: KeyObject, data: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}
