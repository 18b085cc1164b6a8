// The published canary vectors (trust.md §2.14) and the vector file format of `occam canary vectors`.
import { CanarySecret, SENTINEL_MAC_INFO } from './secret.ts';
import { CANARY_PROTOCOL, sentinelFor } from './sentinel.ts';

/** Public, non-production root key: bytes 0..31. */
export const VECTOR_ROOT_KEY_HEX = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

export interface CanaryVector {
  sessionId: string;
  bucket: number;
  sentinelBytes: number;
  sentinel: string;
}

export const CANARY_VECTORS: readonly CanaryVector[] = [
  { sessionId: 'vector-session', bucket: 0, sentinelBytes: 32, sentinel: 'mENHHl1pbVogGlYUtGkyvSXzZosi-jQiJ6kpN5jmQhw' },
  { sessionId: 'vector-session', bucket: 1, sentinelBytes: 32, sentinel: 'SsRmlFHeM5mZGPJA1fCiBHvd7p2aMN21ofVstQL8v8U' },
  { sessionId: 'vector-session', bucket: -1, sentinelBytes: 32, sentinel: 'sNlf-meFmnSUFKgsEiQacMFf8GE_1_EN3QeKhgfOZv4' },
  { sessionId: 'vector-session', bucket: 6_000_000, sentinelBytes: 32, sentinel: 'e-jPUfHCPr-WmQWy1B82PSpluyQtPPL5BnKqYvb3PKY' },
  { sessionId: 'vector-session', bucket: 6_000_000, sentinelBytes: 16, sentinel: 'e-jPUfHCPr-WmQWy1B82PQ' },
  { sessionId: 'a', bucket: 0, sentinelBytes: 32, sentinel: 'PWtR1dbF8dK1vJTcq4_j-fI9pLrhRomuL_vtTRtG-JI' },
  { sessionId: 'session.with_dots-and-dashes', bucket: 123_456, sentinelBytes: 32, sentinel: '7Z11tKy2enm5zVuXj-b2dhaSqJZw97YjI68YKQfDpfM' },
  { sessionId: 'z'.repeat(128), bucket: 999, sentinelBytes: 32, sentinel: 'R5yMvhQ1aYzyA5uPed-xRRFqRIIxsqwIs2JvHf0Ft-s' },
];

/** SHA-256 of the emitted vector file (1658 bytes). */
export const VECTOR_FILE_SHA256 = 'd0cc1b15096451f9c63d9c53d428f7b3f468800f3ac8e5cddbdbb838da0e50b5';

export function vectorSecret(): CanarySecret {
  return CanarySecret.fromRootKeyForTests(Buffer.from(VECTOR_ROOT_KEY_HEX, 'hex'));
}

/** The vector file text, derived (not copied) from the algorithm: `JSON.stringify(obj, null, 2) + "\n"`. */
export function emitVectorFile(): string {
  const secret = vectorSecret();
  try {
    const vectors = CANARY_VECTORS.map((v) => ({
      sessionId: v.sessionId, bucket: v.bucket, sentinelBytes: v.sentinelBytes,
      sentinel: sentinelFor(secret, v.bucket, v.sessionId, v.sentinelBytes),
    }));
    const file = {
      protocol: CANARY_PROTOCOL,
      domainLabel: CANARY_PROTOCOL,
      sentinelKeyInfo: SENTINEL_MAC_INFO,
      rootKeyHex: VECTOR_ROOT_KEY_HEX,
      encoding: 'base64url-unpadded',
      vectors,
    };
    return `${JSON.stringify(file, null, 2)}\n`;
  } finally {
    secret.dispose();
  }
}

export type VectorCheck =
  | { status: 'ok'; checked: number }
  | { status: 'mismatch'; checked: number; mismatches: number; reason?: string };

/** Re-derives every vector of a vector file's text (under its own rootKeyHex). */
export function checkVectorFile(text: string): VectorCheck {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { status: 'mismatch', checked: 0, mismatches: 1, reason: 'not JSON' };
  }
  if (!doc || typeof doc !== 'object' || doc.protocol !== CANARY_PROTOCOL) {
    return { status: 'mismatch', checked: 0, mismatches: 1, reason: 'protocol mismatch' };
  }
  if (typeof doc.rootKeyHex !== 'string' || !/^[0-9a-f]{64}$/i.test(doc.rootKeyHex) || !Array.isArray(doc.vectors)) {
    return { status: 'mismatch', checked: 0, mismatches: 1, reason: 'rootKeyHex or vectors missing' };
  }
  const secret = CanarySecret.fromRootKeyForTests(Buffer.from(doc.rootKeyHex, 'hex'));
  try {
    let mismatches = 0;
    for (const v of doc.vectors as Array<Record<string, unknown>>) {
      const ok =
        v && typeof v.sessionId === 'string' && Number.isSafeInteger(v.bucket) && Number.isInteger(v.sentinelBytes) &&
        (v.sentinelBytes as number) >= 16 && (v.sentinelBytes as number) <= 32 &&
        sentinelFor(secret, v.bucket as number, v.sessionId, v.sentinelBytes as number) === v.sentinel;
      if (!ok) mismatches++;
    }
    const checked = (doc.vectors as unknown[]).length;
    return mismatches === 0 ? { status: 'ok', checked } : { status: 'mismatch', checked, mismatches };
  } finally {
    secret.dispose();
  }
}
