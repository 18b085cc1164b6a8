// The failure atlas (playbooks.md §13.4): a table of per-host read outcomes so an agent can skip hosts that look
// walled in this run. Fed by every transcode while OCCAM_ATLAS_MCP is on; at most 500 hosts (new hosts are ignored
// when full). Not proof of permanent unreachability.
//
// Two implementations of one interface: in memory, per process, never persisted (the default); and on the shared
// PostgreSQL store (OCCAM_STORE_URL, atlas-postgres.ts), where every instance feeds and reads one table.
import { defineService } from '../runtime/services.ts';
import { storeSelection } from '../store/index.ts';

export const ATLAS_MAX_HOSTS = 500;
export const CLOSURE_CODES: ReadonlySet<string> = new Set(['captcha_or_challenge', 'requires_login', 'http_401', 'http_403', 'http_404', 'http_410']);

export interface AtlasSnapshot {
  hostCount: number;
  walledCount: number;
  hosts: AtlasHost[];
}

export interface FailureAtlas {
  /** Counts one read outcome for the URL's host. Never throws: the atlas must not fail a read. */
  record(url: string, ok: boolean, code: string | null): Promise<void>;
  snapshot(onlyWalled: boolean): Promise<AtlasSnapshot>;
}

export interface HostRow {
  attempts: number;
  successes: number;
  failures: number;
  closures: number;
  byCode: Map<string, number>;
  lastFailureAt: string | null;
}

export interface AtlasHost {
  host: string;
  attempts: number;
  successes: number;
  failures: number;
  closureRate: number;
  walled: boolean;
  dominantFailure?: string;
  byCode: Array<{ code: string; count: number }>;
  lastFailureAt?: string;
}

/** Host key: lowercased, one leading `www.` removed; null when the URL does not parse. */
export function atlasHostOf(url: string): string | null {
  try {
    const h = new URL(url.trim()).hostname.toLowerCase();
    return h.startsWith('www.') ? h.slice(4) : h;
  } catch {
    return null;
  }
}

const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows → the wire snapshot, sorted by closure rate, failures, host (shared by both implementations). */
export function snapshotOf(rows: Iterable<[string, HostRow]>, onlyWalled: boolean): AtlasSnapshot {
  const all: AtlasHost[] = [...rows].map(([host, r]) => {
    const byCode = [...r.byCode.entries()].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || ordinal(a.code, b.code));
    const dominant = byCode[0]?.code;
    return {
      host,
      attempts: r.attempts,
      successes: r.successes,
      failures: r.failures,
      closureRate: Math.round((r.closures / r.attempts) * 10_000) / 10_000,
      walled: r.successes === 0 && r.failures > 0 && dominant !== undefined && CLOSURE_CODES.has(dominant),
      ...(dominant ? { dominantFailure: dominant } : {}),
      byCode,
      ...(r.lastFailureAt ? { lastFailureAt: r.lastFailureAt } : {}),
    };
  });
  all.sort((a, b) => b.closureRate - a.closureRate || b.failures - a.failures || ordinal(a.host, b.host));
  return { hostCount: all.length, walledCount: all.filter((h) => h.walled).length, hosts: onlyWalled ? all.filter((h) => h.walled) : all };
}

export const atlasTimestamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export class MemoryFailureAtlas implements FailureAtlas {
  readonly #hosts = new Map<string, HostRow>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  async record(url: string, ok: boolean, code: string | null): Promise<void> {
    const host = atlasHostOf(url);
    if (!host) return;
    let row = this.#hosts.get(host);
    if (!row) {
      if (this.#hosts.size >= ATLAS_MAX_HOSTS) return;
      row = { attempts: 0, successes: 0, failures: 0, closures: 0, byCode: new Map(), lastFailureAt: null };
      this.#hosts.set(host, row);
    }
    row.attempts += 1;
    if (ok) {
      row.successes += 1;
      return;
    }
    const c = code?.trim() || 'unknown';
    row.failures += 1;
    if (CLOSURE_CODES.has(c)) row.closures += 1;
    row.byCode.set(c, (row.byCode.get(c) ?? 0) + 1);
    row.lastFailureAt = atlasTimestamp(this.#now());
  }

  async snapshot(onlyWalled: boolean): Promise<AtlasSnapshot> {
    return snapshotOf(this.#hosts.entries(), onlyWalled);
  }
}

export const failureAtlasService = defineService<FailureAtlas>({
  id: 'optin.failure-atlas',
  create: async (runtime, services) => {
    if (storeSelection(runtime).kind === 'embedded') return new MemoryFailureAtlas(runtime.now);
    const { PostgresFailureAtlas } = await import('./atlas-postgres.ts');
    return new PostgresFailureAtlas(services, runtime.now, runtime.warn);
  },
});
