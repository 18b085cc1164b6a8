// occam_digest (tools.md §3.1.5, reading.md §16).
import { z } from 'zod';
import { nowIso, OccamError, topFailure } from '../../contract/failures.ts';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';
import { DETAIL_DESCRIPTION, DETAIL_LEVELS } from '../../read/detail.ts';

const inputSchema = z.object({
  urls: z
    .union([z.array(z.string().max(URL_MAX_CHARS)).min(1).max(256), z.string().min(1).max(65_536)])
    .optional()
    .describe('[core] Array of URLs or search handles (S1…, H…); at most 8 are read. A JSON or comma/newline string is accepted but deprecated.'),
  backend_policy: z.string().nullable().optional().describe('[fetch] http | browser | http_then_browser (default).'),
  max_urls: z.number().int().optional().meta({ minimum: 1, maximum: 8 }).describe('[core] Read at most this many URLs (clamped 1–8, default 8); extra URLs are dropped in input order.'),
  per_url_max_tokens: z.number().int().min(128).max(2_000_000).nullable().optional().describe('[tokens] Token budget per page (≥128); defaults to the ambient budget from occam_client_capabilities.'),
  focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] The question; each item reports focusMatched.'),
  fit_markdown: z.boolean().optional().describe('[tokens] Prune paragraphs that do not serve the focus (default true).'),
  include_combined: z.boolean().optional().describe('[core] Also return all pages joined as one Markdown document (default: true at detail full, else false — the items already carry every page).'),
  session_profile: z.string().nullable().optional().describe('[fetch] One session profile for every URL.'),
  source_url: z.string().max(URL_MAX_CHARS).nullable().optional().describe('[core] Discover the URLs from this site (sitemap, then homepage links) instead of urls.'),
  max_links: z.number().int().min(1).max(8).optional().describe('[core] With source_url: how many discovered links to read, 1–8 (default 8).'),
  if_none_match: z.string().nullable().optional().describe('[tokens] SHA-256 of a previous combined; unchanged → combined "" and unchanged:true.'),
  detail: z.enum(DETAIL_LEVELS).nullable().optional().describe(DETAIL_DESCRIPTION),
});

export const digestTool = defineTool({
  name: 'occam_digest',
  description:
    'Read several pages for one question in a single call (at most 8): each item has its own excerpt, focus match and failure, in input order; combined joins the successful ones. Accepts search handles. ok:true when at least one page was read.',
  inputSchema,
  publishSchema: (schema) => {
    const props = schema.properties as Record<string, any>;
    const urls = props.urls;
    props.urls = {
      description: urls.description,
      oneOf: [
        // Items are URLs or search handles (S1…, H…): no `format: "uri"`, which would refuse handles.
        { type: 'array', items: { type: 'string', minLength: 1, maxLength: URL_MAX_CHARS }, minItems: 1, maxItems: 256 },
        { type: 'string', minLength: 1, maxLength: 65_536 },
      ],
    };
    return schema;
  },
  async handler(args, ctx) {
    const [{ digest, parseDigestUrls, DIGEST_TOOL_MAX_URLS }, { resolveDetail }] = await Promise.all([import('../../read/digest.ts'), import('../../read/detail.ts')]);
    const detail = resolveDetail(args.detail, ctx.runtime);
    const deps = {
      runtime: ctx.runtime,
      services: ctx.services,
      signal: ctx.signal,
      ...(ctx.deadline ? { deadlineAt: ctx.deadline.at } : {}),
      resolveMaxTokens: (explicit: number | null) => ctx.session.capabilities.resolveMaxTokens(explicit),
      tenant: ctx.tenant,
    };
    try {
      let entries;
      let discovered: string[] | undefined;
      const source = args.source_url?.trim() || null;
      if (source) {
        const { discoverForDigest } = await import('../../read/digest-discovery.ts');
        discovered = await discoverForDigest(source, args.max_links ?? 8, args.focus_query?.trim() || null, deps);
        entries = discovered.map((url) => ({ url, focusQuery: null }));
      } else if (args.urls !== undefined) {
        entries = parseDigestUrls(args.urls);
      } else {
        throw new OccamError('invalid_arguments', 'Pass urls (an array of URLs) or source_url.');
      }
      return await digest(
        {
          entries,
          maxUrls: Math.min(DIGEST_TOOL_MAX_URLS, Math.max(1, args.max_urls ?? DIGEST_TOOL_MAX_URLS)),
          backendPolicy: args.backend_policy ?? null,
          perUrlMaxTokens: args.per_url_max_tokens ?? null,
          focusQuery: args.focus_query?.trim() || null,
          fitMarkdown: args.fit_markdown ?? true,
          includeCombined: args.include_combined ?? detail === 'full',
          sessionProfile: args.session_profile ?? null,
          ifNoneMatch: args.if_none_match ?? null,
          sourceUrl: source,
          discoveredLinks: discovered,
          detail,
        },
        deps,
      );
    } catch (err) {
      if (!(err instanceof OccamError)) throw err;
      return topFailure(err.code, err.message, { timestamp: nowIso(ctx.runtime.now) });
    }
  },
});
