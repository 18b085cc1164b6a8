// Services that start with the host rather than on first use: the signing key is minted and the spare page-parse
// worker started shortly after start (OCCAM_READ_SPARE_WORKER), and with OCCAM_BATCH_MCP=1 the job store and its
// worker pool come up, so jobs left unfinished by a previous run resume without waiting for a call.
import type { HostConfig } from '../server.ts';
import type { Services } from '../../runtime/services.ts';

export function startBackgroundServices(config: HostConfig, services: Services): void {
  // trust.md / operator.md §16: the host signing key exists from the first start (whatever OCCAM_RECEIPTS says).
  // Minted off the start-up path, after the handshake had its chance to run.
  setTimeout(() => {
    void import('../../trust/keys.ts')
      .then(({ signingKeyService }) => services.use(signingKeyService))
      .catch((err) => services.runtime.warn(`[occam.trust] signing key unavailable: ${(err as Error).message}`));
  }, 500).unref();
  // Issue 14: a read of a large page takes a worker that has already started, off its peak and its latency.
  setTimeout(() => {
    void import('../../read/extract-worker.ts')
      .then(({ extractWorkersService }) => services.use(extractWorkersService))
      .then((workers) => workers.keepSpare())
      .catch((err) => services.runtime.warn(`[occam.read] spare parse worker unavailable: ${(err as Error).message}`));
  }, 500).unref();
  if (!config.gatesOn.has('OCCAM_BATCH_MCP')) return;
  void import('../../jobs/batch-service.ts')
    .then(({ batchJobsService }) => services.use(batchJobsService))
    .catch((err) => services.runtime.warn(`[occam.batch] job store unavailable: ${(err as Error).message}`));
}
