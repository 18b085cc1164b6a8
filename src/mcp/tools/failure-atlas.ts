// occam_failure_atlas (tools.md §3.2.3, playbooks.md §13.4; opt-in OCCAM_ATLAS_MCP=1): the in-memory per-host
// outcome table of this process, worst first.
import { z } from 'zod';
import { nowIso } from '../../contract/failures.ts';
import { defineTool } from '../tool.ts';

export const failureAtlasTool = defineTool({
  name: 'occam_failure_atlas',
  description: [
    'Which hosts look walled in this run? Per host: attempts, successes, failures, closureRate (captcha/login/401/403/404/410 share),',
    'dominantFailure, byCode and walled (no success and mostly closures). Worst first; only_walled filters. In-memory, empty at start,',
    'forgotten on restart — a hint to skip hosts, never proof they are unreachable.',
  ].join(' '),
  inputSchema: z.object({
    only_walled: z.boolean().optional().describe('[core] Only hosts that look walled (counts still cover every host).'),
  }),
  handler: async (args, ctx) => {
    const { failureAtlasService } = await import('../../optin/atlas.ts');
    const atlas = await ctx.services.use(failureAtlasService);
    return { ok: true, ...(await atlas.snapshot(args.only_walled === true)), timestamp: nowIso(ctx.runtime.now) };
  },
});
