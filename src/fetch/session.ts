// Session profiles (reading.md §5): a named header bag (usually a cookie) in `{sessionsDir}/<id>.json`, plus an
// optional Playwright storage state for the browser backend. Values are never logged or returned; only names.
import { realpath, stat, readFile } from 'node:fs/promises';
import { readBoundedTextAsync } from '../runtime/bounded-input.ts';
//
// Credentials stay with their hosts (issue 30): a profile's headers go only to hosts whose registrable domain
// (public-suffix list, tldts) is one of `_occam.hosts` — the hosts it was imported for; an IP literal or a
// single-label name (localhost) only to exactly that host. A read of another host fails with
// `session_profile_host_mismatch`, and no hop outside those hosts (a cross-site redirect, a third-party request
// in the browser) ever carries them. A profile that names no hosts is refused: it would go anywhere.
import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import type { RuntimeContext } from '../runtime/context.ts';
import { homeOf, occamPaths, pathApi } from '../config/paths.ts';
import { OccamError } from '../contract/failures.ts';
import { sanitiseHeaderBag, sortedHeaderNames, type HeaderBag } from './headers.ts';

export const SESSION_ID_PATTERN = /^[A-Za-z0-9._-]+$/;
const STORAGE_STATE_KEY = 'storageState';

export interface SessionProfile {
  profileId: string;
  /** Header values to send; never log these. */
  headers: HeaderBag;
  /** Absolute path of a Playwright storage-state file inside the sessions root, when the profile names one. */
  storageStatePath: string | null;
  /** `_occam.hosts`: the hosts the profile was imported for, lower-cased (empty: none declared). */
  hosts: string[];
}

/** What a response may echo about the session (§5): names only. */
export interface SessionEcho {
  profileId: string;
  profileFound: boolean;
  headersApplied: string[];
}

export function validateSessionId(id: string): void {
  if (!SESSION_ID_PATTERN.test(id) || id.includes('..')) {
    throw new OccamError('invalid_session_profile', 'session_profile must match [A-Za-z0-9._-] and contain no "..".');
  }
}

function notFound(id: string): OccamError {
  return new OccamError('session_profile_not_found', `Session profile "${id}" was not found or is unreadable.`);
}

/** Loads and validates a session profile; `invalid_session_profile` or `session_profile_not_found` on failure. */
export async function loadSessionProfile(id: string, ctx: RuntimeContext): Promise<SessionProfile> {
  validateSessionId(id);
  const p = pathApi(ctx);
  const root = occamPaths(ctx).sessionsDir;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBoundedTextAsync(p.join(root, `${id}.json`), 'config'));
  } catch {
    throw notFound(id);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw notFound(id);
  const record = parsed as Record<string, unknown>;
  let storageStatePath: string | null = null;
  if (STORAGE_STATE_KEY in record) {
    const raw = record[STORAGE_STATE_KEY];
    if (typeof raw !== 'string' || raw.trim() === '') throw notFound(id);
    // operator.md §13: `~` expands to home; the result must still lie inside the sessions root.
    const expanded = raw.trim() === '~' || /^~[\\/]/.test(raw.trim()) ? p.join(homeOf(ctx), raw.trim().slice(1)) : raw;
    storageStatePath = await insideRoot(root, p.resolve(root, expanded), p);
    if (!storageStatePath) throw notFound(id);
  }
  const { [STORAGE_STATE_KEY]: _state, ...headerFields } = record;
  return { profileId: id, headers: sanitiseHeaderBag(headerFields), storageStatePath, hosts: declaredHosts(record[META_KEY]) };
}

const META_KEY = '_occam';

function declaredHosts(meta: unknown): string[] {
  const hosts = meta && typeof meta === 'object' ? (meta as { hosts?: unknown }).hosts : undefined;
  if (!Array.isArray(hosts)) return [];
  return hosts.filter((h): h is string => typeof h === 'string').map(normaliseHost).filter((h) => h !== '');
}

const normaliseHost = (host: string): string => host.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '').replace(/^\[|\]$/g, '');

/** The registrable domain of a name (private suffixes such as github.io count as suffixes); null for IPs and single labels. */
function registrableDomain(host: string): string | null {
  if (isIP(host) !== 0) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

/** True when `hostname` is one of the profile's hosts or shares a registrable domain with one. */
export function sessionCoversHost(profile: Pick<SessionProfile, 'hosts'>, hostname: string): boolean {
  const host = normaliseHost(hostname);
  if (host === '') return false;
  const site = registrableDomain(host);
  return profile.hosts.some((declared) => declared === host || (site !== null && registrableDomain(declared) === site));
}

/** `session_profile_host_mismatch` unless the profile was imported for `url`'s host. */
export function assertSessionCovers(profile: SessionProfile, url: URL): void {
  if (sessionCoversHost(profile, url.hostname)) return;
  const message =
    profile.hosts.length === 0
      ? `Session profile "${profile.profileId}" names no hosts, so it is sent nowhere. Add "_occam": {"hosts": ["<site>"]} to it, or re-import it with \`occam session import --host <site>\`.`
      : `Session profile "${profile.profileId}" belongs to ${profile.hosts.join(', ')}, not to ${normaliseHost(url.hostname)}; its credentials are only sent to those sites.`;
  throw new OccamError('session_profile_host_mismatch', message);
}

/** Loads a profile for a read of `url`: the load's own failures, then `session_profile_host_mismatch`. */
export async function loadSessionProfileFor(id: string, url: URL, ctx: RuntimeContext): Promise<SessionProfile> {
  const profile = await loadSessionProfile(id, ctx);
  assertSessionCovers(profile, url);
  return profile;
}

/** What a browser render takes from a profile (spread into its options). */
export interface BrowserSession {
  sessionCookies: BrowserCookie[];
  userAgent?: string;
}

/** A cookie as the browser context takes it: bound to a domain (and its subdomains) or to one exact host. */
export type BrowserCookie = { name: string; value: string } & ({ domain: string; path: string } | { url: string });

/**
 * The browser form of a profile (issue 30): its Cookie header becomes cookies bound to each imported site, so the
 * browser's own cookie rules keep them off every other host — third-party requests and redirects included — and
 * its User-Agent is the context's. Other headers (Authorization, tokens) are not sent by the browser at all:
 * Chromium carries a request's header overrides into its redirects, wherever they lead.
 */
export function browserSessionOf(profile: SessionProfile): BrowserSession {
  const header = Object.entries(profile.headers).find(([name]) => name.toLowerCase() === 'cookie')?.[1] ?? '';
  const pairs = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.indexOf('=') > 0)
    .map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const)
    .filter(([name]) => name !== '');
  const cookies: BrowserCookie[] = [];
  for (const host of profile.hosts) {
    const site = registrableDomain(host);
    for (const [name, value] of pairs) {
      cookies.push(site ? { name, value, domain: `.${site}`, path: '/' } : { name, value, url: `http://${host.includes(':') ? `[${host}]` : host}/` });
    }
  }
  const userAgent = Object.entries(profile.headers).find(([name]) => name.toLowerCase() === 'user-agent')?.[1];
  return { sessionCookies: cookies, ...(userAgent ? { userAgent } : {}) };
}
/** The real path of `candidate` when it exists and lies inside `root` (symlinks resolved); else null. */
async function insideRoot(root: string, candidate: string, p: ReturnType<typeof pathApi>): Promise<string | null> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(candidate)]);
    const rel = p.relative(realRoot, real);
    if (rel === '' || rel.startsWith('..') || p.isAbsolute(rel)) return null;
    if (!(await stat(real)).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

export function sessionEcho(profile: SessionProfile): SessionEcho {
  return { profileId: profile.profileId, profileFound: true, headersApplied: sortedHeaderNames(profile.headers) };
}
