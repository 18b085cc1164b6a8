// Validation of a batch submission (playbooks.md §13.1), shared by the MCP tool and the REST BatchServer so both
// accept and refuse exactly the same requests. Wire names are snake_case.
import { checkUrlLiteral, type GuardPolicy } from '../fetch/guard.ts';

export const BACKEND_POLICIES = ['http', 'browser', 'http_then_browser'] as const;
export type BackendPolicy = (typeof BACKEND_POLICIES)[number];
export const PLAYBOOK_POLICIES = ['off', 'auto'] as const;
export const OVERSIZE_POLICIES = ['fail', 'partial'] as const;
export const MIN_MAX_TOKENS = 128;
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What every item of one job is read with (stored with the job). */
export interface BatchReadOptions {
  backend_policy: BackendPolicy;
  focus_query: string | null;
  max_tokens: number | null;
  fit_markdown: boolean;
  session_profile: string | null;
  playbook_policy: (typeof PLAYBOOK_POLICIES)[number];
  on_oversize: (typeof OVERSIZE_POLICIES)[number];
}

export interface BatchSubmission {
  urls: string[];
  options: BatchReadOptions;
  idempotency_key: string | null;
}

export type SubmissionCheck = { ok: true; submission: BatchSubmission } | { ok: false; message: string };

/** JSON array, or a list split on newline, comma, semicolon, space or tab. */
export function splitUrlList(raw: unknown): string[] | string {
  if (Array.isArray(raw)) return raw.map((v) => (typeof v === 'string' ? v : String(v)));
  if (typeof raw !== 'string') return 'urls must be a string (JSON array or a separated list)';
  const text = raw.trim();
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return 'urls looks like a JSON array but does not parse';
    }
    if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== 'string')) return 'urls JSON must be an array of strings';
    return parsed as string[];
  }
  return text.split(/[\n\r,; \t]+/).filter((s) => s !== '');
}

const optionalString = (v: unknown): string | null | undefined =>
  v === undefined || v === null ? null : typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : undefined;

export function checkSubmission(input: Record<string, unknown>, maxUrls: number, guard: GuardPolicy): SubmissionCheck {
  const bad = (message: string): SubmissionCheck => ({ ok: false, message });
  const list = splitUrlList(input.urls);
  if (typeof list === 'string') return bad(list);
  if (list.length === 0) return bad('urls is empty: give at least one http(s) URL');
  if (list.length > maxUrls) return bad(`too many URLs: ${list.length} > OCCAM_BATCH_MAX_URLS (${maxUrls})`);
  const urls: string[] = [];
  for (const [i, entry] of list.entries()) {
    const text = entry.trim();
    if (text === '') return bad(`urls[${i}] is blank`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return bad(`urls[${i}] is not an absolute URL: ${JSON.stringify(text.slice(0, 200))}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad(`urls[${i}] is not http(s)`);
    try {
      checkUrlLiteral(url, guard);
    } catch {
      return bad(`urls[${i}] targets a private or local address (blocked unless OCCAM_ALLOW_PRIVATE_URLS=1)`);
    }
    urls.push(url.href);
  }

  const policyRaw = input.backend_policy ?? 'http_then_browser';
  const policy = typeof policyRaw === 'string' ? policyRaw.trim().toLowerCase().replace(/-/g, '_') : '';
  if (!(BACKEND_POLICIES as readonly string[]).includes(policy)) {
    return bad(`backend_policy must be one of ${BACKEND_POLICIES.join(', ')} (alias http-then-browser)`);
  }
  const playbookRaw = input.playbook_policy ?? 'auto';
  if (typeof playbookRaw !== 'string' || !(PLAYBOOK_POLICIES as readonly string[]).includes(playbookRaw.trim().toLowerCase())) {
    return bad(`playbook_policy must be one of ${PLAYBOOK_POLICIES.join(', ')}`);
  }
  const oversizeRaw = input.on_oversize ?? 'fail';
  if (typeof oversizeRaw !== 'string' || !(OVERSIZE_POLICIES as readonly string[]).includes(oversizeRaw.trim().toLowerCase())) {
    return bad(`on_oversize must be one of ${OVERSIZE_POLICIES.join(', ')}`);
  }
  const maxTokens = input.max_tokens ?? null;
  if (maxTokens !== null && (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < MIN_MAX_TOKENS)) {
    return bad(`max_tokens must be an integer ≥ ${MIN_MAX_TOKENS} (per URL)`);
  }
  const fit = input.fit_markdown ?? true;
  if (typeof fit !== 'boolean') return bad('fit_markdown must be a boolean');
  const focus = optionalString(input.focus_query);
  const session = optionalString(input.session_profile);
  const key = optionalString(input.idempotency_key);
  if (focus === undefined) return bad('focus_query must be a string');
  if (session === undefined) return bad('session_profile must be a string');
  if (session !== null && !/^[A-Za-z0-9._-]+$/.test(session)) return bad('session_profile must match [A-Za-z0-9._-]');
  if (key === undefined) return bad('idempotency_key must be a string');
  if (key !== null && key.length > 200) return bad('idempotency_key is longer than 200 characters');

  return {
    ok: true,
    submission: {
      urls,
      idempotency_key: key,
      options: {
        backend_policy: policy as BackendPolicy,
        focus_query: focus,
        max_tokens: maxTokens as number | null,
        fit_markdown: fit,
        session_profile: session,
        playbook_policy: playbookRaw.trim().toLowerCase() as BatchReadOptions['playbook_policy'],
        on_oversize: oversizeRaw.trim().toLowerCase() as BatchReadOptions['on_oversize'],
      },
    },
  };
}

/** `limit` clamped 1–200 (default 50); `cursor` an integer ≥ 0 (default 0). */
export function pageArgs(cursorRaw: unknown, limitRaw: unknown): { cursor: number; limit: number } | string {
  const cursor = cursorRaw === undefined || cursorRaw === null || cursorRaw === '' ? 0 : Number(cursorRaw);
  if (!Number.isInteger(cursor) || cursor < 0) return 'cursor must be an integer ≥ 0 (a prior next_cursor)';
  const limitNum = limitRaw === undefined || limitRaw === null || limitRaw === '' ? 50 : Number(limitRaw);
  if (!Number.isFinite(limitNum)) return 'limit must be a number';
  return { cursor, limit: Math.min(200, Math.max(1, Math.trunc(limitNum))) };
}
