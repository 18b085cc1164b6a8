// `occam mcp --batch-server`: the loopback REST face of the batch job store (tools.md §8) — not MCP, loopback
// Host/Origin only. Authentication (issue 30): with OCCAM_BATCH_TOKEN set, every /v1/batch/* request needs
// `Authorization: Bearer <token>` (401 batch_auth_required otherwise); without it, any local user can reach the
// port, so a submission naming a session_profile is refused (403 batch_auth_required). Routes:
//   GET  /v1/health                   200 {ok:true, mode:"batch-server", store} | 503 when the store does not answer
//   POST /v1/batch/submit             202 {ok, job_id, accepted_count, state}   (body as occam_batch_submit)
//   GET  /v1/batch/{jobId}/status     200 | 404 job_not_found
//   GET  /v1/batch/{jobId}/results    ?cursor=&limit=   200 | 404
// Errors: {ok:false, error:{code,message}} with 400 invalid_request / 404 job_not_found / 503 network_error (the
// shared store is unreachable). The server starts even when the store is not reachable yet (a database still
// booting beside it): health answers 503 and the store is retried every few seconds until it answers.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { readEnv } from '../../config/env.ts';
import type { RuntimeContext } from '../../runtime/context.ts';
import { batchFailure, OccamError } from '../../contract/failures.ts';
import { jobResults, jobStatus, submitJob } from '../../jobs/batch-api.ts';
import { batchJobsService, type BatchJobs } from '../../jobs/batch-service.ts';
import { storeSelection } from '../../store/index.ts';
import { Services } from '../../runtime/services.ts';
import { BodyTooLarge, closeServer, listen, NOT_LOOPBACK_BODY, originFor, passesLoopbackGuard, readBody, sendJson } from './http.ts';
import type { RunningServer } from './websocket.ts';
import { enableServerMetrics, METRICS_PATH, sendMetrics, watchBatchQueue } from './metrics-route.ts';
import { httpAuthFromEnv, PROTECTED_RESOURCE_PATH } from './http-auth.ts';
import { LOCAL_TENANT } from '../../runtime/tenant.ts';
import { LOOPBACK_BIND } from './options.ts';

const SUBMIT_BODY_LIMIT = 1024 * 1024;
const STORE_RETRY_MS = 2_000;
const JOB_ROUTE = /^\/v1\/batch\/([^/]+)\/(status|results)$/;

/** Constant-time comparison of an `Authorization: Bearer …` header with the configured token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) return false;
  const given = createHash('sha256').update(m[1]).digest();
  return timingSafeEqual(given, createHash('sha256').update(token).digest());
}

export interface BatchServerOptions {
  port: number;
  bind: string;
}

export async function startBatchServer(runtime: RuntimeContext, options: BatchServerOptions): Promise<RunningServer> {
  const services = new Services(runtime);
  const storeKind = storeSelection(runtime).kind;
  // Bearer authentication when configured (jobs then belong to the principal); else loopback-only as before.
  const auth = httpAuthFromEnv(runtime);
  const loopbackOnly = options.bind === LOOPBACK_BIND;
  if (auth) runtime.warn(`[occam.auth] batch server requires ${auth.describe}`);
  let jobs: BatchJobs | null = null;
  let storeError: string | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<BatchJobs | null> => {
    if (jobs) return jobs;
    try {
      jobs = await services.use(batchJobsService);
      watchBatchQueue(jobs.store);
      if (storeError) runtime.warn('[occam.batch] job store reachable again');
      storeError = null;
      if (retry) clearInterval(retry);
    } catch (err) {
      if (storeError === null) runtime.warn(`[occam.batch] job store unavailable (retrying): ${(err as Error).message}`);
      storeError = (err as Error).message;
    }
    return jobs;
  };
  await enableServerMetrics(services);
  if (!(await connect())) {
    retry = setInterval(() => void connect(), STORE_RETRY_MS);
    retry.unref();
  }
  let draining = false;
  const unavailable = () => batchFailure('network_error', 'The job store is unreachable; retry shortly.');
  const token = readEnv<string | null>('OCCAM_BATCH_TOKEN', runtime.env, runtime.warn);

  const http = createServer(async (req, res) => {
    if (loopbackOnly && !passesLoopbackGuard(req)) return sendJson(res, 403, NOT_LOOPBACK_BODY);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    try {
      if (path === PROTECTED_RESOURCE_PATH && req.method === 'GET') {
        return auth ? sendJson(res, 200, auth.metadata(req)) : sendJson(res, 404, batchFailure('invalid_request', 'this server has no authentication configured'));
      }
      // Health and metrics stay open to probes and scrapers; everything else needs the bearer when auth is on.
      let tenant = LOCAL_TENANT;
      const open = path === '/v1/health' || path === METRICS_PATH || path === `/v1${METRICS_PATH}`;
      if (auth && !open) {
        const checked = await auth.check(req);
        if (!checked.ok) return sendJson(res, checked.status, checked.body, checked.headers);
        tenant = checked.principal.id;
      }
      if ((path === METRICS_PATH || path === `/v1${METRICS_PATH}`) && req.method === 'GET') return await sendMetrics(res);
      if (path === '/v1/health' && req.method === 'GET') {
        if (draining) return sendJson(res, 503, { ok: false, mode: 'batch-server', store: storeKind, draining: true, active: jobs?.processor?.active ?? 0 });
        const current = await connect();
        const up = current ? await current.store.ping() : false;
        return sendJson(res, up ? 200 : 503, { ok: up, mode: 'batch-server', store: storeKind, active: current?.processor?.active ?? 0, max_urls: current?.maxUrls ?? null });
      }
      // The single shared token (OCCAM_BATCH_TOKEN) when no per-principal authentication is configured.
      if (!auth && path.startsWith('/v1/batch/') && token !== null && !bearerMatches(req.headers.authorization, token)) {
        return sendJson(res, 401, batchFailure('batch_auth_required', 'Send Authorization: Bearer <OCCAM_BATCH_TOKEN>.'), { 'www-authenticate': 'Bearer' });
      }
      const current = path.startsWith('/v1/batch/') ? await connect() : null;
      if (path.startsWith('/v1/batch/') && !current) return sendJson(res, 503, unavailable());
      if (path === '/v1/batch/submit' && current) {
        if (draining) return sendJson(res, 503, batchFailure('network_error', 'This batch server is shutting down; submit to another instance.'), { 'retry-after': '5' });
        if (req.method !== 'POST') return sendJson(res, 405, batchFailure('invalid_request', 'POST a JSON body.'), { allow: 'POST' });
        let body: unknown;
        try {
          body = JSON.parse(await readBody(req, SUBMIT_BODY_LIMIT));
        } catch (err) {
          const msg = err instanceof BodyTooLarge ? `body over ${SUBMIT_BODY_LIMIT} bytes` : 'body is not JSON';
          return sendJson(res, err instanceof BodyTooLarge ? 413 : 400, batchFailure('invalid_request', msg));
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return sendJson(res, 400, batchFailure('invalid_request', 'body must be a JSON object'));
        }
        const input = body as Record<string, unknown>;
        // Credentials are only for an authenticated caller: any local user can reach an unauthenticated port.
        if (token === null && !auth && typeof input.session_profile === 'string' && input.session_profile.trim() !== '') {
          const message = 'session_profile needs an authenticated batch server: set OCCAM_BATCH_TOKEN (or OCCAM_HTTP_TOKENS_FILE / OCCAM_HTTP_JWT) for the server and the clients.';
          return sendJson(res, 403, batchFailure('batch_auth_required', message));
        }
        const reply = await submitJob(current, input, tenant);
        return sendJson(res, reply.status, reply.body, reply.headers);
      }
      const m = JOB_ROUTE.exec(path);
      if (m && req.method === 'GET' && current) {
        const jobId = decodeURIComponent(m[1]);
        const reply =
          m[2] === 'status'
            ? await jobStatus(current, jobId, tenant)
            : await jobResults(current, jobId, url.searchParams.get('cursor') ?? undefined, url.searchParams.get('limit') ?? undefined, tenant);
        return sendJson(res, reply.status, reply.body);
      }
      sendJson(res, 404, batchFailure('invalid_request', `no route ${req.method} ${path}`));
    } catch (err) {
      runtime.warn(`[occam.batch] request failed: ${(err as Error).message}`);
      if (res.headersSent) return;
      if (err instanceof OccamError && err.code === 'store_timeout') return sendJson(res, 503, batchFailure(err.code, err.message), { 'retry-after': '5' });
      // A database that stopped answering is a 503 the client may retry, not an internal error.
      const pingable = jobs ? await jobs.store.ping() : false;
      sendJson(res, pingable ? 500 : 503, pingable ? batchFailure('transcode_failed', 'internal error') : unavailable());
    }
  });
  const port = await listen(http, options.port, options.bind);
  return {
    url: `${originFor('http', options.bind, port)}/v1/`,
    port,
    drain: async (graceMs) => {
      draining = true;
      await jobs?.processor?.drain(graceMs);
    },
    close: async () => {
      if (retry) clearInterval(retry);
      await closeServer(http);
      await services.disposeAll();
    },
  };
}
