// The exam result cache (exam.md §6): graded results keyed by {clientInfo, modelHint, sessionId}, bounded by a
// TTL and a capacity — the in-process backend of saved exam state (src/store/exam-grades.ts wraps it). Eviction is by first-insertion order, not LRU: LRU would keep a busy long-lived session
// pinned forever and defeat the TTL. The clock is injected; tests never sleep.
import { defaultResult, subjectKey, type ExamResult, type ExamSubject } from './exam-records.ts';

export const EXAM_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const EXAM_CACHE_CAPACITY = 1024;

export interface ExamCacheOptions {
  ttlMs?: number;
  capacity?: number;
  now: () => number;
}

interface Entry {
  result: ExamResult;
  expiresAt: number;
}

export class ExamResultCache {
  readonly ttlMs: number;
  readonly capacity: number;
  private readonly now: () => number;
  // A Map iterates in first-insertion order, and re-setting an existing key keeps its position:
  // exactly the eviction order the spec asks for.
  private readonly entries = new Map<string, Entry>();

  constructor(opts: ExamCacheOptions) {
    const ttl = opts.ttlMs ?? EXAM_CACHE_TTL_MS;
    const capacity = opts.capacity ?? EXAM_CACHE_CAPACITY;
    if (!(ttl > 0) || !Number.isFinite(ttl)) throw new RangeError(`exam cache TTL must be positive, got ${ttl}`);
    if (!(capacity > 0) || !Number.isInteger(capacity)) throw new RangeError(`exam cache capacity must be a positive integer, got ${capacity}`);
    this.ttlMs = ttl;
    this.capacity = capacity;
    this.now = opts.now;
  }

  /** Full scan: once entries are re-stored, insertion order is not expiry order. */
  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now >= entry.expiresAt) this.entries.delete(key);
    }
  }

  /** Stores (or replaces, restarting its TTL without moving it in eviction order) a subject's result. */
  store(subject: ExamSubject, result: ExamResult): void {
    const now = this.now();
    this.sweep(now);
    this.entries.set(subjectKey(subject), { result, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** The live result, or null. An entry is live while now < expiresAt (at exactly the TTL it is gone). */
  get(subject: ExamSubject): ExamResult | null {
    const key = subjectKey(subject);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return null;
    }
    return entry.result;
  }

  /** The live result, or the never-sat default (medium, source `default`) — reporting only, never applied. */
  getOrDefault(subject: ExamSubject): ExamResult {
    return this.get(subject) ?? defaultResult();
  }

  get count(): number {
    this.sweep(this.now());
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
