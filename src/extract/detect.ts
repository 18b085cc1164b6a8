// Page-state detection (reading.md §9): SPA shell, challenge/anti-bot, access/login walls, paywall hints and the
// extract quality model that separates a thin extract from a complete short page. Every rule table here is data;
// the functions are pure (page signals + markdown in, typed verdict out).
import {
  attr,
  classAndId,
  collapse,
  findAll,
  findFirst,
  textOf,
  walk,
  type Document,
  type Element,
} from './dom.ts';
import type { AccessEvidence, PageSignals } from './types.ts';
import { listOf, patternOf, patternsOf, setOf } from './rules/lexicon.ts';
import {
  SPA_STUB_MARKERS as SPA_STUB_MARKERS_ROW,
  BENIGN_MARKUP as BENIGN_MARKUP_ROW,
  RATE_LIMIT_PHRASES as RATE_LIMIT_PHRASES_ROW,
  LOGIN_SEGMENTS as LOGIN_SEGMENTS_ROW,
  LOGIN_WORDS as LOGIN_WORDS_ROW,
  LOGIN_HEADING as LOGIN_HEADING_ROW,
  AUTH_TERMS as AUTH_TERMS_ROW,
  OVERLAY_PATTERN as OVERLAY_PATTERN_ROW,
  PAYWALL_PHRASES as PAYWALL_PHRASES_ROW,
  CONSENT_OR_ROBOT as CONSENT_OR_ROBOT_ROW,
  CTA as CTA_ROW,
  DEFINITIONAL as DEFINITIONAL_ROW,
} from './rules/page-state.ts';

// ---------------------------------------------------------------------------------------------------------------
// §9.1 SPA shell and whole-page signals

export const SPA_STUB_MARKERS = listOf(SPA_STUB_MARKERS_ROW);

export const SPA_VISIBLE_TEXT_LIMIT = 500;

/** Visible text per §9.1: HTML minus script/style blocks and tags, entities decoded, whitespace collapsed. */
export function visibleTextOf(doc: Document): string {
  return textOf(doc);
}

/** SPA_STUB_MARKERS as one case-insensitive pattern (ASCII needles: the same hits as on a lower-cased copy). */
const SPA_STUB_PATTERN = new RegExp(SPA_STUB_MARKERS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');

export function pageSignals(html: string, doc: Document, visibleText?: string): PageSignals {
  // Searched case-insensitively in place: a lower-cased copy of the page was a page-sized string (issue 14).
  const visible = visibleText ?? visibleTextOf(doc);
  const scriptCount = countMatches(html, /<script/gi);
  const stubMarker = SPA_STUB_PATTERN.test(html);
  return {
    htmlChars: html.length,
    visibleTextChars: visible.length,
    visibleRatio: html.length > 0 ? round4(visible.length / html.length) : 0,
    scriptCount,
    scriptDensity: Math.min(1, scriptCount / 40),
    stubMarker,
    spaShell: visible.length < SPA_VISIBLE_TEXT_LIMIT && stubMarker,
    hasNoscript: /<noscript/i.test(html),
    access: accessEvidence(doc, visible),
  };
}

function countMatches(hay: string, re: RegExp): number {
  let n = 0;
  re.lastIndex = 0;
  while (re.exec(hay)) n++;
  return n;
}

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

// ---------------------------------------------------------------------------------------------------------------
// §9.2 Challenge / anti-bot

export type ChallengeKind = 'rate_limit' | 'turnstile' | 'hcaptcha' | 'datadome' | 'js_challenge' | 'generic_challenge';
export type ChallengeAction = 'retry_later' | 'skip_url' | 'stop' | 'session_cookies';

export interface ChallengeVerdict {
  kind: ChallengeKind;
  recommendedAction: ChallengeAction;
  /** The needle (or status rule) that fired. */
  matched: string;
}

/** Only pages whose extract is at most this long are examined: a long article that mentions the words is content. */
export const CHALLENGE_MAX_MARKDOWN_CHARS = 2000;
/** Visible text (title + page text) from which a page is its own content, whatever vendor markers its markup holds. */
export const VENDOR_MARKER_VISIBLE_CHARS = 1500;
/** Prose characters of the extract with the same effect (a short product page with a real description). */
export const VENDOR_MARKER_PROSE_CHARS = 300;

/**
 * Needle rules in priority order. `in: 'markup'` needles are vendor markers searched in the raw HTML (script
 * hosts, widget classes); `in: 'text'` needles are phrases searched in the title + visible text, so a reCAPTCHA
 * script or a "protected by reCAPTCHA" footer on a small page does not read as a wall.
 */
export const CHALLENGE_RULES: ReadonlyArray<{
  kind: ChallengeKind;
  action: ChallengeAction;
  in: 'markup' | 'text';
  needles: readonly string[];
}> = [
  { kind: 'turnstile', action: 'skip_url', in: 'markup', needles: ['challenges.cloudflare.com/turnstile', 'cf-turnstile'] },
  { kind: 'turnstile', action: 'skip_url', in: 'text', needles: ['turnstile'] },
  { kind: 'hcaptcha', action: 'stop', in: 'markup', needles: ['hcaptcha'] },
  { kind: 'datadome', action: 'stop', in: 'markup', needles: ['captcha-delivery.com', 'datadome'] },
  { kind: 'js_challenge', action: 'session_cookies', in: 'markup', needles: ['cf-challenge', 'challenges.cloudflare.com', 'challenge-platform'] },
  {
    kind: 'js_challenge',
    action: 'session_cookies',
    in: 'text',
    needles: ['checking your browser', 'just a moment', 'performance & security by cloudflare', 'ray id:', 'enable javascript and cookies'],
  },
  {
    kind: 'generic_challenge',
    action: 'stop',
    in: 'text',
    needles: ['verify you are human', 'attention required', 'why have i been blocked', 'sorry, you have been blocked', 'captcha'],
  },
];

const BENIGN_MARKUP = patternsOf(BENIGN_MARKUP_ROW);

function benignMarkupRemoved(markup: string): string {
  let m = markup;
  for (const re of BENIGN_MARKUP) m = m.replace(re, '');
  return m;
}

export const RATE_LIMIT_PHRASES = listOf(RATE_LIMIT_PHRASES_ROW);

export interface ChallengeInput {
  html: string;
  /** Title + visible text of the page (any case). */
  visibleText: string;
  markdown: string;
  url: string;
  statusCode?: number;
  visibleRatio: number;
  /** Prose chars of the extract (quality model `visibleProse`). */
  proseChars: number;
  isDocs?: boolean;
}

export function detectChallenge(input: ChallengeInput): ChallengeVerdict | undefined {
  if (input.markdown.length > CHALLENGE_MAX_MARKDOWN_CHARS) return undefined;
  const text = input.visibleText.toLowerCase();
  const markup = benignMarkupRemoved(input.html.toLowerCase());
  if (input.statusCode === 429) return { kind: 'rate_limit', recommendedAction: 'retry_later', matched: 'status_429' };
  const rate = RATE_LIMIT_PHRASES.find((p) => text.includes(p));
  if (rate && input.visibleRatio < 0.08 && input.proseChars < 500 && !input.isDocs) {
    return { kind: 'rate_limit', recommendedAction: 'retry_later', matched: rate };
  }
  if (input.url.includes('__cf_chl')) return { kind: 'js_challenge', recommendedAction: 'session_cookies', matched: '__cf_chl' };
  // A vendor marker in the markup alone is the page's protection of a form or its bot beacon (every Shopify store
  // ships the storefront-forms hCaptcha; DataDome's tag and config keys sit on every page it protects) unless the page
  // has nothing else to show: a wall replaces the page, so it leaves little visible text.
  const ownContent = input.visibleText.length >= VENDOR_MARKER_VISIBLE_CHARS || input.proseChars >= VENDOR_MARKER_PROSE_CHARS;
  for (const rule of CHALLENGE_RULES) {
    if (rule.in === 'markup' && ownContent) continue;
    const hay = rule.in === 'markup' ? markup : text;
    for (const needle of rule.needles) {
      // The bare word is a form's field label ("Captcha *") on a page with content; the wall phrases stay decisive.
      if (needle === 'captcha' && ownContent) continue;
      const hit = needle === 'captcha' ? /(?<!re)captcha/.test(hay) : hay.includes(needle);
      if (hit) return { kind: rule.kind, recommendedAction: rule.action, matched: needle };
    }
  }
  if ((input.statusCode === 403 || input.statusCode === 503) && (input.url.toLowerCase().includes('cloudflare') || markup.includes('cloudflare'))) {
    return { kind: 'js_challenge', recommendedAction: 'skip_url', matched: `status_${input.statusCode}_cloudflare` };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// §9.3 Access / login

const LOGIN_SEGMENTS = setOf(LOGIN_SEGMENTS_ROW);
const LOGIN_WORDS = patternOf(LOGIN_WORDS_ROW);
const LOGIN_HEADING = patternOf(LOGIN_HEADING_ROW);
const AUTH_TERMS = patternOf(AUTH_TERMS_ROW);
const OVERLAY_PATTERN = patternOf(OVERLAY_PATTERN_ROW);

export const USABLE_CONTENT_CHARS = 600;

export function accessEvidence(doc: Document, bodyText?: string): AccessEvidence {
  let passwordField = false;
  let identityField = false;
  let loginFormAction = false;
  let blockingOverlay = false;
  let loginHeading = false;
  let main: Element | undefined;
  let article: Element | undefined;
  const forms: Element[] = [];
  // One pass over the tree collects every piece of evidence.
  walk(doc, (el) => {
    switch (el.name) {
      case 'input': {
        const type = (attr(el, 'type') ?? 'text').toLowerCase();
        const name = `${attr(el, 'name') ?? ''} ${attr(el, 'id') ?? ''} ${attr(el, 'autocomplete') ?? ''}`.toLowerCase();
        if (type === 'password') passwordField = true;
        else if (type === 'email' || /user(name)?|e-?mail|login/.test(name)) identityField = true;
        return;
      }
      case 'form':
        forms.push(el);
        break;
      case 'h1':
      case 'h2':
        if (!loginHeading && LOGIN_HEADING.test(textOf(el))) loginHeading = true;
        return false;
      case 'main':
        main ??= el;
        break;
      case 'article':
        article ??= el;
        break;
      case 'script':
      case 'style':
        return false;
    }
    if (!blockingOverlay && (el.attribs.class || el.attribs.id) && OVERLAY_PATTERN.test(classAndId(el))) blockingOverlay = true;
    return true;
  });
  for (const form of forms) {
    const hasPassword = findFirst(form, (e) => e.name === 'input' && (attr(e, 'type') ?? '').toLowerCase() === 'password');
    if (!hasPassword) continue;
    const action = (attr(form, 'action') ?? '').toLowerCase();
    const routeHit = action.split(/[/?#.]/).some((seg) => LOGIN_SEGMENTS.has(seg));
    const buttons = findAll(form, (e) => e.name === 'button' || (e.name === 'input' && /^(submit|button)$/i.test(attr(e, 'type') ?? '')));
    const buttonHit = buttons.some((b) => LOGIN_WORDS.test(b.name === 'input' ? (attr(b, 'value') ?? '') : textOf(b)));
    if (routeHit || buttonHit) loginFormAction = true;
  }
  // Usable content: the longest of main / article / body text (a login modal beside a real article is not a wall).
  const body = bodyText ?? textOf(findFirst(doc, (e) => e.name === 'body') ?? doc);
  let scopeText = body;
  if (body.length < USABLE_CONTENT_CHARS) {
    for (const s of [main, article]) {
      const t = s ? textOf(s) : '';
      if (t.length > scopeText.length) scopeText = t;
    }
  }
  return {
    passwordField,
    identityField,
    loginFormAction,
    loginHeading,
    blockingOverlay,
    hasUsableContent: scopeText.length >= USABLE_CONTENT_CHARS,
    authenticationTerminology: AUTH_TERMS.test(scopeText.length > 20000 ? scopeText.slice(0, 20000) : scopeText),
  };
}

export type AccessDisposition = 'open' | 'restricted' | 'unknown';

export interface AccessVerdict {
  disposition: AccessDisposition;
  confidence: number;
  evidenceCodes: string[];
  recommendedAction: 'use_session' | 'continue' | 'retry_or_inspect';
}

export interface AccessInput {
  evidence: AccessEvidence;
  statusCode?: number;
  /** A `WWW-Authenticate` header was present. */
  hasAuthenticationChallenge?: boolean;
  requestedUrl?: string;
  finalUrl?: string;
}

/** True when the final URL differs from the requested one and has a login-like path segment (extension stripped). */
export function redirectedToLogin(requestedUrl: string | undefined, finalUrl: string | undefined): boolean {
  if (!requestedUrl || !finalUrl || requestedUrl === finalUrl) return false;
  let path: string;
  try {
    path = new URL(finalUrl).pathname;
  } catch {
    return false;
  }
  return path
    .split('/')
    .map((seg) => seg.replace(/\.[a-z0-9]+$/i, '').toLowerCase())
    .some((seg) => LOGIN_SEGMENTS.has(seg));
}

export function assessAccess(input: AccessInput): AccessVerdict {
  const e = input.evidence;
  const codes: string[] = [];
  if (input.statusCode === 401) codes.push('http_401');
  if (input.hasAuthenticationChallenge) codes.push('authentication_challenge');
  const toLogin = redirectedToLogin(input.requestedUrl, input.finalUrl);
  if (toLogin) codes.push('redirected_to_login');
  if (e.passwordField) codes.push('password_field');
  if (e.identityField) codes.push('identity_field');
  if (e.loginFormAction) codes.push('login_form_action');
  if (e.loginHeading) codes.push('login_heading');
  if (e.blockingOverlay) codes.push('blocking_overlay');
  if (e.hasUsableContent) codes.push('usable_content');
  const blockingIdentityUi = e.passwordField && (e.identityField || e.loginFormAction || e.loginHeading) && !e.hasUsableContent;
  if (input.statusCode === 401 || input.hasAuthenticationChallenge || toLogin || blockingIdentityUi) {
    if (blockingIdentityUi) codes.push('blocking_identity_ui');
    return { disposition: 'restricted', confidence: 0.95, evidenceCodes: codes, recommendedAction: 'use_session' };
  }
  if (e.hasUsableContent) {
    if (e.authenticationTerminology) codes.push('authentication_terminology_non_decisive');
    return { disposition: 'open', confidence: 0.85, evidenceCodes: codes, recommendedAction: 'continue' };
  }
  return { disposition: 'unknown', confidence: 0.25, evidenceCodes: codes, recommendedAction: 'retry_or_inspect' };
}

export const PAYWALL_PHRASES = listOf(PAYWALL_PHRASES_ROW);

export function looksPaywalled(textOrHtml: string): boolean {
  const lower = textOrHtml.toLowerCase();
  return PAYWALL_PHRASES.some((p) => lower.includes(p));
}

// ---------------------------------------------------------------------------------------------------------------
// §9.4 Extract quality model

export type QualityVerdictName = 'rich' | 'short_quality' | 'noisy' | 'thin';

export interface QualityVerdict {
  verdict: QualityVerdictName;
  good: boolean;
  score: number;
  noise: number;
  contentDensity: number;
  semanticRichness: number;
  lengthPrior: number;
  visibleProse: number;
  /** Reasons the noise score rose (stable codes). */
  noiseReasons: string[];
}

/** Noise rules as data: code, weight, test. Weights are reading.md §9.4's; the phrases are rows of rules/page-state.ts. */
const CONSENT_OR_ROBOT = patternOf(CONSENT_OR_ROBOT_ROW);
const CTA = patternOf(CTA_ROW);
const DEFINITIONAL = patternOf(DEFINITIONAL_ROW);
const SENTENCE_END = /[.!?。！？]/g;
const SENTENCE_OPENING = /^[\p{L}\p{N}]/u;

/** reading.md §9.4 `visibleProse`: drop images, link URLs (keep text), heading and bullet markers, whitespace runs. */
export function visibleProseOf(markdown: string): string {
  const prose = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,12}#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[*+-]|\d+[.)])\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/`{3,}[^\n]*/g, '')
    .replace(/\|/g, ' ');
  return collapse(prose);
}

export function assessQuality(markdown: string): QualityVerdict {
  const total = markdown.length;
  const prose = visibleProseOf(markdown);
  const v = prose.length;
  const contentDensity = total > 0 ? Math.min(1, v / total) : 0;
  const lengthPrior = v / (v + 120);
  // Counted while scanning, never collected: on a page-sized extract the arrays of every token, sentence and line
  // were the largest transient allocations of a read (issue 14).
  let tokenCount = 0;
  const uniqueTokens = new Set<string>();
  for (const m of prose.toLowerCase().matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    tokenCount++;
    uniqueTokens.add(m[0]);
  }
  const unique = uniqueTokens.size;
  // Sentence-like runs: ≥ 25 chars between terminators, starting with a letter/digit. Found terminator by
  // terminator: a pattern for "a run, then its terminator" retries from every position of a long run that has none
  // and is quadratic in it (issue 30: 40 s for 100 KB of unpunctuated prose).
  let sentences = 0;
  let runStart = 0;
  for (const end of prose.matchAll(SENTENCE_END)) {
    const t = prose.slice(runStart, end.index).trimStart();
    if (t.length >= 25 && SENTENCE_OPENING.test(t)) sentences++;
    runStart = end.index + 1;
  }
  const semanticRichness =
    tokenCount === 0 ? 0 : 0.4 * Math.min(1, sentences / 4) + 0.3 * (unique / tokenCount) + 0.3 * Math.min(1, unique / 60);

  const headingShell = total < 400 && isHeadingShell(markdown);
  let linkCount = 0;
  let linkChars = 0;
  for (const m of markdown.matchAll(/\[([^\]]*)\]\([^)]*\)/g)) {
    linkCount++;
    linkChars += m[1].length;
  }

  let noise = 0;
  const noiseReasons: string[] = [];
  const add = (code: string, w: number): void => {
    noise += w;
    noiseReasons.push(code);
  };
  if (v < 1500 && CONSENT_OR_ROBOT.test(prose)) add('consent_or_robot', 0.55);
  if (total <= 280 && CTA.test(prose)) add('promo_cta', DEFINITIONAL.test(prose) ? 0.35 : 0.45);
  if (total < 400) add('tiny_sparse', 0.25);
  if (headingShell) add('heading_shell', 0.55);
  if (linkCount >= 5 && v > 0 && linkChars / v > 0.6) add('link_farm', 0.3);
  noise = Math.max(0, Math.min(1, noise));

  const score = round4(0.35 * (1 - noise) + 0.25 * contentDensity + 0.25 * semanticRichness + 0.15 * lengthPrior);
  let good: boolean;
  if (v < 40 || noise >= 0.7 || headingShell) good = false;
  else good = score >= 0.55 || (score >= 0.4 && contentDensity >= 0.45 && noise < 0.35);

  let verdict: QualityVerdictName;
  if (!good) verdict = noise >= 0.55 ? 'noisy' : 'thin';
  else if (total < 500 && v < 280) verdict = 'short_quality';
  else if (score >= 0.7) verdict = 'rich';
  else verdict = noise >= 0.35 ? 'noisy' : 'rich';

  return {
    verdict,
    good,
    score,
    noise: round4(noise),
    contentDensity: round4(contentDensity),
    semanticRichness: round4(semanticRichness),
    lengthPrior: round4(lengthPrior),
    visibleProse: v,
    noiseReasons,
  };
}

/** Headings and next to nothing else: no lists, no links, under 40 chars outside the heading lines. */
function isHeadingShell(markdown: string): boolean {
  const lines = markdown.split('\n').filter((l) => l.trim());
  const headingLines = lines.filter((l) => /^#{1,6}\s/.test(l));
  const nonHeadingChars = lines.filter((l) => !/^#{1,6}\s/.test(l)).join(' ').trim().length;
  const hasListsOrLinks = /^\s*(?:[*+-]|\d+[.)])\s+/m.test(markdown) || /\]\(/.test(markdown);
  return headingLines.length >= 2 && !hasListsOrLinks && nonHeadingChars < 40;
}

/** reading.md §9.4 `confidence`: score ±0.05 for browser/truncation, at most 0.25 when bad. */
export function qualityConfidence(q: QualityVerdict, opts: { browser?: boolean; truncated?: boolean } = {}): number {
  let c = q.score + (opts.browser ? 0.05 : 0) - (opts.truncated ? 0.05 : 0);
  if (!q.good) c = Math.min(c, 0.25);
  return round4(Math.max(0, Math.min(1, c)));
}

// ---------------------------------------------------------------------------------------------------------------
// The post-processing verdict in reading.md §2 step 8 order: challenge → login/access → thin.

export type PageStateFailureCode = 'captcha_or_challenge' | 'requires_login' | 'thin_extract' | 'extraction_failed';

export const PAGE_STATE_MESSAGES: Record<PageStateFailureCode, string> = {
  captcha_or_challenge: 'anti-bot or Cloudflare challenge page',
  requires_login: 'The page requires signing in; configure a session_profile to read it.',
  thin_extract: 'Extraction produced only chrome, a shell or near-empty content.',
  extraction_failed: 'No main content could be extracted from the page.',
};

export type PageState =
  | { ok: true; quality: QualityVerdict; access?: AccessVerdict }
  | {
      ok: false;
      code: PageStateFailureCode;
      message: string;
      challenge?: ChallengeVerdict;
      access?: AccessVerdict;
      quality?: QualityVerdict;
      /** §9.1 SPA shell detected: the failure should escalate to a browser under `http_then_browser`. */
      spaShell?: boolean;
    };

export interface PageStateInput {
  html: string;
  url: string;
  markdown: string;
  title?: string;
  visibleText: string;
  signals: PageSignals;
  statusCode?: number;
  hasAuthenticationChallenge?: boolean;
  requestedUrl?: string;
  /** A session profile was applied: the login post-processor is skipped (§5). */
  sessionBound?: boolean;
  isDocs?: boolean;
  /** The extract has headings and nothing under them: as empty as no markdown at all. */
  headingsOnly?: boolean;
}

export function assessPageState(input: PageStateInput): PageState {
  const quality = assessQuality(input.markdown);
  const challenge = detectChallenge({
    html: input.html,
    visibleText: `${input.title ?? ''} ${input.visibleText}`,
    markdown: input.markdown,
    url: input.url,
    statusCode: input.statusCode,
    visibleRatio: input.signals.visibleRatio,
    proseChars: quality.visibleProse,
    isDocs: input.isDocs,
  });
  if (challenge) {
    return { ok: false, code: 'captcha_or_challenge', message: PAGE_STATE_MESSAGES.captcha_or_challenge, challenge, quality };
  }
  let access: AccessVerdict | undefined;
  if (!input.sessionBound) {
    access = assessAccess({
      evidence: input.signals.access,
      statusCode: input.statusCode,
      hasAuthenticationChallenge: input.hasAuthenticationChallenge,
      requestedUrl: input.requestedUrl,
      finalUrl: input.url,
    });
    if (access.disposition === 'restricted') {
      return { ok: false, code: 'requires_login', message: PAGE_STATE_MESSAGES.requires_login, access, quality };
    }
  }
  if (!input.markdown.trim() || input.headingsOnly) {
    const code = input.signals.spaShell || input.signals.visibleTextChars > 0 ? 'thin_extract' : 'extraction_failed';
    return { ok: false, code, message: PAGE_STATE_MESSAGES[code], access, quality, spaShell: input.signals.spaShell };
  }
  if (!quality.good) {
    return { ok: false, code: 'thin_extract', message: PAGE_STATE_MESSAGES.thin_extract, access, quality, spaShell: input.signals.spaShell };
  }
  return { ok: true, quality, access };
}
