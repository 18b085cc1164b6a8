// occam_probe (reading.md §19, tools.md §3.1.4): one guarded HTTP GET (manual redirects, ≤256 KiB read, no
// extraction) → page classification, a backend recommendation and an extractability score, so an agent can skip
// low-yield reads. Detection reuses src/extract/detect.ts (the same rules transcode applies).
import { boundedEcho, parseHttpUrl } from './url-input.ts';
import { readBoundedTextAsync } from '../runtime/bounded-input.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { OccamError, normaliseError, nowIso, topFailure, type FailureCode } from '../contract/failures.ts';
import { assessAccess, detectChallenge, looksPaywalled, pageSignals, type ChallengeVerdict } from '../extract/detect.ts';
import { attr, findAll, findFirst, parseHtml, textOf } from '../extract/dom.ts';
import type { PageSignals } from '../extract/types.ts';
import { acquire, guardPolicyFor, type AcquiredDocument, type RedirectHop } from '../fetch/acquire.ts';
import { isPdfResponse, parseContentType } from '../fetch/content.ts';
import { privacyModeOf, type PrivateOriginAllowance, type Resolver } from '../fetch/guard.ts';
import type { Politeness } from '../fetch/politeness.ts';
import type { DialSeam } from '../fetch/transport.ts';

import { PROBE_SAMPLE_BYTES, PROBE_TIMEOUT_DEFAULT_MS, PROBE_TIMEOUT_MAX_MS, PROBE_TIMEOUT_MIN_MS } from './probe-options.ts';

export interface ProbeArgs {
  url: string;
  timeout_ms?: number | null;
  include_social_meta?: boolean | null;
  session_profile?: string | null;
}

export interface ProbeDeps {
  runtime: RuntimeContext;
  signal?: AbortSignal;
  /** Binds S1…/H… search handles to URLs (tools.md W11); absent → handles are not recognised. */
  bindHandle?: (value: string) => Promise<string>;
  politeness?: Politeness;
  resolve?: Resolver;
  dial?: DialSeam;
  allowance?: PrivateOriginAllowance | null;
}

export type PageClass = 'login' | 'challenge' | 'news' | 'documentation' | 'article' | 'static_article' | 'pdf';
export type RecommendedBackend = 'http' | 'http_then_browser' | 'browser' | 'none';

// ---------------------------------------------------------------------------------------------------------------
// Data: phrases, tiers and host patterns the classification reads.

export const CONSENT_NEEDLES = [
  'cookie consent',
  'accept all',
  'onetrust',
  'gdpr',
  'privacy settings',
  'we use cookies',
  'consent banner',
] as const;

/** Built-in domain tiers (§19.2 SHOULD); OCCAM_DOMAIN_TIERS_PATH entries take precedence. */
export interface DomainTier {
  tier: string;
  httpOnly?: boolean;
  pageClass?: PageClass;
}

export const BUILT_IN_DOMAIN_TIERS: Readonly<Record<string, DomainTier>> = {
  'wikipedia.org': { tier: 'reference', httpOnly: true, pageClass: 'documentation' },
  'rfc-editor.org': { tier: 'reference', httpOnly: true, pageClass: 'documentation' },
  'developer.mozilla.org': { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  'docs.python.org': { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  'learn.microsoft.com': { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  'nodejs.org': { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  'nginx.org': { tier: 'docs', httpOnly: true, pageClass: 'documentation' },
  'reuters.com': { tier: 'news', pageClass: 'news' },
  'apnews.com': { tier: 'news', pageClass: 'news' },
  'bbc.co.uk': { tier: 'news', pageClass: 'news' },
  'bbc.com': { tier: 'news', pageClass: 'news' },
  'theguardian.com': { tier: 'news', pageClass: 'news' },
  'nytimes.com': { tier: 'news', pageClass: 'news' },
  'washingtonpost.com': { tier: 'news', pageClass: 'news' },
  'cnn.com': { tier: 'news', pageClass: 'news' },
  'bloomberg.com': { tier: 'news', pageClass: 'news' },
};

/** Pages where a challenge word in ≥500 chars of text is content, not a wall. */
const PUBLIC_REFERENCE_URL = [/\/\/[^/]*wikipedia\.org\/wiki\//i, /\/\/(www\.)?rfc-editor\.org\/rfc\//i];
const DOCS_HOST = /^(docs|developer|learn)\.|(^|\.)learn\.microsoft\.com$/i;

/** §17.3 extractability scores, in rule order. */
export const EXTRACTABILITY = {
  failed: 0,
  challenge: 0.05,
  login: 0.15,
  recommendedNone: 0.3,
  scriptHeavy: 0.45,
  recommendedBrowser: 0.55,
  contentClass: 0.9,
  otherwise: 0.7,
} as const;
const CONTENT_CLASSES = new Set(['documentation', 'docs', 'article', 'reference', 'blog']);

// ---------------------------------------------------------------------------------------------------------------

function hostTier(host: string, table: Readonly<Record<string, DomainTier>>): DomainTier | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const [key, tier] of Object.entries(table)) {
    const k = key.toLowerCase();
    if (h === k || h.endsWith(`.${k}`)) return tier;
  }
  return undefined;
}

async function domainTierFor(host: string, ctx: RuntimeContext): Promise<DomainTier | undefined> {
  const path = readEnv<string | null>('OCCAM_DOMAIN_TIERS_PATH', ctx.env, ctx.warn);
  if (path) {
    try {
      const parsed: unknown = JSON.parse(await readBoundedTextAsync(path, 'config'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const table: Record<string, DomainTier> = {};
        for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
          if (v && typeof v === 'object' && typeof (v as DomainTier).tier === 'string') table[k] = v as DomainTier;
        }
        const hit = hostTier(host, table);
        if (hit) return hit;
      }
    } catch {
      ctx.warn('[occam.probe] OCCAM_DOMAIN_TIERS_PATH is unreadable or not JSON; using built-in tiers');
    }
  }
  return hostTier(host, BUILT_IN_DOMAIN_TIERS);
}

export interface Classification {
  pageClass: PageClass;
  requiresJavascript: boolean;
  likelyCookieConsent: boolean;
  likelyChallenge: boolean;
  likelyLoginRequired: boolean;
  likelyPaywall: boolean;
  riskFlags: string[];
  domainTier?: string;
  httpOnlyRoute?: true;
  challenge?: { kind: string; healEligible: boolean; recommendedAction: string };
}

export interface ClassifyInput {
  html: string;
  requestedUrl: string;
  finalUrl: string;
  statusCode: number;
  hasAuthenticationChallenge: boolean;
  sessionBound: boolean;
  tier?: DomainTier;
}

export interface ClassifyResult {
  classification: Classification;
  recommendation: { backend: RecommendedBackend; estimatedLatencyMs: number; extractability: number };
  access?: ReturnType<typeof assessAccess>;
  signals: PageSignals;
  socialMeta: SocialMeta;
}

export interface SocialMeta {
  title?: string;
  description?: string;
  image?: string;
  twitterCard?: string;
  siteName?: string;
  lang?: string;
}

/** Probe's own SPA rule (§9.1): the transcode app-shell test, or a large low-text page, or a script-heavy near-empty one. */
function probeStub(signals: PageSignals, htmlBytes: number): boolean {
  if (signals.spaShell) return true;
  if (htmlBytes >= 4000 && signals.visibleRatio < 0.04) return true;
  return signals.visibleRatio < 0.02 && signals.scriptDensity > 0.15;
}

function socialMetaOf(doc: ReturnType<typeof parseHtml>): SocialMeta {
  const metas = new Map<string, string>();
  for (const el of findAll(doc, (e) => e.name === 'meta')) {
    const key = (attr(el, 'property') ?? attr(el, 'name') ?? '').toLowerCase();
    const content = attr(el, 'content');
    if (key && content !== undefined && !metas.has(key)) metas.set(key, content.trim());
  }
  const titleEl = findFirst(doc, (e) => e.name === 'title');
  const htmlEl = findFirst(doc, (e) => e.name === 'html');
  const out: SocialMeta = {};
  const title = metas.get('og:title') ?? metas.get('twitter:title') ?? (titleEl ? textOf(titleEl) : undefined);
  if (title) out.title = title;
  const description = metas.get('og:description') ?? metas.get('twitter:description') ?? metas.get('description');
  if (description) out.description = description;
  const image = metas.get('og:image') ?? metas.get('twitter:image');
  if (image) out.image = image;
  const card = metas.get('twitter:card');
  if (card) out.twitterCard = card;
  const siteName = metas.get('og:site_name');
  if (siteName) out.siteName = siteName;
  const lang = htmlEl ? attr(htmlEl, 'lang') : undefined;
  if (lang) out.lang = lang;
  return out;
}

/** Pure classification of an HTML sample (§19.2). */
export function classifyPage(input: ClassifyInput): ClassifyResult {
  const doc = parseHtml(input.html);
  const titleEl = findFirst(doc, (e) => e.name === 'title');
  const visible = textOf(findFirst(doc, (e) => e.name === 'body') ?? doc);
  const signals = pageSignals(input.html, doc, visible);
  const lower = input.html.toLowerCase();
  const htmlBytes = Buffer.byteLength(input.html, 'utf8');
  const spaShell = probeStub(signals, htmlBytes);
  const requiresJavascript = spaShell || (signals.visibleTextChars < 500 && (signals.scriptDensity > 0.25 || signals.hasNoscript));
  const likelyCookieConsent = CONSENT_NEEDLES.some((n) => lower.includes(n));

  const publicReference = PUBLIC_REFERENCE_URL.some((re) => re.test(input.finalUrl));
  let challenge: ChallengeVerdict | undefined;
  if (!(publicReference && signals.visibleTextChars >= 500)) {
    // The probe has no extract: the visible text stands in for the markdown (same ≤2000-char gate as transcode).
    challenge = detectChallenge({
      html: input.html,
      visibleText: `${titleEl ? textOf(titleEl) : ''} ${visible}`,
      markdown: visible,
      url: input.finalUrl,
      statusCode: input.statusCode,
      visibleRatio: signals.visibleRatio,
      proseChars: visible.length,
    });
  }
  const access = input.sessionBound
    ? undefined
    : assessAccess({
        evidence: signals.access,
        statusCode: input.statusCode,
        hasAuthenticationChallenge: input.hasAuthenticationChallenge,
        requestedUrl: input.requestedUrl,
        finalUrl: input.finalUrl,
      });
  const likelyLoginRequired = access?.disposition === 'restricted';
  const likelyPaywall = looksPaywalled(input.html);
  const lowVisibleText = signals.visibleRatio < 0.03;

  const riskFlags: string[] = [];
  if (likelyCookieConsent) riskFlags.push('cookie_consent');
  if (challenge) riskFlags.push('anti_bot_challenge', `challenge_kind:${challenge.kind}`);
  if (likelyLoginRequired) riskFlags.push('login_required');
  if (likelyPaywall) riskFlags.push('paywall');
  if (spaShell) riskFlags.push('spa_shell');
  if (lowVisibleText) riskFlags.push('low_visible_text');

  let host = '';
  try {
    host = new URL(input.finalUrl).hostname;
  } catch {
    // keep empty
  }
  let pageClass: PageClass;
  if (likelyLoginRequired) pageClass = 'login';
  else if (challenge) pageClass = 'challenge';
  else if (input.tier?.pageClass) pageClass = input.tier.pageClass;
  else if (likelyCookieConsent || input.tier?.tier === 'news') pageClass = 'news';
  else if (DOCS_HOST.test(host)) pageClass = 'documentation';
  else if (lower.includes('<article') || lower.includes('blog-post')) pageClass = 'article';
  else pageClass = 'static_article';

  let backend: RecommendedBackend;
  let estimatedLatencyMs: number;
  if (likelyLoginRequired) [backend, estimatedLatencyMs] = ['none', 0];
  else if (input.tier?.httpOnly && !challenge) [backend, estimatedLatencyMs] = ['http', 800];
  else if (likelyCookieConsent || spaShell || requiresJavascript || lowVisibleText) [backend, estimatedLatencyMs] = ['http_then_browser', 5000];
  else [backend, estimatedLatencyMs] = ['http', 1200];

  const classification: Classification = {
    pageClass,
    requiresJavascript,
    likelyCookieConsent,
    likelyChallenge: Boolean(challenge),
    likelyLoginRequired,
    likelyPaywall,
    riskFlags,
  };
  if (input.tier) classification.domainTier = input.tier.tier;
  if (input.tier?.httpOnly) classification.httpOnlyRoute = true;
  if (challenge) {
    // Challenges are terminal for playbook heal (playbooks.md heal policy rule 2).
    classification.challenge = { kind: challenge.kind, healEligible: false, recommendedAction: challenge.recommendedAction };
  }
  const extractability = extractabilityOf({
    ok: true,
    statusCode: input.statusCode,
    challenge: Boolean(challenge),
    login: likelyLoginRequired,
    backend,
    visibleRatio: signals.visibleRatio,
    scriptDensity: signals.scriptDensity,
    pageClass,
  });
  return {
    classification,
    recommendation: { backend, estimatedLatencyMs, extractability },
    access,
    signals,
    socialMeta: socialMetaOf(doc),
  };
}

/** reading.md §17.3 extractability, rules in order. */
export function extractabilityOf(p: {
  ok: boolean;
  statusCode: number;
  challenge: boolean;
  login: boolean;
  backend: RecommendedBackend;
  visibleRatio: number;
  scriptDensity: number;
  pageClass: string;
}): number {
  if (!p.ok || p.statusCode >= 400) return EXTRACTABILITY.failed;
  if (p.challenge) return EXTRACTABILITY.challenge;
  if (p.login) return EXTRACTABILITY.login;
  if (p.backend === 'none') return EXTRACTABILITY.recommendedNone;
  if (p.visibleRatio > 0 && p.visibleRatio < 0.08 && p.scriptDensity > 0.5) return EXTRACTABILITY.scriptHeavy;
  if (p.backend === 'browser') return EXTRACTABILITY.recommendedBrowser;
  if (CONTENT_CLASSES.has(p.pageClass)) return EXTRACTABILITY.contentClass;
  return EXTRACTABILITY.otherwise;
}

// ---------------------------------------------------------------------------------------------------------------

/** Types the probe reads: HTML, XML, plain text or no type at all (§19.2); PDFs succeed without classification. */
function probeReadable(mime: string | null): boolean {
  if (mime === null) return true;
  return mime === 'text/html' || mime === 'text/plain' || mime.includes('xml');
}

const redirectChainField = (chain: RedirectHop[]) => (chain.length > 1 ? { redirectChain: chain } : {});

/** Runs the probe; always resolves to one JSON object ([F-top] on failure). */
export async function probe(args: ProbeArgs, deps: ProbeDeps): Promise<{ ok: boolean } & Record<string, unknown>> {
  const ctx = deps.runtime;
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let requested = typeof args.url === 'string' ? args.url.trim() : '';
  const policyNow = guardPolicyFor(ctx, deps.allowance);
  let privacyMode: 'local_public' | 'local_private' | 'blocked_by_policy' = 'local_public';

  const fail = (code: FailureCode, message: string, extra: Record<string, unknown> = {}) =>
    topFailure(code, message, {
      url: boundedEcho(requested),
      policy: { privacyMode },
      probeLatencyMs: latency(),
      ...extra,
      timestamp: nowIso(ctx.now),
    });

  try {
    if (!requested) return fail('invalid_arguments', 'url is required.');
    const timeoutMs = args.timeout_ms ?? PROBE_TIMEOUT_DEFAULT_MS;
    if (!Number.isInteger(timeoutMs) || timeoutMs < PROBE_TIMEOUT_MIN_MS || timeoutMs > PROBE_TIMEOUT_MAX_MS) {
      return fail('invalid_arguments', `timeout_ms must be an integer ${PROBE_TIMEOUT_MIN_MS}–${PROBE_TIMEOUT_MAX_MS}.`);
    }
    if (deps.bindHandle) requested = await deps.bindHandle(requested);
    let parsed: URL;
    try {
      // invalid_url for garbage and non-http(s) schemes alike, as on every tool (issue 14).
      parsed = parseHttpUrl(requested);
    } catch (err) {
      return fail('invalid_url', (err as Error).message);
    }
    privacyMode = privacyModeOf(parsed, policyNow);
    const sessionId = args.session_profile?.trim() || null;

    let doc: AcquiredDocument;
    try {
      doc = await acquire(
        requested,
        {
          timeoutMs,
          signal: deps.signal,
          sampleBytes: PROBE_SAMPLE_BYTES,
          metaRefreshHops: 0, // a single GET (redirects only)
          respectRobots: false,
          sessionProfile: sessionId,
          allowance: deps.allowance ?? null,
          errorBodySampleBytes: PROBE_SAMPLE_BYTES,
        },
        { runtime: ctx, resolve: deps.resolve, dial: deps.dial, politeness: deps.politeness },
      );
    } catch (err) {
      // A redirect or DNS answer can make a public-looking URL private: report what the guard decided.
      if (err instanceof OccamError && err.code === 'private_url_blocked') privacyMode = 'blocked_by_policy';
      return failureFromAcquire(err, requested, sessionId, fail);
    }

    privacyMode = doc.privacyMode;
    const { mime } = parseContentType(doc.headers['content-type']);
    const base = {
      ok: true as const,
      url: { requested, final: doc.finalUrl },
    };
    const tier = await domainTierFor(new URL(doc.finalUrl).hostname, ctx);
    if (isPdfResponse(mime, new URL(doc.finalUrl).pathname) || doc.kind === 'pdf') {
      const classification: Classification = {
        pageClass: 'pdf',
        requiresJavascript: false,
        likelyCookieConsent: false,
        likelyChallenge: false,
        likelyLoginRequired: false,
        likelyPaywall: false,
        riskFlags: [],
      };
      if (tier) classification.domainTier = tier.tier;
      return {
        ...base,
        classification,
        recommendation: { backend: 'http', estimatedLatencyMs: 1200, extractability: EXTRACTABILITY.otherwise },
        policy: { privacyMode },
        statusCode: doc.statusCode,
        contentType: mime,
        probeLatencyMs: latency(),
        agentHints: { suggestedNextTool: 'occam_transcode', warnings: [] },
        ...redirectChainField(doc.redirectChain),
        timestamp: nowIso(ctx.now),
      };
    }
    if (!probeReadable(mime)) {
      return fail('unsupported_content_type', `Content type ${mime} is not supported by the probe.`, {
        statusCode: doc.statusCode,
        ...redirectChainField(doc.redirectChain),
      });
    }

    const result = classifyPage({
      html: doc.text,
      requestedUrl: doc.requestedUrl,
      finalUrl: doc.finalUrl,
      statusCode: doc.statusCode,
      hasAuthenticationChallenge: 'www-authenticate' in doc.headers,
      sessionBound: sessionId !== null,
      tier,
    });
    const warnings: string[] = [];
    if (doc.truncated) warnings.push('probe_sample_truncated');
    const hints: Record<string, unknown> = { suggestedNextTool: suggestedNextTool(result), warnings };
    const decisions = decisionsFor(result);
    if (decisions.length) hints.decisions = decisions;
    const out: Record<string, unknown> = {
      ...base,
      classification: result.classification,
      recommendation: result.recommendation,
      policy: { privacyMode },
      statusCode: doc.statusCode,
      contentType: mime,
      probeLatencyMs: latency(),
      agentHints: hints,
    };
    if (args.include_social_meta) out.socialMeta = result.socialMeta;
    Object.assign(out, redirectChainField(doc.redirectChain));
    out.timestamp = nowIso(ctx.now);
    if (result.access) out.access = result.access;
    if (doc.session) out.session = doc.session;
    return out as { ok: boolean } & Record<string, unknown>;
  } catch (err) {
    const { code, message } = normaliseError(err);
    return fail(code, message);
  }
}

function suggestedNextTool(r: ClassifyResult): string {
  if (r.classification.likelyChallenge || r.recommendation.backend === 'none') return 'occam_search';
  return 'occam_transcode';
}

function decisionsFor(r: ClassifyResult): Array<Record<string, string>> {
  const out: Array<Record<string, string>> = [];
  if (r.classification.likelyLoginRequired) {
    out.push({ action: 'configure_session_profile', reason: 'login_required', parameter: 'session_profile' });
  }
  if (r.classification.likelyChallenge) out.push({ action: 'skip_url', reason: 'anti_bot_challenge' });
  if (r.recommendation.backend === 'http_then_browser') {
    out.push({ action: 'use_backend', reason: 'javascript_or_consent', tool: 'occam_transcode', parameter: 'backend_policy' });
  }
  return out;
}

function failureFromAcquire(
  err: unknown,
  requested: string,
  sessionId: string | null,
  fail: (code: FailureCode, message: string, extra?: Record<string, unknown>) => { ok: false } & Record<string, unknown>,
) {
  const e = err instanceof OccamError ? err : null;
  const { code, message } = normaliseError(err);
  const details = e?.details ?? {};
  const extra: Record<string, unknown> = {};
  const statusCode = typeof details.statusCode === 'number' && details.statusCode > 0 ? details.statusCode : undefined;
  if (statusCode) extra.statusCode = statusCode;
  const chain = Array.isArray(details.redirectChain) ? (details.redirectChain as RedirectHop[]) : [];
  Object.assign(extra, redirectChainField(chain));
  // §19.2: an HTTP error page is still classified internally; what it shows surfaces as hints only.
  if (/^http_\d{3}$/.test(code) && typeof details.bodySample === 'string') {
    const headers = (details.headers ?? {}) as Record<string, string>;
    const r = classifyPage({
      html: details.bodySample,
      requestedUrl: requested,
      finalUrl: typeof details.finalUrl === 'string' ? details.finalUrl : requested,
      statusCode: statusCode ?? 0,
      hasAuthenticationChallenge: 'www-authenticate' in headers,
      sessionBound: sessionId !== null,
    });
    const warnings = [...r.classification.riskFlags];
    const hints: Record<string, unknown> = {
      suggestedNextTool: code === 'http_404' || code === 'http_410' ? 'occam_search' : r.classification.likelyLoginRequired ? 'occam_transcode' : 'occam_search',
      warnings,
    };
    const decisions = [
      ...(code === 'http_404' || code === 'http_410' ? [{ action: 'stop', reason: code }] : []),
      ...(code === 'http_401' || code === 'http_403' || r.classification.likelyLoginRequired
        ? [{ action: 'configure_session_profile', reason: code, parameter: 'session_profile' }]
        : []),
    ];
    if (decisions.length) hints.decisions = decisions;
    extra.agentHints = hints;
  }
  return fail(code, message, extra);
}
