// The process's one PostgreSQL pool, a lazy service: nothing connects (and `pg` is not even loaded) until a store
// needs the database. The pool is bounded (OCCAM_STORE_POOL_SIZE); every kind of state shares it and runs its own
// migrations the first time it is asked for.
import type { Pool } from 'pg';
import { readEnv } from '../config/env.ts';
import { defineService, type Services } from '../runtime/services.ts';
import { migrate, registeredKinds } from './migrate.ts';
import { redactStoreUrl, storeSelection } from './selection.ts';

export interface SharedPostgres {
  pool: Pool;
  /** The URL without its password. */
  shownUrl: string;
  /** Resolves once `kind`'s migrations are applied (runs them the first time, in this process). */
  ready: (kind: string) => Promise<Pool>;
}

export const postgresService = defineService<SharedPostgres>({
  id: 'store-postgres',
  create: async (runtime) => {
    const selection = storeSelection(runtime);
    if (selection.kind !== 'postgres') throw new Error('OCCAM_STORE_URL is not set: the embedded stores are in use');
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: selection.url,
      max: readEnv<number>('OCCAM_STORE_POOL_SIZE', runtime.env, runtime.warn),
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'occam',
    });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (err) => runtime.warn(`[occam.store] idle PostgreSQL connection lost: ${err.message}`));
    const migrated = new Map<string, Promise<Pool>>();
    return {
      pool,
      shownUrl: redactStoreUrl(selection.url),
      ready: (kind) => {
        let done = migrated.get(kind);
        if (!done) {
          const list = registeredKinds().get(kind);
          if (!list) return Promise.reject(new Error(`no migrations registered for store kind ${kind}`));
          done = migrate(pool, kind, list).then(() => pool);
          migrated.set(kind, done);
          done.catch(() => migrated.delete(kind));
        }
        return done;
      },
    };
  },
  dispose: (db) => db.pool.end(),
});

/** The pool, with `kind`'s schema in place. */
export async function postgresFor(services: Services, kind: string): Promise<Pool> {
  return (await services.use(postgresService)).ready(kind);
}
