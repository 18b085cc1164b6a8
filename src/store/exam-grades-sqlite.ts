// The embedded exam grade store: one SQLite file (node:sqlite) under the state dir, shared by every Occam process of
// this user. WAL mode plus a busy timeout let a host and a CLI write concurrently; every mutation is one IMMEDIATE
// transaction, so the sweep → upsert → evict sequence of exam.md §6 is atomic across processes.
import { existsSync } from 'node:fs';
import { preparePrivateDbFile } from '../runtime/files.ts';
import type { DatabaseSync as DatabaseSyncType } from 'node:sqlite';
import { createRequire } from 'node:module';
import type { RuntimeContext } from '../runtime/context.ts';
import { occamPaths } from '../config/paths.ts';
import type { ExamResult, ExamSubject } from './exam-records.ts';
import { decodeResult, encodeResult, persistedKey, storeLimits, subjectKey, type ExamGradeStore, type GradeStoreOptions, type StoredGrade } from './exam-grades.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS exam_grades (
  subject_key TEXT PRIMARY KEY,
  client_info TEXT NOT NULL,
  model_hint TEXT NOT NULL,
  session_id TEXT NOT NULL,
  result TEXT NOT NULL,
  seq INTEGER NOT NULL,
  stored_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS exam_grades_seq ON exam_grades (seq);
`;

interface Row {
  subject_key: string;
  client_info: string;
  model_hint: string;
  session_id: string;
  result: string;
  stored_at: number;
  expires_at: number;
}

// Loaded on first use: node:sqlite costs a few milliseconds and most processes never touch the store.
const load = () => (createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite')).DatabaseSync;

export class SqliteGradeStore implements ExamGradeStore {
  readonly backend = 'sqlite' as const;
  readonly location: string;
  readonly ttlMs: number;
  readonly capacity: number;
  private readonly now: () => number;
  private db: DatabaseSyncType | null = null;

  private constructor(path: string, opts: GradeStoreOptions) {
    const limits = storeLimits(opts);
    this.location = path;
    this.ttlMs = limits.ttlMs;
    this.capacity = limits.capacity;
    this.now = opts.now;
  }

  /** The store at the per-OS state path (or `path`); the file is created on the first write, not on open. */
  static open(runtime: RuntimeContext, opts: GradeStoreOptions, path: string = occamPaths(runtime).examGradesDb): SqliteGradeStore {
    return new SqliteGradeStore(path, opts);
  }

  /** The database, or null when it does not exist and `create` is false (a read needs no empty file). */
  private handle(create: boolean): DatabaseSyncType | null {
    if (this.db) return this.db;
    if (!create && !existsSync(this.location)) return null;
    preparePrivateDbFile(this.location, 'exam grades directory');
    const DatabaseSync = load();
    const db = new DatabaseSync(this.location, { timeout: 5_000 });
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    db.exec(SCHEMA);
    this.db = db;
    return db;
  }

  private tx<T>(db: DatabaseSyncType, fn: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (err) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw err;
    }
  }

  async store(earnedBy: ExamSubject, result: ExamResult): Promise<void> {
    const subject = persistedKey(earnedBy);
    const db = this.handle(true)!;
    const now = this.now();
    this.tx(db, () => {
      db.prepare('DELETE FROM exam_grades WHERE expires_at <= ?').run(now);
      // A re-store replaces the result and restarts the TTL but keeps its seq (its place in eviction order).
      db.prepare(
        `INSERT INTO exam_grades (subject_key, client_info, model_hint, session_id, result, seq, stored_at, expires_at)
         VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM exam_grades), ?, ?)
         ON CONFLICT (subject_key) DO UPDATE SET result = excluded.result, stored_at = excluded.stored_at, expires_at = excluded.expires_at`,
      ).run(subjectKey(subject), subject.clientInfo, subject.modelHint, subject.sessionId, encodeResult(result), now, now + this.ttlMs);
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM exam_grades').get() as { n: number };
      if (n > this.capacity) {
        db.prepare('DELETE FROM exam_grades WHERE subject_key IN (SELECT subject_key FROM exam_grades ORDER BY seq LIMIT ?)').run(n - this.capacity);
      }
    });
  }

  async get(subject: ExamSubject): Promise<ExamResult | null> {
    const db = this.handle(false);
    if (!db) return null;
    const key = subjectKey(persistedKey(subject));
    const row = db.prepare('SELECT result, expires_at FROM exam_grades WHERE subject_key = ?').get(key) as Pick<Row, 'result' | 'expires_at'> | undefined;
    if (!row) return null;
    if (this.now() >= row.expires_at) {
      db.prepare('DELETE FROM exam_grades WHERE subject_key = ? AND expires_at <= ?').run(key, this.now());
      return null;
    }
    return decodeResult(row.result);
  }

  async list(): Promise<StoredGrade[]> {
    const db = this.handle(false);
    if (!db) return [];
    const rows = db.prepare('SELECT * FROM exam_grades WHERE expires_at > ? ORDER BY seq').all(this.now()) as unknown as Row[];
    const out: StoredGrade[] = [];
    for (const r of rows) {
      const result = decodeResult(r.result);
      if (result) out.push({ subject: { clientInfo: r.client_info, modelHint: r.model_hint, sessionId: r.session_id }, result, storedAt: r.stored_at, expiresAt: r.expires_at });
    }
    return out;
  }

  async count(): Promise<number> {
    const db = this.handle(false);
    if (!db) return 0;
    db.prepare('DELETE FROM exam_grades WHERE expires_at <= ?').run(this.now());
    return (db.prepare('SELECT COUNT(*) AS n FROM exam_grades').get() as { n: number }).n;
  }

  async clear(): Promise<number> {
    const db = this.handle(false);
    if (!db) return 0;
    return this.tx(db, () => {
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM exam_grades WHERE expires_at > ?').get(this.now()) as { n: number };
      db.prepare('DELETE FROM exam_grades').run();
      return n;
    });
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = null;
  }
}
