// The memory budget of concurrent reads (issue 14, OCCAM_READ_MEMORY_BUDGET_MB): parsing a page costs a multiple
// of its size (DOM, extraction, Markdown, blocks). Each parse reserves that estimate before it starts and
// releases it when done; a parse that does not fit waits in FIFO order, so digest and batch degrade to queueing
// instead of to an out-of-memory kill. One parse larger than the whole budget still runs — alone.
import v8 from 'node:v8';
import { readEnv } from '../config/env.ts';
import { defineService } from '../runtime/services.ts';

/**
 * Peak RSS growth of one read, measured from /proc on synthetic article pages over MCP (Node 24): a fixed part of
 * up to about 100 MB — the young generation V8 grows to (2 × 64 MB semi-spaces) while a page-sized tree is built,
 * whatever the page — plus about 40× the page for the tree (≈ 10×), its text and the blocks: 1 MB → 87–130 MB,
 * 3 MB → 191–193 MB, 6 MB → 290–318 MB. Each parse reserves the fixed part too (concurrent parses share one young
 * generation, so this errs on the safe side) and the factor is rounded up, so that the budget bounds real peaks.
 */
export const PARSE_MEMORY_FACTOR = 44;
/** What every parse reserves on top of its factor (the fixed part above). */
export const PARSE_MEMORY_BASE = 96 * 1024 * 1024;

/**
 * The main thread's young generation stops growing once it has reached this size (both semi-spaces). A large read
 * allocates tens of MB of long-lived objects on the main thread (the parse result, wire blocks, the sectioned
 * document); V8 answers such survival rates by doubling the young generation up to its maximum (2 × 64 MB on a
 * machine with a 4 GB heap limit), and keeps it. `--max-semi-space-size` would bound it but is read only at
 * start-up; the growth factor is read at every scavenge, so the cap is applied at run time, before each parse:
 * once the young generation is at least this large it no longer grows; if V8 shrinks it below half of this (an
 * idle process), growth is allowed again.
 */
export const YOUNG_GENERATION_CAP = 16 * 1024 * 1024;
let youngGrowth = 2;

/** Applies YOUNG_GENERATION_CAP (see there); called before every parse. */
export function capYoungGeneration(): void {
  const size = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size;
  if (size === undefined) return;
  const want = size >= YOUNG_GENERATION_CAP ? 1 : size < YOUNG_GENERATION_CAP / 2 ? 2 : youngGrowth;
  if (want === youngGrowth) return;
  v8.setFlagsFromString(`--semi-space-growth-factor=${want}`);
  youngGrowth = want;
}

export class MemoryLedger {
  readonly capacity: number;
  #held = 0;
  #active = 0;
  #queue: Array<{ bytes: number; grant: (release: () => void) => void }> = [];

  constructor(capacityBytes: number) {
    this.capacity = capacityBytes;
  }

  /** Bytes reserved right now. */
  get held(): number {
    return this.#held;
  }

  /** Reserves `bytes` (waiting while they do not fit); resolves to the release function. */
  async reserve(bytes: number, signal?: AbortSignal): Promise<() => void> {
    capYoungGeneration();
    const need = Math.max(0, Math.round(bytes));
    if (this.#queue.length === 0 && this.#fits(need)) return this.#take(need);
    // The reservation is taken synchronously when granted, so the next waiter is judged against it.
    return new Promise<() => void>((resolve, reject) => {
      const entry = { bytes: need, grant: resolve };
      this.#queue.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.#queue.indexOf(entry);
          if (i >= 0) {
            this.#queue.splice(i, 1);
            reject(signal.reason);
          }
        },
        { once: true },
      );
    });
  }

  #fits(bytes: number): boolean {
    return this.#active === 0 || this.#held + bytes <= this.capacity;
  }

  #take(bytes: number): () => void {
    this.#held += bytes;
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held -= bytes;
      this.#active--;
      while (this.#queue.length && this.#fits(this.#queue[0].bytes)) {
        const next = this.#queue.shift()!;
        next.grant(this.#take(next.bytes));
      }
    };
  }
}

export const memoryLedgerService = defineService({
  id: 'read.memory-ledger',
  create: (runtime) => new MemoryLedger(readEnv<number>('OCCAM_READ_MEMORY_BUDGET_MB', runtime.env, runtime.warn) * 1024 * 1024),
});

/** The reservation one parse of `bytes` of page makes. */
export const parseReservation = (bytes: number) => PARSE_MEMORY_BASE + bytes * PARSE_MEMORY_FACTOR;
