// Prometheus metrics of a serving process (`GET /metrics` on `--batch-server` and `--mcp-http`), through prom-client.
//
// Recording is always cheap and never loads anything: until a network server calls `enableMetrics()` (which imports
// prom-client and builds the registry) every `observe…` call is a no-op, so `occam read` and stdio hosts pay nothing.
// Gauges whose value lives elsewhere (queue depth in the store, browser pool use) are read at scrape time through
// `setGaugeSource`, registered by the layer that owns the thing measured.
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds buckets for a read: cache hits and small pages (ms) to browser renders near the 45 s deadline. */
export const READ_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 45];

export type GaugeSourceName = 'batch_queue' | 'browser_pool';
/** A gauge source: label sets with their current values, read when Prometheus scrapes. */
export type GaugeSource = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;

interface Instruments {
  registry: Registry;
  toolCall: Histogram<'tool' | 'backend' | 'outcome'>;
  cacheHits: Counter<'tool'>;
  batchRead: Histogram<'backend' | 'outcome'>;
  batchClaims: Counter;
  batchLeaseExpiries: Counter;
  gauges: Record<GaugeSourceName, Gauge<string>>;
}

let instruments: Instruments | null = null;
const sources = new Map<GaugeSourceName, GaugeSource>();

/** Builds the registry once per process (idempotent); returns it for the /metrics route. */
export async function enableMetrics(): Promise<Registry> {
  if (instruments) return instruments.registry;
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'occam_' });
  const gauge = (name: GaugeSourceName, help: string, labelNames: string[]) =>
    new client.Gauge({
      name: `occam_${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const source = sources.get(name);
        if (!source) return;
        for (const { labels, value } of await source().catch(() => [])) this.set(labels, value);
      },
    });
  instruments = {
    registry,
    toolCall: new client.Histogram({
      name: 'occam_tool_call_seconds',
      help: 'MCP tool calls by tool, the backend that answered (http, browser, cache, none) and outcome (ok, failure code).',
      labelNames: ['tool', 'backend', 'outcome'],
      buckets: READ_SECONDS_BUCKETS,
      registers: [registry],
    }),
    cacheHits: new client.Counter({ name: 'occam_cache_hits_total', help: 'Reads answered from the response cache.', labelNames: ['tool'], registers: [registry] }),
    batchRead: new client.Histogram({
      name: 'occam_batch_read_seconds',
      help: 'Batch item reads by backend and outcome.',
      labelNames: ['backend', 'outcome'],
      buckets: READ_SECONDS_BUCKETS,
      registers: [registry],
    }),
    batchClaims: new client.Counter({ name: 'occam_batch_claims_total', help: 'Batch items claimed by this process.', registers: [registry] }),
    batchLeaseExpiries: new client.Counter({
      name: 'occam_batch_lease_expiries_total',
      help: 'Abandoned batch claims (expired lease or dead owner) this process put back in the queue.',
      registers: [registry],
    }),
    gauges: {
      batch_queue: gauge('batch_queue', 'Batch items of unfinished jobs by state (pending, running), store-wide.', ['state']),
      browser_pool: gauge('browser_pool', 'Browser pool of this process: pages rendering, reads waiting for a slot, slots.', ['state']),
    },
  };
  return registry;
}

/** Where a gauge's values come from (replaces an earlier source of the same name). */
export function setGaugeSource(name: GaugeSourceName, source: GaugeSource): void {
  sources.set(name, source);
}

/** One tool call: `result` is the tool's envelope (its backend, cached flag and failure code are read from it). */
export function observeToolCall(tool: string, startedMs: number, result: unknown): void {
  if (!instruments) return;
  const r = (result ?? {}) as { ok?: unknown; backend?: unknown; cached?: unknown; failure?: { code?: unknown }; failureCode?: unknown; error?: { code?: unknown } };
  const code = r.failure?.code ?? r.failureCode ?? r.error?.code;
  const outcome = r.ok === false ? String(code ?? 'failed') : 'ok';
  const backend = r.cached === true ? 'cache' : typeof r.backend === 'string' ? r.backend : 'none';
  instruments.toolCall.observe({ tool, backend, outcome }, (Date.now() - startedMs) / 1000);
  if (r.cached === true) instruments.cacheHits.inc({ tool });
}

export function observeBatchRead(startedMs: number, outcome: { ok: boolean; backend: string | null; failure: { code: string } | null }): void {
  if (!instruments) return;
  instruments.batchRead.observe({ backend: outcome.backend ?? 'none', outcome: outcome.ok ? 'ok' : (outcome.failure?.code ?? 'failed') }, (Date.now() - startedMs) / 1000);
}

export function countBatchClaim(): void {
  instruments?.batchClaims.inc();
}

export function countLeaseExpiries(n: number): void {
  if (n > 0) instruments?.batchLeaseExpiries.inc(n);
}
