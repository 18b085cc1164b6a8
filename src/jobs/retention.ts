// The retention sweeper (OCCAM_RETENTION_DAYS): finished batch jobs with their results, and response-cache entries,
// older than the retention are deleted — once shortly after a worker starts, then hourly. Every batch worker runs
// it; on a shared database several sweeps at once are harmless (each DELETE takes what is left).
import { readEnv } from '../config/env.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';
import type { BatchStore } from './batch-store.ts';

export const DAY_MS = 24 * 3600 * 1000;
/** First sweep this long after start (not at once: start-up is when a restarted fleet is busiest). */
export const RETENTION_FIRST_SWEEP_MS = 30_000;
export const RETENTION_SWEEP_EVERY_MS = 3600 * 1000;

export interface SweepReport {
  jobs: number;
  items: number;
  cacheEntries: number;
}

/** One sweep at `now`; null when retention is off (0 days). */
export async function sweepOnce(runtime: RuntimeContext, services: Services, store: BatchStore, now = runtime.now()): Promise<SweepReport | null> {
  const days = readEnv<number>('OCCAM_RETENTION_DAYS', runtime.env, runtime.warn);
  if (days === 0) return null;
  const cutoff = now - days * DAY_MS;
  const { jobs, items } = await store.sweep(cutoff);
  const { openResponseCache } = await import('../read/cache.ts');
  const cacheEntries = await (await openResponseCache(runtime, services)).sweep(cutoff);
  return { jobs, items, cacheEntries };
}

/** Starts the hourly sweep; returns its stop function. A failed sweep is one warning line and is tried next hour. */
export function startRetentionSweeper(runtime: RuntimeContext, services: Services, store: BatchStore): () => void {
  const run = () =>
    void sweepOnce(runtime, services, store)
      .then((r) => {
        if (r && (r.jobs || r.cacheEntries)) runtime.warn(`[occam.retention] deleted ${r.jobs} finished job(s) (${r.items} result(s)) and ${r.cacheEntries} cache entr${r.cacheEntries === 1 ? 'y' : 'ies'}`);
      })
      .catch((err) => runtime.warn(`[occam.retention] sweep failed (next try in an hour): ${(err as Error).message}`));
  const first = setTimeout(run, RETENTION_FIRST_SWEEP_MS);
  const every = setInterval(run, RETENTION_SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
