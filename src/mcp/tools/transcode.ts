// occam_transcode (tools.md §3.1.3, reading.md §14): one URL in, compact source-linked Markdown out, within a
// whole-response token budget. The schema carries every parameter with its documented range; the pipeline lives
// in src/read/transcode.ts (loaded on first call so tools/list stays cheap).
import { z } from 'zod';
import { CACHE_TTL_MAX_S, DEADLINE_MAX_MS, DEADLINE_MIN_MS, MAX_TOKENS_MAX, MAX_TOKENS_MIN, TRANSLATE_TO_PATTERN } from '../../read/options.ts';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, SELECTOR_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';
import { DETAIL_DESCRIPTION, DETAIL_LEVELS } from '../../read/detail.ts';

const flag = (text: string) => z.boolean().nullable().optional().describe(text);
const str = (text: string, max = SELECTOR_MAX_CHARS) => z.string().max(max).nullable().optional().describe(text);

export const transcodeInputSchema = z.strictObject({
  url: z.string().max(URL_MAX_CHARS).min(1).describe('[core] Absolute http(s) URL to read, or a search handle (S1…S20, H + 8 hex). A #fragment is kept locally as focus.'),
  backend_policy: str('[fetch] http | browser | http_then_browser (default; alias http-then-browser).'),
  max_tokens: z
    .number()
    .int()
    .min(MAX_TOKENS_MIN, `max_tokens must be at least ${MAX_TOKENS_MIN}.`)
    .max(MAX_TOKENS_MAX)
    .nullable()
    .optional()
    .describe(`[tokens] Whole-response budget (markdown + requested sidecars + receipt), min ${MAX_TOKENS_MIN}. Omitted → the budget declared via occam_client_capabilities, else no cap.`),
  fit_markdown: flag('[tokens] Prune paragraphs that do not serve the focus (BM25) and boilerplate.'),
  focus_query: str('[tokens] What you need from the page; the budget keeps the sections that answer it first.', QUERY_MAX_CHARS),
  content_selectors: str('[tokens] Keep only these sections: JSON array or comma list of heading anchors, e.g. ["## Install"].'),
  session_profile: str('[fetch] Session profile id ([A-Za-z0-9._-]) whose headers (e.g. a cookie) are sent.'),
  playbook_policy: str('[advanced] auto (default) | off.'),
  if_none_match: str('[tokens] contentHash of a previous read (bare hex or sha256:hex); unchanged → markdown "" and unchanged:true.'),
  semantic_chunking: flag('[structured] Also return chunks[] of {text, headers[]}.'),
  capture_screenshot: flag('[structured] Base64 JPEG of the rendered page (browser backend only).'),
  json_blocks: flag('[structured] Also return blocks[] {type, text, sourceSelector, hash, …}.'),
  json_tables: flag('[structured] Also return tables[] {headers, rows, sourceSelector}.'),
  json_feed: flag('[structured] Parse RSS/Atom/JSON Feed bodies into feed {title, items[]}.'),
  translate_to: z
    .string()
    .regex(TRANSLATE_TO_PATTERN, 'translate_to must be 2–16 ASCII letters or hyphens.')
    .nullable()
    .optional()
    .describe('[advanced] Language code for a machine translation (non-fatal; needs a translation service).'),
  diff_against: str('[watch] Block hashes of a previous read (JSON array or CSV); returns diff {addedBlocks, removedHashes, blockHashes}.'),
  prefer_llms_txt: flag('[fetch] Use the site\'s /llms.txt when it exists.'),
  cache_ttl_s: z.number().int().max(CACHE_TTL_MAX_S).nullable().optional().meta({ minimum: 0 }).describe('[advanced] Reuse a stored response up to this age in seconds (≤0 or omitted: no cache).'),
  emit_capsule: flag('[trust] Attach a portable capsule to the receipt (needs receipts on).'),
  rank_blocks: flag('[structured] Order blocks[] by salience to focus_query (needs json_blocks + focus_query).'),
  tag_trust: flag('[structured] Tag blocks[] page_content | instruction_like | boilerplate (needs json_blocks).'),
  delta_only: flag('[watch] Return only blocks added since diff_against (needs diff_against + json_blocks).'),
  toc: flag('[tokens] Also return toc[] {level, heading, anchor, ordinal}.'),
  section: str('[tokens] Read one heading\'s section (implies the selector and fit_markdown); use after a truncated read.'),
  must_contain: str('[tokens] Report mustContain {verdict MATCH|NO_MATCH, excerpts, hitCount} for this text.', QUERY_MAX_CHARS),
  deadline_ms: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ minimum: DEADLINE_MIN_MS, maximum: DEADLINE_MAX_MS })
    .describe(`[advanced] Overall deadline, clamped to ${DEADLINE_MIN_MS}–${DEADLINE_MAX_MS} ms; exceeded → timeout.`),
  compact_links: flag('[tokens] Drop link URLs from the markdown (keeps link text; changes contentHash).'),
  include_media_refs: flag('[structured] Also return mediaRefs[] (≤32 images/video/audio/files of the main content).'),
  compact_block_links: flag('[structured] Omit blocks[].links.'),
  detail: z.enum(DETAIL_LEVELS).nullable().optional().describe(DETAIL_DESCRIPTION),
});

export const transcodeTool = defineTool({
  name: 'occam_transcode',
  description: [
    'Read one web page (HTML, PDF, text, feed) into compact, source-linked Markdown with a winning-backend label.',
    'Only url is required; every other parameter is an opt-in that costs nothing when omitted.',
    'With max_tokens (or an ambient budget) the whole response fits the budget and is spent on the page: cuts happen at block boundaries, and sections[] {id, heading, tokens} lists what was left out (pass an id as section next).',
    'detail lean (default) returns the page with its final url, title and a receipt reference; standard and full add metadata.',
    'ok:false means the content is unknown — never fill the gap from memory; failure.code says why (e.g. requires_login, captcha_or_challenge, http_404).',
  ].join(' '),
  inputSchema: transcodeInputSchema,
  callDeadlineMs: (args) => args.deadline_ms,
  handler: async (args, ctx) => {
    const [{ transcode }, { resolveDetail }] = await Promise.all([import('../../read/transcode.ts'), import('../../read/detail.ts')]);
    return transcode({ ...args, detail: resolveDetail(args.detail, ctx.runtime) }, {
      runtime: ctx.runtime,
      services: ctx.services,
      signal: ctx.signal,
      ...(ctx.deadline ? { deadlineAt: ctx.deadline.at } : {}),
      resolveMaxTokens: (explicit) => ctx.session.capabilities.resolveMaxTokens(explicit),
      tenant: ctx.tenant,
    });
  },
});
