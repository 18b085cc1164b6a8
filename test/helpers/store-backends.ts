// Runs one store test suite against both backends: the embedded store (files in a temp dir) and PostgreSQL (a
// throwaway cluster, a fresh database per place). A suite asks for a place per test and opens its store there;
// opening a second store on the same place is how "another process / a restart" is simulated.
//
//   for (const backend of storeBackends()) describe(`… [${backend.name}]`, { skip: backend.skip }, () => {
//     before(() => backend.start()); after(() => backend.stop());
//     it('…', async () => { const place = await backend.place(); … });
//   });
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/store/migrate.ts';
import type { BatchStore } from '../../src/jobs/batch-store.ts';
import { SqliteBatchStore } from '../../src/jobs/batch-store-sqlite.ts';
import { BATCH_KIND, PostgresBatchStore } from '../../src/jobs/batch-store-postgres.ts';
import { postgresSkip, startPostgres, type PgCluster } from './postgres.ts';

export interface StorePlace {
  backend: 'embedded' | 'postgres';
  /** A fresh temp dir (the embedded stores keep their files here). */
  dir: string;
  /** The fresh database of this place (postgres), else null. */
  url: string | null;
  /** Env for a process or runtime using this place: OCCAM_STORE_URL for postgres. */
  env: Record<string, string>;
  /** A new pool on this place's database with `kind` migrated (postgres only; ended by backend.stop()). */
  pool: (kind: string) => Promise<pg.Pool>;
}

export interface StoreBackend {
  name: 'embedded' | 'postgres';
  skip: string | false;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  place: () => Promise<StorePlace>;
}

export function storeBackends(): StoreBackend[] {
  const dirs: string[] = [];
  const freshDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'occam-store-'));
    dirs.push(d);
    return d;
  };
  const cleanDirs = () => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  const embedded: StoreBackend = {
    name: 'embedded',
    skip: false,
    start: async () => {},
    stop: async () => cleanDirs(),
    place: async () => ({
      backend: 'embedded',
      dir: freshDir(),
      url: null,
      env: {},
      pool: () => Promise.reject(new Error('the embedded backend has no database')),
    }),
  };
  let cluster: PgCluster | null = null;
  const pools: pg.Pool[] = [];
  const postgres: StoreBackend = {
    name: 'postgres',
    skip: postgresSkip(),
    start: async () => {
      cluster = await startPostgres();
    },
    stop: async () => {
      await Promise.allSettled(pools.splice(0).map((p) => p.end()));
      await cluster?.stop();
      cleanDirs();
    },
    place: async () => {
      if (!cluster) throw new Error('backend.start() first');
      const url = await cluster.createDatabase();
      return {
        backend: 'postgres',
        dir: freshDir(),
        url,
        env: { OCCAM_STORE_URL: url },
        pool: async (kind) => {
          const pool = new pg.Pool({ connectionString: url, max: 4 });
          // Idle connections are cut when the cluster stops; that is expected here, not an uncaught error.
          pool.on('error', () => {});
          pools.push(pool);
          await migrate(pool, kind);
          return pool;
        },
      };
    },
  };
  return [embedded, postgres];
}

/** A batch store at `place`; a second call on the same place is another process sharing the store. */
export async function openBatchAt(place: StorePlace, now: () => number): Promise<BatchStore> {
  return place.backend === 'embedded'
    ? SqliteBatchStore.open(join(place.dir, 'jobs', 'jobs.db'), now)
    : PostgresBatchStore.withPool(await place.pool(BATCH_KIND), now);
}
