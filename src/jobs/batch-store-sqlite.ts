// The embedded batch job store: jobs and their items in one SQLite file (node:sqlite), so they survive a crash or
// restart and several processes on one machine can share them. Every state change is one short transaction
// (BEGIN IMMEDIATE: the write lock serialises claims across processes on this machine).
import { preparePrivateDbFile } from '../runtime/files.ts';
import { DatabaseSync } from 'node:sqlite';
import { IDEMPOTENCY_WINDOW_MS, type BatchSubmission } from './batch-request.ts';
import {
  INTERRUPTED_MESSAGE,
  MAX_ATTEMPTS,
  newJobId,
  type BatchStore,
  type ClaimedItem,
  type ItemOutcome,
  type ItemState,
  type JobState,
  type JobStatus,
  type ClaimRef,
  type Owner,
  type ResultItem,
  type ResultPage,
  type SubmitResult,
  LOCAL_TENANT,
} from './batch-store.ts';
import type { BatchReadOptions } from './batch-request.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS batch_jobs (
  job_id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  state TEXT NOT NULL,
  options TEXT NOT NULL,
  idempotency_key TEXT,
  total INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS batch_jobs_key ON batch_jobs(idempotency_key, created_at);
CREATE INDEX IF NOT EXISTS batch_jobs_state ON batch_jobs(state, created_at);
CREATE TABLE IF NOT EXISTS batch_items (
  job_id TEXT NOT NULL REFERENCES batch_jobs(job_id),
  seq INTEGER NOT NULL,
  url TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  ok INTEGER,
  markdown TEXT,
  backend TEXT,
  tokens_estimated INTEGER,
  failure_code TEXT,
  failure_message TEXT,
  owner TEXT,
  owner_host TEXT,
  owner_pid INTEGER,
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  finished_at INTEGER,
  PRIMARY KEY (job_id, seq)
);
CREATE INDEX IF NOT EXISTS batch_items_state ON batch_items(state, job_id, seq);
`;

/** Schema steps after the first: each runs once, when its column is missing (a file made by an older version). */
function upgrade(db: DatabaseSync): void {
  const columns = (db.prepare(`PRAGMA table_info(batch_jobs)`).all() as Array<{ name: string }>).map((c) => c.name);
  if (!columns.includes('tenant')) db.exec(`ALTER TABLE batch_jobs ADD COLUMN tenant TEXT NOT NULL DEFAULT '${LOCAL_TENANT}'`);
  db.exec(`CREATE INDEX IF NOT EXISTS batch_jobs_tenant ON batch_jobs(tenant, state)`);
}

export class SqliteBatchStore implements BatchStore {
  readonly kind = 'embedded' as const;
  readonly path: string;
  private readonly db: DatabaseSync;
  private readonly now: () => number;

  private constructor(path: string, db: DatabaseSync, now: () => number) {
    this.path = path;
    this.db = db;
    this.now = now;
  }

  static open(path: string, now: () => number): SqliteBatchStore {
    if (path !== ':memory:') preparePrivateDbFile(path, 'batch job store directory', 'set OCCAM_BATCH_DB_PATH to a file in a directory of your own');
    const db = new DatabaseSync(path, { timeout: 5_000 });
    // WAL: readers never block the writer; a killed process loses no committed transaction.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    db.exec(SCHEMA);
    upgrade(db);
    return new SqliteBatchStore(path, db, now);
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }

  /** BEGIN IMMEDIATE takes the write lock up front, so read-then-write steps cannot interleave across processes. */
  private tx<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const out = work();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** A new job, or — same idempotency key within 24 h — the newest existing one. */
  async submit(submission: BatchSubmission, tenant: string = LOCAL_TENANT): Promise<SubmitResult> {
    return this.tx(() => {
      const now = this.now();
      if (submission.idempotency_key) {
        const prior = this.db
          .prepare(
            'SELECT job_id, total, state FROM batch_jobs WHERE idempotency_key = ? AND tenant = ? AND created_at >= ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
          )
          .get(submission.idempotency_key, tenant, now - IDEMPOTENCY_WINDOW_MS) as { job_id: string; total: number; state: JobState } | undefined;
        if (prior) return { jobId: prior.job_id, total: prior.total, state: prior.state, existing: true };
      }
      const jobId = newJobId();
      this.db
        .prepare('INSERT INTO batch_jobs (job_id, created_at, state, options, idempotency_key, total, tenant) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(jobId, now, 'queued', JSON.stringify(submission.options), submission.idempotency_key, submission.urls.length, tenant);
      const insert = this.db.prepare('INSERT INTO batch_items (job_id, seq, url) VALUES (?, ?, ?)');
      submission.urls.forEach((url, seq) => insert.run(jobId, seq, url));
      return { jobId, total: submission.urls.length, state: 'queued' as JobState, existing: false };
    });
  }

  async unfinishedItems(tenant: string): Promise<number> {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM batch_items i JOIN batch_jobs j ON j.job_id = i.job_id
         WHERE j.tenant = ? AND j.state IN ('queued', 'running') AND i.state IN ('pending', 'running')`,
      )
      .get(tenant) as { n: number };
    return Number(row.n);
  }

  async claimNext(owner: Owner, leaseMs: number): Promise<ClaimedItem | null> {
    // An idle poll stays a plain read: no write lock is taken unless there is something to claim.
    if (!this.db.prepare(`SELECT 1 FROM batch_items WHERE state = 'pending' LIMIT 1`).get()) return null;
    return this.tx(() => {
      const now = this.now();
      const next = this.db
        .prepare(
          // Fair share: the tenant with the fewest running items goes first, then earliest job, then item order.
          `WITH busy AS (
             SELECT j.tenant, COUNT(*) AS n FROM batch_items i JOIN batch_jobs j ON j.job_id = i.job_id
             WHERE i.state = 'running' GROUP BY j.tenant
           )
           SELECT i.job_id, i.seq, i.url, i.attempts, j.options FROM batch_items i JOIN batch_jobs j ON j.job_id = i.job_id
           LEFT JOIN busy b ON b.tenant = j.tenant
           WHERE i.state = 'pending' AND j.state IN ('queued', 'running')
           ORDER BY COALESCE(b.n, 0), j.created_at, j.rowid, i.seq LIMIT 1`,
        )
        .get() as { job_id: string; seq: number; url: string; attempts: number; options: string } | undefined;
      if (!next) return null;
      this.db
        .prepare(
          `UPDATE batch_items SET state = 'running', owner = ?, owner_host = ?, owner_pid = ?, lease_until = ?, attempts = attempts + 1
           WHERE job_id = ? AND seq = ? AND state = 'pending'`,
        )
        .run(owner.token, owner.host, owner.pid, now + leaseMs, next.job_id, next.seq);
      this.db.prepare(`UPDATE batch_jobs SET state = 'running' WHERE job_id = ? AND state = 'queued'`).run(next.job_id);
      return { jobId: next.job_id, seq: next.seq, url: next.url, options: JSON.parse(next.options) as BatchReadOptions };
    });
  }

  /** Records an outcome if this owner still holds the claim; false when the result is discarded. */
  async complete(owner: Owner, jobId: string, seq: number, outcome: ItemOutcome): Promise<boolean> {
    return this.tx(() => {
      const changed = this.db
        .prepare(
          `UPDATE batch_items SET state = ?, ok = ?, markdown = ?, backend = ?, tokens_estimated = ?, failure_code = ?,
             failure_message = ?, finished_at = ?, owner = NULL, lease_until = NULL
           WHERE job_id = ? AND seq = ? AND state = 'running' AND owner = ?`,
        )
        .run(
          outcome.ok ? 'done' : 'failed',
          outcome.ok ? 1 : 0,
          outcome.markdown,
          outcome.backend,
          outcome.tokensEstimated,
          outcome.failure?.code ?? null,
          outcome.failure?.message ?? null,
          this.now(),
          jobId,
          seq,
          owner.token,
        ).changes;
      if (changed === 0) return false;
      this.finishJobIfComplete(jobId);
      return true;
    });
  }

  private finishJobIfComplete(jobId: string): void {
    const open = this.db
      .prepare(`SELECT COUNT(*) AS n FROM batch_items WHERE job_id = ? AND state IN ('pending', 'running')`)
      .get(jobId) as { n: number };
    if (open.n === 0) {
      this.db.prepare(`UPDATE batch_jobs SET state = 'done', finished_at = ? WHERE job_id = ? AND state != 'done'`).run(this.now(), jobId);
    }
  }

  async renewLeases(owner: Owner, leaseMs: number, working: ClaimRef[]): Promise<void> {
    if (working.length === 0) return;
    const renew = this.db.prepare(`UPDATE batch_items SET lease_until = ? WHERE job_id = ? AND seq = ? AND state = 'running' AND owner = ?`);
    const until = this.now() + leaseMs;
    this.tx(() => {
      for (const c of working) renew.run(until, c.jobId, c.seq, owner.token);
    });
  }

  async releaseClaim(owner: Owner, claim: ClaimRef): Promise<boolean> {
    const changed = this.db
      .prepare(
        `UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL, attempts = MAX(attempts - 1, 0)
         WHERE job_id = ? AND seq = ? AND state = 'running' AND owner = ?`,
      )
      .run(claim.jobId, claim.seq, owner.token).changes;
    return Number(changed) === 1;
  }

  /** Gives this owner's unfinished claims back (clean shutdown). */
  async release(owner: Owner): Promise<number> {
    return Number(
      this.db.prepare(`UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL, attempts = MAX(attempts - 1, 0) WHERE state = 'running' AND owner = ?`).run(owner.token).changes,
    );
  }

  /**
   * Returns abandoned claims to pending: same host and the owning process is gone (or it is an earlier
   * incarnation with our pid), or the lease ran out. Items already claimed MAX_ATTEMPTS times are failed instead.
   */
  async recover(self: Owner, isAlive: (pid: number) => boolean, working: ClaimRef[] = []): Promise<{ resumed: number; failed: number }> {
    const reading = new Set(working.map((c) => `${c.jobId}:${c.seq}`));
    return this.tx(() => {
      const now = this.now();
      const running = this.db
        .prepare(`SELECT job_id, seq, owner, owner_host, owner_pid, lease_until, attempts FROM batch_items WHERE state = 'running'`)
        .all() as Array<{ job_id: string; seq: number; owner: string; owner_host: string; owner_pid: number; lease_until: number; attempts: number }>;
      let resumed = 0;
      let failed = 0;
      const touched = new Set<string>();
      for (const item of running) {
        if (item.owner === self.token) {
          // Our own claim comes back once its lease ran out, unless we are still reading it.
          if (reading.has(`${item.job_id}:${item.seq}`) || item.lease_until >= now) continue;
        }
        const sameHost = item.owner_host === self.host;
        const ownerGone = sameHost && (item.owner_pid === self.pid || !isAlive(item.owner_pid));
        if (!ownerGone && item.lease_until >= now) continue;
        if (item.attempts >= MAX_ATTEMPTS) {
          this.db
            .prepare(
              `UPDATE batch_items SET state = 'failed', ok = 0, failure_code = 'transcode_failed', failure_message = ?, finished_at = ?, owner = NULL, lease_until = NULL
               WHERE job_id = ? AND seq = ? AND state = 'running'`,
            )
            .run(INTERRUPTED_MESSAGE.join(String(item.attempts)), now, item.job_id, item.seq);
          failed += 1;
          touched.add(item.job_id);
        } else {
          this.db
            .prepare(`UPDATE batch_items SET state = 'pending', owner = NULL, lease_until = NULL WHERE job_id = ? AND seq = ? AND state = 'running'`)
            .run(item.job_id, item.seq);
          resumed += 1;
        }
      }
      for (const jobId of touched) this.finishJobIfComplete(jobId);
      return { resumed, failed };
    });
  }

  async queueStats(): Promise<{ pending: number; running: number }> {
    const rows = this.db.prepare(`SELECT state, COUNT(*) AS n FROM batch_items WHERE state IN ('pending', 'running') GROUP BY state`).all() as Array<{ state: string; n: number }>;
    const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { pending: of('pending'), running: of('running') };
  }

  async sweep(cutoffMs: number): Promise<{ jobs: number; items: number }> {
    return this.tx(() => {
      const items = this.db
        .prepare(`DELETE FROM batch_items WHERE job_id IN (SELECT job_id FROM batch_jobs WHERE state = 'done' AND finished_at < ?)`)
        .run(cutoffMs).changes;
      const jobs = this.db.prepare(`DELETE FROM batch_jobs WHERE state = 'done' AND finished_at < ?`).run(cutoffMs).changes;
      return { jobs: Number(jobs), items: Number(items) };
    });
  }

  async status(jobId: string, tenant: string = LOCAL_TENANT): Promise<JobStatus | null> {
    const job = this.db.prepare('SELECT job_id, state, total FROM batch_jobs WHERE job_id = ? AND tenant = ?').get(jobId, tenant) as
      | { job_id: string; state: JobState; total: number }
      | undefined;
    if (!job) return null;
    const counts = this.db
      .prepare(`SELECT state, COUNT(*) AS n FROM batch_items WHERE job_id = ? GROUP BY state`)
      .all(jobId) as Array<{ state: ItemState; n: number }>;
    const by = Object.fromEntries(counts.map((c) => [c.state, c.n])) as Partial<Record<ItemState, number>>;
    return {
      job_id: job.job_id,
      state: job.state,
      progress: { total: job.total, done: by.done ?? 0, failed: by.failed ?? 0, running: by.running ?? 0 },
    };
  }

  /** Items from `cursor` (sequence number), at most `limit`; next_cursor null when nothing remains. */
  async results(jobId: string, cursor: number, limit: number, tenant: string = LOCAL_TENANT): Promise<ResultPage | null> {
    const job = this.db.prepare('SELECT total FROM batch_jobs WHERE job_id = ? AND tenant = ?').get(jobId, tenant) as { total: number } | undefined;
    if (!job) return null;
    const rows = this.db
      .prepare(
        `SELECT url, state, ok, markdown, backend, tokens_estimated, failure_code, failure_message FROM batch_items
         WHERE job_id = ? AND seq >= ? ORDER BY seq LIMIT ?`,
      )
      .all(jobId, cursor, limit) as Array<{
      url: string;
      state: ItemState;
      ok: number | null;
      markdown: string | null;
      backend: string | null;
      tokens_estimated: number | null;
      failure_code: string | null;
      failure_message: string | null;
    }>;
    const items: ResultItem[] = rows.map((r) => ({
      url: r.url,
      ok: r.ok === 1,
      markdown: r.markdown,
      backend: r.backend,
      tokens_estimated: r.tokens_estimated,
      failure: r.failure_code ? { code: r.failure_code, message: r.failure_message ?? '' } : null,
      state: r.state,
    }));
    return { job_id: jobId, items, next_cursor: cursor + limit < job.total ? cursor + limit : null };
  }

  /** For health checks: the database answers. */
  async ping(): Promise<boolean> {
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }
}
