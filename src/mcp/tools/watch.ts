// occam_watch (tools.md §3.2.1, playbooks.md §13.2; opt-in OCCAM_WATCH_MCP=1): baseline + change detection with
// a block diff and a signed, hash-linked history per URL. [F-nest] failures.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';

export const watchTool = defineTool({
  name: 'occam_watch',
  description: [
    'Has this page changed since I last looked? The first call records a baseline (firstSeen:true); later calls report changed, a',
    'block-level diff (addedBlocks, removedHashes) and contentDeltaTokens, and append to a signed, hash-linked history (verify it with',
    'occam_verify mode=history). Unchanged pages cost no history entry. reset starts a new baseline. No daemon: call it again to poll.',
    'ok:false → failure.code (transcode taxonomy); the stored baseline is then unchanged.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL to watch.'),
    backend_policy: z.string().optional().describe('[fetch] http | browser | http_then_browser (default).'),
    focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[watch] Only the parts answering this count (enables fit_markdown).'),
    session_profile: z.string().nullable().optional().describe('[fetch] Session profile id whose headers are sent.'),
    playbook_policy: z.string().optional().describe('[advanced] off | auto (default).'),
    include_diff: z.boolean().optional().describe('[watch] Return the block diff when changed (default true).'),
    reset: z.boolean().optional().describe('[watch] Start a new baseline and history (default false).'),
    include_history: z.boolean().optional().describe('[watch] Return the full history chain (default false).'),
  }),
  handler: async (args, ctx) => {
    const { watch } = await import('../../jobs/watch.ts');
    return watch(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
  },
});
