// The three batch operations as data in → (HTTP status, snake_case body) out. The MCP tools and the REST
// BatchServer both call these, so the wire is the same everywhere (playbooks.md §13.1, tools.md §3.3, §8).
import { batchFailure } from '../contract/failures.ts';
import { LOCAL_TENANT } from '../runtime/tenant.ts';
import { checkSubmission, pageArgs } from './batch-request.ts';
import type { BatchJobs } from './batch-service.ts';

export interface ApiReply {
  status: number;
  body: { ok: boolean } & Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After on 429). */
  headers?: Record<string, string>;
}

/** How long a tenant over its queue cap is told to wait before submitting again. */
export const QUEUE_FULL_RETRY_AFTER_S = 30;

const invalid = (message: string): ApiReply => ({ status: 400, body: batchFailure('invalid_request', message) });
const notFound = (jobId: string): ApiReply => ({
  status: 404,
  body: batchFailure('job_not_found', `No batch job ${JSON.stringify(jobId.slice(0, 64))}.`),
});

function jobIdOf(raw: unknown): string | null {
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

export async function submitJob(jobs: BatchJobs, input: Record<string, unknown>, tenant: string = LOCAL_TENANT): Promise<ApiReply> {
  const check = checkSubmission(input, jobs.maxUrls, jobs.guard);
  if (!check.ok) return invalid(check.message);
  // Backpressure per tenant: one submitter cannot fill the shared queue (the check and the insert are not one
  // transaction, so concurrent submits of one tenant may pass the cap by at most one job each).
  const queued = await jobs.store.unfinishedItems(tenant);
  if (queued + check.submission.urls.length > jobs.maxQueuedPerTenant) {
    return {
      status: 429,
      body: batchFailure('invalid_request', `This tenant has ${queued} unfinished item(s) queued; ${check.submission.urls.length} more would pass OCCAM_BATCH_MAX_QUEUED_PER_TENANT=${jobs.maxQueuedPerTenant}. Retry when some finish.`),
      headers: { 'retry-after': String(QUEUE_FULL_RETRY_AFTER_S) },
    };
  }
  const job = await jobs.store.submit(check.submission, tenant);
  if (!job.existing) void jobs.processor?.pump();
  return { status: 202, body: { ok: true, job_id: job.jobId, accepted_count: job.total, state: job.state } };
}

export async function jobStatus(jobs: BatchJobs, rawJobId: unknown, tenant: string = LOCAL_TENANT): Promise<ApiReply> {
  const jobId = jobIdOf(rawJobId);
  if (!jobId) return invalid('job_id is required');
  const status = await jobs.store.status(jobId, tenant);
  return status ? { status: 200, body: { ok: true, ...status } } : notFound(jobId);
}

export async function jobResults(jobs: BatchJobs, rawJobId: unknown, cursor: unknown, limit: unknown, tenant: string = LOCAL_TENANT): Promise<ApiReply> {
  const jobId = jobIdOf(rawJobId);
  if (!jobId) return invalid('job_id is required');
  const page = pageArgs(cursor, limit);
  if (typeof page === 'string') return invalid(page);
  const results = await jobs.store.results(jobId, page.cursor, page.limit, tenant);
  return results ? { status: 200, body: { ok: true, ...results } } : notFound(jobId);
}
