// `occam` — the cascade facade (tools.md §3.1.2, reading.md §20): the only tool on the minimal profile.
import { z } from 'zod';
import { nestedFailure, nowIso, OccamError } from '../../contract/failures.ts';
import { defineTool } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';
import { boundedEcho } from '../../read/url-input.ts';
import { DETAIL_DESCRIPTION, DETAIL_LEVELS } from '../../read/detail.ts';

const inputSchema = z.object({
  url: z.string().max(URL_MAX_CHARS).describe('[core] The page: an absolute http(s) URL (or a search handle S1…/H…).'),
  task: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] What you need from the page; keeps the parts that answer it.'),
  budget: z.number().int().min(128).max(2_000_000).nullable().optional().describe('[tokens] Maximum tokens of the answer (≥128).'),
  mode: z.string().optional().describe('[advanced] auto (default) | advanced (adds a hint about wider profiles).'),
  if_none_match: z.string().nullable().optional().describe('[advanced] contentHash of a previous read; unchanged → empty markdown and unchanged:true.'),
  diff_against: z.string().nullable().optional().describe('[advanced] Block hashes of a previous read (JSON array or CSV).'),
  detail: z.enum(DETAIL_LEVELS).nullable().optional().describe(DETAIL_DESCRIPTION),
});

export const occamTool = defineTool({
  name: 'occam',
  description:
    'Read one web page into compact Markdown. Give the url; optionally a task (what you need) and a budget (max tokens). Occam picks the backend (HTTP, then a browser when needed) and reports each step. ok:false means the content is unknown — act on failure.code, never fill the gap from memory.',
  inputSchema,
  async handler(args, ctx) {
    const [{ cascade, parseCascadeUrl }, { resolveDetail }] = await Promise.all([import('../../read/cascade.ts'), import('../../read/detail.ts')]);
    const detail = resolveDetail(args.detail, ctx.runtime);
    const mode = args.mode?.trim().toLowerCase() === 'advanced' ? 'advanced' : 'auto';
    try {
      return await cascade(
        {
          url: parseCascadeUrl(args.url),
          task: args.task ?? null,
          budget: args.budget ?? null,
          mode,
          ifNoneMatch: args.if_none_match ?? null,
          diffAgainst: args.diff_against ?? null,
          detail,
        },
        {
          runtime: ctx.runtime,
          services: ctx.services,
          signal: ctx.signal,
          ...(ctx.deadline ? { deadlineAt: ctx.deadline.at } : {}),
          resolveMaxTokens: (explicit) => ctx.session.capabilities.resolveMaxTokens(explicit),
          tenant: ctx.tenant,
        },
        // The cascade's playbook_resolve step uses the same resolver as occam_playbook_resolve (playbooks.md §3).
        async (url, signal) => {
          const { resolvePlaybook } = await import('../../playbooks/resolve.ts');
          const found = await resolvePlaybook({ url }, { runtime: ctx.runtime, services: ctx.services, signal });
          return found.ok ? found.resolved.playbookId : null;
        },
      );
    } catch (err) {
      if (!(err instanceof OccamError)) throw err;
      const facade = detail === 'lean' ? {} : { mode, steps: [], omitted: [], timestamp: nowIso(ctx.runtime.now) };
      return nestedFailure({ code: err.code, message: err.message }, { partial: false, url: boundedEcho(args.url), ...facade });
    }
  },
});
