// Session profiles (reading.md §5): a named header bag (usually a cookie) in `{sessionsDir}/<id>.json`, plus an
// optional Playwright storage state for the browser backend. Values are never logged or returned; only names.
import { realpath, stat } from 'node:fs/promises';
import { readBoundedTextAsync } from '../runtime/bounded-input.ts';
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
  return { profileId: id, headers: sanitiseHeaderBag(headerFields), storageStatePath };
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
