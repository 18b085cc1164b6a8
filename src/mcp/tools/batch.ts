// occam_batch_submit / occam_batch_status / occam_batch_results (tools.md §3.3, playbooks.md §13.1): asynchronous
// reads persisted in the batch job store. snake_case wire; failures are [F-batch] `{ok:false, error:{code,message}}`.
// Registered only with OCCAM_BATCH_MCP=1 (the catalog gates them). Required ids are checked by the handler so a
// missing one is `invalid_request`, as the batch contract says, rather than a binding failure.
import { z } from 'zod';
import { defineTool, type ToolContext } from '../tool.ts';
import { QUERY_MAX_CHARS, URL_MAX_CHARS } from '../../read/url-input.ts';

async function jobs(ctx: ToolContext) {
  const { batchJobsService } = await import('../../jobs/batch-service.ts');
  return ctx.services.use(batchJobsService);
}

const requireFields = (...names: string[]) => (schema: Record<string, unknown>) => ({ ...schema, required: names });

export const batchSubmitTool = defineTool({
  name: 'occam_batch_submit',
  description:
    'Queue up to OCCAM_BATCH_MAX_URLS (default 64) pages to be read in the background; returns job_id at once. ' +
    'Poll occam_batch_status, then page through occam_batch_results. Each item is a full read (same failure codes as ' +
    'occam_transcode); ok:false means that page is unknown. The same idempotency_key within 24 h returns the existing job.',
  inputSchema: z.object({
    urls: z.string().optional().describe('[core] JSON array of URLs, or a list separated by newlines, commas, semicolons or spaces.'),
    backend_policy: z.string().optional().describe('[fetch] http | browser | http_then_browser (default).'),
    focus_query: z.string().max(QUERY_MAX_CHARS).nullable().optional().describe('[tokens] Keep the parts of each page relevant to this query.'),
    max_tokens: z.number().nullable().optional().meta({ minimum: 128, maximum: 2_000_000 }).describe('[tokens] Budget per URL, at least 128. No ambient budget is inherited.'),
    fit_markdown: z.boolean().optional().describe('[tokens] Prune boilerplate paragraphs (default true).'),
    session_profile: z.string().nullable().optional().describe('[fetch] Saved session profile id for pages behind a login.'),
    playbook_policy: z.string().optional().describe('[advanced] auto (default) | off.'),
    idempotency_key: z.string().nullable().optional().describe('[advanced] Same key within 24 h returns the existing job instead of a new one.'),
    on_oversize: z.string().optional().describe('[advanced] fail (default) | partial: keep the partial Markdown of a truncated response.'),
  }),
  publishSchema: requireFields('urls'),
  async handler(args, ctx) {
    const { submitJob } = await import('../../jobs/batch-api.ts');
    return (await submitJob(await jobs(ctx), args as Record<string, unknown>, ctx.tenant)).body;
  },
});

export const batchStatusTool = defineTool({
  name: 'occam_batch_status',
  description: 'State of a batch job (queued | running | done) and progress {total, done, failed, running}.',
  inputSchema: z.object({
    job_id: z.string().optional().describe('[core] job_id returned by occam_batch_submit.'),
  }),
  publishSchema: requireFields('job_id'),
  async handler(args, ctx) {
    const { jobStatus } = await import('../../jobs/batch-api.ts');
    return (await jobStatus(await jobs(ctx), args.job_id, ctx.tenant)).body;
  },
});

export const batchResultsTool = defineTool({
  name: 'occam_batch_results',
  description:
    'One page of a batch job\'s items in submission order: {url, ok, markdown, backend, tokens_estimated, failure, state}. ' +
    'Unfinished items have ok:false and failure:null. Pass next_cursor back as cursor until it is null.',
  inputSchema: z.object({
    job_id: z.string().optional().describe('[core] job_id returned by occam_batch_submit.'),
    cursor: z.number().optional().meta({ minimum: 0 }).describe('[core] Start at this item (a prior next_cursor); default 0.'),
    limit: z.number().optional().meta({ minimum: 1, maximum: 200 }).describe('[core] Items per page, clamped to 1–200; default 50.'),
  }),
  publishSchema: requireFields('job_id'),
  async handler(args, ctx) {
    const { jobResults } = await import('../../jobs/batch-api.ts');
    return (await jobResults(await jobs(ctx), args.job_id, args.cursor, args.limit, ctx.tenant)).body;
  },
});

export const batchTools = [batchSubmitTool, batchStatusTool, batchResultsTool];
