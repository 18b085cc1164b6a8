// Playbook signatures (playbooks.md §5): integrity relative to the local key only — never authorship, origin
// or quality. v1 (verify-only) signs utf8(contentHash); v2 (every new save) signs a prefixed canonical assertion
// that also covers signedAt and the verify snapshot.
import type { KeyObject } from 'node:crypto';
import { prefixedSha256 } from '../trust/bytes.ts';
import { RECEIPT_ALG } from '../trust/receipts/envelope.ts';
import { keyIdOf, verifyDetached, type Signer } from '../trust/receipts/sign.ts';
import { isRecord } from './schema.ts';

export const SIG_V1 = 'playbook-sig-v1';
export const SIG_V2 = 'playbook-sig-v2';
const V2_PREFIX = Buffer.from('occam-playbook-sig-v2\n', 'ascii');

/** Keys sorted by UTF-16 code unit order, recursively; arrays in order; no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `sha256:` over the canonical playbook without its top-level `provenance`. */
export function contentHashOf(doc: Record<string, unknown>): string {
  const { provenance: _omit, ...body } = doc;
  return prefixedSha256(canonicalJson(body));
}

export interface VerifySnapshot {
  score?: number;
  passesGate: boolean;
  noiseLeakage?: number;
}

/** `YYYY-MM-DDTHH:MM:SSZ`. */
export const signedAtOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function v2Bytes(a: { alg: string; keyId: string; contentHash: string; signedAt: string; verify: unknown }): Buffer {
  const assertion = { v: 2, alg: a.alg, keyId: a.keyId, contentHash: a.contentHash, signedAt: a.signedAt, verify: a.verify };
  return Buffer.concat([V2_PREFIX, Buffer.from(canonicalJson(assertion), 'utf8')]);
}

/** A v2 provenance block for `doc` (its own provenance is ignored). */
export function signPlaybook(doc: Record<string, unknown>, signer: Signer, nowMs: number, verify: VerifySnapshot) {
  const contentHash = contentHashOf(doc);
  const signedAt = signedAtOf(nowMs);
  const snapshot: Record<string, unknown> = {};
  if (verify.score !== undefined) snapshot.score = verify.score;
  snapshot.passesGate = verify.passesGate;
  if (verify.noiseLeakage !== undefined) snapshot.noiseLeakage = verify.noiseLeakage;
  const signature = signer.sign(v2Bytes({ alg: RECEIPT_ALG, keyId: signer.keyId, contentHash, signedAt, verify: snapshot }));
  return { sigScheme: SIG_V2, keyId: signer.keyId, alg: RECEIPT_ALG, contentHash, signature, signedAt, verify: snapshot };
}

/** The legacy v1 form (tests and interop fixtures only; saves never emit it). */
export function signPlaybookV1(doc: Record<string, unknown>, signer: Signer, verify: VerifySnapshot) {
  const contentHash = contentHashOf(doc);
  return { keyId: signer.keyId, alg: RECEIPT_ALG, contentHash, signature: signer.sign(Buffer.from(contentHash, 'utf8')), verify };
}

/**
 * `unverified`: a valid signature of this install's key over a draft saved without its dry run (`verify:false`, the
 * signed snapshot says passesGate false) — authentic, but nobody checked that it reads well (issue 30).
 */
export type SignatureStatus = 'unsigned' | 'unsupported_version' | 'verified' | 'unverified' | 'key_mismatch' | 'invalid' | 'wrong_key';

export interface SignatureInspection {
  present: boolean;
  status: SignatureStatus;
  keyId?: string;
  score?: number;
  passesGate?: boolean;
  sigVersion?: 1 | 2;
}

/** §5 inspect verdicts, against the local public key. Strict dispatch on sigScheme. */
export function inspectSignature(doc: unknown, localKey: KeyObject): SignatureInspection {
  const prov = isRecord(doc) ? doc.provenance : undefined;
  if (!isRecord(doc) || !isRecord(prov) || typeof prov.signature !== 'string' || prov.signature === '') {
    return { present: false, status: 'unsigned' };
  }
  const scheme = prov.sigScheme;
  const sigVersion = scheme === undefined || scheme === SIG_V1 ? 1 : scheme === SIG_V2 ? 2 : null;
  const claimedKeyId = typeof prov.keyId === 'string' ? prov.keyId : undefined;
  const verify = isRecord(prov.verify) ? prov.verify : {};
  const echo = {
    ...(claimedKeyId ? { keyId: claimedKeyId } : {}),
    ...(typeof verify.score === 'number' ? { score: verify.score } : {}),
    ...(typeof verify.passesGate === 'boolean' ? { passesGate: verify.passesGate } : {}),
  };
  if (sigVersion === null) return { present: true, status: 'unsupported_version', ...echo };
  const recomputed = contentHashOf(doc);
  let valid = prov.contentHash === recomputed;
  if (valid && sigVersion === 1) {
    valid = verifyDetached(localKey, Buffer.from(recomputed, 'utf8'), prov.signature);
  } else if (valid) {
    const bytes = v2Bytes({
      alg: typeof prov.alg === 'string' ? prov.alg : '',
      keyId: claimedKeyId ?? '',
      contentHash: recomputed,
      signedAt: typeof prov.signedAt === 'string' ? prov.signedAt : '',
      verify: isRecord(prov.verify) ? prov.verify : null,
    });
    valid = prov.alg === RECEIPT_ALG && verifyDetached(localKey, bytes, prov.signature);
  }
  const same = claimedKeyId === keyIdOf(localKey);
  const status: SignatureStatus = valid ? (same ? (verify.passesGate === false ? 'unverified' : 'verified') : 'key_mismatch') : same ? 'invalid' : 'wrong_key';
  return { present: true, status, ...echo, sigVersion };
}
