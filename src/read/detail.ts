// Response detail levels (issue 29): the agent pays for the page, not for Occam's metadata. Every reading tool
// builds its full response as before; the read spine's assemble stage (src/read/stages/assemble.ts) turns it into
// what the caller asked for, and its receipt stage (stages/receipt.ts, deliverRead) logs the signed receipt:
//   lean (default)  ok, final url, markdown (opening with # Title), pageType, partial + what was cut, a contentHash
//                   prefix, the `safety` object when any (src/read/safety.ts), and the receipt's id (the signed receipt goes to the local
//                   receipt log, src/store/receipt-log.ts) — about 60 tokens around the page;
//   standard        lean + the spec's other always-present fields (backend, materializationKey, confidence, the
//                   full contentHash), receipt {id, keyId}, meta, agentHints and quality.verdict;
//   full            the response unchanged (timings, quality, recovery, access, the signed receipt inline, …).
// Failures stay fully typed at every level (failure.code, message, fix, retryable).
import { createHash } from 'node:crypto';
import { readEnv } from '../config/env.ts';
import { OccamError } from '../contract/failures.ts';
import type { RuntimeContext } from '../runtime/context.ts';

export const DETAIL_LEVELS = ['lean', 'standard', 'full'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

/** The `detail` parameter's description, shared by every reading tool. */
export const DETAIL_DESCRIPTION =
  '[core] lean (default: the page, final url, title, what was cut, the receipt id) | standard (+ backend, meta, agentHints, quality.verdict) | full (every field: timings, quality, recovery, access, the signed receipt inline).';

/** A cut read lists at most this many left-out sections (ids usable with `section=`). */
export const LEAN_SECTIONS_MAX = 20;
/** Hex characters of a receipt id: 64 bits name one entry of one install's log without collisions in practice. */
export const RECEIPT_ID_HEX = 16;
/**
 * Hex characters of a lean `contentHash`: the first 48 bits of the SHA-256. A 64-hex hash costs about 40 o200k tokens,
 * two thirds of a 60-token envelope; 48 bits still tell one page's versions apart (`if_none_match` takes the
 * prefix), and the full hash is in `standard`, `full` and the logged receipt.
 */
export const LEAN_HASH_HEX = 12;

type Result = { ok: boolean } & Record<string, unknown>;

/** A budget lists one left-out section per this many tokens of it (at most LEAN_SECTIONS_MAX, at least SECTIONS_MIN). */
const SECTION_ENTRY_PER_TOKENS = 100;
const SECTIONS_MIN = 3;

/** How many left-out sections a read under this budget lists; every reader of one budget uses the same cap. */
export function sectionsMaxFor(maxTokens: number | null): number {
  return maxTokens === null ? LEAN_SECTIONS_MAX : Math.min(LEAN_SECTIONS_MAX, Math.max(SECTIONS_MIN, Math.floor(maxTokens / SECTION_ENTRY_PER_TOKENS)));
}

/** The explicit argument, else the operator default OCCAM_RESPONSE_DETAIL (itself `lean` by default). */
export function resolveDetail(explicit: string | null | undefined, runtime: Pick<RuntimeContext, 'env' | 'warn'>): DetailLevel {
  const asked = parseDetail(explicit);
  return asked ?? readEnv<DetailLevel>('OCCAM_RESPONSE_DETAIL', runtime.env, runtime.warn);
}

/** null for absent/blank; a typed invalid_arguments for anything but the three levels. */
export function parseDetail(raw: string | null | undefined): DetailLevel | null {
  const v = raw?.trim().toLowerCase();
  if (!v) return null;
  if ((DETAIL_LEVELS as readonly string[]).includes(v)) return v as DetailLevel;
  throw new OccamError('invalid_arguments', `detail must be one of ${DETAIL_LEVELS.join(', ')} (got ${JSON.stringify(raw)}).`);
}

/** The log id of a signed receipt: the first RECEIPT_ID_HEX hex of SHA-256 over its signature. */
export function receiptIdOf(signed: Record<string, unknown>): string {
  return createHash('sha256').update(String(signed.sig ?? ''), 'utf8').digest('hex').slice(0, RECEIPT_ID_HEX);
}

/** `{id, keyId}` for a response carrying a signed receipt; null when nothing was signed (receipts off). */
export function receiptRefOf(result: Record<string, unknown>): { id: string; keyId: string } | null {
  const signed = (result.receipt as { signed?: Record<string, unknown> } | undefined)?.signed;
  if (!signed || typeof signed.sig !== 'string') return null;
  return { id: receiptIdOf(signed), keyId: String(signed.keyId ?? '') };
}

export const firstHeading = (markdown: string): string | undefined => markdown.match(/^#{1,6}\s+(.+?)\s*#*\s*$/m)?.[1].trim() || undefined;

export function finalUrlOf(result: Record<string, unknown>): string | null {
  const url = result.url as { url?: string; finalUrl?: string | null } | string | undefined;
  if (typeof url === 'string') return url;
  if (typeof result.finalUrl === 'string') return result.finalUrl;
  return url?.finalUrl ?? url?.url ?? null;
}

/** What a cut read left out, as `{id, heading, tokens}` (ids are the section anchors `section=` accepts). */
export function leftOutSections(result: Record<string, unknown>, max = LEAN_SECTIONS_MAX): Array<{ id: string; heading: string; tokens: number }> {
  const compile = result.compile as { omitted?: { manifest?: Array<{ heading: string; anchor?: string; tokens: number }> } } | undefined;
  const manifest = compile?.omitted?.manifest ?? [];
  return manifest.slice(0, Math.max(0, max)).map((m) => ({ id: m.anchor || m.heading, heading: m.heading, tokens: m.tokens }));
}

/** Fields of a link map or a probe an agent rarely needs: gone below `full` (timing and bookkeeping), and the
 *  guidance that only `standard` and `full` keep. Failures keep their typed fields at every level. */
const SITE_TELEMETRY = ['timestamp', 'probeLatencyMs', 'policy', 'session', 'redirectChain'];
const SITE_GUIDANCE = ['agentHints', 'access', 'linkCount', 'filtered', 'source', 'expanded', 'contentType'];

/** occam_map and occam_probe at a detail level: `url` becomes the final URL; telemetry goes below full. */
export function assembleSiteResult(full: Result, detail: DetailLevel): Result {
  if (detail === 'full') return full;
  const drop = new Set(detail === 'lean' && full.ok ? [...SITE_TELEMETRY, ...SITE_GUIDANCE] : SITE_TELEMETRY);
  const out: Result = { ok: full.ok };
  for (const [k, v] of Object.entries(full)) if (!drop.has(k) && k !== 'ok' && k !== 'finalUrl') out[k] = v;
  const url = full.url as { requested?: string; final?: string } | string | undefined;
  const final = typeof full.finalUrl === 'string' ? full.finalUrl : typeof url === 'object' ? (url.final ?? url.requested) : url;
  if (final) out.url = final;
  return out;
}

/** The one-line source of a read as `occam read` prints it: title — final URL — published date (when known). */
export function sourceLine(result: Record<string, unknown>): string {
  const meta = (result.meta ?? {}) as { title?: string; publishedAt?: string };
  const markdown = typeof result.markdown === 'string' ? result.markdown : '';
  const title = (typeof result.title === 'string' ? result.title : undefined) ?? meta.title ?? firstHeading(markdown);
  const published = meta.publishedAt ? meta.publishedAt.slice(0, 10) : null;
  return [title, finalUrlOf(result), published].filter(Boolean).join(' — ');
}
