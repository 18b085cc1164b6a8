// occam_map (tools.md §3.1.7, reading.md §18).
import { z } from 'zod';
import { topFailure, nowIso, OccamError } from '../../contract/failures.ts';
import { defineTool } from '../tool.ts';
import { DETAIL_DESCRIPTION, DETAIL_LEVELS } from '../../read/detail.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';

const inputSchema = z.object({
  url: z.string().max(URL_MAX_CHARS).describe('[core] Seed page: an absolute http(s) URL (usually a homepage or docs index).'),
  source: z.enum(['homepage', 'sitemap', 'robots']).optional().describe('[core] homepage (default: anchors of the page) | sitemap (robots.txt Sitemap: lines, else /sitemap.xml) | robots (only declared sitemaps).'),
  max_links: z.number().int().min(1).max(64).optional().describe('[core] Links to return, 1–64 (default 32).'),
  same_domain: z.boolean().optional().describe('[core] Keep only links on the seed\'s site (default true).'),
  filter_nonsense: z.boolean().optional().describe('[core] Drop assets, build files and soft-404 links (default true).'),
  focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] Rank links by relevance to this question.'),
  timeout_ms: z.number().int().min(3000).max(30000).optional().describe('[fetch] Total discovery budget, 3000–30000 ms (default 15000).'),
  session_profile: z.string().nullable().optional().describe('[fetch] Session profile id whose headers are sent.'),
  detail: z.enum(DETAIL_LEVELS).nullable().optional().describe(DETAIL_DESCRIPTION),
});

export const mapTool = defineTool({
  name: 'occam_map',
  description:
    'List the links of a site (HTTP only): homepage anchors or sitemap entries, same-site, with assets and soft-404 pages filtered out, optionally ranked against focus_query. Returns links, not Markdown — pass the best ones to occam_digest.',
  inputSchema,
  async handler(args, ctx) {
    const [{ mapSite }, { resolveDetail, assembleSiteResult }] = await Promise.all([import('../../read/map.ts'), import('../../read/detail.ts')]);
    const detail = resolveDetail(args.detail, ctx.runtime);
    try {
      return assembleSiteResult(await mapSite(
        {
          url: args.url,
          source: args.source ?? 'homepage',
          maxLinks: args.max_links ?? 32,
          sameDomain: args.same_domain ?? true,
          filterNonsense: args.filter_nonsense ?? true,
          focusQuery: args.focus_query?.trim() || null,
          timeoutMs: args.timeout_ms ?? 15000,
          sessionProfile: args.session_profile ?? null,
        },
        { runtime: ctx.runtime, signal: ctx.signal },
      ), detail);
    } catch (err) {
      if (!(err instanceof OccamError)) throw err;
      const { finalUrl, statusCode } = err.details as { finalUrl?: string; statusCode?: number };
      return assembleSiteResult(topFailure(err.code, err.message, {
        url: args.url,
        ...(finalUrl ? { finalUrl } : {}),
        ...(statusCode ? { statusCode } : {}),
        timestamp: nowIso(ctx.runtime.now),
      }), detail);
    }
  },
});
