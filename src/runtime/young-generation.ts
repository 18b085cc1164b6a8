// The young generation does not grow (issue 14). Its own module with no dependencies, so the launcher can apply
// it before anything else loads.
import v8 from 'node:v8';

/**
 * Turns off V8's growth of the young generation for this process (`--semi-space-growth-factor=1`, read at every
 * scavenge): it stays at its initial size (1 MB semi-spaces) instead of doubling whenever many objects survive a
 * scavenge — start-up's tokenizer tables, the extract and sectioned document of a large read — up to its maximum
 * (2 × 64 MB on a machine with a 4 GB heap limit), every byte of which becomes resident once allocation has cycled
 * through it. `--max-semi-space-size` would bound it but is read only when the heap is set up. A cap applied from a
 * GC observer did not hold: the observer runs between tasks, and V8 shrinks the young generation while the process
 * is idle, so one synchronous stretch (a digest decoding and fitting a 6 MB page's extract, 2–6 s on a loaded
 * machine) doubled it from 1 MB to 128 MB, scavenge after scavenge, before the observer ran. The flag is
 * process-wide: parse workers keep their initial young generation too (bounded by WORKER_YOUNG_MB either way). The
 * price is more scavenges for pages parsed in-process: 1.14× the time at 500 KB, 1.48× at 1 MB (bench `read-memory`).
 * Idempotent.
 */
export function stopYoungGenerationGrowth(): void {
  if (stopped) return;
  stopped = true;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}
let stopped = false;
