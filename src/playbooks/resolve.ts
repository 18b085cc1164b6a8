// Resolution (playbooks.md §4): which playbook applies to a URL or bare host. Candidates from every tier ranked
// local > user > community > seed (exact host before suffix, then file name); the winner names the playbook, and
// preferredBackend / contentSelectors / agentNotes each fall back to the best-ranked candidate that has one.
// The site genome merges in, the page class is matched, and the winner's signature is inspected.
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { nowIso } from '../contract/failures.ts';
import type { Services } from '../runtime/services.ts';
import { signingKeyService } from '../trust/keys.ts';
import { matchPageClass, mergeGenome, type GenomeFetch } from './genome.ts';
import {
  agentNotesOf,
  contentSelectorsOf,
  hostMatches,
  hostOfInput,
  hostsOf,
  isRecord,
  normaliseHost,
  preferredBackendOf,
  stripSelectorsOf,
  type PreferredBackend,
} from './schema.ts';
import { playbookStateService } from './service.ts';
import { inspectSignature, type SignatureInspection } from './signature.ts';
import { sourcePathOf, type LoadedPlaybook, type Tier } from './store.ts';

export interface ResolveArgs {
  url: string;
  schema_version?: string | null;
  include_lessons?: boolean | null;
  fetch_site_genome?: boolean | null;
}

export interface ResolveDeps {
  runtime: RuntimeContext;
  services: Services;
  signal?: AbortSignal;
  /** Internal callers (overlays, extract_knowledge) skip the signature check; the wire then reads unsigned. */
  skipSignature?: boolean;
}

/** What overlays, extract_knowledge and save read; the wire response is derived from it. */
export interface ResolvedPlaybook {
  url: string;
  matchedHost: string;
  playbookId: string;
  schemaVersion: string;
  provenance: Tier | 'site';
  sourcePath: string;
  winner: LoadedPlaybook | null;
  contentSelectors: string[];
  stripSelectors: string[];
  preferredBackend?: PreferredBackend;
  agentNotes?: string;
  genome?: Record<string, unknown>;
  /** The merged schema of every class. */
  knowledgeSchemaAll?: Record<string, unknown>;
  pageClass?: string;
  genomeFetch?: Omit<GenomeFetch, 'document'>;
}

export type ResolveOutcome =
  | { ok: true; resolved: ResolvedPlaybook; wire: Record<string, unknown> }
  | { ok: false; wire: Record<string, unknown> };

const failure = (url: string, code: 'invalid_arguments' | 'playbook_not_found', message: string, runtime: RuntimeContext) => ({
  ok: false as const,
  wire: { ok: false, url, failureCode: code, message, timestamp: nowIso(runtime.now) },
});

/** §2.10 ordering inside a tier: exact host before suffix match, then file name (ordinal). */
function candidatesFor(host: string, entries: readonly LoadedPlaybook[]): LoadedPlaybook[] {
  const exact = (e: LoadedPlaybook) => hostsOf(e.doc).some((p) => normaliseHost(p) === host);
  return entries
    .filter((e) => hostsOf(e.doc).some((p) => hostMatches(host, p)))
    .sort((a, b) => b.rank - a.rank || Number(exact(b)) - Number(exact(a)) || (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
}

/** Schema version warning (§4 step 7): major mismatch, or requested newer than the playbook. */
export function schemaVersionWarning(requested: string, playbook: string): string | undefined {
  const parse = (v: string) => {
    const m = /^(\d+)(?:\.(\d+))?/.exec(v.trim());
    return m ? [Number(m[1]), Number(m[2] ?? 0)] : null;
  };
  const r = parse(requested);
  const p = parse(playbook);
  if (!r || !p) return undefined;
  if (r[0] !== p[0]) return `schema major mismatch: you understand ${requested}, the playbook is ${playbook}`;
  if (r[1] > p[1]) return `requested schema ${requested} is newer than playbook ${playbook}; newer fields are absent`;
  return undefined;
}

const SECRET_LOOKING_HOST = /token|secret|api_key/i;

/** Lessons export (§4): local winner only, first 10 object entries, secret-looking hosts redacted. */
function exportLessons(winner: LoadedPlaybook): Record<string, unknown>[] {
  const lessons = Array.isArray(winner.raw.lessons) ? winner.raw.lessons.filter(isRecord) : [];
  return lessons.slice(0, 10).map((l) => {
    const host = l.host;
    if (typeof host === 'string' && (host.length >= 24 || SECRET_LOOKING_HOST.test(host))) return { ...l, host: 'redacted' };
    return { ...l };
  });
}

export async function resolvePlaybook(args: ResolveArgs, deps: ResolveDeps): Promise<ResolveOutcome> {
  const { runtime, services } = deps;
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const target = hostOfInput(url);
  if (!target || !target.host) {
    return failure(url, 'invalid_arguments', 'url must be an absolute http(s) URL or a bare hostname.', runtime);
  }
  const { host } = target;
  const state = await services.use(playbookStateService);
  const candidates = candidatesFor(host, state.store.entries());

  const fetchSite = Boolean(args.fetch_site_genome) || readEnv<boolean>('OCCAM_SITE_GENOME_FETCH', runtime.env);
  let site: GenomeFetch | null = null;
  if (fetchSite) site = await state.genomes.fetch(host, target.url, { signal: deps.signal });
  const siteDoc = site?.ok ? site.document : undefined;
  const genomeFetch = site ? (({ document: _d, ...rest }) => rest)(site) : undefined;
  const path = target.url ? target.url.pathname : null;

  let resolved: ResolvedPlaybook;
  if (candidates.length === 0) {
    if (!siteDoc) {
      const why = site && !site.ok ? ` (site genome: ${site.failureCode})` : '';
      const out = failure(url, 'playbook_not_found', `No playbook applies to ${host}${why}.`, runtime);
      if (genomeFetch) Object.assign(out.wire, { genomeFetch });
      return out;
    }
    const merged = mergeGenome({}, siteDoc);
    const backend = preferredBackendOf(siteDoc);
    resolved = {
      url,
      matchedHost: host,
      playbookId: typeof siteDoc.id === 'string' && siteDoc.id.trim() ? siteDoc.id : host,
      schemaVersion: typeof siteDoc.schema_version === 'string' ? siteDoc.schema_version : '1.0',
      provenance: 'site',
      sourcePath: '.well-known/agent-genome.v1.json',
      winner: null,
      contentSelectors: [],
      stripSelectors: [],
      ...(backend ? { preferredBackend: backend } : {}),
      ...(merged.genome ? { genome: merged.genome } : {}),
      ...(genomeFetch ? { genomeFetch } : {}),
    };
  } else {
    const winner = candidates[0];
    const firstWith = <T>(pick: (e: LoadedPlaybook) => T | undefined): T | undefined => {
      for (const c of candidates) {
        const v = pick(c);
        if (v !== undefined && !(Array.isArray(v) && v.length === 0)) return v;
      }
      return undefined;
    };
    const merged = mergeGenome(winner.doc, siteDoc ?? null);
    const contentSelectors = firstWith((c) => contentSelectorsOf(c.doc)) ?? [];
    const preferredBackend = firstWith((c) => preferredBackendOf(c.doc));
    const agentNotes = firstWith((c) => agentNotesOf(c.doc));
    resolved = {
      url,
      matchedHost: host,
      playbookId: winner.doc.id,
      schemaVersion: winner.doc.schema_version,
      provenance: winner.tier,
      sourcePath: sourcePathOf(winner.path, state.store.roots()),
      winner,
      contentSelectors,
      stripSelectors: stripSelectorsOf(winner.doc),
      ...(preferredBackend ? { preferredBackend } : {}),
      ...(agentNotes ? { agentNotes } : {}),
      ...(merged.genome ? { genome: merged.genome } : {}),
      ...(merged.knowledgeSchema ? { knowledgeSchemaAll: merged.knowledgeSchema } : {}),
      ...(genomeFetch ? { genomeFetch } : {}),
    };
  }
  const pageClass = matchPageClass(resolved.genome, resolved.knowledgeSchemaAll, path);
  if (pageClass) resolved.pageClass = pageClass;

  const requested = typeof args.schema_version === 'string' && args.schema_version.trim() ? args.schema_version.trim() : '1.0';
  const warning = schemaVersionWarning(requested, resolved.schemaVersion);
  let signature: SignatureInspection = { present: false, status: 'unsigned' };
  if (resolved.winner && !deps.skipSignature) {
    const keys = await services.use(signingKeyService);
    signature = inspectSignature(resolved.winner.raw, keys.publicKeyFor(keys.signer.keyId)!);
  }
  const classSchema = pageClass && resolved.knowledgeSchemaAll ? resolved.knowledgeSchemaAll[pageClass] : undefined;
  const wire: Record<string, unknown> = {
    ok: true,
    url,
    matchedHost: host,
    playbookId: resolved.playbookId,
    schemaVersion: resolved.schemaVersion,
    provenance: resolved.provenance,
    sourcePath: resolved.sourcePath,
    ...(resolved.contentSelectors.length ? { contentSelectors: resolved.contentSelectors } : {}),
    ...(resolved.preferredBackend ? { preferredBackend: resolved.preferredBackend } : {}),
    ...(resolved.agentNotes ? { agentNotes: resolved.agentNotes } : {}),
    ...(resolved.genome ? { genome: resolved.genome } : {}),
    ...(pageClass && classSchema !== undefined ? { knowledgeSchema: classSchema, pageClass } : {}),
    ...(resolved.genomeFetch ? { genomeFetch: resolved.genomeFetch } : {}),
    ...(args.include_lessons && resolved.winner?.tier === 'local' ? { lessons: exportLessons(resolved.winner) } : {}),
    ...(warning ? { schemaVersionWarning: warning } : {}),
    signature,
    timestamp: nowIso(runtime.now),
  };
  return { ok: true, resolved, wire };
}
