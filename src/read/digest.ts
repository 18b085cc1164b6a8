// occam_digest (reading.md §16): several pages for one question in one call. Every URL runs the one read pipeline
// (transcode) with bounded parallelism; items keep input order; partial success is reported per URL.
import { createHash } from 'node:crypto';
import { readEnv } from '../config/env.ts';
import { OccamError, type FailureCode } from '../contract/failures.ts';
import { termsOf } from '../budget/focus.ts';
import { estimateTokens, loadBudgetCost, type TokenCost } from '../budget/tokens.ts';
import { normaliseError } from '../contract/failures.ts';
import { boundedEcho, parseHttpUrl } from './url-input.ts';
import { checkUrlLiteral } from '../fetch/guard.ts';
import { guardPolicyFor } from '../fetch/acquire.ts';
import { looksLikeHandle } from './search/handles.ts';
import type { TranscodeArgs } from './options.ts';
import { MAX_TOKENS_MIN } from './options.ts';
import { transcode, type TranscodeDeps, type TranscodeResult } from './transcode.ts';
import { sectionsMaxFor, type DetailLevel } from './detail.ts';
import { deliverRead } from './stages/receipt.ts';

export const DIGEST_MAX_ENTRIES = 256;
export const DIGEST_MAX_INPUT_CHARS = 65_536;
/** The MCP tool executes at most this many URLs (tools.md §3.1.5); the CLI may pass more. */
export const DIGEST_TOOL_MAX_URLS = 8;

export interface DigestEntry {
  url: string;
  focusQuery: string | null;
}

export interface DigestRequest {
  entries: DigestEntry[];
  maxUrls: number;
  backendPolicy: string | null;
  perUrlMaxTokens: number | null;
  focusQuery: string | null;
  fitMarkdown: boolean;
  includeCombined: boolean;
  sessionProfile: string | null;
  ifNoneMatch: string | null;
  sourceUrl?: string | null;
  discoveredLinks?: string[];
  /** Per-page deadline (transcode deadline_ms); null = the pipeline's own timeouts. */
  deadlineMs?: number | null;
  /** lean | standard | full (issue 29): items and the envelope at this level; absent: full. */
  detail?: DetailLevel;
}

export interface DigestItem {
  url: string;
  ok: boolean;
  title?: string;
  excerpt?: string;
  backend?: string;
  tokensEstimated?: number;
  failure?: { code: string; message: string };
  focusQuery?: string;
  focusMatched?: boolean;
  mediaRefs: unknown[];
  confidence?: number;
  receipt?: unknown;
  access?: unknown;
  focus?: unknown;
  completeness?: unknown;
  /** What the page hid and whether it addresses the AI reader (src/read/safety.ts). */
  safety?: unknown;
  /** The excerpt was cut (budget, size cap, browser HTML cap). */
  partial?: boolean;
  omitted?: unknown;
  sourceTruncated?: unknown;
  [field: string]: unknown;
}

/** A lean/standard item: the read at that level, its markdown as the excerpt, the focus echo. */
function leveledItemOf(url: string, focusQuery: string | null, read: TranscodeResult): DigestItem {
  if (!read.ok) {
    const { ok: _ok, url: finalUrl, ...rest } = read;
    return { url: typeof finalUrl === 'string' ? finalUrl : boundedEcho(url), ok: false, ...rest, ...(focusQuery ? { focusQuery } : {}), mediaRefs: [] };
  }
  const { ok: _ok, url: finalUrl, markdown, ...rest } = read;
  const excerpt = typeof markdown === 'string' ? markdown : '';
  return {
    url: typeof finalUrl === 'string' ? finalUrl : url,
    ok: true,
    excerpt,
    ...(focusQuery ? { focusQuery, focusMatched: focusMatches(focusQuery, excerpt) } : {}),
    ...rest,
    mediaRefs: Array.isArray(rest.mediaRefs) ? rest.mediaRefs : [],
  };
}

/** One page of `combined`: its title once (as a `##` heading), its URL once, then the excerpt without the
 *  excerpt's own copy of the title. */
export function combinedSection(item: Pick<DigestItem, 'title' | 'url' | 'excerpt'>): string {
  const excerpt = item.excerpt ?? '';
  const title = item.title ?? firstHeading(excerpt);
  const lines = excerpt.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const lead = first >= 0 ? lines[first].match(/^#{1,6}\s+(.+?)\s*#*\s*$/) : null;
  const body = lead && title && lead[1].trim() === title ? lines.slice(first + 1).join('\n').replace(/^\s*\n/, '') : excerpt;
  return `## ${title ?? item.url}\n\n<${item.url}>\n\n${body}`;
}

/** Tokens of an item's fields beyond what the read returns (title, focus echo, counts, flags). */
function itemOverhead(cost: TokenCost, url: string, focus: string | null): number {
  const skeleton = { url, title: 'x'.repeat(60), tokensEstimated: 99_999, focusQuery: focus ?? '', focusMatched: false, mediaRefs: [], partial: true };
  return cost(JSON.stringify(skeleton));
}

// ---------------------------------------------------------------------------------------------------------------
// Input parsing (§16.1): preferred array of strings; deprecated JSON / delimited string with {url, focus_query}.

function entryOf(value: unknown): DigestEntry {
  if (typeof value === 'string' && value.trim()) return { url: value.trim(), focusQuery: null };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    if (typeof v.url === 'string' && v.url.trim()) {
      const fq = typeof v.focus_query === 'string' && v.focus_query.trim() ? v.focus_query.trim() : null;
      return { url: v.url.trim(), focusQuery: fq };
    }
  }
  throw new OccamError('invalid_arguments', 'Each urls entry must be a non-empty URL string (or {url, focus_query} in the legacy string form).');
}

export function parseDigestUrls(input: unknown): DigestEntry[] {
  let list: unknown[];
  if (Array.isArray(input)) {
    if (!input.every((x) => typeof x === 'string')) throw new OccamError('invalid_arguments', 'urls must be an array of URL strings.');
    list = input;
  } else if (typeof input === 'string') {
    if (input.length > DIGEST_MAX_INPUT_CHARS) throw new OccamError('invalid_arguments', `urls exceeds ${DIGEST_MAX_INPUT_CHARS} characters.`);
    const text = input.trim();
    if (text.startsWith('[') || text.startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new OccamError('invalid_arguments', 'urls is not valid JSON.');
      }
      list = Array.isArray(parsed) ? parsed : [parsed];
      if (list.some((x) => Array.isArray(x))) throw new OccamError('invalid_arguments', 'urls must not nest arrays.');
    } else {
      list = text.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean);
    }
  } else {
    throw new OccamError('invalid_arguments', 'urls must be an array of URL strings.');
  }
  if (list.length === 0) throw new OccamError('invalid_arguments', 'urls is empty.');
  if (list.length > DIGEST_MAX_ENTRIES) throw new OccamError('invalid_arguments', `urls has more than ${DIGEST_MAX_ENTRIES} entries.`);
  const total = list.reduce<number>((n, x) => n + (typeof x === 'string' ? x.length : JSON.stringify(x).length), 0);
  if (total > DIGEST_MAX_INPUT_CHARS) throw new OccamError('invalid_arguments', `urls exceeds ${DIGEST_MAX_INPUT_CHARS} characters.`);
  return list.map(entryOf);
}

/** §16.2: order-independent id over the normalised URL set. */
export function digestIdOf(urls: readonly string[]): string {
  const normalised = urls
    .map((u) => u.trim().replace(/\/+$/, ''))
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b));
  return createHash('sha256').update(`${normalised.join('|')}|occam_digest_slim`, 'utf8').digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------------------------------------------
// Focus honesty (§16.2): does the page text answer the query at all?

const SYNONYM_GROUPS: readonly string[][] = [
  ['config', 'configuration', 'configure', 'configuring', 'configured', 'settings'],
  ['auth', 'authentication', 'authenticate', 'authorization', 'authorize', 'authn', 'authz'],
  ['login', 'signin', 'sign-in', 'logon', 'log-in'],
  ['database', 'db', 'databases'],
  ['function', 'fn', 'func', 'functions'],
  ['select', 'selection', 'selector', 'selectors'],
  ['query', 'queries'],
  ['syntax', 'syntactic'],
  ['token', 'tokens', 'tokenize', 'tokenizer'],
  ['async', 'asynchronous'],
];
const SYNONYMS = new Map<string, Set<string>>();
for (const group of SYNONYM_GROUPS) for (const w of group) SYNONYMS.set(w, new Set(group));

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function termHits(queryTerm: string, docTerms: ReadonlySet<string>): boolean {
  if (docTerms.has(queryTerm)) return true;
  const syn = SYNONYMS.get(queryTerm);
  if (syn && [...syn].some((s) => docTerms.has(s))) return true;
  for (const d of docTerms) {
    const [short, long] = d.length < queryTerm.length ? [d, queryTerm] : [queryTerm, d];
    if (short.length >= 4 && long.startsWith(short)) return true;
    const p = commonPrefix(d, queryTerm);
    if (p >= 5 && p >= 0.7 * short.length) return true;
  }
  return false;
}

/** Whole query (≥4 chars) as a phrase, or every term, or for ≥3 terms at least max(2, ceil(2n/3)). */
export function focusMatches(query: string, text: string): boolean {
  const q = query.trim().toLowerCase();
  const lower = text.toLowerCase();
  if (q.length >= 4 && lower.includes(q)) return true;
  const terms = [...new Set(q.match(/[\p{L}\p{N}]+/gu) ?? [])].filter((t) => t.length >= 2);
  if (terms.length === 0) return false;
  const docTerms = new Set(lower.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []);
  for (const t of termsOf(lower)) docTerms.add(t);
  const hits = terms.filter((t) => termHits(t, docTerms)).length;
  if (hits === terms.length) return true;
  return terms.length >= 3 && hits >= Math.max(2, Math.ceil((2 * terms.length) / 3));
}

// ---------------------------------------------------------------------------------------------------------------

/** Bounded-parallel map that keeps input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/**
 * §16.2 parallelism, with one deliberate change: reads default to min(n, OCCAM_DIGEST_MAX_PARALLEL) for every
 * policy. Browser escalations are bounded by the browser pool's own limit, so the HTTP stage need not queue
 * behind it (docs/tools/occam_digest.md).
 */
export function digestParallelism(runtime: TranscodeDeps['runtime'], n: number): number {
  if (readEnv<boolean>('OCCAM_DIGEST_PARALLEL', runtime.env) === false) return 1;
  return Math.max(1, Math.min(n, readEnv<number>('OCCAM_DIGEST_MAX_PARALLEL', runtime.env, runtime.warn)));
}

const firstHeading = (markdown: string): string | undefined => {
  const m = markdown.match(/^#{1,6}\s+(.+?)\s*#*\s*$/m);
  return m ? m[1].trim() : undefined;
};

function itemOf(url: string, focusQuery: string | null, result: TranscodeResult): DigestItem {
  if (!result.ok) {
    const failure = result.failure as { code: string; message: string } | undefined;
    return {
      url,
      ok: false,
      failure: { code: failure?.code ?? 'extraction_failed', message: failure?.message ?? 'The read failed.' },
      ...(typeof result.suggestedMinTokens === 'number' ? { suggestedMinTokens: result.suggestedMinTokens } : {}),
      ...(focusQuery ? { focusQuery } : {}),
      mediaRefs: [],
      ...(result.receipt ? { receipt: result.receipt } : {}),
    };
  }
  const markdown = typeof result.markdown === 'string' ? result.markdown : '';
  const tokens = estimateTokens(markdown);
  const confidence = typeof result.confidence === 'number' ? result.confidence : 0;
  const item: DigestItem = {
    url,
    ok: true,
    title: firstHeading(markdown),
    excerpt: markdown,
    backend: typeof result.backend === 'string' ? result.backend : undefined,
    ...(tokens > 0 ? { tokensEstimated: tokens } : {}),
    mediaRefs: Array.isArray(result.mediaRefs) ? result.mediaRefs : [],
    ...(confidence > 0 ? { confidence } : {}),
  };
  if (focusQuery) {
    item.focusQuery = focusQuery;
    item.focusMatched = focusMatches(focusQuery, markdown);
  }
  for (const key of ['receipt', 'access', 'focus', 'completeness', 'safety'] as const) {
    if (result[key] !== undefined) item[key] = result[key];
  }
  // A cut excerpt says so, with what was lost (listed or summarised by the read).
  item.partial = result.partial === true;
  const compile = result.compile as { omitted?: unknown; sourceTruncated?: unknown } | undefined;
  if (item.partial && compile?.omitted) item.omitted = compile.omitted;
  if (item.partial && compile?.sourceTruncated) item.sourceTruncated = compile.sourceTruncated;
  return item;
}

export interface DigestProgress {
  (event: { index: number; url: string; ok: boolean; code?: string; done: number; total: number }): void;
}

export async function digest(req: DigestRequest, deps: TranscodeDeps, onProgress?: DigestProgress): Promise<TranscodeResult> {
  const timestamp = () => new Date(deps.runtime.now()).toISOString();
  if (req.perUrlMaxTokens != null && req.perUrlMaxTokens < MAX_TOKENS_MIN) {
    throw new OccamError('invalid_arguments', `per_url_max_tokens must be at least ${MAX_TOKENS_MIN}.`);
  }
  const entries = req.entries.slice(0, Math.max(1, req.maxUrls));
  // Preflight (§16.1): a malformed or literally private URL fails its own item before any fetch — never the
  // whole digest (issue 14); the other URLs are still read.
  const policy = guardPolicyFor(deps.runtime, deps.allowance);
  const preflight = entries.map((e): { code: FailureCode; message: string } | null => {
    if (looksLikeHandle(e.url)) return null; // bound and guarded inside transcode
    try {
      checkUrlLiteral(parseHttpUrl(e.url), policy);
      return null;
    } catch (err) {
      const { code, message } = normaliseError(err);
      return { code, message };
    }
  });
  const digestId = digestIdOf(entries.map((e) => e.url));
  const perUrlMax = deps.resolveMaxTokens(req.perUrlMaxTokens);
  const parallel = digestParallelism(deps.runtime, entries.length);
  let done = 0;
  const items = await mapLimit(entries, parallel, async (entry, index) => {
    const focus = entry.focusQuery ?? req.focusQuery;
    const refused = preflight[index];
    if (refused) {
      done += 1;
      onProgress?.({ index, url: entry.url, ok: false, code: refused.code, done, total: entries.length });
      return { url: boundedEcho(entry.url), ok: false, failure: refused, ...(focus ? { focusQuery: focus } : {}), mediaRefs: [] } satisfies DigestItem;
    }
    const args: TranscodeArgs = {
      url: entry.url,
      backend_policy: req.backendPolicy,
      max_tokens: perUrlMax,
      fit_markdown: req.fitMarkdown,
      focus_query: focus,
      session_profile: req.sessionProfile,
      deadline_ms: req.deadlineMs ?? null,
    };
    // The item's own fields (title, focus echo, counts) are charged to its budget too.
    const overhead = perUrlMax != null ? itemOverhead(await loadBudgetCost(), entry.url, focus) : undefined;
    const detail = req.detail ?? 'full';
    const result = await transcode(args, { ...deps, resolveMaxTokens: (explicit) => explicit, budgetDetail: detail, ...(overhead ? { envelopeOverhead: overhead } : {}) });
    const item = detail === 'full' ? itemOf(entry.url, focus, result) : leveledItemOf(entry.url, focus, await deliverRead(result, detail, deps, { sectionsMax: sectionsMaxFor(perUrlMax) }));
    done += 1;
    onProgress?.({ index, url: entry.url, ok: item.ok, code: item.failure?.code, done, total: entries.length });
    return item;
  });

  const succeeded = items.filter((i) => i.ok).length;
  const failed = items.length - succeeded;
  const stats = {
    requested: items.length,
    succeeded,
    failed,
    totalTokensEstimated: items.reduce((n, i) => n + (i.tokensEstimated ?? 0), 0),
  };
  const warnings: string[] = [];
  const decisions: string[] = [];
  if (failed > 0) {
    warnings.push(`partial_digest: ${failed} URL(s) failed; see items[].failure`);
    decisions.push('skip_failed');
  }
  const lean = req.detail === 'lean';
  if (succeeded === 0) {
    if (lean) return { ok: false, failureCode: 'digest_failed' as FailureCode, message: 'Every URL of the digest failed; see items[].failure.', items };
    return {
      ok: false,
      failureCode: 'digest_failed' as FailureCode,
      message: 'Every URL of the digest failed; see items[].failure.',
      digestId,
      items,
      stats,
      agentHints: { decisions },
      timestamp: timestamp(),
    };
  }
  const withFocus = items.filter((i) => i.ok && i.focusQuery);
  let suggestedReadOrder = 'combined';
  if (withFocus.length > 0) {
    const matched = withFocus.filter((i) => i.focusMatched).length;
    if (matched === 0) {
      suggestedReadOrder = 'items_only';
      warnings.push(`focus_not_found: no page matched "${req.focusQuery ?? withFocus[0].focusQuery}"`);
      decisions.push('focus_not_found', 'iterate_items');
    } else if (matched < withFocus.length) {
      suggestedReadOrder = 'items_by_focusMatched';
      warnings.push('check_items_before_combined');
    }
  }
  const result: TranscodeResult = { ok: true, digestId, items };
  if (req.includeCombined) {
    const combined = items
      .filter((i) => i.ok && i.excerpt)
      .map((i) => combinedSection(i))
      .join('\n\n');
    const hash = createHash('sha256').update(combined, 'utf8').digest('hex');
    const wanted = req.ifNoneMatch?.trim().toLowerCase().replace(/^sha256:/, '');
    if (wanted && wanted === hash) {
      result.unchanged = true;
      result.combined = '';
    } else {
      if (wanted) result.unchanged = false;
      result.combined = combined;
    }
  }
  if (lean) return result;
  result.stats = stats;
  result.agentHints = { suggestedReadOrder, warnings, decisions };
  result.timestamp = timestamp();
  if (req.sourceUrl) {
    result.sourceUrl = req.sourceUrl;
    result.discoveredLinks = (req.discoveredLinks ?? []).map((url) => ({ url }));
  }
  return result;
}
