// The response cache on the shared PostgreSQL store: one row per key (the same key as the file cache), the
// envelope as text (TOAST keeps large bodies out of line), the creation time for the TTL check. Like the file
// cache, any database error is a miss and a failed write is ignored: the cache can only save a fetch.
import type { Pool } from 'pg';
import { bestEffortPool, registerMigrations, type PoolSource } from '../store/index.ts';
import { CACHE_SCHEMA_VERSION, PUBLIC_SCOPE, type CacheHit, type CacheScope, type ResponseCache } from './cache.ts';

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
  {
    version: 2,
    name: 'private entries: the owner a private read is visible to (null: public)',
    sql: `ALTER TABLE response_cache ADD COLUMN private_owner text;`,
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

  async get(key: string, ttlS: number, scope: CacheScope = PUBLIC_SCOPE): Promise<CacheHit | null> {
    try {
      const pool = await this.pool();
      // The owner is compared here, not only folded into the key: a private entry is never returned to anyone else.
      const { rows } = await pool.query<{ created_at_ms: string; response: string; schema_version: number }>(
        'SELECT created_at_ms, response, schema_version FROM response_cache WHERE key = $1 AND private_owner IS NOT DISTINCT FROM $2',
        [key, scope.private ? scope.owner : null],
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

  async put(key: string, response: Record<string, unknown>, scope: CacheScope = PUBLIC_SCOPE): Promise<void> {
    try {
      const pool = await this.pool();
      // An entry is only ever replaced by its own owner's (or, public, by a public one).
      await pool.query(
        `INSERT INTO response_cache (key, schema_version, created_at_ms, response, private_owner) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET schema_version = excluded.schema_version, created_at_ms = excluded.created_at_ms, response = excluded.response
         WHERE response_cache.private_owner IS NOT DISTINCT FROM excluded.private_owner`,
        [key, CACHE_SCHEMA_VERSION, Math.round(this.now()), JSON.stringify(response), scope.private ? scope.owner : null],
      );
    } catch (err) {
      this.note(err);
    }
  }
}
