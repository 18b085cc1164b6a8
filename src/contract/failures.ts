// The failure-code taxonomy (tools.md §7.2) and the one place failure envelopes are built (§7.1).
// A tool never invents a code: it names one of FAILURE_CODES (or a dynamic http_<status> / search_http_<status>).

export const FAILURE_CODES = {
  // arguments & surface
  invalid_arguments: 'Parameter missing, wrong type, out of range, or bad option combination.',
  invalid_url: 'URL not absolute http(s) or unparsable.',
  invalid_urls: 'URL list unparsable/empty, or source_url discovery found nothing.',
  invalid_policy: 'Unknown backend_policy value.',
  invalid_failure_reason: 'Heal called with an empty failure_reason.',
  invalid_request: 'Batch request malformed.',
  tool_not_on_surface: 'Tool registered but hidden by the active profile; re-list tools.',
  unknown_handle: 'S<n> alias not present in the latest search.',
  stale_handle: 'Durable H… handle unknown or expired.',
  // fetch & network
  timeout: 'Worker, probe, discovery or deadline budget exceeded.',
  network_error: 'Connection reset/refused/socket failure.',
  dns_error: 'Host did not resolve.',
  tls_error: 'Certificate invalid, expired, untrusted or handshake alert.',
  http_error: 'Non-2xx status outside 4xx/5xx.',
  ai_input_refused: 'The publisher refuses AI input for the page (Content-Signal: ai-input=no); it is not read.',
  unsafe_content: 'The page addresses the AI reader (instructions found in its text) and OCCAM_SAFETY=refuse withholds it.',
  redirect_loop: 'More than 10 redirects.',
  invalid_proxy_url: 'Malformed OCCAM_HTTP(S)_PROXY value.',
  private_url_blocked: 'Loopback/private/link-local/internal target blocked.',
  robots_disallowed: 'robots.txt forbids the fetch (OCCAM_RESPECT_ROBOTS=1).',
  unsupported_content_type: 'Not HTML or PDF where required.',
  response_too_large: 'Body exceeded the size cap.',
  response_truncated: 'Partial body after oversize; never cite as complete.',
  // extraction & access
  thin_extract: 'Extraction produced chrome/shell/near-empty content (not "short").',
  extraction_failed: 'Extraction error or empty Markdown.',
  content_extraction_failed: 'Normalisation default when an extractor gave no code.',
  transcode_failed: 'Generic pipeline failure.',
  content_selectors_miss: 'No content_selectors anchor matched.',
  captcha_or_challenge: 'Anti-bot/challenge page; terminal, no solving.',
  paywall: 'Only a paywall teaser is available.',
  requires_login: 'Direct access-control evidence and no session_profile.',
  session_profile_not_found: 'Profile id given but file missing/unreadable.',
  invalid_session_profile: 'Profile id fails the [A-Za-z0-9._-] rule or path checks.',
  session_profile_host_mismatch: 'Profile was imported for other hosts (or names none) than the URL read.',
  workers_unavailable: 'Extraction backend missing or not ready.',
  browser_required: 'Page needs a browser and none is installed.',
  browser_proxy_unreachable: "The remote browser (OCCAM_BROWSER_ENDPOINT) could not reach this instance's egress proxy (OCCAM_BROWSER_PROXY_BIND / OCCAM_BROWSER_PROXY_HOST).",
  spawn_failed: 'A worker process could not be started.',
  action_failed: 'A browser action step failed; remaining steps skipped.',
  // multi-URL & discovery
  digest_failed: 'Every digest URL failed.',
  sitemap_not_found: 'Sitemap/robots discovery yielded no links.',
  // playbooks & knowledge
  playbook_not_found: 'No playbook for the host.',
  playbook_schema_invalid: 'Malformed playbook or missing schema_version/id/hosts.',
  playbook_save_rejected: 'Forbidden keys (secrets) or write outside the local tier.',
  playbook_scope_invalid: 'hosts entry not a registrable domain/subdomain, or hosts do not cover url.',
  playbook_save_disabled: 'Playbook writes are off until the operator sets OCCAM_PLAYBOOK_SAVE=1.',
  playbook_verify_failed: 'Dry-run read still failed/missed.',
  playbook_verify_low_score: 'Verify score below 70.',
  playbook_verify_high_noise: 'Verify noise above 0.12.',
  heal_not_applicable: 'Prior failure is not in the heal set.',
  heal_failed: 'Heal ran but could not produce a usable capture.',
  knowledge_schema_missing: 'Playbook has no knowledge_schema.',
  page_class_unmatched: 'No page class matched and no default schema.',
  knowledge_schema_empty: 'Matched class has zero fields.',
  nuxt_attr_disabled: 'A knowledge field uses the refused attr:"nuxt".',
  // search
  search_unconfigured: 'Search disabled or provider config incomplete.',
  search_timeout: 'Search backend timed out.',
  search_rate_limited: 'Provider(s) in cooldown.',
  search_error: 'Other search backend/parse failure.',
  // trust
  invalid_receipt: 'Receipt/capsule/history unparsable or structurally invalid.',
  receipt_not_found: 'No receipt with this id in the local receipt log (receipts of lean reads are kept there).',
  canary_unavailable: 'Canary probe host could not start.',
  // batch & shared store
  // capability exam (occam_exam_submit, `occam exam …`)
  exam_subject_mismatch: 'Exam record names another client (or model) than the submitting connection.',
  unknown_transcript_format: 'Exam input is neither a behaviour record nor a transcript in a known format.',
  exam_no_occam_calls: 'Transcript session holds no Occam tool call to grade.',
  exam_input_not_found: 'Exam input file does not exist.',
  exam_input_not_regular: 'Exam input is a device, FIFO or directory, not a regular file.',
  exam_input_too_large: 'Exam input exceeds OCCAM_EXAM_MAX_BYTES.',
  exam_confirmation_required: 'Applying a grade needs the operator to confirm (a TTY prompt, or --yes).',
  // batch
  job_not_found: 'Unknown job_id.',
  store_timeout: 'The shared store (PostgreSQL) did not answer within OCCAM_STORE_QUERY_TIMEOUT_MS; retry shortly.',
  // local input (files and stdin a verb or the server reads)
  input_too_large: 'A file or stdin exceeded the size cap for its kind of input.',
  input_not_regular_file: 'An input path names a device, FIFO, socket or directory, not a regular file.',
  batch_auth_required: 'Batch server call without its OCCAM_BATCH_TOKEN, or session_profile with no token set.',
  // transport & startup
  remote_requires_tls_cert: '--remote without a certificate path.',
  tls_cert_not_found: 'Certificate path does not exist.',
  invalid_jwt_metadata_uri: 'Metadata URI not https.',
  remote_requires_jwt_metadata: 'No metadata URI and issuer not an https URL.',
  query_token_forbidden: 'Token passed in the query string.',
  remote_capacity_exceeded: 'All remote session slots busy.',
  host_or_origin_not_loopback: 'Local HTTP/WS request with non-loopback Host or Origin.',
  // local state
  state_dir_unsafe: 'State/cache directory owned by another user or writable by group/other.',
} as const;

export type StaticFailureCode = keyof typeof FAILURE_CODES;
export type FailureCode = StaticFailureCode | `http_${number}` | `search_http_${number}`;

const DYNAMIC = /^(search_)?http_\d{3}$/;

export function isFailureCode(code: string): code is FailureCode {
  return Object.hasOwn(FAILURE_CODES, code) || DYNAMIC.test(code);
}

const RETRYABLE = new Set<string>(['timeout', 'network_error', 'dns_error', 'http_429', 'store_timeout']);

/** tools.md §7.1: retryable codes (thin_extract is retryable only until the browser has been tried). */
export function isRetryable(code: string, browserTried = true): boolean {
  if (RETRYABLE.has(code)) return true;
  if (/^http_5\d\d$/.test(code)) return true;
  return code === 'thin_extract' && !browserTried;
}

/** An error carrying a taxonomy code; thrown inside the core and turned into an envelope at the tool edge. */
export class OccamError extends Error {
  readonly code: FailureCode;
  readonly details: Record<string, unknown>;
  constructor(code: FailureCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'OccamError';
    this.code = code;
    this.details = details;
  }
}

/**
 * tools.md §7.3: raw library, socket and JS error names never leak; they fold into the taxonomy.
 */
export function normaliseError(err: unknown): { code: FailureCode; message: string } {
  if (err instanceof OccamError) return { code: err.code, message: err.message };
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | null;
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  const raw = typeof e?.code === 'string' ? e.code : '';
  const name = typeof e?.name === 'string' ? e.name : '';
  if (raw && isFailureCode(raw.toLowerCase().replace(/-/g, '_'))) {
    return { code: raw.toLowerCase().replace(/-/g, '_') as FailureCode, message };
  }
  if (/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/.test(raw)) return { code: 'dns_error', message };
  if (/^(ECONNRESET|ETIMEDOUT|ECONNREFUSED|EPIPE|EHOSTUNREACH|ENETUNREACH|UND_ERR_SOCKET|ECONNABORTED)$/.test(raw)) {
    return { code: 'network_error', message };
  }
  if (name === 'AbortError' || name === 'TimeoutError' || /TIMEOUT/.test(raw)) return { code: 'timeout', message };
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_VERIFY|DEPTH_ZERO|SELF_SIGNED)/.test(raw) || /certificate|SSL routines/i.test(message)) {
    return { code: 'tls_error', message };
  }
  if (raw === 'private_ip_blocked') return { code: 'private_url_blocked', message };
  if (e?.cause) return normaliseError(e.cause);
  return { code: 'extraction_failed', message };
}

export interface FixHint {
  kind: string;
  command: string;
  rootRequired: boolean;
}

export interface NestedFailureInfo {
  code: FailureCode;
  message: string;
  statusCode?: number;
  retryable?: boolean;
  reason?: string;
  fix?: FixHint;
}

export const nowIso = (now: () => number = Date.now) => new Date(now()).toISOString();

/** [F-top]: `{ok:false, failureCode, message, …context}`. */
export function topFailure(code: FailureCode, message: string, context: Record<string, unknown> = {}) {
  return { ok: false as const, failureCode: code, message, ...context };
}

/**
 * What lifts a `private_url_blocked` refusal: the message is fixed contract text, so the variable that allows
 * private destinations travels as the failure's `fix` (and the CLI prints it).
 */
export const PRIVATE_URL_FIX: FixHint = Object.freeze({ kind: 'allow_private_urls', command: 'OCCAM_ALLOW_PRIVATE_URLS=1', rootRequired: false });

/** One line for humans: `<code>: <message>` plus the reason and the fix when present. */
export function describeFailure(f: { code: string; message: string; reason?: unknown; fix?: { command?: unknown } }): string {
  const fix = f.fix?.command ?? (f.code === 'private_url_blocked' ? PRIVATE_URL_FIX.command : undefined);
  const why = typeof f.reason === 'string' && f.reason && !f.message.includes(f.reason) ? ` (${f.reason})` : '';
  const how = typeof fix === 'string' ? (f.code === 'private_url_blocked' ? ` Set ${fix} to allow private destinations.` : ` Fix: ${fix}`) : '';
  return `${f.code}: ${f.message}${why}${how}`;
}

/** [F-nest]: `{ok:false, failure:{code,message,…}, …context}`. */
export function nestedFailure(info: NestedFailureInfo, context: Record<string, unknown> = {}) {
  if (info.code === 'private_url_blocked' && info.fix === undefined) info = { ...info, fix: PRIVATE_URL_FIX };
  const failure: Record<string, unknown> = { code: info.code, message: info.message };
  if (info.statusCode !== undefined) failure.statusCode = info.statusCode;
  failure.retryable = info.retryable ?? isRetryable(info.code);
  if (info.reason !== undefined) failure.reason = info.reason;
  if (info.fix !== undefined) failure.fix = info.fix;
  return { ok: false as const, ...context, failure };
}

/** [F-batch]: `{ok:false, error:{code,message}}`. */
export function batchFailure(code: FailureCode, message: string, context: Record<string, unknown> = {}) {
  return { ok: false as const, ...context, error: { code, message } };
}

export type FailureShape = 'top' | 'nested' | 'batch';

/** Builds a failure in the given tool's fixed shape. */
export function failureIn(shape: FailureShape, code: FailureCode, message: string, context: Record<string, unknown> = {}) {
  if (shape === 'nested') return nestedFailure({ code, message }, context);
  if (shape === 'batch') return batchFailure(code, message, context);
  return topFailure(code, message, context);
}

/** Reads the code out of any of the three shapes: `failure.code ?? failureCode ?? error.code`. */
export function failureCodeOf(result: Record<string, unknown>): string | null {
  const nested = (result.failure as { code?: string } | undefined)?.code;
  const top = result.failureCode as string | undefined;
  const batch = (result.error as { code?: string } | undefined)?.code;
  return nested ?? top ?? batch ?? null;
}
