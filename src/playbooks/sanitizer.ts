// The community export sanitizer (playbooks.md §9, `PlaybookCommunitySanitizer`): what a local playbook must
// look like before it may be proposed to the community tier. It lists every violation; a clean document is
// normalised (last 10 lessons, notes ≤ 2000 chars, meta.updated/author/confidence) and gets its manifest row.
// It never uploads anything; publishing needs an explicit acknowledgement (`ack_required` otherwise).
import { communityHash } from './store.ts';
import { forbiddenKeysIn, hostsOf, isRecord, loadablePlaybook } from './schema.ts';

const FORBIDDEN_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization', 'x-api-key', 'api-key']);
const DENYLIST_SELECTORS = new Set(['body', 'html', '*']);
const NOTE_SECRETS = ['cookie:', 'authorization:', 'bearer ', 'password=', 'sid='];
export const EXPORT_LESSONS = 10;
export const EXPORT_NOTES_MAX = 2000;

export interface ManifestRow {
  id: string;
  hosts: string[];
  schema_version: string;
  file: string;
  sha256: string;
}

export type SanitizeResult =
  | { ok: true; document: Record<string, unknown>; text: string; manifestRow: ManifestRow }
  | { ok: false; violations: string[] };

export interface SanitizeOptions {
  /** YYYY-MM-DD for meta.updated. */
  today: string;
  author?: string;
  confidence?: number;
  /** The publisher acknowledged that the document is shared as-is. */
  acknowledged: boolean;
}

/** Every violation of a document (JSON text). */
export function exportViolations(text: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return ['invalid_json'];
  }
  if (!isRecord(doc)) return ['invalid_json'];
  const out: string[] = [];
  if (forbiddenKeysIn(doc).length) out.push('forbidden_key');
  const headers = isRecord(doc.request) && isRecord(doc.request.headers) ? doc.request.headers : {};
  for (const name of Object.keys(headers)) if (FORBIDDEN_HEADERS.has(name.toLowerCase())) out.push(`forbidden_header:${name}`);
  const extract = isRecord(doc.extract) ? doc.extract : {};
  for (const key of ['contentSelectors', 'domStripSelectors']) {
    const list = Array.isArray(extract[key]) ? (extract[key] as unknown[]) : [];
    for (const sel of list) {
      if (typeof sel === 'string' && (DENYLIST_SELECTORS.has(sel.trim().toLowerCase()) || sel.includes('[style*='))) out.push(`denylist_selector:${sel}`);
    }
  }
  if (typeof doc.agent_notes === 'string') {
    const notes = doc.agent_notes.toLowerCase();
    if (NOTE_SECRETS.some((s) => notes.includes(s))) out.push('forbidden_agent_notes');
  }
  return out;
}

export function sanitizeForCommunity(text: string, opts: SanitizeOptions): SanitizeResult {
  const violations = exportViolations(text);
  if (!opts.acknowledged) violations.push('ack_required');
  const parsed = violations.includes('invalid_json') ? null : (JSON.parse(text) as Record<string, unknown>);
  const loadable = parsed ? loadablePlaybook({ schema_version: '1.0', ...parsed }) : null;
  if (parsed && !loadable) violations.push('invalid_playbook');
  if (violations.length || !parsed || !loadable) return { ok: false, violations };
  const doc: Record<string, unknown> = { ...parsed };
  delete doc.provenance; // local signatures mean nothing to other machines
  if (typeof doc.schema_version !== 'string' || !doc.schema_version.trim()) doc.schema_version = '1.0';
  if (Array.isArray(doc.lessons)) doc.lessons = doc.lessons.slice(-EXPORT_LESSONS);
  if (typeof doc.agent_notes === 'string') doc.agent_notes = doc.agent_notes.slice(0, EXPORT_NOTES_MAX);
  const meta = isRecord(doc.meta) ? { ...doc.meta } : {};
  meta.updated = opts.today;
  meta.author = typeof meta.author === 'string' && meta.author.trim() ? meta.author : (opts.author ?? 'community-contributor');
  meta.confidence = typeof meta.confidence === 'number' ? meta.confidence : (opts.confidence ?? 0.7);
  doc.meta = meta;
  const out = `${JSON.stringify(doc, null, 2)}\n`;
  const id = loadable.id.trim();
  return {
    ok: true,
    document: doc,
    text: out,
    manifestRow: { id, hosts: hostsOf(loadable), schema_version: String(doc.schema_version), file: `${id}.json`, sha256: communityHash(out) },
  };
}
