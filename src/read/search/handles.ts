// Search handles (reading.md §17.4, tools.md W11): `S1`…`S20` alias the results of the latest occam_search in
// this process; `H` + 8 hex is a durable handle (TTL 1 h, at most 64, least recently used evicted). A bound URL
// still passes every guard check — a handle is a name for a URL, never a permission.
//
// Two implementations of one interface: in memory (the default), and on the shared PostgreSQL store
// (OCCAM_STORE_URL, handles-postgres.ts), where the "process" the spec scopes handles to is the whole deployment:
// a search on one instance can be read as S1 / H… on any other — by the same tenant only. Handles are scoped per
// tenant (src/runtime/tenant.ts): each has its own S* map and its own 64 durable slots, and a handle of another
// tenant is unknown, so one team member's S1 never names another's page.
import { OccamError } from '../../contract/failures.ts';
import { defineService } from '../../runtime/services.ts';
import { storeSelection } from '../../store/index.ts';
import { LOCAL_TENANT } from '../../runtime/tenant.ts';

export const HANDLE_TTL_S = 3600;
export const HANDLE_CAPACITY = 64;
/** Tenants whose handles one process keeps in memory (least recently active dropped first). */
export const HANDLE_TENANTS_IN_MEMORY = 1024;
const ALIAS = /^S([1-9]|1[0-9]|20)$/i;
const DURABLE = /^H[0-9a-f]{8}$/i;

export function looksLikeHandle(value: string): boolean {
  const v = value.trim();
  return ALIAS.test(v) || DURABLE.test(v);
}

export interface HandleStore {
  /** Records one search's ordered results: new aliases S1…Sn, a fresh durable handle per result. */
  recordSearch(urls: readonly string[], tenant?: string): Promise<Array<{ id: string; handle: string }>>;
  /** The URL a value names: the value itself when it is not a handle; throws unknown_handle / stale_handle. */
  bind(value: string, tenant?: string): Promise<string>;
}

export const isAlias = (v: string) => ALIAS.test(v);
export const isDurable = (v: string) => DURABLE.test(v);
export const durableHandle = (n: number) => `H${(n >>> 0).toString(16).padStart(8, '0')}`;

export function unknownAlias(v: string, live: readonly string[]): OccamError {
  return new OccamError('unknown_handle', `${v} is not a result of the latest occam_search (live aliases: ${live.join(', ') || 'none'}); pass the page URL itself.`);
}

export function staleHandle(v: string): OccamError {
  return new OccamError('stale_handle', `Handle ${v} is unknown or expired (handles live ${HANDLE_TTL_S} s); pass the page URL itself.`);
}

interface TenantHandles {
  /** Durable handles in recency order (a Map iterates in insertion order; re-inserting marks a use). */
  durable: Map<string, { url: string; expiresAt: number }>;
  aliases: Map<string, string>;
}

export class MemoryHandleStore implements HandleStore {
  readonly #now: () => number;
  #counter = 0;
  /** Per tenant, in recency of activity (the least recently active tenant is dropped past HANDLE_TENANTS_IN_MEMORY). */
  readonly #tenants = new Map<string, TenantHandles>();

  constructor(now: () => number) {
    this.#now = now;
  }

  #of(tenant: string): TenantHandles {
    const found = this.#tenants.get(tenant) ?? { durable: new Map(), aliases: new Map() };
    this.#tenants.delete(tenant);
    this.#tenants.set(tenant, found);
    while (this.#tenants.size > HANDLE_TENANTS_IN_MEMORY) this.#tenants.delete(this.#tenants.keys().next().value as string);
    return found;
  }

  async recordSearch(urls: readonly string[], tenant: string = LOCAL_TENANT): Promise<Array<{ id: string; handle: string }>> {
    const mine = this.#of(tenant);
    mine.aliases = new Map();
    return urls.map((url, i) => {
      this.#counter += 1;
      const handle = durableHandle(this.#counter);
      mine.durable.set(handle, { url, expiresAt: this.#now() + HANDLE_TTL_S * 1000 });
      while (mine.durable.size > HANDLE_CAPACITY) mine.durable.delete(mine.durable.keys().next().value as string);
      const id = `S${i + 1}`;
      mine.aliases.set(id, handle);
      return { id, handle };
    });
  }

  async bind(value: string, tenant: string = LOCAL_TENANT): Promise<string> {
    const v = value.trim();
    if (!ALIAS.test(v) && !DURABLE.test(v)) return value;
    const mine = this.#of(tenant);
    if (ALIAS.test(v)) {
      const handle = mine.aliases.get(v.toUpperCase());
      const entry = handle ? this.#live(mine, handle) : null;
      if (!entry) throw unknownAlias(v, [...mine.aliases.keys()]);
      return entry;
    }
    const entry = this.#live(mine, `H${v.slice(1).toLowerCase()}`);
    if (!entry) throw staleHandle(v);
    return entry;
  }

  #live(mine: TenantHandles, handle: string): string | null {
    const entry = mine.durable.get(handle);
    if (!entry) return null;
    if (this.#now() >= entry.expiresAt) {
      mine.durable.delete(handle);
      return null;
    }
    mine.durable.delete(handle);
    mine.durable.set(handle, entry); // mark as recently used
    return entry.url;
  }
}

export const handleStoreService = defineService<HandleStore>({
  id: 'read.search-handles',
  create: async (runtime, services) => {
    if (storeSelection(runtime).kind === 'embedded') return new MemoryHandleStore(runtime.now);
    const { PostgresHandleStore } = await import('./handles-postgres.ts');
    return PostgresHandleStore.open(services, runtime.now);
  },
});
