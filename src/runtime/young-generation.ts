// The main thread's young generation, capped at run time (issue 14). Its own module with no dependencies, so the
// launcher can install the cap before anything else loads.
import v8 from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';

/**
 * The main thread's young generation stops growing once it has reached this size (both semi-spaces). Without a
 * cap V8 doubles it whenever many objects survive a scavenge — loading the tokenizer tables at start-up, the parse
 * result and the sectioned document of a large read — up to its maximum (2 × 64 MB on a machine with a 4 GB heap
 * limit), and every byte of it becomes resident once allocation has cycled through it. `--max-semi-space-size`
 * would bound it but is read only at start-up; the growth factor is read at every scavenge, so the cap is applied
 * at run time: after each scavenge (a GC observer), once the young generation is at least this large it no longer
 * grows; if V8 shrinks it below half of this (an idle process), growth is allowed again.
 */
export const YOUNG_GENERATION_CAP = 16 * 1024 * 1024;
let youngGrowth = 2;
let observing = false;

/** Applies YOUNG_GENERATION_CAP (see there) now. */
export function capYoungGeneration(): void {
  const size = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size;
  if (size === undefined) return;
  const want = size >= YOUNG_GENERATION_CAP ? 1 : size < YOUNG_GENERATION_CAP / 2 ? 2 : youngGrowth;
  if (want === youngGrowth) return;
  v8.setFlagsFromString(`--semi-space-growth-factor=${want}`);
  youngGrowth = want;
}

/** Keeps YOUNG_GENERATION_CAP for the life of the process: re-applied after every scavenge. Idempotent. */
export function holdYoungGenerationCap(): void {
  if (observing) return;
  observing = true;
  capYoungGeneration();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)) capYoungGeneration();
  });
  observer.observe({ entryTypes: ['gc'] });
}
