// Services an opt-in gate starts with the host rather than on first use: with OCCAM_BATCH_MCP=1 the job store and
// its worker pool come up at start-up, so jobs left unfinished by a previous run resume without waiting for a call.
import type { HostConfig } from '../server.ts';
import type { Services } from '../services.ts';

export function startGatedServices(config: HostConfig, services: Services): void {
  if (!config.gatesOn.has('OCCAM_BATCH_MCP')) return;
  void import('../../jobs/batch-service.ts')
    .then(({ batchJobsService }) => services.use(batchJobsService))
    .catch((err) => services.runtime.warn(`[occam.batch] job store unavailable: ${(err as Error).message}`));
}
