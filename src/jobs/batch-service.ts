// The batch job service: one store + one worker pool per process, created on first use (or at start-up when the
// batch gate is on, so jobs left by a previous run resume) and shared by the MCP batch tools and the BatchServer.
// Items are read through the one transcode pipeline (src/read/transcode.ts) with no ambient budget inheritance.
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { localAddressesFor, type GuardPolicy } from '../fetch/guard.ts';
import { defineService, type Services } from '../runtime/services.ts';
import { BatchProcessor, type ReadOne } from './batch-processor.ts';
import type { BatchReadOptions } from './batch-request.ts';
import { openBatchStore, type BatchStore, type ItemOutcome } from './batch-store.ts';

export interface BatchJobs {
  store: BatchStore;
  /** Stops the retention sweeper a worker runs (no-op without a worker pool). */
  stopSweeper: () => void;
  /** This process's worker pool; null when the store is opened only to read status and results. */
  processor: BatchProcessor | null;
  maxUrls: number;
  maxQueuedPerTenant: number;
  guard: GuardPolicy;
}

/** Reads one batch item with the real pipeline: one-shot, no receipt kept, no ambient budget. */
export function transcodeReader(runtime: RuntimeContext, services: Services): ReadOne {
  return async (url: string, options: BatchReadOptions, signal: AbortSignal): Promise<ItemOutcome> => {
    const { transcode } = await import('../read/transcode.ts');
    const result = (await transcode(
      {
        url,
        backend_policy: options.backend_policy,
        max_tokens: options.max_tokens,
        fit_markdown: options.fit_markdown,
        focus_query: options.focus_query,
        session_profile: options.session_profile,
        playbook_policy: options.playbook_policy,
      },
      { runtime, services, signal, resolveMaxTokens: (explicit) => explicit },
    )) as Record<string, unknown>;
    const markdown = typeof result.markdown === 'string' ? result.markdown : null;
    const backend = typeof result.backend === 'string' ? result.backend : null;
    const compile = result.compile as { tokensEstimated?: number } | undefined;
    const receipt = result.receipt as { tokensUsed?: number } | undefined;
    const tokens = compile?.tokensEstimated ?? receipt?.tokensUsed ?? null;
    if (result.ok === true) return { ok: true, markdown, backend, tokensEstimated: tokens, failure: null };
    const failure = result.failure as { code?: string; message?: string } | undefined;
    const code = failure?.code ?? 'transcode_failed';
    // on_oversize=partial keeps the partial body of a response_truncated failure (still ok:false).
    const keep = code === 'response_truncated' && options.on_oversize === 'partial';
    return {
      ok: false,
      markdown: keep ? markdown : null,
      backend,
      tokensEstimated: keep ? tokens : null,
      failure: { code, message: failure?.message ?? 'The read failed.' },
    };
  };
}

/**
 * The store OCCAM_STORE_URL selects (an explicit dbPath pins the SQLite file) with this process's worker pool —
 * or, with readOne null, the store alone (to read status and results without claiming anything).
 */
export async function openBatchJobs(runtime: RuntimeContext, services: Services, readOne: ReadOne | null, dbPath?: string): Promise<BatchJobs> {
  const store = await openBatchStore(runtime, services, dbPath);
  const processor = readOne
    ? new BatchProcessor(store, readOne, {
        parallel: readEnv<number>('OCCAM_BATCH_PARALLEL', runtime.env, runtime.warn),
        leaseMs: readEnv<number>('OCCAM_BATCH_LEASE_MS', runtime.env, runtime.warn),
        warn: runtime.warn,
      })
    : null;
  processor?.start();
  // Workers keep the store tidy (OCCAM_RETENTION_DAYS); a read-only opening (status, results) does not.
  const { startRetentionSweeper } = await import('./retention.ts');
  const stopSweeper = processor ? startRetentionSweeper(runtime, services, store) : () => {};
  return {
    store,
    stopSweeper,
    processor,
    maxUrls: readEnv<number>('OCCAM_BATCH_MAX_URLS', runtime.env, runtime.warn),
    maxQueuedPerTenant: readEnv<number>('OCCAM_BATCH_MAX_QUEUED_PER_TENANT', runtime.env, runtime.warn),
    guard: { allowPrivate: readEnv<boolean>('OCCAM_ALLOW_PRIVATE_URLS', runtime.env), allowance: null, localAddresses: localAddressesFor(runtime.networkInterfaces) },
  };
}

export async function closeBatchJobs(jobs: BatchJobs): Promise<void> {
  jobs.stopSweeper();
  await jobs.processor?.stop();
  await jobs.store.close();
}

export const batchJobsService = defineService<BatchJobs>({
  id: 'batch-jobs',
  create: (runtime, services) => openBatchJobs(runtime, services, transcodeReader(runtime, services)),
  dispose: closeBatchJobs,
});
