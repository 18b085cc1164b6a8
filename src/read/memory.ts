// The memory budget of concurrent reads (issue 14, OCCAM_READ_MEMORY_BUDGET_MB): parsing a page costs a multiple
// of its size (DOM, extraction, Markdown, blocks). Each parse reserves that estimate before it starts and
// releases it when done; a parse that does not fit waits in FIFO order, so digest and batch degrade to queueing
// instead of to an out-of-memory kill. One parse larger than the whole budget still runs — alone.
import { readEnv } from '../config/env.ts';
import { defineService } from '../runtime/services.ts';
import { stopYoungGenerationGrowth } from '../runtime/young-generation.ts';
import { OFF_THREAD_MIN_CHARS, WORKER_YOUNG_MB, workerHeapLimitMb } from './extract-worker.ts';

const MB = 1024 * 1024;

/**
 * Peak RSS growth of one read, measured from /proc on synthetic article pages over MCP (`occam mcp`, Node 24, first
 * large read of a fresh process whose spare parse worker is up; `npm run bench -- read-memory`): 6 MB → 70–97 MB
 * (12–17×) from a source checkout, 94–102 MB (16–18×) bundled; the same read again 6–14× (once 20×); 3 MB → 22–26 MB
 * from source, 51–70 MB bundled; 1.2 MB bundled → 28–44 MB (a fixed part of about 12 MB in the worker weighs more);
 * 1 MB (parsed in-process) → 19–33 MB. Of a bundled 6 MB read: 12–27 MB on the main thread for the
 * fetched body, its text and the socket's chunks, and 85–95 MB for the worker's heap and the decoded page (about 60
 * MB live at its peak: the tree, the page, its visible text) and its serialised extract. Without the spare the
 * worker's start comes on top (17 MB bundled, 40 MB from source); before issue 14's worker, 290–318 MB.
 * A page parsed in a worker reserves a worker's start (a concurrent parse does not get the spare), its heap limit and
 * young generation, and a share of the page for the body and the result on the main thread; a page parsed
 * in-process a fixed part (the young generation's share) and a factor of the page. Both are rounded up so
 * that the budget bounds real peaks.
 */
export const WORKER_START_RESERVE = 48 * MB;
export const WORKER_PAGE_FACTOR = 6;
export const PARSE_MEMORY_FACTOR = 40;
/** What every in-process parse reserves on top of its factor (the fixed part above). */
export const PARSE_MEMORY_BASE = 32 * MB;

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
    stopYoungGenerationGrowth();
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

/**
 * The reservation one parse of `bytes` of page makes (page bytes stand for its characters: close for HTML). A
 * long-lived host parses pages from SERVING_OFF_THREAD_MIN_CHARS in its kept worker; below OFF_THREAD_MIN_CHARS they
 * still reserve the in-process estimate, about that worker's heap limit and young generation at those sizes.
 */
export const parseReservation = (bytes: number): number =>
  bytes >= OFF_THREAD_MIN_CHARS
    ? WORKER_START_RESERVE + (workerHeapLimitMb(bytes) + WORKER_YOUNG_MB) * MB + bytes * WORKER_PAGE_FACTOR
    : PARSE_MEMORY_BASE + bytes * PARSE_MEMORY_FACTOR;
