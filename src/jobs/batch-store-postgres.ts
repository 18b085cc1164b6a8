// The batch job store on PostgreSQL (OCCAM_STORE_URL): one queue for every Occam process on every machine.
//
// Why plain `pg` with FOR UPDATE SKIP LOCKED rather than pg-boss/graphile-worker: the queue semantics are already
// fixed by the batch contract and the embedded store (items of a job in order, earliest job first, owner tokens,
// leases, a result recorded once, MAX_ATTEMPTS) and must pass the same test suite; a job library brings its own
// job model (one row per job, its own retry/expiry/archive policy and schema) that would have to be bent to it,
// plus a second pool and a maintenance loop. SKIP LOCKED gives the one thing needed from the database — concurrent
// claimers never wait on, or take, each other's rows — in one statement per claim. bench/scale.ts measures both in
// one run, on a throwaway and on a durable cluster (docs/scaling.md §2): on a durable database both are bound by the
// two commits per item, and pg-boss is no faster.
//
// Each state change is one statement (one round trip, atomic by itself) except submit. Leases use the clock of
// the claiming process; a lease (60 s) is far longer than the skew of NTP-synchronised hosts.
import type { Pool } from 'pg';
import type { Services } from '../runtime/services.ts';
import { postgresService, registerMigrations, withTransaction } from '../store/index.ts';
import { IDEMPOTENCY_WINDOW_MS, type BatchReadOptions, type BatchSubmission } from './batch-request.ts';
import {
  INTERRUPTED_MESSAGE,
  MAX_ATTEMPTS,
  newJobId,
  type BatchStore,
  type ClaimedItem,
  type ClaimRef,
  type ItemOutcome,
  type ItemState,
  type JobState,
  type JobStatus,
  type Owner,
  type ResultPage,
  type SubmitResult,
  LOCAL_TENANT,
} from './batch-store.ts';

export const BATCH_KIND = 'batch';
const PING_TIMEOUT_MS = 2_000;

registerMigrations(BATCH_KIND, [
  {
    version: 1,
    name: 'batch jobs and items',
    sql: `
CREATE TABLE batch_jobs (
  job_id text PRIMARY KEY,
  ord bigserial NOT NULL UNIQUE,
  created_at bigint NOT NULL,
  state text NOT NULL,
  options jsonb NOT NULL,
  idempotency_key text,
  total integer NOT NULL,
  open_items integer NOT NULL,
  finished_at bigint
);
CREATE INDEX batch_jobs_key ON batch_jobs (idempotency_key, created_at) WHERE idempotency_key IS NOT NULL;
CREATE TABLE batch_items (
  job_id text NOT NULL REFERENCES batch_jobs (job_id),
  seq integer NOT NULL,
  job_ord bigint NOT NULL,
  url text NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  ok boolean,
  markdown text,
  backend text,
  tokens_estimated integer,
  failure_code text,
  failure_message text,
  owner text,
  owner_host text,
  owner_pid integer,
  lease_until bigint,
  attempts integer NOT NULL DEFAULT 0,
  finished_at bigint,
  PRIMARY KEY (job_id, seq)
);
-- The claim order (earliest job, then item) straight from an index that holds only what is claimable.
CREATE INDEX batch_items_pending ON batch_items (job_ord, seq) WHERE state = 'pending';
CREATE INDEX batch_items_running ON batch_items (owner) WHERE state = 'running';
`,
  },
  {
    version: 2,
    name: 'batch jobs belong to a tenant',
    sql: `
ALTER TABLE batch_jobs ADD COLUMN tenant text NOT NULL DEFAULT '${LOCAL_TENANT}';
CREATE INDEX batch_jobs_open_tenant ON batch_jobs (tenant, ord) WHERE state IN ('queued', 'running');
`,
  },
]);

/** Decrements the open-item counter of the jobs of `rows` and closes the jobs that reach 0 — one statement. */
const CLOSE_JOBS = `
UPDATE batch_jobs j SET open_items = j.open_items - c.n,
  state = CASE WHEN j.open_items - c.n = 0 THEN 'done' ELSE j.state END,
  finished_at = CASE WHEN j.open_items - c.n = 0 THEN $1::bigint ELSE j.finished_at END
FROM (SELECT job_id, COUNT(*)::int AS n FROM finished GROUP BY job_id) c
WHERE j.job_id = c.job_id`;

export class PostgresBatchStore implements BatchStore {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly now: () => number;
  private readonly releasePool: () => void;

  private constructor(pool: Pool, now: () => number, releasePool: () => void) {
    this.pool = pool;
    this.now = now;
    this.releasePool = releasePool;
  }

  static async open(services: Services, now: () => number): Promise<PostgresBatchStore> {
    const db = await services.use(postgresService);
    const pool = await db.ready(BATCH_KIND);
    // The worker pool hands its claims back on shutdown: the shared pool must outlive that.
    return new PostgresBatchStore(pool, now, db.retain());
  }

  /** For tests and tools holding their own pool (migrated beforehand). */
  static withPool(pool: Pool, now: () => number): PostgresBatchStore {
    return new PostgresBatchStore(pool, now, () => {});
  }

  async close(): Promise<void> {
    // The pool belongs to the process-wide store service; it ends once this store let go of it.
    this.releasePool();
  }

  async submit(submission: BatchSubmission, tenant: string = LOCAL_TENANT): Promise<SubmitResult> {
    return withTransaction(this.pool, async (client) => {
      const now = this.now();
      if (submission.idempotency_key) {
        // Two submits with one key at once: the second waits for the first and then finds its job.
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`occam.batch.key:${submission.idempotency_key}`]);
        const prior = await client.query<{ job_id: string; total: number; state: JobState }>(
          `SELECT job_id, total, state FROM batch_jobs WHERE idempotency_key = $1 AND tenant = $3 AND created_at >= $2 ORDER BY created_at DESC, ord DESC LIMIT 1`,
          [submission.idempotency_key, now - IDEMPOTENCY_WINDOW_MS, tenant],
        );
        const p = prior.rows[0];
        if (p) return { jobId: p.job_id, total: p.total, state: p.state, existing: true };
      }
      const jobId = newJobId();
      const total = submission.urls.length;
      const { rows } = await client.query<{ ord: string }>(
        `INSERT INTO batch_jobs (job_id, created_at, state, options, idempotency_key, total, open_items, tenant) VALUES ($1, $2, 'queued', $3, $4, $5, $5, $6) RETURNING ord`,
        [jobId, now, JSON.stringify(submission.options), submission.idempotency_key, total, tenant],
      );
      await client.query(
        `INSERT INTO batch_items (job_id, seq, job_ord, url) SELECT $1, s.seq - 1, $2, s.url FROM unnest($3::text[]) WITH ORDINALITY AS s(url, seq)`,
        [jobId, rows[0]!.ord, submission.urls],
      );
      return { jobId, total, state: 'queued' as JobState, existing: false };
    });
  }

  async unfinishedItems(tenant: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT COALESCE(SUM(open_items), 0)::int AS n FROM batch_jobs WHERE tenant = $1 AND state IN ('queued', 'running')`,
      [tenant],
    );
    return rows[0]!.n;
  }

  async claimNext(owner: Owner, leaseMs: number): Promise<ClaimedItem | null> {
    // Fair share: open tenants ordered by how many items they have running store-wide (then their earliest job);
    // for each in turn, its earliest pending item (the partial index on pending items, one job at a time) — the
    // first one found is claimed. SKIP LOCKED: a row another claimer is taking right now is passed over, never
    // waited on. The tenant and running sets are small (open jobs, in-flight items), so this stays one statement.
    // A named (prepared) statement: planned once per connection, since the fair-share query costs more to plan
    // than to run.
    const { rows } = await this.pool.query<{ job_id: string; seq: number; url: string; options: BatchReadOptions }>({
      name: 'occam-batch-claim',
      text: `WITH busy AS (
         SELECT j.tenant, COUNT(*)::int AS n FROM batch_items i JOIN batch_jobs j ON j.job_id = i.job_id
         WHERE i.state = 'running' GROUP BY j.tenant
       ), tenants AS (
         SELECT j.tenant, MIN(j.ord) AS first_ord FROM batch_jobs j WHERE j.state IN ('queued', 'running') GROUP BY j.tenant
       ), next AS (
         SELECT c.job_id, c.seq FROM tenants t LEFT JOIN busy b ON b.tenant = t.tenant
         CROSS JOIN LATERAL (
           -- The tenant's open jobs in order; in each, its first pending item straight from the partial index
           -- (job_ord, seq) — one index probe per job, never a scan of the job's pending items.
           SELECT p.job_id, p.seq FROM batch_jobs j2
           CROSS JOIN LATERAL (
             SELECT i.job_id, i.seq FROM batch_items i
             WHERE i.state = 'pending' AND i.job_ord = j2.ord
             ORDER BY i.seq LIMIT 1 FOR UPDATE OF i SKIP LOCKED
           ) p
           WHERE j2.tenant = t.tenant AND j2.state IN ('queued', 'running')
           ORDER BY j2.ord LIMIT 1
         ) c
         ORDER BY COALESCE(b.n, 0), t.first_ord LIMIT 1
       ), claimed AS (
         UPDATE batch_items i SET state = 'running', owner = $1, owner_host = $2, owner_pid = $3, lease_until = $4, attempts = i.attempts + 1
         FROM next WHERE i.job_id = next.job_id AND i.seq = next.seq
         RETURNING i.job_id, i.seq, i.url
       ), started AS (
         UPDATE batch_jobs j SET state = 'running' FROM claimed WHERE j.job_id = claimed.job_id AND j.state = 'queued' RETURNING j.job_id
       )
       SELECT c.job_id, c.seq, c.url, j.options FROM claimed c JOIN batch_jobs j ON j.job_id = c.job_id`,
      values: [owner.token, owner.host, owner.pid, this.now() + leaseMs],
    });
    const row = rows[0];
    return row ? { jobId: row.job_id, seq: row.seq, url: row.url, options: row.options } : null;
  }

  async complete(owner: Owner, jobId: string, seq: number, outcome: ItemOutcome): Promise<boolean> {
    const now = this.now();
    const { rows } = await this.pool.query<{ n: number }>(
      `WITH finished AS (
         UPDATE batch_items SET state = $2, ok = $3, markdown = $4, backend = $5, tokens_estimated = $6, failure_code = $7,
           failure_message = $8, finished_at = $1, owner = NULL, lease_until = NULL
         WHERE job_id = $9 AND seq = $10 AND state = 'running' AND owner = $11
         RETURNING job_id
       ), closed AS (${CLOSE_JOBS} RETURNING j.job_id)
       SELECT (SELECT COUNT(*)::int FROM finished) AS n`,
      [
        now,
        outcome.ok ? 'done' : 'failed',
        outcome.ok,
        outcome.markdown,
        outcome.backend,
        outcome.tokensEstimated,
        outcome.failure?.code ?? null,
        outcome.failure?.message ?? null,
        jobId,
        seq,
        owner.token,
      ],
    );
    return rows[0]!.n === 1;
  }

  async renewLeases(owner: Owner, leaseMs: number, working: ClaimRef[]): Promise<void> {
    if (working.length === 0) return;
    await this.pool.query(
      `UPDATE batch_items i SET lease_until = $1 FROM unnest($3::text[], $4::int[]) AS w(job_id, seq)
       WHERE i.job_id = w.job_id AND i.seq = w.seq AND i.state = 'running' AND i.owner = $2`,
      [this.now() + leaseMs, owner.token, working.map((c) => c.jobId), working.map((c) => c.seq)],
    );
  }

  async releaseClaim(owner: Owner, claim: ClaimRef): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0)
       WHERE job_id = $1 AND seq = $2 AND state = 'running' AND owner = $3`,
      [claim.jobId, claim.seq, owner.token],
    );
    return (r.rowCount ?? 0) === 1;
  }

  async release(owner: Owner): Promise<number> {
    const r = await this.pool.query(
      `UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE state = 'running' AND owner = $1`,
      [owner.token],
    );
    return r.rowCount ?? 0;
  }

  async recover(self: Owner, isAlive: (pid: number) => boolean, working: ClaimRef[] = []): Promise<{ resumed: number; failed: number }> {
    const now = this.now();
    // Pids are only meaningful on our own host: those owners can be proven gone at once; elsewhere the lease decides.
    const local = await this.pool.query<{ owner_pid: number }>(
      `SELECT DISTINCT owner_pid FROM batch_items WHERE state = 'running' AND owner_host = $1 AND owner <> $2`,
      [self.host, self.token],
    );
    const deadPids = local.rows.map((r) => r.owner_pid).filter((pid) => pid === self.pid || !isAlive(pid));
    // Our own claims count too once their lease ran out (a result we could not record, a renewal lost to an
    // outage), except the ones we are still reading.
    const abandoned = `state = 'running' AND (
        (owner <> $2 AND (lease_until < $1 OR (owner_host = $3 AND owner_pid = ANY($4::int[]))))
        OR (owner = $2 AND lease_until < $1 AND NOT (job_id || ':' || seq::text = ANY($8::text[]))))`;
    const { rows } = await this.pool.query<{ resumed: number; failed: number }>(
      `WITH finished AS (
         UPDATE batch_items SET state = 'failed', ok = false, failure_code = 'transcode_failed', failure_message = $6 || attempts || $7,
           finished_at = $1, owner = NULL, lease_until = NULL
         WHERE ${abandoned} AND attempts >= $5
         RETURNING job_id
       ), resumed AS (
         UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL
         WHERE ${abandoned} AND attempts < $5
         RETURNING job_id
       ), closed AS (${CLOSE_JOBS} RETURNING j.job_id)
       SELECT (SELECT COUNT(*)::int FROM resumed) AS resumed, (SELECT COUNT(*)::int FROM finished) AS failed`,
      [now, self.token, self.host, deadPids, MAX_ATTEMPTS, ...INTERRUPTED_MESSAGE, working.map((c) => `${c.jobId}:${c.seq}`)],
    );
    return rows[0]!;
  }

  async queueStats(): Promise<{ pending: number; running: number }> {
    // Both counts come from the partial indexes on pending and running items.
    const { rows } = await this.pool.query<{ pending: number; running: number }>(
      `SELECT (SELECT COUNT(*)::int FROM batch_items WHERE state = 'pending') AS pending,
              (SELECT COUNT(*)::int FROM batch_items WHERE state = 'running') AS running`,
    );
    return rows[0]!;
  }

  async sweep(cutoffMs: number): Promise<{ jobs: number; items: number }> {
    const { rows } = await this.pool.query<{ jobs: number; items: number }>(
      `WITH old AS (
         SELECT job_id FROM batch_jobs WHERE state = 'done' AND finished_at < $1
       ), items AS (
         DELETE FROM batch_items i USING old WHERE i.job_id = old.job_id RETURNING 1
       ), jobs AS (
         DELETE FROM batch_jobs j USING old WHERE j.job_id = old.job_id RETURNING 1
       )
       SELECT (SELECT COUNT(*)::int FROM jobs) AS jobs, (SELECT COUNT(*)::int FROM items) AS items`,
      [cutoffMs],
    );
    return rows[0]!;
  }

  async status(jobId: string, tenant: string = LOCAL_TENANT): Promise<JobStatus | null> {
    const { rows } = await this.pool.query<{ job_id: string; state: JobState; total: number; counts: Partial<Record<ItemState, number>> | null }>(
      `SELECT j.job_id, j.state, j.total,
         (SELECT jsonb_object_agg(state, n) FROM (SELECT state, COUNT(*)::int AS n FROM batch_items WHERE job_id = j.job_id GROUP BY state) s) AS counts
       FROM batch_jobs j WHERE j.job_id = $1 AND j.tenant = $2`,
      [jobId, tenant],
    );
    const job = rows[0];
    if (!job) return null;
    const by = job.counts ?? {};
    return { job_id: job.job_id, state: job.state, progress: { total: job.total, done: by.done ?? 0, failed: by.failed ?? 0, running: by.running ?? 0 } };
  }

  async results(jobId: string, cursor: number, limit: number, tenant: string = LOCAL_TENANT): Promise<ResultPage | null> {
    const job = await this.pool.query<{ total: number }>('SELECT total FROM batch_jobs WHERE job_id = $1 AND tenant = $2', [jobId, tenant]);
    if (!job.rows[0]) return null;
    const { rows } = await this.pool.query<{
      url: string;
      state: ItemState;
      ok: boolean | null;
      markdown: string | null;
      backend: string | null;
      tokens_estimated: number | null;
      failure_code: string | null;
      failure_message: string | null;
    }>(
      `SELECT url, state, ok, markdown, backend, tokens_estimated, failure_code, failure_message FROM batch_items
       WHERE job_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
      [jobId, cursor, limit],
    );
    return {
      job_id: jobId,
      items: rows.map((r) => ({
        url: r.url,
        ok: r.ok === true,
        markdown: r.markdown,
        backend: r.backend,
        tokens_estimated: r.tokens_estimated,
        failure: r.failure_code ? { code: r.failure_code, message: r.failure_message ?? '' } : null,
        state: r.state,
      })),
      next_cursor: cursor + limit < job.rows[0].total ? cursor + limit : null,
    };
  }

  async ping(): Promise<boolean> {
    try {
      // Bounded: a health check must answer even when the database hangs rather than refuses.
      await this.pool.query({ text: 'SELECT 1', query_timeout: PING_TIMEOUT_MS } as { text: string });
      return true;
    } catch {
      return false;
    }
  }
}
