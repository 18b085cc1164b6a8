// The issue log (trust.md §2.7): FIFO of issue records plus a multiset index (session, bucket) → count, pruned
// by age before every read/append and by capacity after every append. It never holds a sentinel or a raw
// client address.

export interface IssueRecord {
  sessionId: string;
  bucket: number;
  hashedClient: string;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  userAgent: string | null;
}

export class IssueLog {
  readonly #records: IssueRecord[] = [];
  #head = 0;
  readonly #index = new Map<string, number>();
  readonly #retentionMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(opts: { retentionHours: number; capacity: number; now: () => number }) {
    this.#retentionMs = opts.retentionHours * 3_600_000;
    this.#capacity = opts.capacity;
    this.#now = opts.now;
  }

  static #key(sessionId: string, bucket: number): string {
    return `${bucket}|${sessionId}`;
  }

  get size(): number {
    return this.#records.length - this.#head;
  }

  #dropOldest(): void {
    const r = this.#records[this.#head];
    this.#records[this.#head] = undefined as unknown as IssueRecord;
    this.#head++;
    const key = IssueLog.#key(r.sessionId, r.bucket);
    const n = (this.#index.get(key) ?? 1) - 1;
    if (n <= 0) this.#index.delete(key);
    else this.#index.set(key, n);
    // Compact the array once the consumed prefix dominates, keeping appends amortised O(1).
    if (this.#head > 1024 && this.#head * 2 > this.#records.length) {
      this.#records.splice(0, this.#head);
      this.#head = 0;
    }
  }

  #prune(): void {
    const cutoff = this.#now() - this.#retentionMs;
    while (this.size > 0 && this.#records[this.#head].issuedAt < cutoff) this.#dropOldest();
  }

  append(record: IssueRecord): number {
    this.#prune();
    this.#records.push(record);
    const key = IssueLog.#key(record.sessionId, record.bucket);
    this.#index.set(key, (this.#index.get(key) ?? 0) + 1);
    while (this.size > this.#capacity) this.#dropOldest();
    return this.size;
  }

  wasIssued(sessionId: string, bucket: number): boolean {
    if (!sessionId) return false;
    this.#prune();
    return this.#index.has(IssueLog.#key(sessionId, bucket));
  }

  /** Oldest first, for diagnostics. */
  snapshot(): IssueRecord[] {
    this.#prune();
    return this.#records.slice(this.#head).map((r) => ({ ...r }));
  }
}
