// The opt-in response cache (reading.md §15): successful transcode envelopes on disk, keyed by everything that
// shapes the response. Eligible only when asked for (cache_ttl_s > 0) and nothing personal or conditional is in
// play; private destinations are never cached, whatever OCCAM_ALLOW_PRIVATE_URLS says. Any IO or parse error is
// a miss: the cache can only ever save a fetch, never change an answer.
//
// Two implementations of one interface: files under the cache dir (the default) and the shared PostgreSQL store
// (OCCAM_STORE_URL, cache-postgres.ts), so a read cached by one instance is served by every other.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPrivateUrlLiteral } from '../fetch/guard.ts';
import type { TranscodeOptions } from './options.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';
import { occamPaths } from '../config/paths.ts';
import { storeSelection } from '../store/index.ts';

export const CACHE_SCHEMA_VERSION = 1;

/** scheme + host lower-cased, default port dropped, path + query verbatim, fragment excluded. */
export function normaliseUrlForKey(url: string): string {
  try {
    const u = new URL(url);
    const port = u.port && !((u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443')) ? `:${u.port}` : '';
    return `${u.protocol.toLowerCase()}//${u.hostname.toLowerCase()}${port}${u.pathname}${u.search}`;
  } catch {
    return url.split('#')[0];
  }
}

export function cacheEligible(opts: TranscodeOptions): boolean {
  if (!opts.cacheTtlS || opts.cacheTtlS <= 0) return false;
  if (opts.sessionProfile || opts.ifNoneMatch || opts.diffAgainst || opts.preferLlmsTxt) return false;
  try {
    return !isPrivateUrlLiteral(opts.fetchUrl);
  } catch {
    return false;
  }
}

const flag = (b: boolean) => (b ? '1' : '0');

/** Newline-framed descriptor → lowercase hex SHA-256. `effectiveMaxTokens` is after ambient inheritance. */
export function cacheKey(opts: TranscodeOptions, effectiveMaxTokens: number | null, view = 'full'): string {
  const selectors = opts.selectors ?? [];
  const lines = [
    'occam-cache-v1',
    normaliseUrlForKey(opts.fetchUrl),
    `backend=${opts.policyRaw}`,
    `max_tokens=${effectiveMaxTokens ?? ''}`,
    `fit=${flag(opts.fit)}`,
    `focus_query=${opts.focusQuery ?? ''}`,
    `fragment=${opts.fragment ?? ''}`,
    `selectors=${selectors.length}`,
    ...selectors,
    `playbook_policy=${opts.playbookPolicy}`,
    `semantic_chunking=${flag(opts.chunking)}`,
    `capture_screenshot=${flag(opts.screenshot)}`,
    `json_blocks=${flag(opts.jsonBlocks)}`,
    `json_tables=${flag(opts.jsonTables)}`,
    `json_feed=${flag(opts.jsonFeed)}`,
    `translate_to=${opts.translateTo ?? ''}`,
    `rank_blocks=${flag(opts.rankBlocks)}`,
    `tag_trust=${flag(opts.tagTrust)}`,
    `emit_capsule=${flag(opts.emitCapsule)}`,
    // Occam's additions that also change the body.
    `toc=${flag(opts.toc)}`,
    `section=${opts.section ?? ''}`,
    `must_contain=${opts.mustContain ?? ''}`,
    `compact_links=${flag(opts.compactLinks)}`,
    `include_media_refs=${flag(opts.includeMediaRefs)}`,
    `compact_block_links=${flag(opts.compactBlockLinks)}`,
    `delta_only=${flag(opts.deltaOnly)}`,
    // A budget is spent on what the reader sees (issue 29): the same budget cuts a lean read later than a full one.
    ...(effectiveMaxTokens !== null ? [`view=${view}`] : []),
  ];
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}

export interface CacheHit {
  response: Record<string, unknown>;
  ageS: number;
}

export interface ResponseCache {
  /** A stored envelope younger than `ttlS`, else null (an expired entry is deleted). Errors are misses. */
  get(key: string, ttlS: number): Promise<CacheHit | null>;
  /** Stores an envelope; failures are swallowed — a cache that cannot write is just empty. */
  put(key: string, response: Record<string, unknown>): Promise<void>;
}

/** The cache OCCAM_STORE_URL selects: PostgreSQL when set, else files under the cache dir. */
export async function openResponseCache(runtime: RuntimeContext, services: Services): Promise<ResponseCache> {
  if (storeSelection(runtime).kind === 'embedded') return new FileResponseCache(occamPaths(runtime).cacheDir, runtime.now);
  const { PostgresResponseCache } = await import('./cache-postgres.ts');
  return new PostgresResponseCache(services, runtime.now, runtime.warn);
}

export class FileResponseCache implements ResponseCache {
  readonly dir: string;
  private readonly now: () => number;

  constructor(dir: string, now: () => number) {
    this.dir = dir;
    this.now = now;
  }

  private file(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /** A stored envelope younger than `ttlS`, else null (an expired entry is deleted). */
  async get(key: string, ttlS: number): Promise<CacheHit | null> {
    let entry: { schemaVersion?: unknown; createdAtUnixSeconds?: unknown; responseJson?: unknown };
    try {
      entry = JSON.parse(await readFile(this.file(key), 'utf8'));
    } catch {
      return null;
    }
    if (entry.schemaVersion !== CACHE_SCHEMA_VERSION || typeof entry.createdAtUnixSeconds !== 'number' || typeof entry.responseJson !== 'string') {
      return null;
    }
    const ageS = Math.max(0, Math.floor(this.now() / 1000 - entry.createdAtUnixSeconds));
    if (this.now() / 1000 - entry.createdAtUnixSeconds > ttlS) {
      await rm(this.file(key), { force: true }).catch(() => undefined);
      return null;
    }
    try {
      const response = JSON.parse(entry.responseJson);
      return response && typeof response === 'object' ? { response, ageS } : null;
    } catch {
      return null;
    }
  }

  /** Atomic write (temp file + rename); failures are swallowed — a cache that cannot write is just empty. */
  async put(key: string, response: Record<string, unknown>): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true });
      const body = JSON.stringify({
        schemaVersion: CACHE_SCHEMA_VERSION,
        createdAtUnixSeconds: this.now() / 1000,
        responseJson: JSON.stringify(response),
      });
      const tmp = join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, body, 'utf8');
      await rename(tmp, this.file(key));
    } catch {
      // ignore: caching is an optimisation
    }
  }
}
