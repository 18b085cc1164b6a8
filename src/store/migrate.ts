// Versioned schema migrations for the PostgreSQL stores. Each kind of state registers its own ordered list; the
// runner applies what a database lacks, one transaction per migration, under a session advisory lock so processes
// that start together against an empty database wait for each other instead of racing (the first migrates, the
// others find everything applied).
import type { Pool } from 'pg';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** One fixed key for every Occam migration ("occam" + 1); unrelated advisory locks of the same database differ. */
export const MIGRATION_LOCK_KEY = 0x6f6363616d01;

const registry = new Map<string, Migration[]>();

export function registerMigrations(kind: string, migrations: readonly Migration[]): void {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1) throw new Error(`migration ${kind}#${m.version}: version must be a positive integer`);
    if (i > 0 && sorted[i - 1]!.version === m.version) throw new Error(`migration ${kind}#${m.version} declared twice`);
  });
  const known = registry.get(kind);
  if (known && JSON.stringify(known) !== JSON.stringify(sorted)) throw new Error(`migrations of ${kind} registered twice with different contents`);
  registry.set(kind, sorted);
}

export function registeredKinds(): ReadonlyMap<string, readonly Migration[]> {
  return registry;
}

const LEDGER = `CREATE TABLE IF NOT EXISTS occam_migrations (
  kind text NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL,
  PRIMARY KEY (kind, version)
)`;

/** Applies the missing migrations of one kind; returns how many ran here. */
export async function migrate(pool: Pool, kind: string, migrations: readonly Migration[] = registry.get(kind) ?? []): Promise<number> {
  const client = await pool.connect();
  let released = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(LEDGER);
      const { rows } = await client.query<{ version: number }>('SELECT version FROM occam_migrations WHERE kind = $1', [kind]);
      const have = new Set(rows.map((r) => r.version));
      let applied = 0;
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (have.has(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO occam_migrations (kind, version, name, applied_by) VALUES ($1, $2, $3, $4)', [
            kind,
            m.version,
            m.name,
            `pid ${process.pid}`,
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw new Error(`migration ${kind}#${m.version} (${m.name}) failed: ${(err as Error).message}`);
        }
        applied += 1;
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {
        // a broken connection drops its session locks anyway; do not hand it back to the pool
        client.release(true);
        released = true;
      });
    }
  } finally {
    if (!released) client.release();
  }
}

/** Per kind: the newest version applied in the database and the newest this binary knows. */
export async function migrationStatus(pool: Pool): Promise<Array<{ kind: string; applied: number; known: number }>> {
  const exists = await pool.query<{ t: string | null }>(`SELECT to_regclass('occam_migrations')::text AS t`);
  const applied = new Map<string, number>();
  if (exists.rows[0]?.t) {
    const { rows } = await pool.query<{ kind: string; v: number }>('SELECT kind, MAX(version) AS v FROM occam_migrations GROUP BY kind');
    for (const r of rows) applied.set(r.kind, Number(r.v));
  }
  return [...registry].map(([kind, list]) => ({ kind, applied: applied.get(kind) ?? 0, known: list.at(-1)?.version ?? 0 }));
}
