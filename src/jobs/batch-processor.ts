// The background worker pool of the batch store: polls every 200 ms (and right after a submit), claims items in
// submission order and reads up to `parallel` of them at once. A read is any `ReadOne` — the service wires the real
// transcode pipeline; tests may pass their own. Stopping aborts in-flight reads and hands their items back.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { OccamError } from '../contract/failures.ts';
import { inFaultScope } from '../runtime/fault-policy.ts';
import type { BatchReadOptions } from './batch-request.ts';
import type { BatchStore, ItemOutcome, Owner } from './batch-store.ts';

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
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private lastRecovery = 0;
  private readonly recoverEveryMs: number;

  constructor(store: BatchStore, readOne: ReadOne, options: ProcessorOptions) {
    this.store = store;
    this.readOne = readOne;
    this.parallel = options.parallel;
    this.pollMs = options.pollMs ?? 200;
    this.leaseMs = options.leaseMs ?? 60_000;
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
      if (this.inFlight.size) this.store.renewLeases(this.owner, this.leaseMs).catch((err) => this.warn(`[occam.batch] lease renewal failed: ${(err as Error).message}`));
    }, Math.max(1000, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
    this.pump();
  }

  private async recover(): Promise<void> {
    this.lastRecovery = Date.now();
    const { resumed, failed } = await this.store.recover(this.owner, this.isAlive);
    if (resumed || failed) this.warn(`[occam.batch] recovered abandoned items: ${resumed} resumed, ${failed} failed after repeated interruptions`);
  }

  /** Fills free slots with claimed items. Safe to call any time (e.g. right after a submit); resolves when filled. */
  pump(): Promise<void> {
    if (this.stopped) return Promise.resolve();
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
      while (!this.stopped && this.inFlight.size < this.parallel) {
        const item = await this.store.claimNext(this.owner, this.leaseMs);
        if (!item) break;
        if (this.stopped) {
          await this.store.release(this.owner);
          break;
        }
        const key = `${item.jobId}:${item.seq}`;
        const controller = new AbortController();
        const done = Promise.resolve()
          // The item's fault scope: a fault escaping its read is logged with the item and survived (fault-policy.ts).
          .then(() => inFaultScope({ kind: 'batch-item', label: key }, () => this.readOne(item.url, item.options, controller.signal)))
          .catch(outcomeOfError)
          .then(async (outcome) => {
            if (controller.signal.aborted) return; // stopping: the claim is released, not completed
            await this.store.complete(this.owner, item.jobId, item.seq, outcome);
          })
          .catch((err) => this.warn(`[occam.batch] could not record ${key}: ${(err as Error).message}`))
          .finally(() => {
            this.inFlight.delete(key);
            if (!this.stopped) void this.pump();
          });
        this.inFlight.set(key, { controller, done });
      }
    } catch (err) {
      this.warn(`[occam.batch] store error: ${(err as Error).message}`);
    }
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
