// occam_crosscheck (playbooks.md §13.3): read one URL through several local vantages (HTTP vs browser, anonymous
// vs session) with playbooks off, and compare content fingerprints to surface cloaking or access divergence.
// The verdict is a comparison of what this machine saw — unsigned, and never a proof that any version is true.
import type { RuntimeContext } from '../runtime/context.ts';
import { nowIso, topFailure } from '../contract/failures.ts';
import type { Services } from '../runtime/services.ts';
import type { WireBlock } from '../read/sidecars.ts';
import { blockLeafHex, merkleRootPrefixed } from '../trust/receipts/merkle.ts';

export const VANTAGE_BACKENDS = ['http', 'browser'] as const;
type VantageBackend = (typeof VANTAGE_BACKENDS)[number];
const WALL_CODES = new Set(['captcha_or_challenge', 'requires_login', 'paywall']);
const WALL_STATUS = new Set([401, 403, 404, 410]);

export type Verdict = 'consensus' | 'divergent' | 'access_divergent' | 'inconclusive';

export interface VantageResult {
  label: string;
  backend: VantageBackend;
  ok: boolean;
  failureCode?: string;
  statusCode?: number;
  contentHash?: string;
  blockMerkleRoot?: string;
  receipt?: unknown;
  /** Leaf hashes (internal, for the pairwise overlap). */
  leaves?: string[];
}

/** `vantages` CSV → deduplicated backends; blank → both; anything else → null. */
export function parseVantages(raw: string | null | undefined): VantageBackend[] | null {
  const tokens = (raw ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tokens.length === 0) return [...VANTAGE_BACKENDS];
  if (tokens.some((t) => !(VANTAGE_BACKENDS as readonly string[]).includes(t))) return null;
  return [...new Set(tokens)] as VantageBackend[];
}

const isWall = (v: VantageResult) =>
  !v.ok && ((v.failureCode !== undefined && WALL_CODES.has(v.failureCode)) || (v.statusCode !== undefined && WALL_STATUS.has(v.statusCode)) || /^http_(401|403|404|410)$/.test(v.failureCode ?? ''));

const fingerprint = (v: VantageResult) => v.blockMerkleRoot ?? v.contentHash;

/** The evaluator: walls vs usable vantages, then fingerprint equality. */
export function evaluate(vantages: readonly VantageResult[]): { verdict: Verdict; divergence: Array<Record<string, unknown>> } {
  const usable = vantages.filter((v) => v.ok);
  const walls = vantages.filter(isWall);
  const divergence: Array<Record<string, unknown>> = [];
  for (let i = 0; i < usable.length; i++) {
    for (let j = i + 1; j < usable.length; j++) {
      const a = usable[i];
      const b = usable[j];
      const pair: Record<string, unknown> = { a: a.label, b: b.label, rootsMatch: fingerprint(a) === fingerprint(b) };
      if (a.leaves?.length && b.leaves?.length) {
        const sa = new Set(a.leaves);
        const sb = new Set(b.leaves);
        pair.blocksCommon = [...sa].filter((h) => sb.has(h)).length;
        pair.blocksTotal = new Set([...sa, ...sb]).size;
      }
      divergence.push(pair);
    }
  }
  let verdict: Verdict;
  if (usable.length >= 1 && walls.length >= 1) verdict = 'access_divergent';
  else if (usable.length >= 2) verdict = usable.every((v) => fingerprint(v) === fingerprint(usable[0])) ? 'consensus' : 'divergent';
  else verdict = 'inconclusive';
  return { verdict, divergence };
}

export interface CrosscheckArgs {
  url: string;
  vantages?: string | null;
  session_profile?: string | null;
  focus_query?: string | null;
}

export async function crosscheck(args: CrosscheckArgs, deps: { runtime: RuntimeContext; services: Services; signal?: AbortSignal }) {
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const timestamp = () => nowIso(deps.runtime.now);
  if (!url) return topFailure('invalid_arguments', 'url is required.', { url, timestamp: timestamp() });
  const backends = parseVantages(args.vantages);
  if (!backends) return topFailure('invalid_arguments', 'vantages must be a comma list of http and browser.', { url, timestamp: timestamp() });
  const session = args.session_profile?.trim() || null;
  const plan: Array<{ label: string; backend: VantageBackend; session: string | null }> = [];
  for (const b of backends) {
    plan.push({ label: b, backend: b, session: null });
    if (session) plan.push({ label: `${b}+session`, backend: b, session });
  }
  const [{ transcode }, { locateBrowser }] = await Promise.all([import('../read/transcode.ts'), import('../fetch/browser/discover.ts')]);
  const hasBrowser = locateBrowser(deps.runtime).path !== null;
  const results: VantageResult[] = [];
  for (const v of plan) {
    if (v.backend === 'browser' && !hasBrowser) {
      results.push({ label: v.label, backend: v.backend, ok: false, failureCode: 'workers_unavailable' });
      continue;
    }
    const read = await transcode(
      { url, backend_policy: v.backend, focus_query: args.focus_query ?? null, fit_markdown: Boolean(args.focus_query?.trim()), session_profile: v.session, json_blocks: true, playbook_policy: 'off' },
      { runtime: deps.runtime, services: deps.services, signal: deps.signal, resolveMaxTokens: () => null, playbook: null },
    );
    if (!read.ok) {
      const f = (read.failure ?? {}) as { code?: string; statusCode?: number };
      if (f.code === 'invalid_arguments' || f.code === 'invalid_url' || f.code === 'private_url_blocked') {
        return topFailure(f.code, String((read.failure as { message?: string }).message ?? 'The URL cannot be read.'), { url, timestamp: timestamp() });
      }
      const signed = (read.receipt as { signed?: unknown } | undefined)?.signed;
      results.push({ label: v.label, backend: v.backend, ok: false, failureCode: f.code ?? 'extraction_failed', ...(f.statusCode ? { statusCode: f.statusCode } : {}), ...(signed ? { receipt: signed } : {}) });
      continue;
    }
    const blocks = (read.blocks ?? []) as WireBlock[];
    const leaves = blocks.map((b) => blockLeafHex(b.text, b.sourceSelector));
    const root = merkleRootPrefixed(leaves.map((h) => Buffer.from(h, 'hex')));
    const signed = (read.receipt as { signed?: unknown } | undefined)?.signed;
    results.push({
      label: v.label,
      backend: v.backend,
      ok: true,
      contentHash: `sha256:${String(read.contentHash)}`,
      ...(root ? { blockMerkleRoot: root } : {}),
      ...(signed ? { receipt: signed } : {}),
      leaves,
    });
  }
  const { verdict, divergence } = evaluate(results);
  return {
    ok: true,
    url,
    verdict,
    vantages: results.map(({ leaves: _l, statusCode: _s, ...wire }) => wire),
    divergence,
    timestamp: timestamp(),
  };
}
