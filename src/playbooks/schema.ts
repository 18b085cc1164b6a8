// The playbook document (playbooks.md §2): a small JSON overlay that tunes extraction for a set of hosts. The
// runtime reads it through this permissive zod view — unknown keys are kept (save preserves them, the runtime
// ignores them) and malformed optional parts read as absent, so a half-broken seed still shapes what it can.
// Strict checking is lint's job (lint.ts), never the loader's.
import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import { z } from 'zod';

export const BACKENDS = ['http', 'browser', 'http_then_browser'] as const;
export type PreferredBackend = (typeof BACKENDS)[number];

/** §9 hygiene: object keys (any depth, case-insensitive) that mark a secret. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  'cookie', 'cookies', 'authorization', 'set-cookie', 'set_cookie', 'bearer', 'bearer_token', 'api_key', 'apikey',
  'password', 'secret_key', 'session_token', 'access_token', 'refresh_token',
]);

export const MAX_LESSONS = 50;

const stringList = z.array(z.unknown()).transform((xs) => xs.filter((x): x is string => typeof x === 'string' && x.trim() !== ''));
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const fieldSpecSchema = z.looseObject({
  selector: z.string().optional(),
  attr: z.string().optional(),
  multiple: z.boolean().optional(),
  divide: z.number().optional(),
});
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

export const playbookSchema = z.looseObject({
  schema_version: z.string(),
  id: z.string(),
  hosts: z.array(z.unknown()),
  meta: lenient(z.looseObject({ title: z.string().optional(), tags: z.array(z.string()).optional() })),
  routing: lenient(z.looseObject({ preferred_backend: z.string().optional() })),
  extract: lenient(
    z.looseObject({
      contentSelectors: lenient(stringList),
      content_selectors: lenient(stringList),
      domStripSelectors: lenient(stringList),
    }),
  ),
  genome: lenient(z.record(z.string(), z.unknown())),
  knowledge_schema: lenient(z.record(z.string(), z.unknown())),
  browser: lenient(z.record(z.string(), z.unknown())),
  postMarkdown: lenient(z.record(z.string(), z.unknown())),
  request: lenient(z.record(z.string(), z.unknown())),
  agent_notes: lenient(z.string()),
  lessons: lenient(z.array(z.unknown())),
  provenance: lenient(z.record(z.string(), z.unknown())),
});
export type PlaybookDoc = z.infer<typeof playbookSchema>;

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const nonBlank = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** `schema_version` must be 1.x everywhere (§2.1). */
export const supportedSchemaVersion = (v: unknown): boolean => typeof v === 'string' && v.trim().startsWith('1.');

/** The loader's bar (§3): parses, 1.x, non-blank id, ≥1 non-blank host. Selectors are not required. */
export function loadablePlaybook(value: unknown): PlaybookDoc | null {
  const parsed = playbookSchema.safeParse(value);
  if (!parsed.success) return null;
  const doc = parsed.data;
  if (!supportedSchemaVersion(doc.schema_version) || !nonBlank(doc.id) || !doc.hosts.some(nonBlank)) return null;
  return doc;
}

/** Hosts as declared, non-blank strings only. */
export const hostsOf = (doc: Pick<PlaybookDoc, 'hosts'>): string[] => doc.hosts.filter(nonBlank);

/** `extract.contentSelectors`, or the legacy alias `content_selectors` (§2.2). */
export function contentSelectorsOf(doc: PlaybookDoc): string[] {
  const ex = doc.extract;
  if (!ex) return [];
  return ex.contentSelectors?.length ? ex.contentSelectors : (ex.content_selectors ?? []);
}

export const stripSelectorsOf = (doc: PlaybookDoc): string[] => doc.extract?.domStripSelectors ?? [];

/** `routing.preferred_backend` when valid (invalid values fall back, §6 rule 14); works on raw JSON too. */
export function preferredBackendOf(doc: { routing?: unknown }): PreferredBackend | undefined {
  const routing = doc.routing;
  const raw = isRecord(routing) && typeof routing.preferred_backend === 'string' ? routing.preferred_backend.trim().toLowerCase() : '';
  return (BACKENDS as readonly string[]).includes(raw) ? (raw as PreferredBackend) : undefined;
}

export const agentNotesOf = (doc: PlaybookDoc): string | undefined => (nonBlank(doc.agent_notes) ? doc.agent_notes : undefined);

/** Every object key anywhere in a JSON value that hygiene forbids (§9), in document order. */
export function forbiddenKeysIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) forbiddenKeysIn(v, out);
  else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (FORBIDDEN_KEYS.has(k.toLowerCase())) out.push(k);
      forbiddenKeysIn(v, out);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Hosts (§2.10)

/** Lowercase, one leading `www.` stripped (and a trailing dot). */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return h.startsWith('www.') ? h.slice(4) : h;
}

/**
 * H matches P when H == norm(P), or H ends with "." + norm(P) and P is a registrable domain or one of its
 * subdomains (public-suffix list, tldts): a bare suffix (`com`, `co.uk`, `github.io`) or a label (`1`) never
 * matches a whole namespace, and an IP literal matches only itself (issue 30).
 */
export function hostMatches(requestHost: string, pattern: string): boolean {
  const h = normaliseHost(requestHost);
  const p = normaliseHost(pattern);
  if (p === '') return false;
  if (h === p) return true;
  return h.endsWith(`.${p}`) && hostScopeProblem(p) === null && isIP(p) === 0;
}

/**
 * Why a playbook `hosts` entry is out of scope, or null: it must be a registrable domain or a subdomain of one, or
 * an IP literal (which then matches exactly that address).
 */
export function hostScopeProblem(entry: string): string | null {
  const host = normaliseHost(entry).replace(/^\[|\]$/g, '');
  if (host === '') return 'is blank';
  if (isIP(host) !== 0) return null;
  if (!getDomain(host, { allowPrivateDomains: true })) return 'is a public suffix or a bare label, not a registrable domain';
  return null;
}

/** Resolve input (§2.10): an absolute http(s) URL yields its host; other text with `/` or `:` is invalid. */
export function hostOfInput(input: string): { host: string; url: URL | null } | null {
  const text = input.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      if (!url.hostname) return null;
      return { host: normaliseHost(url.hostname.replace(/^\[|\]$/g, '')), url };
    } catch {
      return null;
    }
  }
  if (text.includes('/') || text.includes(':') || /\s/.test(text)) return null;
  return { host: normaliseHost(text), url: null };
}
