// The response cache on the shared PostgreSQL store: one row per key (the same key as the file cache), the
// envelope as text (TOAST keeps large bodies out of line), the creation time for the TTL check. Like the file
// cache, any database error is a miss and a failed write is ignored: the cache can only save a fetch.
import type { Pool } from 'pg';
import { bestEffortPool, registerMigrations, type PoolSource } from '../store/index.ts';
import { CACHE_SCHEMA_VERSION, type CacheHit, type ResponseCache } from './cache.ts';

export const CACHE_KIND = 'response-cache';

registerMigrations(CACHE_KIND, [
  {
    version: 1,
    name: 'response cache entries',
    sql: `
CREATE TABLE response_cache (
  key text PRIMARY KEY,
  schema_version integer NOT NULL,
  created_at_ms bigint NOT NULL,
  response text NOT NULL
);
CREATE INDEX response_cache_created ON response_cache (created_at_ms);
`,
  },
]);

export class PostgresResponseCache implements ResponseCache {
  private readonly pool: () => Promise<Pool>;
  private readonly note: (err: unknown) => void;
  private readonly now: () => number;

  constructor(source: PoolSource, now: () => number, warn: (line: string) => void = () => {}) {
    ({ pool: this.pool, note: this.note } = bestEffortPool(source, CACHE_KIND, warn, '[occam.cache] shared response cache'));
    this.now = now;
  }

  async get(key: string, ttlS: number): Promise<CacheHit | null> {
    try {
      const pool = await this.pool();
      const { rows } = await pool.query<{ created_at_ms: string; response: string; schema_version: number }>(
        'SELECT created_at_ms, response, schema_version FROM response_cache WHERE key = $1',
        [key],
      );
      const row = rows[0];
      if (!row || row.schema_version !== CACHE_SCHEMA_VERSION) return null;
      const ageMs = this.now() - Number(row.created_at_ms);
      if (ageMs / 1000 > ttlS) {
        await pool.query('DELETE FROM response_cache WHERE key = $1 AND created_at_ms = $2', [key, row.created_at_ms]);
        return null;
      }
      const response = JSON.parse(row.response);
      return response && typeof response === 'object' ? { response, ageS: Math.max(0, Math.floor(ageMs / 1000)) } : null;
    } catch (err) {
      this.note(err);
      return null;
    }
  }

  async sweep(cutoffMs: number): Promise<number> {
    try {
      const pool = await this.pool();
      const r = await pool.query('DELETE FROM response_cache WHERE created_at_ms < $1', [Math.round(cutoffMs)]);
      return r.rowCount ?? 0;
    } catch (err) {
      this.note(err);
      return 0;
    }
  }

  async put(key: string, response: Record<string, unknown>): Promise<void> {
    try {
      const pool = await this.pool();
      await pool.query(
        `INSERT INTO response_cache (key, schema_version, created_at_ms, response) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET schema_version = excluded.schema_version, created_at_ms = excluded.created_at_ms, response = excluded.response`,
        [key, CACHE_SCHEMA_VERSION, Math.round(this.now()), JSON.stringify(response)],
      );
    } catch (err) {
      this.note(err);
    }
  }
}
