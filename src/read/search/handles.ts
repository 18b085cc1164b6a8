// Search handles (reading.md §17.4, tools.md W11): `S1`…`S20` alias the results of the latest occam_search in
// this process; `H` + 8 hex is a durable handle (TTL 1 h, at most 64, least recently used evicted). A bound URL
// still passes every guard check — a handle is a name for a URL, never a permission.
import { OccamError } from '../../contract/failures.ts';
import { defineService } from '../../runtime/services.ts';

export const HANDLE_TTL_S = 3600;
export const HANDLE_CAPACITY = 64;
const ALIAS = /^S([1-9]|1[0-9]|20)$/i;
const DURABLE = /^H[0-9a-f]{8}$/i;

export function looksLikeHandle(value: string): boolean {
  const v = value.trim();
  return ALIAS.test(v) || DURABLE.test(v);
}

export class HandleStore {
  readonly #now: () => number;
  #counter = 0;
  /** Durable handles in recency order (a Map iterates in insertion order; re-inserting marks a use). */
  readonly #durable = new Map<string, { url: string; expiresAt: number }>();
  #aliases = new Map<string, string>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Records one search's ordered results: new aliases S1…Sn, a fresh durable handle per result. */
  recordSearch(urls: readonly string[]): Array<{ id: string; handle: string }> {
    this.#aliases = new Map();
    return urls.map((url, i) => {
      this.#counter += 1;
      const handle = `H${this.#counter.toString(16).padStart(8, '0')}`;
      this.#durable.set(handle, { url, expiresAt: this.#now() + HANDLE_TTL_S * 1000 });
      while (this.#durable.size > HANDLE_CAPACITY) this.#durable.delete(this.#durable.keys().next().value as string);
      const id = `S${i + 1}`;
      this.#aliases.set(id, handle);
      return { id, handle };
    });
  }

  /** The URL a value names: the value itself when it is not a handle; throws unknown_handle / stale_handle. */
  bind(value: string): string {
    const v = value.trim();
    if (ALIAS.test(v)) {
      const handle = this.#aliases.get(v.toUpperCase());
      const entry = handle ? this.#live(handle) : null;
      if (!entry) {
        const live = [...this.#aliases.keys()].join(', ') || 'none';
        throw new OccamError('unknown_handle', `${v} is not a result of the latest occam_search (live aliases: ${live}); pass the page URL itself.`);
      }
      return entry;
    }
    if (DURABLE.test(v)) {
      const entry = this.#live(`H${v.slice(1).toLowerCase()}`);
      if (!entry) throw new OccamError('stale_handle', `Handle ${v} is unknown or expired (handles live ${HANDLE_TTL_S} s); pass the page URL itself.`);
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

export const handleStoreService = defineService({
  id: 'read.search-handles',
  create: (runtime) => new HandleStore(runtime.now),
});
