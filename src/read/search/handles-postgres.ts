// Search handles on the shared PostgreSQL store: one alias map and one durable-handle counter for every instance,
// so `occam_search` on one instance and `occam … S1` on another name the same page. Same rules as in memory:
// TTL 1 h, at most 64 durable handles (least recently used evicted), each search replaces the S* map.
import type { Pool } from 'pg';
import type { Services } from '../../runtime/services.ts';
import { LOCAL_TENANT } from '../../runtime/tenant.ts';
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
  {
    version: 2,
    name: 'search handles belong to a tenant',
    sql: `
ALTER TABLE search_handles ADD COLUMN tenant text NOT NULL DEFAULT '${LOCAL_TENANT}';
CREATE INDEX search_handles_tenant_used ON search_handles (tenant, used_at);
ALTER TABLE search_aliases ADD COLUMN tenant text NOT NULL DEFAULT '${LOCAL_TENANT}';
ALTER TABLE search_aliases DROP CONSTRAINT search_aliases_pkey;
ALTER TABLE search_aliases ADD PRIMARY KEY (tenant, alias);
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

  async recordSearch(urls: readonly string[], tenant: string = LOCAL_TENANT): Promise<Array<{ id: string; handle: string }>> {
    return withTransaction(this.pool, async (client) => {
      // A tenant's searches replace its alias map one at a time, so S1…Sn always come from a single search.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('occam.search-aliases:' || $1))`, [tenant]);
      const seq = await client.query<{ n: string }>(`SELECT nextval('search_handle_seq') AS n FROM generate_series(1, $1::int)`, [urls.length]);
      const now = this.now();
      const labels = urls.map((_, i) => ({ id: `S${i + 1}`, handle: durableHandle(Number(seq.rows[i]!.n)) }));
      // Recorded in result order, so the first result is the least recently used of this search (as in memory).
      await client.query(
        `INSERT INTO search_handles (handle, url, expires_at, used_at, tenant)
         SELECT h, u, $3::bigint, nextval('search_handle_use_seq'), $4 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(h, u, o) ORDER BY o
         ON CONFLICT (handle) DO UPDATE SET url = excluded.url, expires_at = excluded.expires_at, used_at = excluded.used_at, tenant = excluded.tenant`,
        [labels.map((l) => l.handle), urls, now + HANDLE_TTL_S * 1000, tenant],
      );
      await client.query(
        `DELETE FROM search_handles WHERE handle IN (SELECT handle FROM search_handles WHERE tenant = $2 ORDER BY used_at DESC OFFSET $1)`,
        [HANDLE_CAPACITY, tenant],
      );
      await client.query('DELETE FROM search_aliases WHERE tenant = $1', [tenant]);
      await client.query(`INSERT INTO search_aliases (tenant, alias, handle) SELECT $3, a, h FROM unnest($1::text[], $2::text[]) AS t(a, h)`, [
        labels.map((l) => l.id),
        labels.map((l) => l.handle),
        tenant,
      ]);
      return labels;
    });
  }

  async bind(value: string, tenant: string = LOCAL_TENANT): Promise<string> {
    const v = value.trim();
    if (isAlias(v)) {
      const url = await this.live(`(SELECT handle FROM search_aliases WHERE tenant = $3 AND alias = $1)`, v.toUpperCase(), tenant);
      if (url === null) {
        const live = await this.pool.query<{ alias: string }>(`SELECT alias FROM search_aliases WHERE tenant = $1 ORDER BY length(alias), alias`, [tenant]);
        throw unknownAlias(v, live.rows.map((r) => r.alias));
      }
      return url;
    }
    if (isDurable(v)) {
      const url = await this.live('$1', `H${v.slice(1).toLowerCase()}`, tenant);
      if (url === null) throw staleHandle(v);
      return url;
    }
    return value;
  }

  /** The live URL of the handle `handleSql` names (marking it used), or null; an expired one is deleted. */
  private async live(handleSql: string, param: string, tenant: string): Promise<string | null> {
    const now = this.now();
    // Another tenant's handle matches nothing here: to this tenant it is unknown, exactly like an expired one.
    const { rows } = await this.pool.query<{ url: string }>(
      `UPDATE search_handles SET used_at = nextval('search_handle_use_seq') WHERE handle = ${handleSql} AND tenant = $3 AND expires_at > $2 RETURNING url`,
      [param, now, tenant],
    );
    if (rows[0]) return rows[0].url;
    await this.pool.query(`DELETE FROM search_handles WHERE handle = ${handleSql} AND tenant = $3 AND expires_at <= $2`, [param, now, tenant]);
    return null;
  }
}
