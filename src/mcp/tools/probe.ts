// occam_probe (tools.md §3.1.4, reading.md §19): a cheap pre-flight — one guarded HTTP GET, no extraction —
// returning page classification, a backend recommendation and an extractability score. [F-top] failures.
import { z } from 'zod';
import { PROBE_TIMEOUT_DEFAULT_MS, PROBE_TIMEOUT_MAX_MS, PROBE_TIMEOUT_MIN_MS } from '../../read/probe-options.ts';
import { defineTool } from '../tool.ts';
import { DETAIL_DESCRIPTION, DETAIL_LEVELS } from '../../read/detail.ts';
import { URL_MAX_CHARS } from '../../read/url-input.ts';

export const probeInputSchema = z.strictObject({
  url: z.string().max(URL_MAX_CHARS).min(1).describe('[core] Absolute http(s) URL to probe, or a search handle (S1…S20, H + 8 hex).'),
  timeout_ms: z
    .number()
    .int()
    .min(PROBE_TIMEOUT_MIN_MS)
    .max(PROBE_TIMEOUT_MAX_MS)
    .nullable()
    .optional()
    .describe(`[fetch] Time budget in ms (${PROBE_TIMEOUT_MIN_MS}–${PROBE_TIMEOUT_MAX_MS}, default ${PROBE_TIMEOUT_DEFAULT_MS}).`),
  include_social_meta: z.boolean().nullable().optional().describe('[core] Also return socialMeta {title, description, image, twitterCard, siteName, lang}.'),
  session_profile: z.string().nullable().optional().describe('[fetch] Session profile id ([A-Za-z0-9._-]) whose headers (e.g. a cookie) are sent.'),
  detail: z.enum(DETAIL_LEVELS).nullable().optional().describe(DETAIL_DESCRIPTION),
});

export const probeTool = defineTool({
  name: 'occam_probe',
  description: [
    'Cheap pre-flight for one URL: a single HTTP GET (redirects followed, ≤256 KiB read, no extraction) that classifies the page',
    '(article, documentation, news, login, challenge, pdf …), flags risks (cookie wall, anti-bot, login, paywall, SPA shell),',
    'recommends a backend and scores extractability 0–1 so you can skip low-yield reads. Describes no page content;',
    'read the page with occam_transcode. ok:false carries failureCode (e.g. http_404, private_url_blocked, timeout).',
  ].join(' '),
  inputSchema: probeInputSchema,
  handler: async (args, ctx) => {
    const [{ probe }, { politenessService }, { looksLikeHandle, handleStoreService }, { resolveDetail, assembleSiteResult }] = await Promise.all([
      import('../../read/probe.ts'),
      import('../../fetch/politeness.ts'),
      import('../../read/search/handles.ts'),
      import('../../read/detail.ts'),
    ]);
    const { detail: asked, ...probeArgs } = args;
    const detail = resolveDetail(asked, ctx.runtime);
    return assembleSiteResult(await probe(probeArgs, {
      runtime: ctx.runtime,
      signal: ctx.signal,
      politeness: await ctx.services.use(politenessService),
      bindHandle: async (value) => (looksLikeHandle(value) ? (await ctx.services.use(handleStoreService)).bind(value, ctx.tenant) : value),
    }), detail);
  },
});
