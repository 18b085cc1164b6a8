// `GET /metrics` of the network servers (`--batch-server`, `--mcp-http`): Prometheus text from this process's
// registry (src/runtime/metrics.ts), with the gauges this server can see wired to their sources. Loopback-only like
// every other route of these servers.
import type { ServerResponse } from 'node:http';
import { enableMetrics, setGaugeSource } from '../../runtime/metrics.ts';
import type { Services } from '../../runtime/services.ts';
import { browserPoolService } from '../../fetch/browser/pool.ts';
import type { BatchStore } from '../../jobs/batch-store.ts';

export const METRICS_PATH = '/metrics';

/** Turns metrics on for this process and wires the browser pool of `services` (read only if it was started). */
export async function enableServerMetrics(services: Services): Promise<void> {
  await enableMetrics();
  setGaugeSource('browser_pool', async () => {
    const pool = services.peek(browserPoolService);
    if (!pool) return [];
    const s = (await pool).stats();
    return [
      { labels: { state: 'active' }, value: s.active },
      { labels: { state: 'waiting' }, value: s.waiting },
      { labels: { state: 'slots' }, value: s.maxParallel },
    ];
  });
}

/** The queue depth gauge reads this store (store-wide on PostgreSQL: what every worker still has to do). */
export function watchBatchQueue(store: BatchStore): void {
  setGaugeSource('batch_queue', async () => {
    const q = await store.queueStats();
    return [
      { labels: { state: 'pending' }, value: q.pending },
      { labels: { state: 'running' }, value: q.running },
    ];
  });
}

export async function sendMetrics(res: ServerResponse): Promise<void> {
  const registry = await enableMetrics();
  const text = await registry.metrics();
  res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text);
}
