// occam_search (tools.md §3.1.11, reading.md §17).
import { z } from 'zod';
import { nestedFailure, nowIso, OccamError } from '../../contract/failures.ts';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS } from '../../read/url-input.ts';

const inputSchema = z.object({
  query: z.string().max(QUERY_MAX_CHARS).describe('[core] What to search for (non-empty).'),
  max_results: z.number().int().min(1).max(20).optional().describe('[core] How many results, 1–20 (default 8).'),
  rerank: z
    .boolean()
    .optional()
    .describe('[advanced] Probe each hit and sort by extractability (slower; adds extractability and recommendedBackend).'),
});

export const searchTool = defineTool({
  name: 'occam_search',
  description:
    'Find pages when you have no URL yet: delegates the query to the operator-configured search backend (SearXNG, Brave or Tavily) and returns results labelled S1…Sn plus durable H… handles that reading tools accept as url. Does not crawl. Without a configured provider it fails with search_unconfigured.',
  inputSchema,
  async handler(args, ctx) {
    const [{ search }, { handleStoreService }] = await Promise.all([
      import('../../read/search/search.ts'),
      import('../../read/search/handles.ts'),
    ]);
    const handles = await ctx.services.use(handleStoreService);
    // §17.3: each hit is probed (6 s, ≤5 at once); a failed probe scores 0, an exception 0.4 (in search.ts).
    const probe = args.rerank
      ? async (url: string, signal: AbortSignal) => {
          const { probe: runProbe } = await import('../../read/probe.ts');
          const r = await runProbe({ url, timeout_ms: 6000 }, { runtime: ctx.runtime, signal });
          const rec = r.recommendation as { extractability?: number; backend?: string } | undefined;
          if (!r.ok || !rec) return { extractability: 0, backend: null };
          return { extractability: rec.extractability ?? 0.4, backend: rec.backend ?? null };
        }
      : undefined;
    try {
      return await search(args.query, args.max_results ?? 8, args.rerank ?? false, {
        runtime: ctx.runtime,
        handles,
        tenant: ctx.tenant,
        signal: ctx.signal,
        probe,
      });
    } catch (err) {
      if (!(err instanceof OccamError)) throw err;
      return nestedFailure({ code: err.code, message: err.message }, { query: args.query, timestamp: nowIso(ctx.runtime.now) });
    }
  },
});
