// The process's one PostgreSQL pool, a lazy service: nothing connects (and `pg` is not even loaded) until a store
// needs the database. The pool is bounded (OCCAM_STORE_POOL_SIZE); every kind of state shares it and runs its own
// migrations the first time it is asked for.
import type { Pool, PoolClient } from 'pg';
import { OccamError } from '../contract/failures.ts';
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
  /**
   * Marks a user that still needs the pool while it shuts down (e.g. the batch store handing its claims back);
   * call the returned function when done. Services are disposed together, so the pool waits for its users.
   */
  retain: () => () => void;
}

/** How long shutdown waits for retained users before ending the pool anyway. */
const DRAIN_MS = 5_000;
/** The client stops waiting this long after the server's statement_timeout, so the server's cancel wins a race. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

/**
 * A statement the database did not finish in time — the server cancelled it (SQLSTATE 57014) or the client gave up
 * waiting (a hung server, a partition) — becomes the typed `store_timeout`; everything else passes unchanged.
 */
export function storeTimeoutOf(err: unknown, timeoutMs: number): unknown {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : '';
  const timedOut = e?.code === '57014' || /^Query read timeout$|timeout exceeded when trying to connect|connection timeout/i.test(message);
  if (!timedOut) return err;
  return new OccamError('store_timeout', `The shared store (PostgreSQL) did not answer within ${timeoutMs} ms: ${message}`, { timeoutMs });
}

/**
 * Bounds every statement of the pool: the server cancels it after `timeoutMs` (statement_timeout, set per
 * connection), the client stops waiting shortly after (query_timeout; a hung server never answers a cancel), and
 * either ends as `store_timeout`. The pool's query is wrapped once here so that every store (batch, watch, search
 * handles, grades) gets the same bound and the same typed failure without each call site remembering it.
 */
function boundPool(pool: Pool, timeoutMs: number): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const out = query(...args);
    // The callback form returns nothing; Occam uses promises only, but a callback caller gets pg's own behaviour.
    if (!(out instanceof Promise)) return out;
    return out.catch((err: unknown) => {
      throw storeTimeoutOf(err, timeoutMs);
    });
  };
}

export const postgresService = defineService<SharedPostgres & { drain: () => Promise<void> }>({
  id: 'store-postgres',
  create: async (runtime) => {
    const selection = storeSelection(runtime);
    if (selection.kind !== 'postgres') throw new Error('OCCAM_STORE_URL is not set: the embedded stores are in use');
    const { default: pg } = await import('pg');
    const timeoutMs = readEnv<number>('OCCAM_STORE_QUERY_TIMEOUT_MS', runtime.env, runtime.warn);
    const pool = new pg.Pool({
      connectionString: selection.url,
      max: readEnv<number>('OCCAM_STORE_POOL_SIZE', runtime.env, runtime.warn),
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'occam',
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    });
    boundPool(pool, timeoutMs);
    // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (err) => runtime.warn(`[occam.store] idle PostgreSQL connection lost: ${err.message}`));
    const migrated = new Map<string, Promise<Pool>>();
    let users = 0;
    let drained: (() => void) | null = null;
    return {
      pool,
      retain: () => {
        users += 1;
        let done = false;
        return () => {
          if (done) return;
          done = true;
          users -= 1;
          if (users === 0) drained?.();
        };
      },
      drain: () =>
        users === 0
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, DRAIN_MS);
              drained = () => {
                clearTimeout(timer);
                resolve();
              };
            }),
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
  dispose: async (db) => {
    await db.drain();
    await db.pool.end();
  },
});

/** The pool, with `kind`'s schema in place. */
export async function postgresFor(services: Services, kind: string): Promise<Pool> {
  return (await services.use(postgresService)).ready(kind);
}

/** Runs `work` in one transaction on a pooled connection: COMMIT when it resolves, ROLLBACK when it throws. */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Where a best-effort store gets its pool: the process's services, or (tests, tools) a pool of its own. */
export type PoolSource = Services | (() => Promise<Pool>);

/**
 * The pool getter of a best-effort store (cache, atlas) and its outage note: one warning line per process, so an
 * unreachable database neither floods the log nor fails the read that used the store.
 */
export function bestEffortPool(source: PoolSource, kind: string, warn: (line: string) => void, what: string): { pool: () => Promise<Pool>; note: (err: unknown) => void } {
  let warned = false;
  return {
    pool: typeof source === 'function' ? source : () => postgresFor(source, kind),
    note: (err) => {
      if (warned) return;
      warned = true;
      warn(`${what} unavailable, reading without it: ${(err as Error).message}`);
    },
  };
}
