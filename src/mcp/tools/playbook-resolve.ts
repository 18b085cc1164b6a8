// occam_playbook_resolve (tools.md §3.1.6, playbooks.md §4): read-only — which playbook applies to a URL or bare
// host, with per-field fallback across tiers, the page class, an optional site genome and the signature verdict.
import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { URL_MAX_CHARS } from '../../read/url-input.ts';

export const playbookResolveTool = defineTool({
  name: 'occam_playbook_resolve',
  description: [
    'Show which site playbook (recipe) applies to a URL or bare host: tiers local → user → community → seed, higher shadows lower,',
    'with content selectors, preferred backend and agent notes each taken from the best tier that has them. Returns the page class',
    'and its knowledge schema, the signature verdict (verified/invalid/…, integrity against the local key only) and optionally the',
    "site's /.well-known genome. Read-only: never heals or writes. ok:false → failureCode playbook_not_found or invalid_arguments.",
  ].join(' '),
  inputSchema: z.object({
    url: z.string().max(URL_MAX_CHARS).describe('[core] Absolute http(s) URL or bare hostname (e.g. docs.docker.com).'),
    schema_version: z.string().nullable().optional().describe('[advanced] Playbook schema version you understand (default "1.0"); a mismatch adds schemaVersionWarning.'),
    include_lessons: z.boolean().nullable().optional().describe('[advanced] Also return up to 10 lessons (local tier only).'),
    fetch_site_genome: z.boolean().nullable().optional().describe("[advanced] Also fetch the site's /.well-known/agent-genome.v1.json (cached 1 h)."),
  }),
  handler: async (args, ctx) => {
    const { resolvePlaybook } = await import('../../playbooks/resolve.ts');
    const out = await resolvePlaybook(args, { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal });
    return out.wire as { ok: boolean };
  },
});
