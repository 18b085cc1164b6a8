// occam_playbook_heal (playbooks.md §7): after a heal-eligible read failure, capture a bounded DOM skeleton and
// main-content anchor candidates in the browser so the agent can draft a playbook; optionally suggest an unsaved
// draft. Heal never writes anything and never runs page-supplied code: the skeleton is computed here from the
// rendered HTML.
import type { RuntimeContext } from '../runtime/context.ts';
import { normaliseError, OccamError } from '../contract/failures.ts';
import { guardPolicyFor } from '../fetch/acquire.ts';
import { attr, collapse, findFirst, isElement, isText, parseHtml, tagOf, textOf, type Element } from '../extract/dom.ts';
import type { Services } from '../runtime/services.ts';

export const MAX_VERIFY_RETRIES = 3;
export const SKELETON_NODES = { default: 600, min: 50, max: 600 };
export const SKELETON_MAX_DEPTH = 12;
export const HEAL_CAPTURE_TIMEOUT_MS = 120_000;
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'svg', 'path', 'link', 'meta']);
const INTERACTIVE_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary']);
const MAIN_ID = /content|main|readme|article/i;

/** Terminal reasons (rule 2): not self-healable; hand to the user. */
const TERMINAL = new Set(['captcha_or_challenge', 'private_url_blocked', 'workers_unavailable', 'timeout', 'invalid_arguments', 'invalid_policy', 'invalid_url', 'invalid_failure_reason']);
/** The heal set (rule 5). */
export const HEAL_SET = new Set([
  'thin_extract', 'extraction_failed', 'content_extraction_failed', 'content_selectors_miss', 'playbook_verify_failed',
  'playbook_verify_low_score', 'playbook_verify_high_noise',
]);

export type HealVerdict = { eligible: true; reason: string } | { eligible: false; reason: string; code: string; message: string };

/** A challenge/interstitial URL (rule 3); a slug that merely contains the word stays eligible. */
export function isChallengeUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (/captcha|hcaptcha|challenges\.cloudflare/.test(host)) return true;
  const path = url.pathname.toLowerCase();
  if (path.includes('/cdn-cgi/challenge-platform')) return true;
  const query = url.search.toLowerCase();
  if (query.includes('__cf_chl') || query.includes('challenge=')) return true;
  return path.split('/').some((seg) => seg === 'challenge' || seg === 'js_challenge');
}

/** PlaybookHealPolicy, rules 1–5 in order (rule 6, the browser, is checked at capture). */
export function healPolicy(url: string, failureReason: string, sessionProfile: string | null): HealVerdict {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url.trim());
    if (!/^https?:$/.test(parsed.protocol)) parsed = null;
  } catch {
    parsed = null;
  }
  if (!parsed) return { eligible: false, reason: failureReason, code: 'invalid_url', message: 'url must be an absolute http(s) URL.' };
  let reason = (failureReason ?? '').trim().toLowerCase();
  if (!reason) return { eligible: false, reason, code: 'invalid_failure_reason', message: 'failure_reason is required (the failure.code of the read).' };
  if (reason === 'anti_bot') reason = 'captcha_or_challenge';
  if (TERMINAL.has(reason) || /^http_[45]\d\d$/.test(reason)) {
    return { eligible: false, reason, code: reason, message: `${reason} is not self-healable; hand it to the user.` };
  }
  if (isChallengeUrl(parsed)) return { eligible: false, reason, code: 'heal_not_applicable', message: 'The URL is a challenge/interstitial page.' };
  if (reason === 'requires_login') {
    return sessionProfile
      ? { eligible: true, reason }
      : { eligible: false, reason, code: 'heal_not_applicable', message: 'requires_login heals only with a session_profile.' };
  }
  if (HEAL_SET.has(reason)) return { eligible: true, reason };
  return { eligible: false, reason, code: 'heal_not_applicable', message: `${reason} is not in the heal set.` };
}

export interface SkeletonNode {
  tag: string;
  id: string | null;
  class: string | null;
  role: string | null;
  testId: string | null;
  aria: string | null;
  text: string | null;
  interactive: boolean;
  children?: SkeletonNode[];
}

export interface Candidate {
  selector: string;
  textAnchor?: string;
  score: number;
}

const cssEscape = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`).replace(/^(\d)/, '\\3$1 ');

function selectorHint(el: Element): string {
  const id = attr(el, 'id');
  if (id) return `#${cssEscape(id)}`;
  const testId = attr(el, 'data-testid');
  if (testId) return `[data-testid="${testId.replace(/"/g, '\\"')}"]`;
  const classes = (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean).slice(0, 3);
  return classes.length ? `${tagOf(el)}.${classes.map(cssEscape).join('.')}` : tagOf(el);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function scoreCandidate(el: Element): Candidate {
  const role = attr(el, 'role');
  const text = collapse(textOf(el)).trim();
  let score = 0;
  if (tagOf(el) === 'main' || role === 'main') score += 0.4;
  if (MAIN_ID.test(attr(el, 'id') ?? '')) score += 0.2;
  if (text.slice(0, 200).length > 120) score += 0.25;
  const inner = (e: Element): boolean => e.children.some((c) => isElement(c) && (['article', 'h1', 'h2'].includes(tagOf(c)) || inner(c)));
  if (inner(el)) score += 0.15;
  return { selector: selectorHint(el), ...(text ? { textAnchor: text.slice(0, 80) } : {}), score: round2(Math.min(1, score)) };
}

export interface Capture {
  domSkeleton: { root: SkeletonNode | null; stats: { nodeCount: number; maxDepth: number; interactiveCount: number } };
  anchors: { landmarks: string[]; dataTestIds: string[]; mainCandidates: Candidate[] };
}

/** The bounded skeleton walk and anchors over rendered HTML (§7 capture). */
export function captureFromHtml(html: string, maxNodes: number): Capture {
  const body = findFirst(parseHtml(html), (el) => tagOf(el) === 'body');
  const stats = { nodeCount: 0, maxDepth: 0, interactiveCount: 0 };
  const landmarks = new Set<string>();
  const testIds: string[] = [];
  const collected: Element[] = [];
  const walk = (el: Element, depth: number): SkeletonNode | null => {
    if (stats.nodeCount >= maxNodes) return null;
    stats.nodeCount += 1;
    stats.maxDepth = Math.max(stats.maxDepth, depth);
    const tag = tagOf(el);
    const role = attr(el, 'role') ?? null;
    const testId = attr(el, 'data-testid') ?? null;
    const interactive = INTERACTIVE_TAGS.has(tag) || role === 'button' || attr(el, 'onclick') !== undefined || attr(el, 'tabindex') !== undefined;
    if (interactive) stats.interactiveCount += 1;
    if (tag === 'main' || tag === 'nav') landmarks.add(tag);
    if (role === 'main' || role === 'navigation') landmarks.add(role);
    if (testId && testIds.length < 40 && !testIds.includes(testId)) testIds.push(testId);
    const id = attr(el, 'id') ?? null;
    if (collected.length < 12 && (tag === 'main' || tag === 'article' || role === 'main' || MAIN_ID.test(id ?? '') || (testId && /content|main|article|story|post/i.test(testId)))) collected.push(el);
    const textChildren = el.children.filter((c) => isText(c));
    const onlyText = el.children.length === 1 && textChildren.length === 1;
    const raw = onlyText ? collapse(textOf(el)).trim() : '';
    const classes = (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean).slice(0, 3);
    const node: SkeletonNode = {
      tag,
      id,
      class: classes.length ? classes.join(' ') : null,
      role,
      testId,
      aria: attr(el, 'aria-label') ?? null,
      text: onlyText && raw ? (raw.length > 80 ? `${raw.slice(0, 80)}…` : raw) : null,
      interactive,
    };
    if (depth < SKELETON_MAX_DEPTH) {
      const kids: SkeletonNode[] = [];
      for (const c of el.children) {
        if (!isElement(c) || SKIP_TAGS.has(tagOf(c))) continue;
        const k = walk(c, depth + 1);
        if (k) kids.push(k);
      }
      if (kids.length) node.children = kids;
    }
    return node;
  };
  const root = body ? walk(body, 0) : null;
  const candidates = collected
    .map(scoreCandidate)
    .filter((c) => c.score >= 0.45)
    .sort((a, b) => b.score - a.score)
    .slice(0, 8);
  return { domSkeleton: { root, stats }, anchors: { landmarks: [...landmarks], dataTestIds: testIds, mainCandidates: candidates } };
}

/** PlaybookHealDraftBuilder: top-3 distinct candidates ≥ 0.45 as a browser-first draft; undefined when none. */
export function buildDraft(url: string, candidates: readonly Candidate[]): string | undefined {
  const selectors = [...new Set([...candidates].filter((c) => c.score >= 0.45).sort((a, b) => b.score - a.score).map((c) => c.selector))].slice(0, 3);
  if (!selectors.length) return undefined;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  return JSON.stringify({
    schema_version: '1.0',
    id: host,
    hosts: [host],
    meta: { title: `heal draft for ${host}`, tags: ['heal_draft'] },
    routing: { preferred_backend: 'browser' },
    extract: { contentSelectors: selectors },
    agent_notes: 'Heal draft: review the selectors against the skeleton, lint, then save with verify.',
  });
}

export interface HealArgs {
  url: string;
  failure_reason: string;
  session_profile?: string | null;
  max_skeleton_nodes?: number | null;
}

export const HEAL_HINTS = {
  suggestedNext: 'occam_playbook_save',
  doNot: ['compare_skeleton_to_broken_selectors', 'dump_raw_html', 'retry_transcode_before_save', 'max_verify_retries=3'],
  maxVerifyRetries: MAX_VERIFY_RETRIES,
};

export async function heal(args: HealArgs, deps: { runtime: RuntimeContext; services: Services; signal?: AbortSignal }): Promise<{ ok: boolean } & Record<string, unknown>> {
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const session = args.session_profile?.trim() || null;
  const verdict = healPolicy(url, args.failure_reason ?? '', session);
  const failureReason = verdict.reason;
  const fail = (code: string, message: string) => ({ ok: false as const, url, failureReason, failureCode: code, message });
  if (!verdict.eligible) return fail(verdict.code, verdict.message);
  const maxNodes = Math.min(SKELETON_NODES.max, Math.max(SKELETON_NODES.min, Math.trunc(args.max_skeleton_nodes ?? SKELETON_NODES.default)));
  const { locateBrowser } = await import('../fetch/browser/discover.ts');
  if (!locateBrowser(deps.runtime).path) return fail('workers_unavailable', 'Heal needs a browser and none is installed.');
  try {
    const { loadSessionProfileFor, browserSessionOf } = await import('../fetch/session.ts');
    const browserSession = session ? browserSessionOf(await loadSessionProfileFor(session, new URL(url), deps.runtime)) : undefined;
    const { browserPoolService } = await import('../fetch/browser/pool.ts');
    const pool = await deps.services.use(browserPoolService);
    const page = await pool.render(url, {
      policy: guardPolicyFor(deps.runtime),
      timeoutMs: HEAL_CAPTURE_TIMEOUT_MS,
      signal: deps.signal,
      ...browserSession,
    });
    const capture = captureFromHtml(page.html, maxNodes);
    if (!capture.domSkeleton.root) return fail('heal_failed', 'The rendered page has no body to capture.');
    const draft = buildDraft(url, capture.anchors.mainCandidates);
    return { ok: true, url, failureReason, ...capture, ...(draft ? { draftPlaybookJson: draft } : {}), agentHints: HEAL_HINTS };
  } catch (err) {
    const { code, message } = normaliseError(err);
    if (code === 'browser_required') return fail('workers_unavailable', message);
    if (err instanceof OccamError || code !== 'extraction_failed') return fail(code, message);
    return fail('extraction_failed', message);
  }
}
