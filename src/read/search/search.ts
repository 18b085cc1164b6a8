// occam_search (reading.md §17): delegate a query to the configured provider, normalise the hits, label them with
// S-aliases and durable handles. Never a fake result: no provider → search_unconfigured naming the env variables.
import type { RuntimeContext } from '../../runtime/context.ts';
import type { SearchProviderId } from '../../config/env-search.ts';
import { inspectEnv, readEnv } from '../../config/env.ts';
import { OccamError, type FailureCode } from '../../contract/failures.ts';
import type { HandleStore } from './handles.ts';
import { HANDLE_TTL_S } from './handles.ts';
import { PROVIDERS, missingSettings, normaliseHits } from './providers.ts';

export interface SearchHit {
  id: string;
  handle: string;
  title: string;
  url: string;
  snippet?: string;
  extractability?: number;
  recommendedBackend?: string;
}

export type SearchOutcome = {
  ok: true;
  query: string;
  provider: SearchProviderId;
  count: number;
  results: SearchHit[];
  agentHints: { suggestedNext: string };
  handleTtlS: number;
  handleScope: 'process';
};

/** Scores one URL for rerank (reading.md §17.3); injected so search does not depend on the probe module. */
export type ExtractabilityProbe = (url: string, signal: AbortSignal) => Promise<{ extractability: number; backend: string | null }>;

export interface SearchDeps {
  runtime: RuntimeContext;
  handles: HandleStore;
  /** Whose S* map and durable slots this search fills (src/runtime/tenant.ts). */
  tenant?: string;
  signal?: AbortSignal;
  probe?: ExtractabilityProbe;
  fetchImpl?: typeof fetch;
}

const RERANK_PROBE_MS = 6000;
const RERANK_CONCURRENCY = 5;

export function configuredProvider(runtime: Pick<RuntimeContext, 'env'>) {
  const id = inspectEnv<SearchProviderId | null>('OCCAM_SEARCH_PROVIDER', runtime.env).value;
  if (!id) return { id: null, missing: ['OCCAM_SEARCH_PROVIDER'] };
  const spec = PROVIDERS[id];
  const config = {
    baseUrl: inspectEnv<string | null>('OCCAM_SEARCH_URL', runtime.env).value,
    apiKey: inspectEnv<string | null>('OCCAM_SEARCH_API_KEY', runtime.env).value,
  };
  return { id, spec, config, missing: missingSettings(spec, config) };
}

async function rerank(hits: Array<{ title: string; url: string; snippet?: string }>, probe: ExtractabilityProbe, signal: AbortSignal | undefined) {
  const scored = hits.map((h, rank) => ({ ...h, rank, extractability: 0.4, recommendedBackend: undefined as string | undefined }));
  let next = 0;
  const worker = async () => {
    while (next < scored.length) {
      const item = scored[next++];
      const timeout = AbortSignal.timeout(RERANK_PROBE_MS);
      try {
        const r = await probe(item.url, signal ? AbortSignal.any([signal, timeout]) : timeout);
        item.extractability = r.extractability;
        item.recommendedBackend = r.backend ?? undefined;
      } catch {
        item.extractability = 0.4; // §17.3: a probe exception scores 0.4 with no backend
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(RERANK_CONCURRENCY, scored.length) }, worker));
  scored.sort((a, b) => b.extractability - a.extractability || a.rank - b.rank);
  return scored.map(({ rank: _rank, ...h }) => ({ ...h, extractability: Math.round(h.extractability * 100) / 100 }));
}

export async function search(query: string, maxResults: number, doRerank: boolean, deps: SearchDeps): Promise<SearchOutcome> {
  const q = query.trim();
  if (!q) throw new OccamError('invalid_arguments', 'query must not be blank.');
  const provider = configuredProvider(deps.runtime);
  if (!provider.id || provider.missing.length > 0) {
    throw new OccamError(
      'search_unconfigured',
      provider.id
        ? `Search provider ${provider.id} is missing ${provider.missing.join(' and ')}.`
        : 'No search provider is configured: set OCCAM_SEARCH_PROVIDER (searxng | brave | tavily) with OCCAM_SEARCH_URL and/or OCCAM_SEARCH_API_KEY.',
    );
  }
  const { spec, config } = provider as Required<typeof provider>;
  const timeoutMs = readEnv<number>('OCCAM_SEARCH_TIMEOUT_MS', deps.runtime.env);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = deps.signal ? AbortSignal.any([deps.signal, timeout]) : timeout;
  const { url, init } = spec.request(config.baseUrl ?? (spec.defaultBase as string), q, maxResults, config.apiKey);
  let body: unknown;
  try {
    const response = await (deps.fetchImpl ?? fetch)(url, { ...init, signal, redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new OccamError(`search_http_${response.status}` as FailureCode, `The ${spec.id} backend answered HTTP ${response.status}.`);
    }
    body = await response.json();
  } catch (err) {
    if (err instanceof OccamError) throw err;
    if (timeout.aborted) throw new OccamError('search_timeout', `The ${spec.id} backend did not answer within ${timeoutMs} ms.`);
    if (deps.signal?.aborted) throw new OccamError('timeout', 'The search was cancelled.');
    throw new OccamError('search_error', `The ${spec.id} backend failed: ${err instanceof SyntaxError ? 'answer was not JSON' : 'request failed'}.`);
  }
  let hits = normaliseHits(spec.hits(body), maxResults);
  if (doRerank && hits.length > 1 && deps.probe) hits = await rerank(hits, deps.probe, deps.signal);
  const labels = await deps.handles.recordSearch(hits.map((h) => h.url), deps.tenant);
  const results: SearchHit[] = hits.map((h, i) => ({ id: labels[i].id, handle: labels[i].handle, ...h }));
  return {
    ok: true,
    query: q,
    provider: spec.id,
    count: results.length,
    results,
    agentHints: { suggestedNext: results.length ? 'read a result: pass its id (S1…) or handle as the url of a reading tool' : 'refine the query' },
    handleTtlS: HANDLE_TTL_S,
    handleScope: 'process',
  };
}
