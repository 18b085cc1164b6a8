// Store health for `occam doctor` and the batch server's /v1/health: is the selected store reachable, is its
// schema migrated to what this binary knows, and how long one round trip takes.
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';
import { migrationStatus } from './migrate.ts';
import { postgresService } from './postgres.ts';
import { storeSelection } from './selection.ts';

export interface StoreHealth {
  kind: 'embedded' | 'postgres';
  reachable: boolean;
  /** Every registered kind's schema is at the version this binary knows. */
  migrated: boolean;
  latency_ms: number | null;
  /** Redacted URL for postgres, null for the embedded store. */
  url: string | null;
  pending: string[];
  error: string | null;
}

export async function pingStore(runtime: RuntimeContext, services: Services, timeoutMs = 3_000): Promise<StoreHealth> {
  const selection = storeSelection(runtime);
  if (selection.kind === 'embedded') return { kind: 'embedded', reachable: true, migrated: true, latency_ms: null, url: null, pending: [], error: null };
  let shown: string | null = null;
  try {
    const db = await services.use(postgresService);
    shown = db.shownUrl;
    const started = performance.now();
    await withTimeout(db.pool.query('SELECT 1'), timeoutMs);
    const latency = Math.round((performance.now() - started) * 100) / 100;
    const status = await withTimeout(migrationStatus(db.pool), timeoutMs);
    const pending = status.filter((s) => s.applied < s.known).map((s) => `${s.kind} ${s.applied}→${s.known}`);
    return { kind: 'postgres', reachable: true, migrated: pending.length === 0, latency_ms: latency, url: shown, pending, error: null };
  } catch (err) {
    return { kind: 'postgres', reachable: false, migrated: false, latency_ms: null, url: shown, pending: [], error: (err as Error).message };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
