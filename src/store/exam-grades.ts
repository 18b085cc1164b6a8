// The exam result cache as a state-store service (exam.md §6, §8.4): the same key ({clientInfo, modelHint,
// sessionId}), TTL (24 h), capacity (1024) and first-insertion-order eviction as the in-memory ExamResultCache, but
// shared by every process of this user — so a grade submitted (occam_exam_submit) or applied (`occam exam grade
// --apply`) in one process sizes the tools/list of the next `occam mcp` for the same clientInfo from its first call.
// Backends: an embedded SQLite file under the state dir by default, PostgreSQL when OCCAM_STORE_URL is set, the
// in-memory cache when neither can be opened.
import { ExamResultCache, EXAM_CACHE_CAPACITY, EXAM_CACHE_TTL_MS } from './exam-cache.ts';
import { subjectKey, type ExamResult, type ExamSubject } from './exam-records.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import { Services } from '../runtime/services.ts';
import { redactStoreUrl, storeSelection } from './selection.ts';

export interface StoredGrade {
  subject: ExamSubject;
  result: ExamResult;
  storedAt: number;
  expiresAt: number;
}

export type GradeStoreBackend = 'sqlite' | 'postgres' | 'memory';

/** The rules every backend keeps (exam.md §6); tests run one suite against each. */
export interface ExamGradeStore {
  readonly backend: GradeStoreBackend;
  /** Where it lives (a file path, a redacted database URL, or `memory`). */
  readonly location: string;
  readonly ttlMs: number;
  readonly capacity: number;
  /** Stores or replaces under persistedKey(subject) (restarting the TTL, keeping the eviction position); sweeps
   * expired entries first. */
  store(subject: ExamSubject, result: ExamResult): Promise<void>;
  /** The live result under persistedKey(subject), or null; an entry at exactly its expiry is gone. */
  get(subject: ExamSubject): Promise<ExamResult | null>;
  /** Live entries in eviction order (oldest first insertion first). */
  list(): Promise<StoredGrade[]>;
  count(): Promise<number>;
  /** Drops every entry; returns how many there were. */
  clear(): Promise<number>;
  close(): Promise<void>;
}

export interface GradeStoreOptions {
  ttlMs?: number;
  capacity?: number;
  now: () => number;
}

/** Validates §6's construction rules once for every backend. */
export function storeLimits(opts: GradeStoreOptions): { ttlMs: number; capacity: number } {
  const ttlMs = opts.ttlMs ?? EXAM_CACHE_TTL_MS;
  const capacity = opts.capacity ?? EXAM_CACHE_CAPACITY;
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw new RangeError(`exam cache TTL must be positive, got ${ttlMs}`);
  if (!(capacity > 0) || !Number.isInteger(capacity)) throw new RangeError(`exam cache capacity must be a positive integer, got ${capacity}`);
  return { ttlMs, capacity };
}

/** What a row holds, and back: only the result fields (§5), never anything else a caller attached. */
export function encodeResult(r: ExamResult): string {
  return JSON.stringify({ score: r.score, tier: r.tier, outcomes: r.outcomes.map((o) => ({ task: o.task, passed: o.passed, detail: o.detail })), gradedAt: r.gradedAt, source: r.source });
}

export function decodeResult(text: string): ExamResult | null {
  try {
    const v = JSON.parse(text) as ExamResult;
    return v && typeof v === 'object' && typeof v.tier === 'string' && typeof v.score === 'number' ? v : null;
  } catch {
    return null;
  }
}

export { subjectKey };

/** The session slot of every persisted key: the session that earned a grade is provenance, not part of the key. */
export const PERSISTED_SESSION = '*';

/**
 * The key a persisted grade is stored and looked up under (issue 31): client name/version + model. The session is
 * not part of it (the next process is another session); a missing model is the literal `unknown` — its own key, so a
 * grade earned by one model never sizes a session whose model is unknown or different.
 */
export function persistedKey(subject: ExamSubject): ExamSubject {
  return { clientInfo: subject.clientInfo, modelHint: subject.modelHint, sessionId: PERSISTED_SESSION };
}

/** The process-local backend: ExamResultCache behind the store interface (used when no file can be opened). */
export class MemoryGradeStore implements ExamGradeStore {
  readonly backend = 'memory' as const;
  readonly location = 'memory';
  readonly ttlMs: number;
  readonly capacity: number;
  private readonly cache: ExamResultCache;
  private readonly stored = new Map<string, { subject: ExamSubject; storedAt: number }>();
  private readonly now: () => number;

  constructor(opts: GradeStoreOptions) {
    const limits = storeLimits(opts);
    this.ttlMs = limits.ttlMs;
    this.capacity = limits.capacity;
    this.now = opts.now;
    this.cache = new ExamResultCache({ ...limits, now: opts.now });
  }

  async store(earnedBy: ExamSubject, result: ExamResult): Promise<void> {
    const subject = persistedKey(earnedBy);
    this.cache.store(subject, result);
    this.stored.set(subjectKey(subject), { subject, storedAt: this.now() });
  }

  async get(subject: ExamSubject): Promise<ExamResult | null> {
    return this.cache.get(persistedKey(subject));
  }

  async list(): Promise<StoredGrade[]> {
    const out: StoredGrade[] = [];
    for (const [key, s] of this.stored) {
      const result = this.cache.get(s.subject);
      if (!result) {
        this.stored.delete(key);
        continue;
      }
      out.push({ subject: s.subject, result, storedAt: s.storedAt, expiresAt: s.storedAt + this.ttlMs });
    }
    return out;
  }

  async count(): Promise<number> {
    return this.cache.count;
  }

  async clear(): Promise<number> {
    const n = this.cache.count;
    this.cache.clear();
    this.stored.clear();
    return n;
  }

  async close(): Promise<void> {}
}

export interface OpenStoreOptions extends Partial<GradeStoreOptions> {
  /** The process's services (the MCP host's): the PostgreSQL pool is shared with them. Without them (the CLI) the
   * store owns a private Services whose pool its close() ends. */
  services?: Services;
}

/**
 * The configured store: PostgreSQL when OCCAM_STORE_URL is set, else the embedded SQLite file. A store that cannot
 * be opened falls back to memory with one warning: a grade must never fail because the disk is read-only.
 */
export async function openExamGradeStore(runtime: RuntimeContext, opts: OpenStoreOptions = {}): Promise<ExamGradeStore> {
  const base = { ttlMs: opts.ttlMs, capacity: opts.capacity, now: opts.now ?? runtime.now };
  const selection = storeSelection(runtime);
  try {
    if (selection.kind === 'postgres') {
      const { PostgresGradeStore } = await import('./exam-grades-postgres.ts');
      const owned = opts.services ? null : new Services(runtime);
      const services = opts.services ?? owned!;
      try {
        return await PostgresGradeStore.open(services, redactStoreUrl(selection.url), base, async () => {
          await owned?.disposeAll();
        });
      } catch (err) {
        await owned?.disposeAll();
        throw err;
      }
    }
    const { SqliteGradeStore } = await import('./exam-grades-sqlite.ts');
    return SqliteGradeStore.open(runtime, base);
  } catch (err) {
    runtime.warn(`[occam.exam] grade store unavailable (${(err as Error).message}); grades last only for this process`);
    return new MemoryGradeStore(base);
  }
}
