// Genomes (playbooks.md §2.3, §4.2, §4.3): the optional site genome at /.well-known/agent-genome.v1.json, how it
// merges with a file playbook, and page-class matching. The fetched text is untrusted input: parsed as JSON,
// never executed, never written to disk.
import type { RuntimeContext } from '../runtime/context.ts';
import { normaliseError, OccamError } from '../contract/failures.ts';
import { acquire } from '../fetch/acquire.ts';
import type { Resolver } from '../fetch/guard.ts';
import { hostMatches, isRecord, nonBlank, supportedSchemaVersion } from './schema.ts';

export const WELL_KNOWN_PATH = '/.well-known/agent-genome.v1.json';
export const GENOME_BODY_CAP = 32 * 1024;
export const GENOME_TIMEOUT_MS = { default: 8000, min: 2000, max: 30_000 };
export const GENOME_CACHE_TTL_MS = 60 * 60 * 1000;

export interface GenomeFetch {
  ok: boolean;
  wellKnownUrl: string;
  failureCode?: string;
  cacheHit: boolean;
  /** The validated genome document (ok only). */
  document?: Record<string, unknown>;
}

/** The well-known URL for a page URL (its scheme and port) or a bare host (https). */
export function wellKnownUrlFor(host: string, pageUrl: URL | null): string | null {
  try {
    if (pageUrl) return new URL(WELL_KNOWN_PATH, pageUrl.origin).href;
    return new URL(WELL_KNOWN_PATH, `https://${host}`).href;
  } catch {
    return null;
  }
}

/** Per-host cache (1 h) of successes and failures, except network_error. */
export class GenomeFetcher {
  readonly #cache = new Map<string, { at: number; result: Omit<GenomeFetch, 'cacheHit'> }>();
  readonly #runtime: RuntimeContext;
  readonly #resolve: Resolver | undefined;

  constructor(runtime: RuntimeContext, resolve?: Resolver) {
    this.#runtime = runtime;
    this.#resolve = resolve;
  }

  clear(): void {
    this.#cache.clear();
  }

  async fetch(host: string, pageUrl: URL | null, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<GenomeFetch> {
    const url = wellKnownUrlFor(host, pageUrl);
    if (!url) return { ok: false, wellKnownUrl: '', failureCode: 'invalid_host', cacheHit: false };
    const key = new URL(url).host;
    const hit = this.#cache.get(key);
    if (hit && this.#runtime.now() - hit.at < GENOME_CACHE_TTL_MS) return { ...hit.result, cacheHit: true };
    const result = await this.#fetchOnce(host, url, opts);
    if (result.failureCode !== 'network_error') this.#cache.set(key, { at: this.#runtime.now(), result });
    return { ...result, cacheHit: false };
  }

  async #fetchOnce(host: string, url: string, opts: { timeoutMs?: number; signal?: AbortSignal }): Promise<Omit<GenomeFetch, 'cacheHit'>> {
    const timeoutMs = Math.min(GENOME_TIMEOUT_MS.max, Math.max(GENOME_TIMEOUT_MS.min, opts.timeoutMs ?? GENOME_TIMEOUT_MS.default));
    const fail = (failureCode: string) => ({ ok: false, wellKnownUrl: url, failureCode });
    let doc;
    try {
      doc = await acquire(
        url,
        {
          timeoutMs,
          signal: opts.signal,
          // Stop reading one byte past the cap: a body that reaches it is too large, and we never read on.
          sampleBytes: GENOME_BODY_CAP + 1,
          metaRefreshHops: 0,
          respectRobots: false,
          headers: { 'user-agent': 'Occam/1 (+agent-genome)', accept: 'application/json' },
        },
        { runtime: this.#runtime, ...(this.#resolve ? { resolve: this.#resolve } : {}) },
      );
    } catch (err) {
      const code = err instanceof OccamError ? err.code : normaliseError(err).code;
      if (/^http_\d{3}$/.test(code) || code === 'private_url_blocked' || code === 'timeout') return fail(code);
      if (code === 'unsupported_content_type') return fail('not_json');
      return fail('network_error');
    }
    if (doc.contentType && !doc.contentType.includes('json')) return fail('not_json');
    if (doc.bytes.length > GENOME_BODY_CAP) return fail('invalid_manifest');
    let value: unknown;
    try {
      value = JSON.parse(doc.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      return fail('invalid_manifest');
    }
    const valid =
      isRecord(value) &&
      supportedSchemaVersion(value.schema_version) &&
      Array.isArray(value.hosts) &&
      value.hosts.some((p) => nonBlank(p) && hostMatches(host, p));
    if (!valid) return fail('invalid_manifest');
    return { ok: true, wellKnownUrl: url, document: value as Record<string, unknown> };
  }
}

/** §4.3: shallow genome merge (playbook keys win); knowledge schema: the playbook's non-empty one wins whole. */
export function mergeGenome(
  playbook: { genome?: Record<string, unknown>; knowledge_schema?: Record<string, unknown> },
  site: { genome?: unknown; knowledge_schema?: unknown } | null,
): { genome?: Record<string, unknown>; knowledgeSchema?: Record<string, unknown> } {
  const own = isRecord(playbook.genome) ? playbook.genome : undefined;
  const theirs = site && isRecord(site.genome) ? site.genome : undefined;
  const genome = own && theirs ? { ...theirs, ...own } : (own ?? theirs);
  const ownSchema = isRecord(playbook.knowledge_schema) && Object.keys(playbook.knowledge_schema).length ? playbook.knowledge_schema : undefined;
  const siteSchema = site && isRecord(site.knowledge_schema) && Object.keys(site.knowledge_schema).length ? site.knowledge_schema : undefined;
  const knowledgeSchema = ownSchema ?? siteSchema;
  return { ...(genome ? { genome } : {}), ...(knowledgeSchema ? { knowledgeSchema } : {}) };
}

/**
 * §2.3: page classes `{name: pattern}`; `*`-suffixed = case-insensitive prefix, else exact path; longest pattern
 * first; a class counts only if the knowledge schema has it; else `default` when present.
 */
export function matchPageClass(genome: Record<string, unknown> | undefined, knowledgeSchema: Record<string, unknown> | undefined, path: string | null): string | null {
  if (!knowledgeSchema) return null;
  const classes = genome && isRecord(genome.page_classes) ? genome.page_classes : {};
  if (path !== null) {
    const p = path.toLowerCase();
    const patterns = Object.entries(classes)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
      .sort((a, b) => b[1].length - a[1].length);
    for (const [name, pattern] of patterns) {
      const pat = pattern.toLowerCase();
      const hit = pat.endsWith('*') ? p.startsWith(pat.slice(0, -1)) : p === pat;
      if (hit && Object.hasOwn(knowledgeSchema, name)) return name;
    }
  }
  return Object.hasOwn(knowledgeSchema, 'default') ? 'default' : null;
}
