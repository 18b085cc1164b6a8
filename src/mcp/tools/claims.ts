// occam_claim_check, occam_attest, occam_dataset_export (tools.md §3.1.13, §3.1.14, §3.1.16): the trust layer's
// reading tools. Each page is read through the one read pipeline (json_blocks, no budget, so nothing is pruned);
// the trust layer ranks, proves, classifies and signs.
import { z } from 'zod';
import { nestedFailure, nowIso } from '../../contract/failures.ts';
import { defineTool, type ToolContext } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';
import type { ReadPage } from '../../trust/claims.ts';

const POLICIES = ['http', 'browser', 'http_then_browser'];

/** W10: http | browser | http_then_browser (alias http-then-browser); blank → default; else null. */
function policyOf(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim().toLowerCase().replace(/-/g, '_');
  if (v === '') return 'http_then_browser';
  return POLICIES.includes(v) ? v : null;
}

function readerFor(ctx: ToolContext): ReadPage {
  return async (url, opts) => {
    const { transcode } = await import('../../read/transcode.ts');
    return transcode(
      { url, backend_policy: opts.backendPolicy, session_profile: opts.sessionProfile, json_blocks: true, playbook_policy: 'auto' },
      { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal, resolveMaxTokens: () => null },
    );
  };
}

const deps = (ctx: ToolContext) => ({ runtime: ctx.runtime, services: ctx.services, read: readerFor(ctx) });
const invalid = (ctx: ToolContext, message: string, context: Record<string, unknown> = {}) =>
  nestedFailure({ code: 'invalid_arguments', message, retryable: false }, { ...context, timestamp: nowIso(ctx.runtime.now) });

const policyDescription = '[fetch] http | browser | http_then_browser (default).';
const sessionDescription = '[fetch] Session profile id for a gated page.';

export const claimCheckTool = defineTool({
  name: 'occam_claim_check',
  description: [
    'Retrieval for grounding: reads the page as blocks and returns the blocks most lexically relevant to a claim, each with a Merkle membership proof against the signed receipt (check one with occam_verify mode=citation).',
    'It never judges support or refutation: verdict is always not_evaluated. found:false with proven:true means no extracted block cleared the lexical floor over a complete extract — not that the claim is false.',
  ].join(' '),
  inputSchema: z.object({
    claim: z.string().describe('[core] The claim to find source text for.'),
    url: z.string().max(URL_MAX_CHARS).describe('[core] The http(s) page to check against.'),
    backend_policy: z.string().nullable().optional().describe(policyDescription),
    session_profile: z.string().nullable().optional().describe(sessionDescription),
    max_matches: z.number().int().min(1).max(10).nullable().optional().describe('[core] Blocks to return, 1–10 (default 3).'),
  }),
  handler: async (args, ctx) => {
    const claim = args.claim.trim();
    const url = args.url.trim();
    const context = { url, claim };
    if (claim === '') return invalid(ctx, 'claim is required', context);
    if (url === '') return invalid(ctx, 'url is required', context);
    if (!/^https?:\/\//i.test(url)) return invalid(ctx, 'url must be an absolute http(s) URL', context);
    const backendPolicy = policyOf(args.backend_policy);
    if (!backendPolicy) return invalid(ctx, `backend_policy must be one of ${POLICIES.join(', ')}`, context);
    const { claimCheck } = await import('../../trust/claims.ts');
    return claimCheck(
      { claim, url, backendPolicy, sessionProfile: args.session_profile?.trim() || null, maxMatches: args.max_matches ?? 3 },
      deps(ctx),
    );
  },
});

export const attestTool = defineTool({
  name: 'occam_attest',
  description: [
    'Checks a finished report against its own citations: for each {claim, sourceUrl} row it retrieves the most relevant blocks, classifies them fail-closed (supported | contradicted | related | unsupported | unknown) and attaches the top block with its Merkle proof and receipt.',
    'Gate on status, never on retrieval scores. The aggregate is an unsigned heuristic, not a cryptographic attestation.',
  ].join(' '),
  inputSchema: z.object({
    claims: z.string().describe('[core] JSON array of {"claim","sourceUrl"}, 1–50 rows.'),
    backend_policy: z.string().nullable().optional().describe(policyDescription),
    session_profile: z.string().nullable().optional().describe(sessionDescription),
  }),
  handler: async (args, ctx) => {
    const { attest, parseAttestClaims } = await import('../../trust/claims.ts');
    const rows = parseAttestClaims(args.claims);
    if (typeof rows === 'string') return invalid(ctx, rows);
    const backendPolicy = policyOf(args.backend_policy);
    if (!backendPolicy) return invalid(ctx, `backend_policy must be one of ${POLICIES.join(', ')}`);
    return attest(rows, { backendPolicy, sessionProfile: args.session_profile?.trim() || null }, deps(ctx));
  },
});

export const datasetExportTool = defineTool({
  name: 'occam_dataset_export',
  description: [
    'Turns 1–20 URLs into an auditable dataset: each row is read with blocks and its own signed receipt, and one manifest signature binds the ordered rows through a Merkle root (verify offline with occam verify --mode manifest).',
    'ok means the export ran; status says complete | partial | no_content. Tamper-evident against the signing host\'s key.',
  ].join(' '),
  inputSchema: z.object({
    urls: z.string().describe('[core] JSON array of http(s) URLs, 1–20, in the order the manifest binds them.'),
    backend_policy: z.string().nullable().optional().describe(policyDescription),
    session_profile: z.string().nullable().optional().describe(sessionDescription),
  }),
  handler: async (args, ctx) => {
    const { datasetExport, parseDatasetUrls } = await import('../../trust/dataset.ts');
    const urls = parseDatasetUrls(args.urls);
    if (typeof urls === 'string') return invalid(ctx, urls);
    const backendPolicy = policyOf(args.backend_policy);
    if (!backendPolicy) return invalid(ctx, `backend_policy must be one of ${POLICIES.join(', ')}`);
    return datasetExport(urls, { backendPolicy, sessionProfile: args.session_profile?.trim() || null }, deps(ctx));
  },
});
