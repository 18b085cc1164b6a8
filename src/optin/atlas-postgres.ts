// The failure atlas on the shared PostgreSQL store: one row per host, counters incremented in place (so reads on
// every instance add up without a lost update), failure codes as a jsonb map. Same 500-host cap as in memory.
import type { Pool } from 'pg';
import { bestEffortPool, registerMigrations, type PoolSource } from '../store/index.ts';
import { ATLAS_MAX_HOSTS, CLOSURE_CODES, atlasHostOf, atlasTimestamp, snapshotOf, type AtlasSnapshot, type FailureAtlas, type HostRow } from './atlas.ts';

export const ATLAS_KIND = 'failure-atlas';

registerMigrations(ATLAS_KIND, [
  {
    version: 1,
    name: 'failure atlas hosts',
    sql: `
CREATE TABLE atlas_hosts (
  host text PRIMARY KEY,
  attempts integer NOT NULL DEFAULT 0,
  successes integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  closures integer NOT NULL DEFAULT 0,
  by_code jsonb NOT NULL DEFAULT '{}',
  last_failure_at text
);
`,
  },
]);

export class PostgresFailureAtlas implements FailureAtlas {
  private readonly pool: () => Promise<Pool>;
  private readonly note: (err: unknown) => void;
  private readonly now: () => number;

  constructor(source: PoolSource, now: () => number, warn: (line: string) => void = () => {}) {
    ({ pool: this.pool, note: this.note } = bestEffortPool(source, ATLAS_KIND, warn, '[occam.atlas] shared failure atlas'));
    this.now = now;
  }

  async record(url: string, ok: boolean, code: string | null): Promise<void> {
    const host = atlasHostOf(url);
    if (!host) return;
    const c = ok ? null : code?.trim() || 'unknown';
    const params = [host, ok ? 1 : 0, ok ? 0 : 1, c && CLOSURE_CODES.has(c) ? 1 : 0, c, c ? atlasTimestamp(this.now()) : null];
    const bump = `attempts = atlas_hosts.attempts + 1, successes = atlas_hosts.successes + $2, failures = atlas_hosts.failures + $3,
      closures = atlas_hosts.closures + $4,
      by_code = CASE WHEN $5::text IS NULL THEN atlas_hosts.by_code
        ELSE jsonb_set(atlas_hosts.by_code, ARRAY[$5::text], to_jsonb(COALESCE((atlas_hosts.by_code ->> $5::text)::int, 0) + 1)) END,
      last_failure_at = COALESCE($6, atlas_hosts.last_failure_at)`;
    try {
      const pool = await this.pool();
      const updated = await pool.query(`UPDATE atlas_hosts SET ${bump} WHERE host = $1`, params);
      if (updated.rowCount) return;
      // A new host, unless the table is full; two instances adding it at once meet in ON CONFLICT.
      await pool.query(
        `INSERT INTO atlas_hosts AS atlas_hosts (host, attempts, successes, failures, closures, by_code, last_failure_at)
         SELECT $1, 1, $2, $3, $4, CASE WHEN $5::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object($5::text, 1) END, $6
         WHERE (SELECT COUNT(*) FROM atlas_hosts) < $7
         ON CONFLICT (host) DO UPDATE SET ${bump}`,
        [...params, ATLAS_MAX_HOSTS],
      );
    } catch (err) {
      this.note(err);
    }
  }

  async snapshot(onlyWalled: boolean): Promise<AtlasSnapshot> {
    const pool = await this.pool();
    const { rows } = await pool.query<{ host: string; attempts: number; successes: number; failures: number; closures: number; by_code: Record<string, number>; last_failure_at: string | null }>(
      'SELECT host, attempts, successes, failures, closures, by_code, last_failure_at FROM atlas_hosts',
    );
    return snapshotOf(
      rows.map((r): [string, HostRow] => [
        r.host,
        { attempts: r.attempts, successes: r.successes, failures: r.failures, closures: r.closures, byCode: new Map(Object.entries(r.by_code)), lastFailureAt: r.last_failure_at },
      ]),
      onlyWalled,
    );
  }
}
