// What `occam batch` talks to: the local store (the one OCCAM_STORE_URL selects — SQLite on this machine or the
// shared PostgreSQL) or a running batch server (`--server http://host:5051`). Both answer with the same
// (status, body) replies as the MCP tools and the REST routes (batch-api.ts), so the verb has one code path.
import type { RuntimeContext } from '../runtime/context.ts';
import { Services } from '../runtime/services.ts';
import { readEnv } from '../config/env.ts';
import { jobResults, jobStatus, submitJob, type ApiReply } from './batch-api.ts';
import type { ResultItem } from './batch-store.ts';

export interface BatchClient {
  /** Where the jobs live, for messages: "local store (postgres)" or the server URL. */
  readonly where: string;
  /** True when this process itself reads items while it waits (local store): the CLI joins the worker pool. */
  readonly works: boolean;
  submit: (body: Record<string, unknown>) => Promise<ApiReply>;
  status: (jobId: string) => Promise<ApiReply>;
  results: (jobId: string, cursor: number, limit: number) => Promise<ApiReply>;
  close: () => Promise<void>;
}

/** The server's base: accepts `http://h:p`, `http://h:p/` or `http://h:p/v1/`. */
export function batchServerBase(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`--server must be an http(s) URL (got ${JSON.stringify(raw)})`);
  }
  if (!/^https?:$/.test(u.protocol)) throw new Error(`--server must be an http(s) URL (got ${JSON.stringify(raw)})`);
  return `${u.origin}${u.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1`;
}

/** A client of a running batch server; OCCAM_BATCH_TOKEN, when set, is sent as the bearer token. */
export function serverClient(raw: string, runtime: RuntimeContext): BatchClient {
  const base = batchServerBase(raw);
  const token = readEnv<string | null>('OCCAM_BATCH_TOKEN', runtime.env, runtime.warn);
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const call = async (path: string, body?: unknown): Promise<ApiReply> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new Error(`batch server ${base} did not answer: ${(err as Error).cause ? String((err as { cause: Error }).cause.message) : (err as Error).message}`);
    }
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      throw new Error(`batch server ${base} answered ${res.status} with a body that is not JSON`);
    }
  };
  return {
    where: base,
    works: false,
    submit: (body) => call('/batch/submit', body),
    status: (jobId) => call(`/batch/${encodeURIComponent(jobId)}/status`),
    results: (jobId, cursor, limit) => call(`/batch/${encodeURIComponent(jobId)}/results?cursor=${cursor}&limit=${limit}`),
    close: async () => {},
  };
}

/**
 * The local store. With `work`, this process also runs a worker pool (the batch service), so `submit --wait` and
 * `wait` finish jobs even when no batch server runs; without it only the store is opened (status, results).
 */
export async function localClient(runtime: RuntimeContext, work: boolean): Promise<BatchClient> {
  const services = new Services(runtime);
  const { batchJobsService, closeBatchJobs, openBatchJobs } = await import('./batch-service.ts');
  // The worker pool is the process-wide service (disposed with the services); a read-only store is closed here.
  const jobs = work ? await services.use(batchJobsService) : await openBatchJobs(runtime, services, null);
  return {
    where: `local store (${jobs.store.kind})`,
    works: work,
    submit: (body) => submitJob(jobs, body),
    status: (jobId) => jobStatus(jobs, jobId),
    results: (jobId, cursor, limit) => jobResults(jobs, jobId, cursor, limit),
    close: async () => {
      if (!work) await closeBatchJobs(jobs);
      await services.disposeAll();
    },
  };
}

/** Every item of a job, page by page. */
export async function allResults(client: BatchClient, jobId: string): Promise<{ reply: ApiReply; items: ResultItem[] }> {
  const items: ResultItem[] = [];
  let cursor: number | null = 0;
  for (;;) {
    const reply = await client.results(jobId, cursor, 200);
    if (!reply.body.ok) return { reply, items };
    const page = reply.body as unknown as { items: ResultItem[]; next_cursor: number | null };
    items.push(...page.items);
    cursor = page.next_cursor;
    if (cursor === null) return { reply, items };
  }
}
