// The batch job store: one interface, two implementations that pass the same test suite —
//   embedded (batch-store-sqlite.ts): one SQLite file, processes on one machine;
//   postgres (batch-store-postgres.ts): one database, processes on many machines (OCCAM_STORE_URL).
//
// Exactly-once results: an item is claimed (pending → running) with an owner token and a lease; only the owner
// may write its result, and only while the item is still running under that owner. A worker that dies leaves
// its items running; they go back to pending when the owner is provably gone (same host, process not alive) or
// its lease has expired (any host — pids mean nothing across machines, the lease is what counts there). A read may
// therefore run twice after a crash, but a result is recorded once. An item whose reads keep killing their process
// is failed after MAX_ATTEMPTS claims.
//
// Tenancy and fairness: every job belongs to a tenant (src/runtime/tenant.ts); status, results and idempotency keys
// are the tenant's own (another tenant's job is simply not found). Claims go to the tenant with the fewest items
// running store-wide, then earliest job first, then item order — so one big submitter cannot starve the others,
// and with a single tenant the order is plain earliest-job-first.
import { randomBytes } from 'node:crypto';
import { LOCAL_TENANT } from '../runtime/tenant.ts';
export { LOCAL_TENANT };
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';
import { occamPaths } from '../config/paths.ts';
import { storeSelection } from '../store/index.ts';
import type { BatchReadOptions, BatchSubmission } from './batch-request.ts';

export type JobState = 'queued' | 'running' | 'done' | 'failed';
export type ItemState = 'pending' | 'running' | 'done' | 'failed';
export const MAX_ATTEMPTS = 3;

/** Who holds a claim: a random token per process plus host and pid, so a restarted process can tell the dead apart. */
export interface Owner {
  token: string;
  host: string;
  pid: number;
}

/** One claim: an item of a job. */
export interface ClaimRef {
  jobId: string;
  seq: number;
}

export interface ClaimedItem {
  jobId: string;
  seq: number;
  url: string;
  options: BatchReadOptions;
}

export interface ItemOutcome {
  ok: boolean;
  markdown: string | null;
  backend: string | null;
  tokensEstimated: number | null;
  failure: { code: string; message: string } | null;
}

export interface JobStatus {
  job_id: string;
  state: JobState;
  progress: { total: number; done: number; failed: number; running: number };
}

export interface ResultItem {
  url: string;
  ok: boolean;
  markdown: string | null;
  backend: string | null;
  tokens_estimated: number | null;
  failure: { code: string; message: string } | null;
  state: ItemState;
}

export interface SubmitResult {
  jobId: string;
  total: number;
  state: JobState;
  existing: boolean;
}

export interface ResultPage {
  job_id: string;
  items: ResultItem[];
  next_cursor: number | null;
}

export interface BatchStore {
  readonly kind: 'embedded' | 'postgres';
  /** A new job of `tenant`, or — same idempotency key of the same tenant within 24 h — its newest existing one. */
  submit(submission: BatchSubmission, tenant?: string): Promise<SubmitResult>;
  /** Unfinished items (pending or running) across `tenant`'s jobs — the per-tenant queue cap counts these. */
  unfinishedItems(tenant: string): Promise<number>;
  /** Claims the next item: the tenant with the fewest running items first, then its earliest job, then item order. */
  claimNext(owner: Owner, leaseMs: number): Promise<ClaimedItem | null>;
  /** Records an outcome if this owner still holds the claim; false when the result is discarded. */
  complete(owner: Owner, jobId: string, seq: number, outcome: ItemOutcome): Promise<boolean>;
  /**
   * Extends the leases of `working`, the claims this owner is still reading. Only those: a claim the owner gave up
   * on (its result could not be recorded) must be left to expire so that any worker, this one included, takes it.
   */
  renewLeases(owner: Owner, leaseMs: number, working: ClaimRef[]): Promise<void>;
  /** Gives this owner's unfinished claims back (clean shutdown). */
  release(owner: Owner): Promise<number>;
  /** Gives one claim back to pending (its result could not be recorded); false when the owner no longer held it. */
  releaseClaim(owner: Owner, claim: ClaimRef): Promise<boolean>;
  /**
   * Returns abandoned claims to pending — owner gone on this host, or lease expired, this owner's own expired
   * claims included unless they are in `working` — and fails the repeatedly crashed.
   */
  recover(self: Owner, isAlive: (pid: number) => boolean, working?: ClaimRef[]): Promise<{ resumed: number; failed: number }>;
  /** A job's progress; null when unknown or another tenant's. */
  status(jobId: string, tenant?: string): Promise<JobStatus | null>;
  /** Items of unfinished jobs by state, store-wide (metrics: queue depth). */
  queueStats(): Promise<{ pending: number; running: number }>;
  /** Retention: deletes the jobs finished before `cutoffMs` with their items; returns how many of each went. */
  sweep(cutoffMs: number): Promise<{ jobs: number; items: number }>;
  /** Items from `cursor` (sequence number), at most `limit`; next_cursor null when nothing remains. */
  results(jobId: string, cursor: number, limit: number, tenant?: string): Promise<ResultPage | null>;
  /** For health checks: the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const newJobId = () => randomBytes(16).toString('hex');

/** The failure message of an item failed after repeated interruptions, around its attempt count. */
export const INTERRUPTED_MESSAGE = ['The read was interrupted ', ' times (its process ended); not retried again.'] as const;

/** The store OCCAM_STORE_URL selects: PostgreSQL when set, else the SQLite file (OCCAM_BATCH_DB_PATH). */
export async function openBatchStore(runtime: RuntimeContext, services: Services, dbPath?: string): Promise<BatchStore> {
  const selection = storeSelection(runtime);
  if (selection.kind === 'postgres' && !dbPath) {
    const { PostgresBatchStore } = await import('./batch-store-postgres.ts');
    return PostgresBatchStore.open(services, runtime.now);
  }
  const { SqliteBatchStore } = await import('./batch-store-sqlite.ts');
  return SqliteBatchStore.open(dbPath ?? occamPaths(runtime).jobsDb, runtime.now);
}
