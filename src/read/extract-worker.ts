// Large pages are parsed off the main thread (issue 14): one worker_threads Worker per page, with a small young
// generation and an old generation sized from the page, so the parse tree and the extraction's garbage live in a
// heap that is capped while it works and freed whole when the thread ends. In-process, the same parse grows the
// server's own young generation to its maximum (V8 sizes it from the machine, up to 2 × 64 MB semi-spaces) and
// leaves the old generation that much larger. Small pages stay in-process: a thread start costs more than their
// whole parse. A long-lived host keeps one worker started ahead of need (keepSpare), so a read does not pay the
// thread's start; the page goes to the worker as its bytes and the extract comes back as one buffer, both moved.
//
// A worker that reaches its heap limit ends with `response_too_large` (the page is too big to parse within its
// memory bound, like a body over the size cap); an aborted read (deadline, cancellation) terminates its worker and
// rejects with the signal's reason, so the caller returns its typed timeout as for any other stage.
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { readEnv } from '../config/env.ts';
import { OccamError } from '../contract/failures.ts';
import type { ExtractInput, ExtractOptions } from '../extract/index.ts';
import type { ReadExtract } from './read-extract.ts';
import { defineService } from '../runtime/services.ts';
import type { ExtractJob, ExtractReply } from './extract-worker-main.ts';

/** The built forms (npm bundle, single executable) inline the worker's own bundle here (release/bundle.ts). */
declare const OCCAM_EXTRACT_WORKER_SOURCE: string | undefined;

/**
 * Pages of at least this many characters are parsed in a worker; smaller ones in-process. A worker's start (its
 * own copy of the extractor's modules) costs 150–300 ms and about 40 MB from a source checkout (17 MB bundled):
 * on a 256 KB page that is 4.5× the in-process parse, on a 1 MB page 1.4–2.7× (1.2× pre-started; bench:
 * `read-memory`), while a 1 MB page's whole read in-process grows the server by 19–33 MB.
 */
export const OFF_THREAD_MIN_CHARS = 1024 * 1024;
/**
 * The same bound in a long-lived host (keepSpare): there a parse on the main thread holds every other client's
 * calls, pings and /health until it ends — a 545 KB page held them 0.5–0.9 s on a loaded two-core machine, so a
 * ping could not be answered within 1 s (issue 30). From this size the page goes to the worker that host keeps
 * started, which costs it no thread start; below it a parse takes at most a few hundred milliseconds.
 */
export const SERVING_OFF_THREAD_MIN_CHARS = 256 * 1024;
/** The worker's young generation: small, so short-lived garbage is collected often instead of growing the heap. */
export const WORKER_YOUNG_MB = 8;
/**
 * The worker's old-generation limit, the bound of its heap (holdMemoryFirstGc keeps the heap near its live size
 * below it). One parse needs about 10× the page live at its worst (the tree, the page, its visible text: a 6 MB
 * article page fails at a 62 MB limit and passes at 68 MB; a 1 MB page fails at 18 MB and passes at 22 MB), so the
 * limit is 10× the page over a floor that covers denser markup.
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

/** The Worker's thread name (Node names the OS thread after it, so /proc and debuggers show what it is). */
export const PARSE_WORKER_NAME = 'occam-parse';

/**
 * V8 sizes each heap's next collection from its live size and its limit, so a parse worker's heap grows towards its
 * limit (a 6 MB page, from a source checkout: 90 MB at a 90 MB limit, 112 MB at 112 MB). With `--optimize-for-size`
 * V8 collects and compacts to keep the heap near its live size instead (73–77 MB at either limit; 0.9–1.25× the
 * parse's CPU on this shared machine), so the limit is a bound, not the peak — which is what lets one pre-started
 * worker, sized for the largest page, serve smaller pages too. V8 flags are process-wide and this one is read at
 * every collection, so it is on while a worker parses (the main thread's collections meanwhile too) and off again
 * after, unless the process was started with it.
 */
let parsesHeld = 0;
const startedForSize = process.execArgv.some((a) => /^--optimi[sz]e[-_]for[-_]size$/.test(a));
function holdMemoryFirstGc(): () => void {
  if (parsesHeld++ === 0 && !startedForSize) v8.setFlagsFromString('--optimize-for-size');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--parsesHeld === 0 && !startedForSize) v8.setFlagsFromString('--no-optimize-for-size');
  };
}

export interface ExtractWorkersOptions {
  limits?: WorkerLimits;
  /**
   * Keep one worker started ahead of need (keepSpare), with the heap limit of a page of this many characters (the
   * HTTP body cap): a read then pays neither the thread's start (about 40 MB from a source checkout, 17 MB bundled,
   * and 150–300 ms) in its peak nor in its latency. That memory is held while the spare waits. Absent: every parse
   * starts its own worker.
   */
  spareChars?: number;
  /** false: parse without `--optimize-for-size` (holdMemoryFirstGc), the bench's before. */
  memoryFirstGc?: boolean;
}

interface Spare {
  worker: Worker;
  limitMb: number;
  onIdleError: () => void;
}

/** The live parse workers of one process; shutdown terminates them. */
export class ExtractWorkers {
  readonly #live = new Set<Worker>();
  readonly #limits: WorkerLimits;
  readonly #spareChars: number | undefined;
  readonly #memoryFirstGc: boolean;
  #keepSpare = false;
  #offThreadMinChars = OFF_THREAD_MIN_CHARS;
  #spare: Spare | null = null;
  #reads = 0;
  #closed = false;

  constructor(options: ExtractWorkersOptions = {}) {
    this.#limits = options.limits ?? { oldFactor: WORKER_OLD_FACTOR, oldFloorMb: WORKER_OLD_FLOOR_MB };
    this.#spareChars = options.spareChars;
    this.#memoryFirstGc = options.memoryFirstGc ?? true;
  }

  /** Whether a page of `chars` characters is parsed in a worker (OFF_THREAD_MIN_CHARS, SERVING_OFF_THREAD_MIN_CHARS). */
  offThread(chars: number): boolean {
    return chars >= this.#offThreadMinChars;
  }

  /** Workers running right now (the idle spare included). */
  get size(): number {
    return this.#live.size;
  }

  /**
   * From now on one worker is kept started ahead of need (long-lived hosts call this; a one-shot command does not,
   * its process would end before a second page). Each page still gets a fresh heap: the spare takes one page and
   * ends, and the next spare starts once no read is in progress (reading). The idle spare does not keep the process
   * alive. Pages from SERVING_OFF_THREAD_MIN_CHARS are parsed in a worker from now on, with a spare or (without
   * `spareChars`) without one.
   */
  keepSpare(): void {
    // A host that keeps a spare serves other clients meanwhile: large pages leave its main thread.
    this.#offThreadMinChars = SERVING_OFF_THREAD_MIN_CHARS;
    if (this.#spareChars === undefined) return;
    this.#keepSpare = true;
    this.#startSpare();
  }

  /**
   * Marks a read in progress until the returned function is called. A spare is started only while no read is in
   * progress: a worker's start during a read (the replacement of the spare it took, or a first spare) would count
   * in that read's peak, beside its compiled response.
   */
  reading(): () => void {
    this.#reads++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.#reads === 0) this.#startSpare();
    };
  }

  #startSpare(): void {
    if (!this.#keepSpare || this.#closed || this.#spare || this.#reads > 0) return;
    const limitMb = workerHeapLimitMb(this.#spareChars!, this.#limits);
    const worker = this.#start(limitMb);
    worker.unref();
    // A spare that fails while idle is dropped; the next read starts its own worker and the one after a new spare.
    const spare: Spare = { worker, limitMb, onIdleError: () => {} };
    spare.onIdleError = () => {
      if (this.#spare === spare) this.#spare = null;
    };
    worker.once('error', spare.onIdleError);
    worker.once('exit', spare.onIdleError);
    this.#spare = spare;
  }

  #start(limitMb: number): Worker {
    const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: limitMb };
    const worker =
      typeof OCCAM_EXTRACT_WORKER_SOURCE === 'string'
        ? new Worker(OCCAM_EXTRACT_WORKER_SOURCE, { eval: true, resourceLimits, name: PARSE_WORKER_NAME })
        : new Worker(new URL('./extract-worker-main.ts', import.meta.url), { resourceLimits, name: PARSE_WORKER_NAME });
    this.#live.add(worker);
    worker.once('exit', () => this.#live.delete(worker));
    return worker;
  }

  /** The spare when the page fits its heap limit (taken: the next page gets another), else a worker of its own. */
  #workerFor(chars: number): { worker: Worker; limitMb: number } {
    const own = workerHeapLimitMb(chars, this.#limits);
    const spare = this.#spare;
    if (spare && own <= spare.limitMb) {
      this.#spare = null;
      spare.worker.off('error', spare.onIdleError);
      spare.worker.off('exit', spare.onIdleError);
      spare.worker.ref();
      return spare;
    }
    return { worker: this.#start(own), limitMb: own };
  }

  /** The idle spare's thread id (null: none), so tests can tell one spare from the next. */
  get spareThreadId(): number | null {
    return this.#spare?.worker.threadId ?? null;
  }

  /**
   * Parses one page in a worker. `body`, when given, holds the bytes `input.html` was decoded from and their charset
   * (acquire): a Buffer that spans its whole ArrayBuffer is moved to the worker — the caller's Buffer is empty
   * afterwards — and decoded there, so the page is neither copied nor serialised on the main thread.
   */
  extract(input: ExtractInput, options: ExtractOptions, signal?: AbortSignal, body?: { bytes: Buffer; charset: string }): Promise<ReadExtract> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#closed) return Promise.reject(new OccamError('extraction_failed', 'The parse workers are shut down.'));
    const { worker, limitMb } = this.#workerFor(input.html.length);
    const releaseGc = this.#memoryFirstGc ? holdMemoryFirstGc() : () => {};
    return new Promise<ReadExtract>((resolve, reject) => {
      let outcome: (() => void) | undefined;
      // The read goes on only once the thread has ended, so its heap is gone before the extract is decoded and the
      // response compiled.
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
      // Decoded once the thread has ended (its exit runs the outcome), so the extract is built after its heap is gone.
      worker.once('message', (payload: Uint8Array) =>
        finish(() => {
          let reply: ExtractReply;
          try {
            reply = v8.deserialize(payload) as ExtractReply;
          } catch (err) {
            reply = { ok: false, message: `The parse worker's reply could not be read: ${(err as Error).message}` };
          }
          if (reply.ok) resolve(reply.result);
          else reject(new OccamError('extraction_failed', reply.message));
        }),
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
        releaseGc();
        finish(() => reject(new OccamError('extraction_failed', `The parse worker exited (code ${code}) without a result.`)));
        outcome!();
        // Outside a read (a caller that does not mark its reads), the next spare starts now that this heap is gone.
        this.#startSpare();
      });
      const bytes = body?.bytes;
      if (bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
        const job: ExtractJob = { input: { ...input, html: '' }, options, body: { bytes, charset: body!.charset, chars: input.html.length } };
        worker.postMessage(job, [bytes.buffer]);
      } else {
        worker.postMessage({ input, options } satisfies ExtractJob);
      }
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#spare = null;
    const workers = [...this.#live];
    this.#live.clear();
    await Promise.allSettled(workers.map((w) => w.terminate()));
  }
}

export const extractWorkersService = defineService({
  id: 'read.extract-workers',
  create: (runtime) =>
    new ExtractWorkers(
      readEnv<boolean>('OCCAM_READ_SPARE_WORKER', runtime.env, runtime.warn) ? { spareChars: readEnv<number>('OCCAM_MAX_RESPONSE_BYTES', runtime.env, runtime.warn) } : {},
    ),
  dispose: (workers) => workers.close(),
});
