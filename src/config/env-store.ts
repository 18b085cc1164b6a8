// Variables of the shared store (src/store/): one URL moves every store that outlives a call onto PostgreSQL.
import { define, int, serviceUrl } from './env-spec.ts';

export const STORE_POOL = { default: 10, min: 1, max: 100 };
/** Days finished batch jobs (with their results) and response-cache entries are kept; 0 keeps them forever. */
export const RETENTION_DAYS = { default: 30, min: 0, max: 3650 };
/** Longest one database statement may run (server-side statement_timeout; the client gives up shortly after). */
export const STORE_QUERY_TIMEOUT_MS = { default: 10_000, min: 100, max: 600_000 };

/** postgres:// or postgresql:// with a host (or libpq's ?host=); blank = unset (embedded stores). */
const postgresUrl = serviceUrl({ protocols: ['postgres:', 'postgresql:'], example: 'postgres://user:password@host:5432/database', hostOf: (u) => u.searchParams.get('host') });


export const storeVars = [
  define<string | null>({
    name: 'OCCAM_STORE_URL',
    area: 'store',
    description:
      'PostgreSQL URL (`postgres://…` or `postgresql://…`) that moves every shared store — batch jobs, watch history, failure atlas, search handles, response cache — onto one database shared by every Occam process (docs/scaling.md). Unset: the embedded stores on this machine.',
    default: null,
    defaultText: 'unset (embedded SQLite/file stores)',
    parse: postgresUrl,
    secret: true,
  }),
  define<number>({
    name: 'OCCAM_STORE_POOL_SIZE',
    area: 'store',
    description: 'Most PostgreSQL connections one process opens (a bounded pool; only with OCCAM_STORE_URL).',
    default: STORE_POOL.default,
    defaultText: String(STORE_POOL.default),
    range: `${STORE_POOL.min}–${STORE_POOL.max}`,
    parse: int(STORE_POOL.min, STORE_POOL.max, { clamp: true }),
  }),
  define<number>({
    name: 'OCCAM_RETENTION_DAYS',
    area: 'store',
    description:
      'Days a finished batch job and its results, and a response-cache entry, are kept (embedded or shared store). Every batch worker sweeps once shortly after start and then hourly; a cache entry older than this is deleted whatever TTL a later read asks for. 0 = keep forever.',
    default: RETENTION_DAYS.default,
    defaultText: `${RETENTION_DAYS.default}`,
    range: `${RETENTION_DAYS.min}–${RETENTION_DAYS.max}`,
    parse: int(RETENTION_DAYS.min, RETENTION_DAYS.max),
  }),
  define<number>({
    name: 'OCCAM_STORE_QUERY_TIMEOUT_MS',
    area: 'store',
    description:
      'Longest one PostgreSQL statement may take (only with OCCAM_STORE_URL): the server cancels it (statement_timeout) and the client stops waiting shortly after, so a hung — not down — database fails the call with `store_timeout` instead of hanging it.',
    default: STORE_QUERY_TIMEOUT_MS.default,
    defaultText: `${STORE_QUERY_TIMEOUT_MS.default} (10 s)`,
    range: `${STORE_QUERY_TIMEOUT_MS.min}–${STORE_QUERY_TIMEOUT_MS.max}`,
    parse: int(STORE_QUERY_TIMEOUT_MS.min, STORE_QUERY_TIMEOUT_MS.max),
  }),
];
