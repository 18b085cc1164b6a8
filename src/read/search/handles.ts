// Search handles (reading.md §17.4, tools.md W11): `S1`…`S20` alias the results of the latest occam_search in
// this process; `H` + 8 hex is a durable handle (TTL 1 h, at most 64, least recently used evicted). A bound URL
// still passes every guard check — a handle is a name for a URL, never a permission.
//
// Two implementations of one interface: in memory (the default), and on the shared PostgreSQL store
// (OCCAM_STORE_URL, handles-postgres.ts), where the "process" the spec scopes handles to is the whole deployment:
// a search on one instance can be read as S1 / H… on any other.
import { OccamError } from '../../contract/failures.ts';
import { defineService } from '../../runtime/services.ts';
import { storeSelection } from '../../store/index.ts';

export const HANDLE_TTL_S = 3600;
export const HANDLE_CAPACITY = 64;
const ALIAS = /^S([1-9]|1[0-9]|20)$/i;
const DURABLE = /^H[0-9a-f]{8}$/i;

export function looksLikeHandle(value: string): boolean {
  const v = value.trim();
  return ALIAS.test(v) || DURABLE.test(v);
}

export interface HandleStore {
  /** Records one search's ordered results: new aliases S1…Sn, a fresh durable handle per result. */
  recordSearch(urls: readonly string[]): Promise<Array<{ id: string; handle: string }>>;
  /** The URL a value names: the value itself when it is not a handle; throws unknown_handle / stale_handle. */
  bind(value: string): Promise<string>;
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

export class MemoryHandleStore implements HandleStore {
  readonly #now: () => number;
  #counter = 0;
  /** Durable handles in recency order (a Map iterates in insertion order; re-inserting marks a use). */
  readonly #durable = new Map<string, { url: string; expiresAt: number }>();
  #aliases = new Map<string, string>();

  constructor(now: () => number) {
    this.#now = now;
  }

  async recordSearch(urls: readonly string[]): Promise<Array<{ id: string; handle: string }>> {
    this.#aliases = new Map();
    return urls.map((url, i) => {
      this.#counter += 1;
      const handle = durableHandle(this.#counter);
      this.#durable.set(handle, { url, expiresAt: this.#now() + HANDLE_TTL_S * 1000 });
      while (this.#durable.size > HANDLE_CAPACITY) this.#durable.delete(this.#durable.keys().next().value as string);
      const id = `S${i + 1}`;
      this.#aliases.set(id, handle);
      return { id, handle };
    });
  }

  async bind(value: string): Promise<string> {
    const v = value.trim();
    if (ALIAS.test(v)) {
      const handle = this.#aliases.get(v.toUpperCase());
      const entry = handle ? this.#live(handle) : null;
      if (!entry) throw unknownAlias(v, [...this.#aliases.keys()]);
      return entry;
    }
    if (DURABLE.test(v)) {
      const entry = this.#live(`H${v.slice(1).toLowerCase()}`);
      if (!entry) throw staleHandle(v);
      return entry;
    }
    return value;
  }

  #live(handle: string): string | null {
    const entry = this.#durable.get(handle);
    if (!entry) return null;
    if (this.#now() >= entry.expiresAt) {
      this.#durable.delete(handle);
      return null;
    }
    this.#durable.delete(handle);
    this.#durable.set(handle, entry); // mark as recently used
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
