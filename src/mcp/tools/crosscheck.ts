// occam_crosscheck (tools.md §3.2.2, playbooks.md §13.3; opt-in OCCAM_CONSENSUS_MCP=1): compare what several
// local vantages see of one URL. [F-top] failures. The verdict is unsigned and not a proof of correctness.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';

export const crosscheckTool = defineTool({
  name: 'occam_crosscheck',
  description: [
    'Read one URL through 2–4 local vantages (http vs browser, anonymous vs session_profile) with playbooks off and compare their content',
    'fingerprints (block Merkle root, else content hash): verdict consensus | divergent (e.g. cloaking) | access_divergent (one vantage',
    'walled by captcha/login/401/403/404/410) | inconclusive. Per-vantage receipts are signed; the verdict is not, and it is a comparison,',
    'not proof that any version is true.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL.'),
    vantages: z.string().optional().describe('[core] Comma list of http, browser (default "http,browser").'),
    session_profile: z.string().nullable().optional().describe('[fetch] Adds an authenticated vantage after each anonymous one.'),
    focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] Same prune on every vantage.'),
  }),
  handler: async (args, ctx) => {
    const { crosscheck } = await import('../../optin/crosscheck.ts');
    return crosscheck(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
  },
});
