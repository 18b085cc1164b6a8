// Fixed-window rate limiter for the probe host (trust.md §2.8). The number of tracked keys is capped: when
// full, expired windows go first, then the oldest half by window start.

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  startedAt: number;
  used: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(opts: { limit: number; windowSeconds: number; maxKeys: number; now: () => number }) {
    this.#limit = opts.limit;
    this.#windowMs = opts.windowSeconds * 1000;
    this.#maxKeys = opts.maxKeys;
    this.#now = opts.now;
  }

  get trackedKeys(): number {
    return this.#windows.size;
  }

  hit(key: string): RateDecision {
    const now = this.#now();
    const w = this.#windows.get(key);
    if (w && w.startedAt + this.#windowMs > now) {
      if (w.used >= this.#limit) return { allowed: false, retryAfterSeconds: (w.startedAt + this.#windowMs - now) / 1000 };
      w.used++;
      return { allowed: true };
    }
    if (!w && this.#windows.size >= this.#maxKeys) this.#evict(now);
    this.#windows.set(key, { startedAt: now, used: 1 });
    return { allowed: true };
  }

  #evict(now: number): void {
    for (const [k, w] of this.#windows) if (w.startedAt + this.#windowMs <= now) this.#windows.delete(k);
    if (this.#windows.size < this.#maxKeys) return;
    const byAge = [...this.#windows.entries()].sort((a, b) => a[1].startedAt - b[1].startedAt);
    const drop = Math.max(1, Math.floor(byAge.length / 2));
    for (let i = 0; i < drop; i++) this.#windows.delete(byAge[i][0]);
  }
}
