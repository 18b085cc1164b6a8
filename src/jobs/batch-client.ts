// What `occam batch` talks to: the local store (the one OCCAM_STORE_URL selects — SQLite on this machine or the
// shared PostgreSQL) or a running batch server (`--server http://host:5051`). Both answer with the same
// (status, body) replies as the MCP tools and the REST routes (batch-api.ts), so the verb has one code path.
import { batchFailure, normaliseError, OccamError } from '../contract/failures.ts';
import { BATCH_MAX_URLS } from '../config/env-transport.ts';
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
  /** Most URLs one job takes there (OCCAM_BATCH_MAX_URLS of the store's process, or of the server). */
  maxUrls: () => Promise<number>;
  submit: (body: Record<string, unknown>) => Promise<ApiReply>;
  status: (jobId: string) => Promise<ApiReply>;
  results: (jobId: string, cursor: number, limit: number) => Promise<ApiReply>;
  close: () => Promise<void>;
}

/**
 * A store or server that cannot be reached is a reply like any other — the REST server's 503 shape
 * (`{ok:false, error:{code, message}}`) — so the verb prints one typed line (or JSON) instead of a stack trace.
 */
export function unreachableReply(where: string, err: unknown, hint = ''): ApiReply {
  if (err instanceof OccamError) return { status: 503, body: batchFailure(err.code, `${err.message}${hint}`) };
  const { code, message } = normaliseError(err);
  const typed = code === 'extraction_failed' ? 'network_error' : code;
  return { status: 503, body: batchFailure(typed, `${where} is unreachable: ${message}${hint}`) };
}

async function replyOrUnreachable(where: string, call: () => Promise<ApiReply>): Promise<ApiReply> {
  try {
    return await call();
  } catch (err) {
    return unreachableReply(where, err);
  }
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
      const cause = (err as Error).cause as Error | undefined;
      return unreachableReply(`batch server ${base}`, cause ?? err);
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
    maxUrls: async () => {
      // Servers report their limit on /v1/health; an older one that does not is assumed to take the contract's most.
      const health = await call('/health');
      const n = Number(health.body.max_urls);
      return Number.isInteger(n) && n > 0 ? n : BATCH_MAX_URLS.max;
    },
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
  const { storeSelection, redactStoreUrl } = await import('../store/selection.ts');
  const selection = storeSelection(runtime);
  const where = selection.kind === 'postgres' ? `the job store (PostgreSQL at ${redactStoreUrl(selection.url)})` : 'the local job store';
  let jobs: Awaited<ReturnType<typeof openBatchJobs>>;
  try {
    // The worker pool is the process-wide service (disposed with the services); a read-only store is closed here.
    jobs = work ? await services.use(batchJobsService) : await openBatchJobs(runtime, services, null);
  } catch (err) {
    await services.disposeAll().catch(() => {});
    const down = unreachableReply(where, err, selection.kind === 'postgres' ? ' (check OCCAM_STORE_URL; `occam doctor` tests it)' : '');
    return { where, works: false, maxUrls: async () => BATCH_MAX_URLS.max, submit: async () => down, status: async () => down, results: async () => down, close: async () => {} };
  }
  const opened = jobs;
  return {
    where: `local store (${opened.store.kind})`,
    works: work,
    maxUrls: async () => opened.maxUrls,
    submit: (body) => replyOrUnreachable(where, () => submitJob(opened, body)),
    status: (jobId) => replyOrUnreachable(where, () => jobStatus(opened, jobId)),
    results: (jobId, cursor, limit) => replyOrUnreachable(where, () => jobResults(opened, jobId, cursor, limit)),
    close: async () => {
      if (!work) await closeBatchJobs(opened).catch(() => {});
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

/** A URL list cut into jobs of at most `perJob` URLs, in order. */
export function splitIntoJobs<T>(urls: T[], perJob: number): T[][] {
  const size = Math.max(1, Math.floor(perJob));
  const chunks: T[][] = [];
  for (let i = 0; i < urls.length; i += size) chunks.push(urls.slice(i, i + size));
  return chunks;
}
