// The background worker pool of the batch store: polls every 200 ms (and right after a submit), claims items in
// submission order and reads up to `parallel` of them at once. A read is any `ReadOne` — the service wires the real
// transcode pipeline; tests may pass their own. Stopping aborts in-flight reads and hands their items back.
//
// Self-healing after a store outage (a database restart, a partition): a result that cannot be recorded is retried
// with backoff for up to one lease; then the claim is handed back, and if even that fails it is no longer renewed,
// so its lease runs out and the next recovery sweep — of any worker, this one included — puts it back in the queue.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { OccamError } from '../contract/failures.ts';
import { countBatchClaim, countLeaseExpiries, observeBatchRead } from '../runtime/metrics.ts';
import { inFaultScope } from '../runtime/fault-policy.ts';
import type { BatchReadOptions } from './batch-request.ts';
import type { BatchStore, ClaimRef, ItemOutcome, Owner } from './batch-store.ts';

export type ReadOne = (url: string, options: BatchReadOptions, signal: AbortSignal) => Promise<ItemOutcome>;

export interface ProcessorOptions {
  parallel: number;
  pollMs?: number;
  leaseMs?: number;
  /** One diagnostic line (stderr). */
  warn?: (line: string) => void;
  /** Whether a pid on this host is alive (injected for tests). */
  isAlive?: (pid: number) => boolean;
}

/** The lease of a claim unless the service sets another (OCCAM_BATCH_LEASE_MS). */
export const DEFAULT_LEASE_MS = 60_000;
/** First wait before recording a result again; doubles per try up to RECORD_RETRY_MAX_MS. */
export const RECORD_RETRY_FIRST_MS = 250;
export const RECORD_RETRY_MAX_MS = 5_000;
/** During an outage the poll loop fails every 200 ms: one line per this interval is enough to see it. */
export const STORE_ERROR_LOG_EVERY_MS = 5_000;

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

export function newOwner(): Owner {
  return { token: randomBytes(8).toString('hex'), host: hostname(), pid: process.pid };
}

/** Unexpected errors become `transcode_failed`; taxonomy errors keep their code (playbooks.md §13.1). */
export function outcomeOfError(err: unknown): ItemOutcome {
  if (err instanceof OccamError) return { ok: false, markdown: null, backend: null, tokensEstimated: null, failure: { code: err.code, message: err.message } };
  const message = err instanceof Error ? err.message : String(err);
  return { ok: false, markdown: null, backend: null, tokensEstimated: null, failure: { code: 'transcode_failed', message } };
}

export class BatchProcessor {
  readonly owner: Owner = newOwner();
  private readonly store: BatchStore;
  private readonly readOne: ReadOne;
  private readonly parallel: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly warn: (line: string) => void;
  private readonly isAlive: (pid: number) => boolean;
  private readonly inFlight = new Map<string, { claim: ClaimRef; controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Draining: nothing more is claimed; reads in flight finish and are recorded. */
  private draining = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private lastRecovery = 0;
  private lastStoreErrorLog = 0;
  private readonly recoverEveryMs: number;

  constructor(store: BatchStore, readOne: ReadOne, options: ProcessorOptions) {
    this.store = store;
    this.readOne = readOne;
    this.parallel = options.parallel;
    this.pollMs = options.pollMs ?? 200;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    // Often enough that a dead neighbour's claims on this host come back within seconds; expired leases of other
    // hosts are caught on the same sweep.
    this.recoverEveryMs = Math.min(this.leaseMs / 2, 5_000);
    this.warn = options.warn ?? (() => {});
    this.isAlive = options.isAlive ?? processAlive;
  }

  get active(): number {
    return this.inFlight.size;
  }

  start(): void {
    this.timer = setInterval(() => this.pump(), this.pollMs);
    this.timer.unref();
    this.renewTimer = setInterval(() => {
      if (this.inFlight.size) this.store.renewLeases(this.owner, this.leaseMs, this.working()).catch((err) => this.warn(`[occam.batch] lease renewal failed: ${(err as Error).message}`));
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    this.pump();
  }

  /** The claims this worker is still reading or recording. */
  private working(): ClaimRef[] {
    return [...this.inFlight.values()].map((r) => r.claim);
  }

  private async recover(): Promise<void> {
    this.lastRecovery = Date.now();
    const { resumed, failed } = await this.store.recover(this.owner, this.isAlive, this.working());
    countLeaseExpiries(resumed + failed);
    if (resumed || failed) this.warn(`[occam.batch] recovered abandoned items: ${resumed} resumed, ${failed} failed after repeated interruptions`);
  }

  /** Fills free slots with claimed items. Safe to call any time (e.g. right after a submit); resolves when filled. */
  pump(): Promise<void> {
    if (this.stopped || this.draining) return Promise.resolve();
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = this.fill().finally(() => {
      this.pumping = null;
      if (this.pumpAgain && !this.stopped) {
        this.pumpAgain = false;
        void this.pump();
      }
    });
    return this.pumping;
  }

  private async fill(): Promise<void> {
    try {
      // Claims left behind by dead processes (this host) or expired leases (any host) come back to pending.
      if (this.lastRecovery === 0 || Date.now() - this.lastRecovery > this.recoverEveryMs) await this.recover();
      while (!this.stopped && !this.draining && this.inFlight.size < this.parallel) {
        const item = await this.store.claimNext(this.owner, this.leaseMs);
        if (!item) break;
        if (this.stopped) {
          await this.store.release(this.owner);
          break;
        }
        const key = `${item.jobId}:${item.seq}`;
        const claim: ClaimRef = { jobId: item.jobId, seq: item.seq };
        const controller = new AbortController();
        countBatchClaim();
        const readStarted = Date.now();
        const done = Promise.resolve()
          // The item's fault scope: a fault escaping its read is logged with the item and survived (fault-policy.ts).
          .then(() => inFaultScope({ kind: 'batch-item', label: key }, () => this.readOne(item.url, item.options, controller.signal)))
          .catch(outcomeOfError)
          .then(async (outcome) => {
            observeBatchRead(readStarted, outcome);
            if (controller.signal.aborted) return; // stopping: the claim is released, not completed
            await this.record(claim, key, outcome, controller.signal);
          })
          .finally(() => {
            this.inFlight.delete(key);
            if (!this.stopped) void this.pump();
          });
        this.inFlight.set(key, { claim, controller, done });
      }
    } catch (err) {
      if (Date.now() - this.lastStoreErrorLog >= STORE_ERROR_LOG_EVERY_MS) {
        this.lastStoreErrorLog = Date.now();
        this.warn(`[occam.batch] store error (retrying every ${this.pollMs} ms): ${(err as Error).message}`);
      }
    }
  }

  /**
   * Records an outcome, retrying with backoff for up to one lease while the store is unreachable (the claim stays
   * in flight meanwhile, so its lease is renewed whenever the store answers). A store that answered "not yours"
   * (the lease ran out and another worker took the item) is final: that worker records it.
   */
  private async record(claim: ClaimRef, key: string, outcome: ItemOutcome, signal: AbortSignal): Promise<void> {
    const giveUpAt = Date.now() + this.leaseMs;
    let wait = RECORD_RETRY_FIRST_MS;
    for (;;) {
      try {
        await this.store.complete(this.owner, claim.jobId, claim.seq, outcome);
        return;
      } catch (err) {
        if (signal.aborted || this.stopped || Date.now() + wait > giveUpAt) {
          this.warn(`[occam.batch] could not record ${key}, handing the claim back: ${(err as Error).message}`);
          break;
        }
        this.warn(`[occam.batch] could not record ${key}, retrying in ${wait} ms: ${(err as Error).message}`);
        await sleep(wait);
        wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS);
      }
    }
    try {
      await this.store.releaseClaim(this.owner, claim);
    } catch (err) {
      // Not renewed from now on: the lease runs out and a recovery sweep (ours included) re-queues the item.
      this.warn(`[occam.batch] could not hand ${key} back; it returns when its lease expires: ${(err as Error).message}`);
    }
  }

  /**
   * Graceful stop: claims nothing more, lets the reads in flight finish and record for up to `graceMs`, then stops
   * (what is still running is aborted and handed back).
   */
  async drain(graceMs: number): Promise<void> {
    this.draining = true;
    const running = [...this.inFlight.values()].map((r) => r.done);
    if (running.length) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(running), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    }
    await this.stop();
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    const running = [...this.inFlight.values()];
    for (const r of running) r.controller.abort();
    await Promise.allSettled(running.map((r) => r.done));
    if (this.pumping) await this.pumping;
    try {
      await this.store.release(this.owner);
    } catch {
      // the store may already be closed; the next start recovers the claims
    }
  }
}
