// occam_transcode arguments (tools.md §3.1.3, reading.md §14.1) turned into validated pipeline options.
// Types and ranges are checked by the tool's zod schema; value rules that need parsing (policy aliases,
// selector lists, hash lists, the URL fragment) live here so `occam read` and the MCP tool share them.
import { parseContentSelectors } from '../budget/fit.ts';
import { OccamError } from '../contract/failures.ts';
import { parseHttpUrl } from './url-input.ts';

export const BACKEND_POLICIES = ['http', 'browser', 'http_then_browser'] as const;
export type BackendPolicy = (typeof BACKEND_POLICIES)[number];
export const PLAYBOOK_POLICIES = ['off', 'auto'] as const;
export type PlaybookPolicy = (typeof PLAYBOOK_POLICIES)[number];

export const MAX_TOKENS_MIN = 128;
/** The largest budget any tool accepts: the largest context window the client capabilities take. */
export const MAX_TOKENS_MAX = 2_000_000;
/** cache_ttl_s above a year is refused. */
export const CACHE_TTL_MAX_S = 31_536_000;
export const DEADLINE_MIN_MS = 1000;
export const DEADLINE_MAX_MS = 300_000;
export const FRAGMENT_MAX_CHARS = 512;
export const TRANSLATE_TO_PATTERN = /^[A-Za-z-]{2,16}$/;

/** The snake_case arguments as the tool receives them (and `occam read` builds them). */
export interface TranscodeArgs {
  url: string;
  backend_policy?: string | null;
  max_tokens?: number | null;
  fit_markdown?: boolean | null;
  focus_query?: string | null;
  content_selectors?: string | null;
  session_profile?: string | null;
  playbook_policy?: string | null;
  if_none_match?: string | null;
  semantic_chunking?: boolean | null;
  capture_screenshot?: boolean | null;
  json_blocks?: boolean | null;
  json_tables?: boolean | null;
  json_feed?: boolean | null;
  translate_to?: string | null;
  diff_against?: string | null;
  prefer_llms_txt?: boolean | null;
  cache_ttl_s?: number | null;
  emit_capsule?: boolean | null;
  rank_blocks?: boolean | null;
  tag_trust?: boolean | null;
  delta_only?: boolean | null;
  toc?: boolean | null;
  section?: string | null;
  must_contain?: string | null;
  deadline_ms?: number | null;
  compact_links?: boolean | null;
  include_media_refs?: boolean | null;
  compact_block_links?: boolean | null;
  /** lean | standard | full (issue 29); absent: full (the tools resolve the caller's default before calling). */
  detail?: string | null;
}

export interface TranscodeOptions {
  /** The caller's input (after handle binding), echoed as `url.url`. */
  inputUrl: string;
  /** The URL fetched: fragment removed. */
  fetchUrl: string;
  /** Local focus intent from `#fragment` (never sent over HTTP). */
  fragment: string | null;
  policy: BackendPolicy;
  /** The policy string as passed (cache key / materialization key use it verbatim). */
  policyRaw: string;
  explicitMaxTokens: number | null;
  fit: boolean;
  /** `section` turned fit on (not the caller): without a focus it only drops boilerplate. */
  fitImpliedBySection: boolean;
  focusQuery: string | null;
  selectors: string[] | null;
  sessionProfile: string | null;
  playbookPolicy: PlaybookPolicy;
  ifNoneMatch: string | null;
  chunking: boolean;
  screenshot: boolean;
  jsonBlocks: boolean;
  jsonTables: boolean;
  jsonFeed: boolean;
  translateTo: string | null;
  diffAgainst: string[] | null;
  preferLlmsTxt: boolean;
  cacheTtlS: number | null;
  emitCapsule: boolean;
  rankBlocks: boolean;
  tagTrust: boolean;
  deltaOnly: boolean;
  toc: boolean;
  section: string | null;
  mustContain: string | null;
  deadlineMs: number | null;
  compactLinks: boolean;
  includeMediaRefs: boolean;
  compactBlockLinks: boolean;
}

const blankToNull = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

export function parsePolicy(raw: string | null | undefined): BackendPolicy {
  const v = (raw ?? '').trim().toLowerCase().replace(/-/g, '_');
  if (v === '') return 'http_then_browser';
  if ((BACKEND_POLICIES as readonly string[]).includes(v)) return v as BackendPolicy;
  throw new OccamError('invalid_arguments', `backend_policy must be one of ${BACKEND_POLICIES.join(', ')} (got ${JSON.stringify(raw)}).`);
}

/** `diff_against`: JSON string array or CSV of block hashes; an object or an empty list is invalid. */
export function parseDiffAgainst(raw: string): string[] {
  const text = raw.trim();
  if (text === '' || text.startsWith('{')) throw new OccamError('invalid_arguments', 'diff_against must be a JSON array or a comma-separated list of block hashes.');
  let list: unknown;
  if (text.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      throw new OccamError('invalid_arguments', 'diff_against is not valid JSON.');
    }
    if (!Array.isArray(list) || list.some((e) => typeof e !== 'string')) {
      throw new OccamError('invalid_arguments', 'diff_against must be a JSON array of strings.');
    }
  } else {
    list = text.split(/[,\s]+/);
  }
  const hashes = (list as string[]).map((h) => h.trim().toLowerCase().replace(/^sha256:/, '')).filter(Boolean);
  if (!hashes.length) throw new OccamError('invalid_arguments', 'diff_against has no hashes.');
  return hashes;
}

/** Splits `#fragment` off the URL (reading.md §2 step 3): max 512 chars, percent-decoded. */
export function splitFragment(url: string): { fetchUrl: string; fragment: string | null } {
  const hash = url.indexOf('#');
  if (hash < 0) return { fetchUrl: url, fragment: null };
  let fragment = url.slice(hash + 1).slice(0, FRAGMENT_MAX_CHARS);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // keep the raw text when it is not valid percent-encoding
  }
  return { fetchUrl: url.slice(0, hash), fragment: fragment.trim() || null };
}

/** Validates and normalises the arguments (no network). */
export function resolveOptions(args: TranscodeArgs): TranscodeOptions {
  const inputUrl = args.url.trim();
  const { fetchUrl, fragment } = splitFragment(inputUrl);
  parseHttpUrl(fetchUrl);
  const policy = parsePolicy(args.backend_policy);
  if (args.max_tokens != null && (!Number.isInteger(args.max_tokens) || args.max_tokens < MAX_TOKENS_MIN)) {
    throw new OccamError('invalid_arguments', 'max_tokens must be at least 128.');
  }
  const playbook = (args.playbook_policy ?? 'auto').trim().toLowerCase() || 'auto';
  if (!(PLAYBOOK_POLICIES as readonly string[]).includes(playbook)) {
    throw new OccamError('invalid_arguments', `playbook_policy must be off or auto (got ${JSON.stringify(args.playbook_policy)}).`);
  }
  const translateTo = blankToNull(args.translate_to);
  if (translateTo && !TRANSLATE_TO_PATTERN.test(translateTo)) {
    throw new OccamError('invalid_arguments', 'translate_to must be 2–16 ASCII letters or hyphens (a language code).');
  }
  const section = blankToNull(args.section);
  const selectorsRaw = blankToNull(args.content_selectors);
  const selectors = selectorsRaw ? parseContentSelectors(selectorsRaw) : null;
  const deadline = args.deadline_ms == null ? null : Math.min(DEADLINE_MAX_MS, Math.max(DEADLINE_MIN_MS, Math.trunc(args.deadline_ms)));
  const diffRaw = args.diff_against;
  return {
    inputUrl,
    fetchUrl,
    fragment,
    policy,
    policyRaw: args.backend_policy ?? '',
    explicitMaxTokens: args.max_tokens ?? null,
    // `section` implies fit (tools.md §3.1.3).
    fit: Boolean(args.fit_markdown) || section !== null,
    fitImpliedBySection: !args.fit_markdown && section !== null,
    focusQuery: blankToNull(args.focus_query),
    selectors: section ? [...(selectors ?? []), section] : selectors,
    sessionProfile: blankToNull(args.session_profile),
    playbookPolicy: playbook as PlaybookPolicy,
    ifNoneMatch: blankToNull(args.if_none_match),
    chunking: Boolean(args.semantic_chunking),
    screenshot: Boolean(args.capture_screenshot),
    jsonBlocks: Boolean(args.json_blocks),
    jsonTables: Boolean(args.json_tables),
    jsonFeed: Boolean(args.json_feed),
    translateTo,
    diffAgainst: diffRaw == null ? null : parseDiffAgainst(diffRaw),
    preferLlmsTxt: Boolean(args.prefer_llms_txt),
    cacheTtlS: args.cache_ttl_s != null && args.cache_ttl_s > 0 ? Math.trunc(args.cache_ttl_s) : null,
    emitCapsule: Boolean(args.emit_capsule),
    rankBlocks: Boolean(args.rank_blocks),
    tagTrust: Boolean(args.tag_trust),
    deltaOnly: Boolean(args.delta_only),
    toc: Boolean(args.toc),
    section,
    mustContain: blankToNull(args.must_contain),
    deadlineMs: deadline,
    compactLinks: Boolean(args.compact_links),
    includeMediaRefs: Boolean(args.include_media_refs),
    compactBlockLinks: Boolean(args.compact_block_links),
  };
}
