// Request headers (reading.md §5): defaults < OCCAM_REQUEST_HEADERS_FILE < session profile < caller.
// Header values are secrets as far as logs go: only names ever leave this module in diagnostics.
import { readBoundedTextAsync } from '../runtime/bounded-input.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { occamPaths, pathApi } from '../config/paths.ts';

export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml';
/** The decoders acquisition implements (streaming, capped on decoded bytes). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** Names a header file or session profile may not set: the transport owns them. */
export const TRANSPORT_OWNED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'expect',
  'upgrade',
]);

/** Dropped whenever a redirect or refresh hop leaves the original origin (§3.2.3). */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['cookie', 'authorization', 'proxy-authorization']);

export type HeaderBag = Record<string, string>;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Keeps string values with valid, non-transport-owned names; everything else is ignored. */
export function sanitiseHeaderBag(input: unknown): HeaderBag {
  const out: HeaderBag = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value !== 'string' || !HEADER_NAME.test(name)) continue;
    if (TRANSPORT_OWNED_HEADERS.has(name.toLowerCase())) continue;
    if (/[\r\n\0]/.test(value)) continue;
    out[name] = value;
  }
  return out;
}

/** Case-insensitive merge: a later layer replaces an earlier header of the same name (keeping its spelling). */
export function mergeHeaders(...layers: Array<HeaderBag | null | undefined>): HeaderBag {
  const byLower = new Map<string, [string, string]>();
  for (const layer of layers) {
    if (!layer) continue;
    for (const [name, value] of Object.entries(layer)) byLower.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries(byLower.values());
}

export function withoutHeaders(bag: HeaderBag, names: ReadonlySet<string>): HeaderBag {
  return Object.fromEntries(Object.entries(bag).filter(([n]) => !names.has(n.toLowerCase())));
}

export function hasHeader(bag: HeaderBag, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(bag).some((n) => n.toLowerCase() === lower);
}

async function readJsonObject(path: string): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse(await readBoundedTextAsync(path, 'config'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The install-wide defaults: UA + Accept, optionally overridden by `{OCCAM_HOME}/profiles/occam-fetch-defaults.json`
 * (`{ "userAgent", "accept" }`), then the extra headers of OCCAM_REQUEST_HEADERS_FILE. A file that is missing or
 * unreadable contributes nothing (a warning names the file, never its values).
 */
export function baseRequestHeaders(ctx: RuntimeContext): Promise<HeaderBag> {
  // Two small files read per fetch would cost more than the request itself on a warm connection: remember the
  // result per runtime for a few seconds, so an edited file still takes effect without a restart.
  const now = ctx.now();
  const cached = baseHeaderCache.get(ctx);
  if (cached && now - cached.at < BASE_HEADERS_TTL_MS && cached.env === ctx.env) return cached.value;
  const value = loadBaseRequestHeaders(ctx);
  baseHeaderCache.set(ctx, { at: now, env: ctx.env, value });
  return value;
}

const BASE_HEADERS_TTL_MS = 5_000;
const baseHeaderCache = new WeakMap<RuntimeContext, { at: number; env: RuntimeContext['env']; value: Promise<HeaderBag> }>();

async function loadBaseRequestHeaders(ctx: RuntimeContext): Promise<HeaderBag> {
  const defaults: HeaderBag = { 'User-Agent': DEFAULT_USER_AGENT, Accept: DEFAULT_ACCEPT };
  const overridePath = pathApi(ctx).join(occamPaths(ctx).installRoot, 'profiles', 'occam-fetch-defaults.json');
  const override = await readJsonObject(overridePath);
  if (override) {
    if (typeof override.userAgent === 'string' && override.userAgent.trim()) defaults['User-Agent'] = override.userAgent.trim();
    if (typeof override.accept === 'string' && override.accept.trim()) defaults.Accept = override.accept.trim();
  }
  const file = readEnv<string | null>('OCCAM_REQUEST_HEADERS_FILE', ctx.env, ctx.warn);
  let extra: HeaderBag = {};
  if (file) {
    const parsed = await readJsonObject(file);
    if (parsed) extra = sanitiseHeaderBag(parsed);
    else ctx.warn('[occam.fetch] OCCAM_REQUEST_HEADERS_FILE is missing or not a JSON object; no extra headers applied');
  }
  return mergeHeaders(defaults, extra);
}

/** Header names sorted case-insensitively — the only form in which headers are ever reported. */
export function sortedHeaderNames(bag: HeaderBag): string[] {
  return Object.keys(bag).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b));
}
