// Offline receipt verification (trust.md §3.5): reading whatever the caller holds (receipt bundle, bare envelope
// or capsule) and walking the verdict ladder. MCP (`occam_verify`) and the CLI (`occam verify`) both call this
// and only rename/gate verdicts at their edge.
import type { KeyObject } from 'node:crypto';
import { prefixedSha256 } from '../bytes.ts';
import { decodeCapsule, looksLikeCapsule } from './capsule.ts';
import { parseEnvelope, RECEIPT_VERSION, type ReceiptEnvelope } from './envelope.ts';
import { keyIdOf, envelopeSignatureValid } from './sign.ts';
import { inspectTimeAnchor, type TimeAnchorReport } from './time-anchor.ts';

export function contentHashOf(markdown: string): string {
  return prefixedSha256(markdown);
}

/** What a verifier holds after reading its input. */
export interface ReceiptMaterial {
  envelope: ReceiptEnvelope;
  blockLeaves?: string[];
  timeAnchor?: unknown;
  /** Markdown carried by a capsule (used when the caller passes none). */
  content?: string;
  fromCapsule: boolean;
}

export type MaterialParse = { ok: true; material: ReceiptMaterial } | { ok: false; reason: string };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function fromBundle(bundle: Record<string, unknown>, fromCapsule: boolean): MaterialParse {
  const signed = isObj(bundle.signed) ? bundle.signed : bundle;
  const parsed = parseEnvelope(signed);
  if (!parsed.ok) return parsed;
  const material: ReceiptMaterial = { envelope: parsed.envelope, fromCapsule };
  if (bundle.blockLeaves !== undefined) {
    if (!Array.isArray(bundle.blockLeaves) || !bundle.blockLeaves.every((l) => typeof l === 'string')) {
      return { ok: false, reason: 'blockLeaves is not an array of hex strings' };
    }
    material.blockLeaves = bundle.blockLeaves as string[];
  }
  if (bundle.timeAnchor !== undefined && bundle.timeAnchor !== null) material.timeAnchor = bundle.timeAnchor;
  if (fromCapsule && typeof bundle.content === 'string') material.content = bundle.content;
  return { ok: true, material };
}

/**
 * Reads a receipt given as text or parsed JSON: a capsule string, a receipt bundle `{signed, blockLeaves?,
 * timeAnchor?}`, a bare envelope, or a whole read response carrying `receipt.signed`.
 */
export function readReceiptMaterial(input: unknown): MaterialParse {
  let value = input;
  if (typeof value === 'string') {
    if (looksLikeCapsule(value)) {
      const payload = decodeCapsule(value);
      return payload ? fromBundle(payload, true) : { ok: false, reason: 'capsule is not decodable' };
    }
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, reason: 'receipt is not JSON' };
    }
  }
  if (typeof value === 'string' && looksLikeCapsule(value)) return readReceiptMaterial(value);
  if (!isObj(value)) return { ok: false, reason: 'receipt is not a JSON object' };
  if (!isObj(value.signed) && isObj(value.receipt) && isObj(value.receipt.signed)) return fromBundle(value.receipt, false);
  return fromBundle(value, false);
}

export type OfflineVerdict = 'invalid_receipt' | 'wrong_key' | 'signature_invalid' | 'content_mismatch' | 'verified';

export interface OfflineResult {
  verdict: OfflineVerdict;
  signatureValid: boolean;
  contentHashMatch?: boolean;
  /** The receipt's keyId (what it claims to be signed by). */
  keyId: string;
  timeAnchor?: TimeAnchorReport;
  message?: string;
}

/**
 * The §3.5 ladder. `publicKey` null = the supplied PEM did not parse. `markdown` (or a capsule's content) is
 * checked against `contentHash` when both exist. The time anchor is reported, never gating here.
 */
export function verifyReceiptOffline(material: ReceiptMaterial, publicKey: KeyObject | null, markdown?: string | null): OfflineResult {
  const env = material.envelope;
  const keyId = env.keyId;
  if (env.sig === undefined || env.sig === '' || env.v !== RECEIPT_VERSION) {
    return { verdict: 'invalid_receipt', signatureValid: false, keyId, message: env.v !== RECEIPT_VERSION ? `unsupported receipt version ${env.v}` : 'receipt is not signed' };
  }
  if (!publicKey) return { verdict: 'invalid_receipt', signatureValid: false, keyId, message: 'public key is not a P-256 PEM' };
  const timeAnchor = inspectTimeAnchor(material.timeAnchor, env.sig);
  const withAnchor = <T extends OfflineResult>(r: T): T => (timeAnchor ? { ...r, timeAnchor } : r);
  if (keyIdOf(publicKey) !== keyId) {
    return withAnchor({ verdict: 'wrong_key', signatureValid: false, keyId, message: 'receipt was signed by another key' });
  }
  if (!envelopeSignatureValid(env, publicKey)) {
    return withAnchor({ verdict: 'signature_invalid', signatureValid: false, keyId, message: 'signature does not verify over the canonical bytes' });
  }
  const text = markdown ?? material.content;
  if (typeof text === 'string' && env.contentHash !== undefined) {
    const match = contentHashOf(text) === env.contentHash;
    if (!match) {
      return withAnchor({ verdict: 'content_mismatch', signatureValid: true, contentHashMatch: false, keyId, message: 'markdown does not hash to the signed contentHash' });
    }
    return withAnchor({ verdict: 'verified', signatureValid: true, contentHashMatch: true, keyId });
  }
  return withAnchor({ verdict: 'verified', signatureValid: true, keyId });
}
