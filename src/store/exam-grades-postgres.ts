// The exam grade store on PostgreSQL (OCCAM_STORE_URL): one table shared by every Occam process on every machine
// that points at the database. Each store() is one transaction under an advisory lock, so the sweep → upsert →
// evict sequence of exam.md §6 (TTL, capacity, first-insertion order) holds across concurrent writers.
import type { Pool } from 'pg';
import { postgresFor, registerMigrations } from './index.ts';
import type { Services } from '../runtime/services.ts';
import type { ExamResult, ExamSubject } from './exam-records.ts';
import { decodeResult, encodeResult, persistedKey, storeLimits, type ExamGradeStore, type GradeStoreOptions, type StoredGrade } from './exam-grades.ts';

export const EXAM_GRADES_KIND = 'exam-grades';
/** Serialises writers of the table (eviction needs a stable count). */
const WRITE_LOCK = 0x6f6363616d0e;

registerMigrations(EXAM_GRADES_KIND, [
  {
    version: 1,
    name: 'exam grade cache',
    sql: `
CREATE TABLE exam_grades (
  client_info text NOT NULL,
  model_hint text NOT NULL,
  session_id text NOT NULL,
  result text NOT NULL,
  seq bigserial NOT NULL,
  stored_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (client_info, model_hint, session_id)
);
CREATE INDEX exam_grades_seq ON exam_grades (seq);
CREATE INDEX exam_grades_expires ON exam_grades (expires_at);
`,
  },
]);

interface Row {
  client_info: string;
  model_hint: string;
  session_id: string;
  result: string;
  stored_at: string;
  expires_at: string;
}

export class PostgresGradeStore implements ExamGradeStore {
  readonly backend = 'postgres' as const;
  readonly location: string;
  readonly ttlMs: number;
  readonly capacity: number;
  private readonly pool: Pool;
  private readonly now: () => number;
  private readonly onClose: () => Promise<void>;

  private constructor(pool: Pool, location: string, opts: GradeStoreOptions, onClose: () => Promise<void>) {
    const limits = storeLimits(opts);
    this.pool = pool;
    this.location = location;
    this.ttlMs = limits.ttlMs;
    this.capacity = limits.capacity;
    this.now = opts.now;
    this.onClose = onClose;
  }

  /** On the process's shared pool (the schema migrated once); `onClose` releases what the caller owns. */
  static async open(services: Services, location: string, opts: GradeStoreOptions, onClose: () => Promise<void> = async () => {}): Promise<PostgresGradeStore> {
    return new PostgresGradeStore(await postgresFor(services, EXAM_GRADES_KIND), location, opts, onClose);
  }

  /** On a pool the caller owns and has migrated (tests). */
  static withPool(pool: Pool, opts: GradeStoreOptions): PostgresGradeStore {
    return new PostgresGradeStore(pool, 'postgres', opts, async () => {});
  }

  async store(earnedBy: ExamSubject, result: ExamResult): Promise<void> {
    const subject = persistedKey(earnedBy);
    const now = this.now();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
      await client.query('DELETE FROM exam_grades WHERE expires_at <= $1', [now]);
      // A re-store replaces the result and restarts the TTL but keeps its seq (its place in eviction order).
      await client.query(
        `INSERT INTO exam_grades (client_info, model_hint, session_id, result, stored_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (client_info, model_hint, session_id) DO UPDATE SET result = EXCLUDED.result, stored_at = EXCLUDED.stored_at, expires_at = EXCLUDED.expires_at`,
        [subject.clientInfo, subject.modelHint, subject.sessionId, encodeResult(result), now, now + this.ttlMs],
      );
      const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM exam_grades');
      const over = Number(rows[0].n) - this.capacity;
      if (over > 0) {
        await client.query('DELETE FROM exam_grades WHERE seq IN (SELECT seq FROM exam_grades ORDER BY seq LIMIT $1)', [over]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async get(subject: ExamSubject): Promise<ExamResult | null> {
    // The key's three components are the primary key (PostgreSQL text cannot hold the NUL of subjectKey()).
    const { clientInfo, modelHint, sessionId } = persistedKey(subject);
    const key = [clientInfo, modelHint, sessionId];
    const where = 'client_info = $1 AND model_hint = $2 AND session_id = $3';
    const { rows } = await this.pool.query<Pick<Row, 'result' | 'expires_at'>>(`SELECT result, expires_at FROM exam_grades WHERE ${where}`, key);
    if (rows.length === 0) return null;
    const now = this.now();
    if (now >= Number(rows[0].expires_at)) {
      await this.pool.query(`DELETE FROM exam_grades WHERE ${where} AND expires_at <= $4`, [...key, now]);
      return null;
    }
    return decodeResult(rows[0].result);
  }

  async list(): Promise<StoredGrade[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM exam_grades WHERE expires_at > $1 ORDER BY seq', [this.now()]);
    const out: StoredGrade[] = [];
    for (const r of rows) {
      const result = decodeResult(r.result);
      if (result) {
        out.push({ subject: { clientInfo: r.client_info, modelHint: r.model_hint, sessionId: r.session_id }, result, storedAt: Number(r.stored_at), expiresAt: Number(r.expires_at) });
      }
    }
    return out;
  }

  async count(): Promise<number> {
    await this.pool.query('DELETE FROM exam_grades WHERE expires_at <= $1', [this.now()]);
    const { rows } = await this.pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM exam_grades');
    return Number(rows[0].n);
  }

  async clear(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      'WITH gone AS (DELETE FROM exam_grades RETURNING expires_at) SELECT COUNT(*) FILTER (WHERE expires_at > $1) AS n FROM gone',
      [this.now()],
    );
    return Number(rows[0].n);
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
