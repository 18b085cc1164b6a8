// Large pages are parsed off the main thread (issue 14): one worker_threads Worker per page, with a small young
// generation and an old generation sized from the page, so the parse tree and the extraction's garbage live in a
// heap that is capped while it works and freed whole when the thread ends. In-process, the same parse grows the
// server's own young generation to its maximum (V8 sizes it from the machine, up to 2 × 64 MB semi-spaces) and
// leaves the old generation that much larger. Small pages stay in-process: a thread start costs more than their
// whole parse.
//
// A worker that reaches its heap limit ends with `response_too_large` (the page is too big to parse within its
// memory bound, like a body over the size cap); an aborted read (deadline, cancellation) terminates its worker and
// rejects with the signal's reason, so the caller returns its typed timeout as for any other stage.
import { Worker } from 'node:worker_threads';
import { OccamError } from '../contract/failures.ts';
import type { ExtractInput, ExtractOptions } from '../extract/index.ts';
import type { ReadExtract } from './read-extract.ts';
import { defineService } from '../runtime/services.ts';
import type { ExtractJob, ExtractReply } from './extract-worker-main.ts';

/** The built forms (npm bundle, single executable) inline the worker's own bundle here (release/bundle.ts). */
declare const OCCAM_EXTRACT_WORKER_SOURCE: string | undefined;

/**
 * Pages of at least this many characters are parsed in a worker; smaller ones in-process. A worker's start (its
 * own copy of the extractor's modules) costs 150–300 ms and about 42 MB from a source checkout (27 MB bundled):
 * on a 256 KB page that is 4.5× the in-process parse, on a 1 MB page 1.6–2.7× (bench: `read-memory`), while a
 * 1 MB page's whole read in-process grows the server by about 35 MB.
 */
export const OFF_THREAD_MIN_CHARS = 1024 * 1024;
/** The worker's young generation: small, so short-lived garbage is collected often instead of growing the heap. */
export const WORKER_YOUNG_MB = 8;
/**
 * The worker's old-generation limit, the bound of its heap: V8 lets a heap grow towards its limit before it
 * collects hard, so the limit sets the peak. One parse needs about 12× the page live at its worst (the tree, the
 * page, its visible text: a 6 MB article page fails at a 70 MB limit and passes at 80 MB; a 1 MB page fails at 16 MB
 * and passes at 24 MB), so the limit is 10× the page over a floor that covers denser markup.
 */
export const WORKER_OLD_FACTOR = 10;
export const WORKER_OLD_FLOOR_MB = 32;

const MB = 1024 * 1024;

export interface WorkerLimits {
  oldFactor: number;
  oldFloorMb: number;
}

export const workerHeapLimitMb = (chars: number, limits: WorkerLimits = { oldFactor: WORKER_OLD_FACTOR, oldFloorMb: WORKER_OLD_FLOOR_MB }): number =>
  limits.oldFloorMb + Math.ceil((chars * limits.oldFactor) / MB);

/** The live parse workers of one process; shutdown terminates them. */
export class ExtractWorkers {
  readonly #live = new Set<Worker>();
  readonly #limits: WorkerLimits;

  constructor(limits: WorkerLimits = { oldFactor: WORKER_OLD_FACTOR, oldFloorMb: WORKER_OLD_FLOOR_MB }) {
    this.#limits = limits;
  }

  /** Workers running right now. */
  get size(): number {
    return this.#live.size;
  }

  extract(input: ExtractInput, options: ExtractOptions, signal?: AbortSignal): Promise<ReadExtract> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const limitMb = workerHeapLimitMb(input.html.length, this.#limits);
    const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: limitMb };
    const worker =
      typeof OCCAM_EXTRACT_WORKER_SOURCE === 'string'
        ? new Worker(OCCAM_EXTRACT_WORKER_SOURCE, { eval: true, resourceLimits })
        : new Worker(new URL('./extract-worker-main.ts', import.meta.url), { resourceLimits });
    this.#live.add(worker);
    return new Promise<ReadExtract>((resolve, reject) => {
      let outcome: (() => void) | undefined;
      // The read goes on only once the thread has ended, so its heap is gone before the response is compiled.
      const finish = (fn: () => void) => {
        if (outcome) return;
        outcome = fn;
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
      };
      const onAbort = () => {
        // An aborted read does not wait for the thread: its caller answers now.
        finish(() => {});
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (reply: ExtractReply) =>
        finish(() => (reply.ok ? resolve(reply.result) : reject(new OccamError('extraction_failed', reply.message)))),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        finish(() =>
          reject(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new OccamError(
                  'response_too_large',
                  `The page (${(input.html.length / MB).toFixed(1)} MB) needs more memory to parse than its limit (${limitMb} MB).`,
                  { heapLimitMb: limitMb },
                )
              : new OccamError('extraction_failed', `The parse worker failed: ${err.message}`),
          ),
        ),
      );
      worker.once('exit', (code) => {
        this.#live.delete(worker);
        finish(() => reject(new OccamError('extraction_failed', `The parse worker exited (code ${code}) without a result.`)));
        outcome!();
      });
      worker.postMessage({ input, options } satisfies ExtractJob);
    });
  }

  async close(): Promise<void> {
    const workers = [...this.#live];
    this.#live.clear();
    await Promise.allSettled(workers.map((w) => w.terminate()));
  }
}

export const extractWorkersService = defineService({
  id: 'read.extract-workers',
  create: () => new ExtractWorkers(),
  dispose: (workers) => workers.close(),
});
