// Sentinel construction (trust.md §2.2–2.4): floor time buckets, the framed MAC input, base64url tags, the
// session-id charset and the claim normalisation verifiers apply before comparing.
import { randomBytes } from 'node:crypto';
import type { CanarySecret } from './secret.ts';

export const CANARY_PROTOCOL = 'occam-canary-v1';
/** Longest possible sentinel: 32 tag bytes in unpadded base64url. */
export const MAX_SENTINEL_CHARS = 43;

/** `floor(unixSeconds / width)`, floor semantics for negative instants. */
export function bucketOf(unixSeconds: number, bucketSeconds: number): number {
  return Math.floor(unixSeconds / bucketSeconds);
}

/** Integer seconds of a millisecond clock reading (floor, also for negative instants). */
export const unixSecondsOf = (ms: number) => Math.floor(ms / 1000);

/** ASCII(label) ‖ 0x00 ‖ int64_be(bucket) ‖ int32_be(len(utf8 session)) ‖ utf8(session). */
export function macInput(bucket: number, sessionId: string): Buffer {
  const label = Buffer.from(CANARY_PROTOCOL, 'ascii');
  const session = Buffer.from(sessionId, 'utf8');
  const fixed = Buffer.alloc(1 + 8 + 4);
  fixed.writeUInt8(0, 0);
  fixed.writeBigInt64BE(BigInt(bucket), 1);
  fixed.writeInt32BE(session.length, 9);
  return Buffer.concat([label, fixed, session]);
}

export function sentinelFor(secret: CanarySecret, bucket: number, sessionId: string, sentinelBytes: number): string {
  return secret.macSentinel(macInput(bucket, sessionId)).subarray(0, sentinelBytes).toString('base64url');
}

const SESSION_CHARSET = /^[A-Za-z0-9._-]+$/;

export function isValidSessionId(value: unknown, maxLength = 128): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= maxLength && SESSION_CHARSET.test(value);
}

/** 16 random bytes → 22 base64url chars (128 bits). */
export function generateSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Trim; strip runs of leading/trailing quotes and backticks; trim again. Never case-folds. */
export function normaliseClaim(claim: string): string {
  return claim.trim().replace(/^["'`]+/, '').replace(/["'`]+$/, '').trim();
}
