// Search handles on the shared PostgreSQL store: one alias map and one durable-handle counter for every instance,
// so `occam_search` on one instance and `occam … S1` on another name the same page. Same rules as in memory:
// TTL 1 h, at most 64 durable handles (least recently used evicted), each search replaces the S* map.
import type { Pool } from 'pg';
import type { Services } from '../../runtime/services.ts';
import { postgresFor, registerMigrations, withTransaction } from '../../store/index.ts';
import { HANDLE_CAPACITY, HANDLE_TTL_S, durableHandle, isAlias, isDurable, staleHandle, unknownAlias, type HandleStore } from './handles.ts';

export const HANDLES_KIND = 'search-handles';

registerMigrations(HANDLES_KIND, [
  {
    version: 1,
    name: 'search handles and aliases',
    sql: `
CREATE SEQUENCE search_handle_seq;
-- Recency for LRU eviction: every record or use takes the next number.
CREATE SEQUENCE search_handle_use_seq;
CREATE TABLE search_handles (
  handle text PRIMARY KEY,
  url text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint NOT NULL
);
CREATE INDEX search_handles_used ON search_handles (used_at);
CREATE TABLE search_aliases (
  alias text PRIMARY KEY,
  handle text NOT NULL
);
`,
  },
]);

export class PostgresHandleStore implements HandleStore {
  private readonly pool: Pool;
  private readonly now: () => number;

  private constructor(pool: Pool, now: () => number) {
    this.pool = pool;
    this.now = now;
  }

  static async open(services: Services, now: () => number): Promise<PostgresHandleStore> {
    return new PostgresHandleStore(await postgresFor(services, HANDLES_KIND), now);
  }

  static withPool(pool: Pool, now: () => number): PostgresHandleStore {
    return new PostgresHandleStore(pool, now);
  }

  async recordSearch(urls: readonly string[]): Promise<Array<{ id: string; handle: string }>> {
    return withTransaction(this.pool, async (client) => {
      // Searches replace the alias map one at a time, so S1…Sn always come from a single search.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('occam.search-aliases'))`);
      const seq = await client.query<{ n: string }>(`SELECT nextval('search_handle_seq') AS n FROM generate_series(1, $1::int)`, [urls.length]);
      const now = this.now();
      const labels = urls.map((_, i) => ({ id: `S${i + 1}`, handle: durableHandle(Number(seq.rows[i]!.n)) }));
      // Recorded in result order, so the first result is the least recently used of this search (as in memory).
      await client.query(
        `INSERT INTO search_handles (handle, url, expires_at, used_at)
         SELECT h, u, $3::bigint, nextval('search_handle_use_seq') FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(h, u, o) ORDER BY o
         ON CONFLICT (handle) DO UPDATE SET url = excluded.url, expires_at = excluded.expires_at, used_at = excluded.used_at`,
        [labels.map((l) => l.handle), urls, now + HANDLE_TTL_S * 1000],
      );
      await client.query(`DELETE FROM search_handles WHERE handle IN (SELECT handle FROM search_handles ORDER BY used_at DESC OFFSET $1)`, [HANDLE_CAPACITY]);
      await client.query('DELETE FROM search_aliases');
      await client.query(`INSERT INTO search_aliases (alias, handle) SELECT * FROM unnest($1::text[], $2::text[])`, [labels.map((l) => l.id), labels.map((l) => l.handle)]);
      return labels;
    });
  }

  async bind(value: string): Promise<string> {
    const v = value.trim();
    if (isAlias(v)) {
      const url = await this.live(`(SELECT handle FROM search_aliases WHERE alias = $1)`, v.toUpperCase());
      if (url === null) {
        const live = await this.pool.query<{ alias: string }>(`SELECT alias FROM search_aliases ORDER BY length(alias), alias`);
        throw unknownAlias(v, live.rows.map((r) => r.alias));
      }
      return url;
    }
    if (isDurable(v)) {
      const url = await this.live('$1', `H${v.slice(1).toLowerCase()}`);
      if (url === null) throw staleHandle(v);
      return url;
    }
    return value;
  }

  /** The live URL of the handle `handleSql` names (marking it used), or null; an expired one is deleted. */
  private async live(handleSql: string, param: string): Promise<string | null> {
    const now = this.now();
    const { rows } = await this.pool.query<{ url: string }>(
      `UPDATE search_handles SET used_at = nextval('search_handle_use_seq') WHERE handle = ${handleSql} AND expires_at > $2 RETURNING url`,
      [param, now],
    );
    if (rows[0]) return rows[0].url;
    await this.pool.query(`DELETE FROM search_handles WHERE handle = ${handleSql} AND expires_at <= $2`, [param, now]);
    return null;
  }
}
