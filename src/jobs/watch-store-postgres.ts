// Watch baselines and histories on the shared PostgreSQL store. An update takes a transaction-scoped advisory lock
// on the URL (a row lock cannot cover a URL seen for the first time), reads the record, writes its successor and
// commits: two instances watching one URL at once extend one hash-linked chain, never two forks.
import type { Pool } from 'pg';
import type { Services } from '../runtime/services.ts';
import { postgresFor, registerMigrations, withTransaction } from '../store/index.ts';
import type { WatchRecord, WatchStore } from './watch.ts';

export const WATCH_KIND = 'watch';

registerMigrations(WATCH_KIND, [
  {
    version: 1,
    name: 'watch records',
    sql: `
CREATE TABLE watch_records (
  url text PRIMARY KEY,
  content_hash text NOT NULL,
  block_hashes jsonb NOT NULL,
  first_seen_at text NOT NULL,
  last_seen_at text NOT NULL,
  last_changed_at text,
  history jsonb NOT NULL
);
`,
  },
]);

export class PostgresWatchStore implements WatchStore {
  private readonly pool: Pool;

  private constructor(pool: Pool) {
    this.pool = pool;
  }

  static async open(services: Services): Promise<PostgresWatchStore> {
    return new PostgresWatchStore(await postgresFor(services, WATCH_KIND));
  }

  static withPool(pool: Pool): PostgresWatchStore {
    return new PostgresWatchStore(pool);
  }

  async get(url: string): Promise<WatchRecord | null> {
    const { rows } = await this.pool.query<WatchRecord>('SELECT * FROM watch_records WHERE url = $1', [url]);
    return rows[0] ?? null;
  }

  async update<T>(url: string, next: (prior: WatchRecord | null) => { record: WatchRecord; value: T }): Promise<T> {
    return withTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`occam.watch:${url}`]);
      const { rows } = await client.query<WatchRecord>('SELECT * FROM watch_records WHERE url = $1', [url]);
      const { record: r, value } = next(rows[0] ?? null);
      await client.query(
        `INSERT INTO watch_records (url, content_hash, block_hashes, first_seen_at, last_seen_at, last_changed_at, history)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (url) DO UPDATE SET content_hash = excluded.content_hash, block_hashes = excluded.block_hashes,
           first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at,
           last_changed_at = excluded.last_changed_at, history = excluded.history`,
        [r.url, r.content_hash, JSON.stringify(r.block_hashes), r.first_seen_at, r.last_seen_at, r.last_changed_at, JSON.stringify(r.history)],
      );
      return value;
    });
  }

  async close(): Promise<void> {
    // The pool belongs to the process-wide store service.
  }
}
