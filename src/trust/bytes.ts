// Byte-level helpers shared by the trust layer: SHA-256 in the two published renderings, strict base64url,
// strict lowercase hex. Decoders return null instead of throwing or silently skipping characters.
import { hash } from 'node:crypto';

/** One-shot SHA-256 (strings as UTF-8; `crypto.hash` avoids a Hash object per call, which dominates Merkle trees). */
export function sha256(data: string | Uint8Array): Buffer {
  return hash('sha256', data, 'buffer');
}

export function sha256Hex(data: string | Uint8Array): string {
  return sha256(data).toString('hex');
}

/** The `sha256:<lowerhex>` form used for content hashes, Merkle roots, chain links and manifest roots. */
export function prefixedSha256(data: string | Uint8Array): string {
  return `sha256:${sha256Hex(data)}`;
}

export function base64url(buf: Uint8Array): string {
  return Buffer.from(buf).toString('base64url');
}

/**
 * RFC 4648 §5 without padding. Node's decoder silently skips invalid characters, so the alphabet is checked
 * first; a length of 1 mod 4 cannot come from whole bytes and is refused too.
 */
export function decodeBase64url(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text, 'base64url');
}

/** 32-byte digest from 64 hex chars (either case), else null. */
export function digestFromHex(text: unknown): Buffer | null {
  if (typeof text !== 'string' || !/^[0-9a-fA-F]{64}$/.test(text)) return null;
  return Buffer.from(text, 'hex');
}
