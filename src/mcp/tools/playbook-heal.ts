// occam_playbook_heal (tools.md §3.1.8, playbooks.md §7): evidence for drafting a playbook after a heal-eligible
// read failure — a bounded DOM skeleton, anchors and an unsaved draft. Never writes; never auto-called.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { URL_MAX_CHARS } from '../../read/url-input.ts';

export const playbookHealTool = defineTool({
  name: 'occam_playbook_heal',
  description: [
    'After a read failed with a healable code (thin_extract, extraction_failed, content_selectors_miss, playbook_verify_*), render the page',
    'in the browser and return a bounded DOM skeleton, landmarks, data-testids and scored main-content candidates, plus an unsaved',
    'draftPlaybookJson. Next: occam_playbook_lint, then occam_playbook_save (verify on). Writes nothing. Challenges, private URLs,',
    'timeouts and HTTP errors are terminal (failureCode echoes the reason); other reasons → heal_not_applicable.',
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL that failed.'),
    failure_reason: z.string().describe('[core] failure.code of the failed read, e.g. thin_extract.'),
    session_profile: z.string().nullable().optional().describe('[fetch] Same session profile as the failing read (needed for requires_login).'),
    max_skeleton_nodes: z.number().int().nullable().optional().meta({ minimum: 50, maximum: 600 }).describe('[advanced] Skeleton node cap (default 600, clamped 50–600).'),
  }),
  handler: async (args, ctx) => {
    const { heal } = await import('../../playbooks/heal.ts');
    return heal(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
  },
});
