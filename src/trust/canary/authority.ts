// The canary authority: issues sentinels for (session, bucket) and adjudicates claims in the total order of
// trust.md §2.6. Pure apart from the injected clock; the HTTP host and MCP tools are thin shells around it.
import { timingSafeEqual } from 'node:crypto';
import { IssueLog } from './issue-log.ts';
import { validateCanaryOptions, type CanaryOptions } from './options.ts';
import { RateLimiter } from './rate-limit.ts';
import { CanarySecret } from './secret.ts';
import {
  bucketOf, isValidSessionId, MAX_SENTINEL_CHARS, normaliseClaim, sentinelFor, unixSecondsOf,
} from './sentinel.ts';

export type CanaryVerdict = 'READ_VERIFIED' | 'READ_STALE' | 'HALLUCINATED' | 'REPLAY_SUSPECT';
export const CANARY_VERDICTS: readonly CanaryVerdict[] = ['READ_VERIFIED', 'READ_STALE', 'HALLUCINATED', 'REPLAY_SUSPECT'];

/** Read evidence = READ_VERIFIED or READ_STALE; REPLAY_SUSPECT is authentic but not evidence. */
export const isReadEvidence = (v: CanaryVerdict) => v === 'READ_VERIFIED' || v === 'READ_STALE';

export interface IssueResult {
  sessionId: string;
  bucket: number;
  sentinel: string;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  /** End of the fresh window, milliseconds since the epoch. */
  expiresAt: number;
}

export interface VerifyResult {
  verdict: CanaryVerdict;
  sessionId: string;
  currentBucket: number;
  matchedBucket: number | null;
  bucketDistance: number | null;
  /** Short, non-sensitive explanation; never contains a sentinel. */
  detail: string;
}

export interface CanaryLogEvent {
  event: 'canary_issued' | 'canary_verified';
  [field: string]: unknown;
}

export interface CanaryAuthorityInit {
  options?: Partial<CanaryOptions>;
  /** Milliseconds since the epoch. */
  now: () => number;
  secret?: CanarySecret;
  log?: (event: CanaryLogEvent) => void;
}

export class CanaryAuthority {
  readonly options: CanaryOptions;
  readonly issueLog: IssueLog;
  readonly rateLimiter: RateLimiter;
  readonly #secret: CanarySecret;
  readonly #now: () => number;
  readonly #log: (event: CanaryLogEvent) => void;

  constructor(init: CanaryAuthorityInit) {
    this.options = validateCanaryOptions(init.options);
    this.#now = init.now;
    this.#secret = init.secret ?? CanarySecret.generate();
    this.#log = init.log ?? (() => {});
    this.issueLog = new IssueLog({ retentionHours: this.options.issueLogHours, capacity: this.options.issueLogCapacity, now: this.#now });
    this.rateLimiter = new RateLimiter({
      limit: this.options.rateLimit, windowSeconds: this.options.rateWindowSeconds, maxKeys: this.options.maxRateKeys, now: this.#now,
    });
  }

  currentBucket(): number {
    return bucketOf(unixSecondsOf(this.#now()), this.options.bucketSeconds);
  }

  isValidSessionId(value: unknown): value is string {
    return isValidSessionId(value, this.options.maxSessionIdLength);
  }

  /** `h1:` + 16 hex of HMAC(pepper, value); blank/absent → `none`. Raw addresses are never stored. */
  hashedClient(value: string | null | undefined): string {
    if (value == null || value.trim() === '') return 'none';
    return `h1:${this.#secret.macIdentifier(Buffer.from(value, 'utf8')).subarray(0, 8).toString('hex')}`;
  }

  sentinelFor(sessionId: string, bucket: number): string {
    return sentinelFor(this.#secret, bucket, sessionId, this.options.sentinelBytes);
  }

  #cleanUserAgent(ua: string | null | undefined): string | null {
    if (ua == null) return null;
    const cleaned = ua.slice(0, this.options.maxUserAgentLength).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
    return cleaned === '' ? null : cleaned;
  }

  /** Issues the sentinel of the current bucket and logs the issue. Throws on an invalid session id. */
  issue(sessionId: string, clientIdentifier?: string | null, userAgent?: string | null): IssueResult {
    if (!this.isValidSessionId(sessionId)) throw new RangeError('invalid canary session id');
    const now = this.#now();
    const bucket = bucketOf(unixSecondsOf(now), this.options.bucketSeconds);
    const sentinel = this.sentinelFor(sessionId, bucket);
    const bucketStart = bucket * this.options.bucketSeconds;
    const expiresAt = (bucketStart + this.options.bucketSeconds * (this.options.freshTolerance + 1)) * 1000;
    const hashedClient = this.hashedClient(clientIdentifier);
    const ua = this.#cleanUserAgent(userAgent);
    const retained = this.issueLog.append({ sessionId, bucket, hashedClient, issuedAt: now, userAgent: ua });
    this.#log({ event: 'canary_issued', session: sessionId, bucket, hashedClient, userAgent: ua, retained });
    return { sessionId, bucket, sentinel, issuedAt: now, expiresAt };
  }

  /** Adjudicates a claimed sentinel; never throws. */
  verify(sessionId: unknown, claimed: unknown): VerifyResult {
    const current = this.currentBucket();
    const sid = typeof sessionId === 'string' ? sessionId : '';
    const result = (verdict: CanaryVerdict, matched: number | null, detail: string): VerifyResult => {
      const r: VerifyResult = {
        verdict, sessionId: sid, currentBucket: current, matchedBucket: matched,
        bucketDistance: matched === null ? null : current - matched, detail,
      };
      this.#log({ event: 'canary_verified', session: sid, verdict, currentBucket: current, matchedBucket: matched, distance: r.bucketDistance });
      return r;
    };
    if (!this.isValidSessionId(sessionId)) return result('HALLUCINATED', null, 'session id is not valid');
    const claim = normaliseClaim(typeof claimed === 'string' ? claimed : '');
    if (claim === '' || claim.length > MAX_SENTINEL_CHARS) return result('HALLUCINATED', null, 'claim is empty or too long to be a sentinel');
    const claimBytes = Buffer.from(claim, 'utf8');
    const { freshTolerance, staleHorizon } = this.options;
    let matched: number | null = null;
    for (let b = current + freshTolerance; b >= current - staleHorizon; b--) {
      const expected = Buffer.from(this.sentinelFor(sessionId, b), 'utf8');
      if (expected.length === claimBytes.length && timingSafeEqual(expected, claimBytes)) {
        matched = b;
        break;
      }
    }
    if (matched === null) return result('HALLUCINATED', null, 'claim matches no sentinel of this session inside the horizon');
    const distance = current - matched;
    if (!this.issueLog.wasIssued(sessionId, matched)) {
      return result('REPLAY_SUSPECT', matched, 'authentic value, but this host has no record of serving it');
    }
    if (Math.abs(distance) <= freshTolerance) return result('READ_VERIFIED', matched, 'sentinel matches a logged issue inside the fresh window');
    return result('READ_STALE', matched, `sentinel matches a logged issue ${distance} buckets ago, outside the fresh window`);
  }

  dispose(): void {
    this.#secret.dispose();
  }
}
