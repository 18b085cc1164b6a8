// The three batch operations as data in → (HTTP status, snake_case body) out. The MCP tools and the REST
// BatchServer both call these, so the wire is the same everywhere (playbooks.md §13.1, tools.md §3.3, §8).
import { batchFailure } from '../contract/failures.ts';
import { checkSubmission, pageArgs } from './batch-request.ts';
import type { BatchJobs } from './batch-service.ts';

export interface ApiReply {
  status: number;
  body: { ok: boolean } & Record<string, unknown>;
}

const invalid = (message: string): ApiReply => ({ status: 400, body: batchFailure('invalid_request', message) });
const notFound = (jobId: string): ApiReply => ({
  status: 404,
  body: batchFailure('job_not_found', `No batch job ${JSON.stringify(jobId.slice(0, 64))}.`),
});

function jobIdOf(raw: unknown): string | null {
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

export async function submitJob(jobs: BatchJobs, input: Record<string, unknown>): Promise<ApiReply> {
  const check = checkSubmission(input, jobs.maxUrls, jobs.guard);
  if (!check.ok) return invalid(check.message);
  const job = await jobs.store.submit(check.submission);
  if (!job.existing) void jobs.processor.pump();
  return { status: 202, body: { ok: true, job_id: job.jobId, accepted_count: job.total, state: job.state } };
}

export async function jobStatus(jobs: BatchJobs, rawJobId: unknown): Promise<ApiReply> {
  const jobId = jobIdOf(rawJobId);
  if (!jobId) return invalid('job_id is required');
  const status = await jobs.store.status(jobId);
  return status ? { status: 200, body: { ok: true, ...status } } : notFound(jobId);
}

export async function jobResults(jobs: BatchJobs, rawJobId: unknown, cursor: unknown, limit: unknown): Promise<ApiReply> {
  const jobId = jobIdOf(rawJobId);
  if (!jobId) return invalid('job_id is required');
  const page = pageArgs(cursor, limit);
  if (typeof page === 'string') return invalid(page);
  const results = await jobs.store.results(jobId, page.cursor, page.limit);
  return results ? { status: 200, body: { ok: true, ...results } } : notFound(jobId);
}
