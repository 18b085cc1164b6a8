// The opt-in response cache (reading.md §15): successful transcode envelopes on disk, keyed by everything that
// shapes the response. Eligible only when asked for (cache_ttl_s > 0) and nothing personal or conditional is in
// play; private destinations are never cached, whatever OCCAM_ALLOW_PRIVATE_URLS says. Any IO or parse error is
// a miss: the cache can only ever save a fetch, never change an answer.
//
// Two implementations of one interface: files under the cache dir (the default) and the shared PostgreSQL store
// (OCCAM_STORE_URL, cache-postgres.ts), so a read cached by one instance is served by every other.
//
// Private entries (issue 33): with OCCAM_CACHE_SESSION_READS=1 a read made with a session profile is cached too,
// marked private to its owner — the tenant that read it, the profile id and the profile's contents. Its key
// carries the owner and both backends store the owner beside the entry and compare it on every lookup, so another
// tenant, another profile, or the same profile re-imported with other credentials never sees it.
import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isPrivateUrlLiteral } from '../fetch/guard.ts';
import type { TranscodeOptions } from './options.ts';
import type { SessionProfile } from '../fetch/session.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import type { Services } from '../runtime/services.ts';
import { occamPaths } from '../config/paths.ts';
import { storeSelection } from '../store/index.ts';
import { assertSafeDir, ensurePrivateDir, PRIVATE_FILE_MODE, replaceFileExclusive } from '../runtime/files.ts';

export const CACHE_SCHEMA_VERSION = 1;
const CACHE_ELSEWHERE = 'set OCCAM_CACHE_DIR to a directory of your own';

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

/** Who may see a cache entry: everyone (a public read), or one owner (a private read, see privateCacheOwner). */
export type CacheScope = { private: false } | { private: true; owner: string };
export const PUBLIC_SCOPE: CacheScope = { private: false };

/**
 * The owner of a private read: the tenant, the profile id and a digest of what the profile sends (so a profile
 * re-imported with other credentials is another owner). Hashed: neither tenant nor profile names are stored.
 */
export function privateCacheOwner(tenant: string, profile: Pick<SessionProfile, 'profileId' | 'headers' | 'hosts' | 'storageStatePath'>): string {
  const headers = Object.entries(profile.headers).map(([k, v]) => [k.toLowerCase(), v]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return sha256Hex(JSON.stringify(['occam-private-v1', tenant, profile.profileId, headers, [...profile.hosts].sort(), profile.storageStatePath]));
}

/** `privateReads`: OCCAM_CACHE_SESSION_READS — a session-profile read may be cached as a private entry. */
export function cacheEligible(opts: TranscodeOptions, privateReads = false): boolean {
  if (!opts.cacheTtlS || opts.cacheTtlS <= 0) return false;
  if ((opts.sessionProfile && !privateReads) || opts.ifNoneMatch || opts.diffAgainst || opts.preferLlmsTxt) return false;
  try {
    return !isPrivateUrlLiteral(opts.fetchUrl);
  } catch {
    return false;
  }
}

const flag = (b: boolean) => (b ? '1' : '0');

/**
 * The one descriptor of everything that shapes a read's body (reading.md §14.2 `mat-v1`): URL, policy, effective
 * max_tokens, fit, focus, fragment, selectors, playbook policy and every sidecar flag. The materialisation key
 * hashes it as is; the cache key adds what changes the response around the body (`readKey`, one builder for both).
 */
export function readDescriptor(opts: TranscodeOptions, effectiveMaxTokens: number | null): string[] {
  const selectors = opts.selectors ?? [];
  return [
    'mat-v1',
    normaliseUrlForKey(opts.fetchUrl),
    `policy=${opts.policyRaw}`,
    `max_tokens=${effectiveMaxTokens ?? ''}`,
    `fit=${flag(opts.fit)}`,
    `focus_query=${opts.focusQuery ?? ''}`,
    `fragment=${opts.fragment ?? ''}`,
    `selectors=${selectors.length}`,
    ...selectors,
    `playbook=${opts.playbookPolicy};;`,
    `chunking=${flag(opts.chunking)}`,
    `json=${flag(opts.jsonBlocks)}${flag(opts.jsonTables)}${flag(opts.jsonFeed)}`,
    `translate_to=${opts.translateTo ?? ''}`,
    `rank=${flag(opts.rankBlocks)};trust=${flag(opts.tagTrust)}`,
    `screenshot=${flag(opts.screenshot)}`,
    `compact=${flag(opts.compactLinks)}${flag(opts.compactBlockLinks)};media=${flag(opts.includeMediaRefs)};toc=${flag(opts.toc)}`,
    `delta=${flag(opts.deltaOnly)};must_contain=${opts.mustContain ?? ''}`,
  ];
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Which key of a read: its materialisation (the body) or its response-cache entry (seen through `cacheView`). */
/** A private read's cache key also names its owner (issue 33: a tenant's session-profile reads stay its own). */
export type ReadKeyKind = { materialization: true } | { cacheView: string; scope?: CacheScope };

/**
 * The one key builder of a read (issue 29). The materialisation key is `sha256:` hex over the newline-framed
 * descriptor (reading.md §14.2). The response cache's key adds what shapes the response beyond the body —
 * `section` (it prunes differently from the same heading as a selector), a capsule, and, under a budget, the view
 * it is spent on (the same budget cuts a lean read later than a full one). `effectiveMaxTokens` is after ambient
 * inheritance.
 */
export function readKey(opts: TranscodeOptions, effectiveMaxTokens: number | null, kind: ReadKeyKind): string {
  const descriptor = readDescriptor(opts, effectiveMaxTokens);
  if ('materialization' in kind) return `sha256:${sha256Hex(descriptor.join('\n'))}`;
  const scope = kind.scope ?? PUBLIC_SCOPE;
  const lines = [
    'occam-cache-v2',
    ...descriptor,
    `section=${opts.section ?? ''}`,
    `emit_capsule=${flag(opts.emitCapsule)}`,
    ...(effectiveMaxTokens !== null ? [`view=${kind.cacheView}`] : []),
    // Public keys are unchanged (entries cached before private reads existed stay valid).
    ...(scope.private ? [`private=${scope.owner}`] : []),
  ];
  return sha256Hex(lines.join('\n'));
}

export interface CacheHit {
  response: Record<string, unknown>;
  ageS: number;
}

export interface ResponseCache {
  /**
   * A stored envelope younger than `ttlS` and stored under the same scope (a private entry only for its owner, a
   * public one only as public), else null (an expired entry is deleted). Errors are misses.
   */
  get(key: string, ttlS: number, scope?: CacheScope): Promise<CacheHit | null>;
  /** Stores an envelope under its scope; failures are swallowed — a cache that cannot write is just empty. */
  put(key: string, response: Record<string, unknown>, scope?: CacheScope): Promise<void>;
  /** Retention: deletes the entries stored before `cutoffMs` whatever TTL a later read would ask for; returns the count. */
  sweep(cutoffMs: number): Promise<number>;
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

  /**
   * A stored envelope younger than `ttlS`, else null (an expired entry is deleted). A cache directory another user
   * owns or may write to is `state_dir_unsafe`: whatever it holds could have been planted, so it is never read.
   */
  async get(key: string, ttlS: number, scope: CacheScope = PUBLIC_SCOPE): Promise<CacheHit | null> {
    if (!existsSync(this.dir)) return null;
    assertSafeDir(this.dir, 'response cache', CACHE_ELSEWHERE);
    let entry: { schemaVersion?: unknown; createdAtUnixSeconds?: unknown; responseJson?: unknown; privateOwner?: unknown };
    try {
      entry = JSON.parse(await readOwnEntry(this.file(key)));
    } catch {
      return null;
    }
    if (entry.schemaVersion !== CACHE_SCHEMA_VERSION || typeof entry.createdAtUnixSeconds !== 'number' || typeof entry.responseJson !== 'string') {
      return null;
    }
    // An entry without an owner is public (entries written before private reads existed have none).
    if ((entry.privateOwner ?? null) !== (scope.private ? scope.owner : null)) return null;
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

  async sweep(cutoffMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const path = join(this.dir, name);
      try {
        const entry = JSON.parse(await readFile(path, 'utf8')) as { createdAtUnixSeconds?: unknown };
        const created = typeof entry.createdAtUnixSeconds === 'number' ? entry.createdAtUnixSeconds * 1000 : -Infinity;
        if (created >= cutoffMs) continue;
        await rm(path, { force: true });
        removed += 1;
      } catch {
        // unreadable or gone meanwhile: left for the next sweep (a read of it is a miss anyway)
      }
    }
    return removed;
  }

  /**
   * Exclusive-create write (owner-only dir and file, random temp + rename); failures are swallowed — a cache that
   * cannot write (or whose directory is unsafe) is just empty.
   */
  async put(key: string, response: Record<string, unknown>, scope: CacheScope = PUBLIC_SCOPE): Promise<void> {
    try {
      ensurePrivateDir(this.dir, 'response cache', CACHE_ELSEWHERE);
      const body = JSON.stringify({
        schemaVersion: CACHE_SCHEMA_VERSION,
        createdAtUnixSeconds: this.now() / 1000,
        ...(scope.private ? { privateOwner: scope.owner } : {}),
        responseJson: JSON.stringify(response),
      });
      replaceFileExclusive(this.file(key), body, { mode: PRIVATE_FILE_MODE, createParents: false });
    } catch {
      // ignore: caching is an optimisation
    }
  }
}

// Non-blocking so a FIFO planted under an entry's name is refused at once instead of waiting for a writer.
const OPEN_ENTRY = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** An entry's text when it is a regular file of this user (never a link, a FIFO or someone else's file). */
async function readOwnEntry(path: string): Promise<string> {
  const handle = await open(path, OPEN_ENTRY);
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new Error('not a regular file');
    if (typeof process.geteuid === 'function' && st.uid !== process.geteuid()) throw new Error('not owned by this user');
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
