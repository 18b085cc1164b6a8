// occam_browser_interact (tools.md §3.2.4, playbooks.md §13.5; opt-in OCCAM_BROWSER_ACTIONS_MCP=1): a short
// declarative browser plan, then the page as Markdown with a receipt. [F-top] failures.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';

export const browserInteractTool = defineTool({
  name: 'occam_browser_interact',
  description: [
    'Open a page in the browser, run a short declarative plan (≤16 steps: wait, wait_selector, wait_text, click, hover, type, press,',
    'scroll — never page script), then read the resulting page as Markdown with a receipt. actions is a JSON array, e.g.',
    '[{"do":"click","selector":"#more"},{"do":"wait_selector","selector":"#x"}]. The first failing step stops the plan',
    '(failureCode action_failed, failedIndex). Typed text is never echoed. Never cached.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL to open.'),
    actions: z.string().max(16_384).describe('[core] JSON array of steps {do, selector?, text?, key?, to?, ms?, px?, timeout_ms?}.'),
    session_profile: z.string().nullable().optional().describe('[fetch] Session profile id whose headers are sent.'),
    focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] Keep the parts of the result that answer this.'),
    max_tokens: z.number().int().nullable().optional().meta({ minimum: 128, maximum: 2_000_000 }).describe('[tokens] Budget for the result (≥128; default: the client budget).'),
    deadline_ms: z.number().int().nullable().optional().meta({ minimum: 1000, maximum: 180_000 }).describe('[advanced] Plan deadline (default 25000, clamped 1000–180000).'),
  }),
  // The plan's own deadline plus the capture grace (src/optin/interact.ts) may extend the tool deadline.
  callDeadlineMs: (args) => (args.deadline_ms != null ? Math.min(180_000, Math.max(1000, args.deadline_ms)) + 15_000 : null),
  handler: async (args, ctx) => {
    const { browserInteract } = await import('../../optin/interact.ts');
    return browserInteract(args, {
      runtime: ctx.runtime,
      services: ctx.services,
      signal: ctx.signal,
      ...(ctx.deadline ? { deadlineAt: ctx.deadline.at } : {}),
      resolveMaxTokens: (explicit) => ctx.session.capabilities.resolveMaxTokens(explicit),
      onProgress: (done, total) => ctx.progress?.(done, total),
    });
  },
});
