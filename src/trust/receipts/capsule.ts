// Receipt capsule (trust.md §3.9): a self-contained `occam://capsule/<base64url(JSON)>` carrying the signed
// envelope, optionally the markdown and leaves. The wrapper and its recipe are unsigned and advisory: they
// never influence verification. Decoding never throws.
import { base64url, decodeBase64url } from '../bytes.ts';
import { envelopeToWire, RECEIPT_ALG, type ReceiptEnvelope } from './envelope.ts';
import type { TimeAnchor } from './time-anchor.ts';

export const CAPSULE_SCHEME = 'occam://capsule/';
export const CAPSULE_MERKLE_RECIPE = 'sha256, leaf=utf8(text+\\0+source_selector), odd-dup-last';

export interface CapsuleParts {
  signed: ReceiptEnvelope;
  content?: string;
  blockLeaves?: string[];
  timeAnchor?: TimeAnchor;
}

export function encodeCapsule(parts: CapsuleParts): string {
  const payload: Record<string, unknown> = { cap: 1, kind: parts.signed.kind, signed: envelopeToWire(parts.signed) };
  if (parts.content !== undefined) payload.content = parts.content;
  if (parts.blockLeaves && parts.blockLeaves.length > 0) payload.blockLeaves = parts.blockLeaves;
  if (parts.timeAnchor) payload.timeAnchor = parts.timeAnchor;
  payload.verifyRecipe = {
    alg: RECEIPT_ALG,
    merkle: CAPSULE_MERKLE_RECIPE,
    keyAnchor: parts.signed.keyId,
    verify: 'occam verify --receipt <capsule> --pubkey <pem>',
  };
  return CAPSULE_SCHEME + base64url(Buffer.from(JSON.stringify(payload), 'utf8'));
}

export function looksLikeCapsule(text: string): boolean {
  return text.trimStart().startsWith(CAPSULE_SCHEME);
}

/** The decoded payload object (unvalidated members), or null when it is not a capsule. */
export function decodeCapsule(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(CAPSULE_SCHEME)) return null;
  const raw = decodeBase64url(trimmed.slice(CAPSULE_SCHEME.length));
  if (!raw || raw.length === 0) return null;
  try {
    const payload = JSON.parse(raw.toString('utf8')) as unknown;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const signed = (payload as Record<string, unknown>).signed;
    if (!signed || typeof signed !== 'object') return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
