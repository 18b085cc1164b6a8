// occam_map (reading.md §18): same-site link discovery over HTTP only — homepage anchors, or sitemaps found via
// robots.txt (index and gzipped sitemaps included) — filtered for non-content and soft-404 links, optionally ranked
// against a focus query. Returns links, never Markdown. One total deadline covers every fetch.
import { gunzipSync } from 'node:zlib';
import type { RuntimeContext } from '../runtime/context.ts';
import { OccamError } from '../contract/failures.ts';
import { decomposeQuery, type FocusQuery } from '../budget/focus.ts';
import { acquire, parseFetchUrl, type AcquireDeps } from '../fetch/acquire.ts';
import { parseHttpUrl } from './url-input.ts';
import type { PrivateOriginAllowance } from '../fetch/guard.ts';
import { parseRobots } from '../fetch/politeness.ts';
import { browserParser, collapse, collapseSpaces, NON_TEXT } from '../extract/dom.ts';

export const MAP_SOURCES = ['homepage', 'sitemap', 'robots'] as const;
export type MapSource = (typeof MAP_SOURCES)[number];

const HOMEPAGE_MAX_BYTES = 512 * 1024;
const ROBOTS_MAX_BYTES = 128 * 1024;
const SITEMAP_MAX_BYTES = 2 * 1024 * 1024;
const SITEMAP_MAX_DOCS = 4;
const HUB_PAGES = 3;
const STRONG_HIT = 4.0;
/**
 * Anchors of one page considered, in document order: a homepage's navigation and content fit well within it, and
 * a link flood (tens of thousands of anchors) costs no more than this many (issue 30).
 */
export const MAP_MAX_ANCHORS = 5000;
/** Characters of an anchor's surrounding text (its parent element's) kept for ranking. */
const CONTEXT_MAX_CHARS = 300;
/** Characters of an anchor's own text kept as its title (a card link may wrap a whole teaser). */
const TITLE_MAX_CHARS = 1000;
/**
 * Open elements, innermost first, whose text one text node extends: a link's parent is the innermost element
 * around it, so text nested deeper than this below it is the only text its context can miss.
 */
const TEXT_DEPTH = 32;
/** The page is scanned in slices of this many characters, yielding to the event loop between them. */
const SCAN_SLICE_CHARS = 32 * 1024;

export interface MapRequest {
  url: string;
  source: MapSource;
  maxLinks: number;
  sameDomain: boolean;
  filterNonsense: boolean;
  focusQuery: string | null;
  timeoutMs: number;
  sessionProfile: string | null;
}

export interface MapDeps extends Pick<AcquireDeps, 'resolve' | 'dial' | 'politeness'> {
  runtime: RuntimeContext;
  signal?: AbortSignal;
  allowance?: PrivateOriginAllowance | null;
}

export interface MapLink {
  url: string;
  title: string;
  path: string;
}

interface Candidate extends MapLink {
  /** Text around the anchor (list item / paragraph), for ranking. */
  context: string;
  order: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Filtering (§18.4)

const NONSENSE_PATH = /\/_next\/static|\/webpack|\/chunk|\/hot-update|\/__webpack|\/assets\/|\/static\/js\/|\/static\/css\/|\/node_modules\/|\/undefined(\/|$)|\/null(\/|$)/i;
const NONSENSE_EXT = /\.(js|mjs|css|map|woff2?|ttf|eot|png|jpe?g|gif|svg|ico|webp|avif|pdf|zip|gz)$/i;
const SOFT_404_TITLE = /\b404\b|not found|page not found|\berror\b|\boops\b/i;
const SOFT_404_PATH = /\/404(\/|\.|$)|\/not-found(\/|\.|$)|\/errors?(\/|\.|$)/i;

/** Why a link is not content (null = keep). */
export function nonsenseReason(link: { url: string; title: string; path: string }): string | null {
  let u: URL;
  try {
    u = new URL(link.url);
  } catch {
    return 'unparsable';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'scheme';
  if (NONSENSE_PATH.test(u.pathname)) return 'build_asset';
  if (NONSENSE_EXT.test(u.pathname)) return 'asset_extension';
  if (SOFT_404_TITLE.test(link.title)) return 'soft_404_title';
  if (u.pathname !== '/' && SOFT_404_PATH.test(u.pathname)) return 'soft_404_path';
  return null;
}

const siteKey = (host: string) => host.toLowerCase().replace(/^www\./, '');

// ---------------------------------------------------------------------------------------------------------------
// Ranking (§18.4, with §12.5 query decomposition)

const VERSION_QUERY = /\b(version|versions|release|releases|changelog|whatsnew|what's new|history|upgrade|migrat)/i;
const VERSION_PATH = /changelog|whatsnew|release-notes|releases|history|\/\d+\.\d+(\.\d+)?\//i;

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function scoreLink(link: Candidate, q: FocusQuery): number {
  const segments = decodeURIComponent(link.path).toLowerCase().split(/[/._-]+/).filter(Boolean);
  const pathText = decodeURIComponent(link.path).toLowerCase();
  const titleTokens = new Set(tokens(link.title));
  const contextTokens = new Set(tokens(link.context));
  let score = 0;
  let primaryHits = 0;
  for (const p of q.primary) {
    const term = p.toLowerCase();
    if (segments.includes(term)) {
      score += 12;
      primaryHits++;
    } else if (pathText.includes(term)) {
      score += 9;
      primaryHits++;
    }
    if (titleTokens.has(term)) {
      score += 8;
      primaryHits++;
    } else if (contextTokens.has(term)) {
      score += 2;
    }
  }
  const phrase = q.raw.toLowerCase().trim();
  if (phrase.length >= 3 && /\s/.test(phrase)) {
    if (pathText.includes(phrase.replace(/\s+/g, '-')) || pathText.includes(phrase.replace(/\s+/g, '_'))) score += 10;
    if (link.title.toLowerCase().includes(phrase)) score += 6;
    else if (link.context.toLowerCase().includes(phrase)) score += 2.5;
  }
  let supporting = 0;
  for (const s of q.supporting) if (titleTokens.has(s) || segments.includes(s)) supporting += 0.5;
  score += Math.min(2.5, supporting);
  if (q.primary.length > 0 && primaryHits === 0) score -= 8;
  if (!VERSION_QUERY.test(q.raw) && VERSION_PATH.test(pathText)) score -= primaryHits > 0 ? 3 + 2 : 6;
  return score;
}

// ---------------------------------------------------------------------------------------------------------------
// Discovery

class Deadline {
  readonly #end: number;
  readonly signal: AbortSignal;
  constructor(ms: number, outer?: AbortSignal) {
    this.#end = performance.now() + ms;
    const own = AbortSignal.timeout(ms);
    this.signal = outer ? AbortSignal.any([outer, own]) : own;
  }
  remaining(): number {
    return Math.max(0, Math.floor(this.#end - performance.now()));
  }
  get expired(): boolean {
    return this.remaining() <= 0 || this.signal.aborted;
  }
}

/**
 * The text of one open element, as textOf builds it (whitespace runs collapsed, trimmed), up to `max` characters.
 * Kept by the elements that are, or may turn out to be, a link's parent, and by each link.
 */
class TextPrefix {
  readonly #parts: string[] = [];
  #length = 0;
  #endsInSpace = true; // at the start, like trim(): a leading space is dropped
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get full(): boolean {
    return this.#length > this.max; // one past the limit, so whether a space there is the last one is settled
  }
  add(collapsed: string): void {
    const s = this.#endsInSpace && collapsed.charCodeAt(0) === 32 ? collapsed.slice(1) : collapsed;
    if (s.length === 0) return;
    this.#parts.push(s);
    this.#length += s.length;
    this.#endsInSpace = s.charCodeAt(s.length - 1) === 32;
  }
  text(): string {
    const joined = this.#parts.join('');
    return (this.#endsInSpace ? joined.slice(0, -1) : joined).slice(0, this.max);
  }
}

interface OpenElement {
  name: string;
  text: TextPrefix | null;
}

interface ScannedAnchor {
  href: string;
  titleAttr: string | undefined;
  title: TextPrefix;
  context: TextPrefix | null;
}

/**
 * The page's anchors (at most MAP_MAX_ANCHORS; `capped` says there were more), read by one streaming pass that
 * yields to the event loop between slices of the page, so a link-heavy page neither blocks other calls nor costs
 * more than its size: each text node extends at most TEXT_DEPTH open elements' bounded text, and no tree is built
 * (issue 30: 8,000 links in one parent took 73 s when every link collapsed its parent's whole text).
 */
export async function anchorsOf(html: string, pageUrl: string, signal?: AbortSignal): Promise<{ candidates: Candidate[]; capped: boolean }> {
  const open: OpenElement[] = [];
  const anchors: ScannedAnchor[] = [];
  let capped = false;
  const parser = browserParser({
    onopentag(name, attribs) {
      if (capped) return void open.push({ name, text: null });
      const isLink = name === 'a';
      if (isLink && anchors.length === MAP_MAX_ANCHORS) {
        capped = true;
        return void open.push({ name, text: null });
      }
      // Every element keeps its text from its start (bounded): it may turn out to be a link's parent.
      const text = new TextPrefix(isLink ? TITLE_MAX_CHARS : CONTEXT_MAX_CHARS);
      if (isLink) anchors.push({ href: attribs.href ?? '', titleAttr: attribs.title, title: text, context: open.at(-1)?.text ?? null });
      open.push({ name, text });
    },
    onclosetag(name) {
      // htmlparser2 closes implied elements itself, one event each, innermost first.
      for (let i = open.length - 1; i >= 0; i--) {
        if (open[i].name !== name) continue;
        open.length = i;
        break;
      }
    },
    ontext(data) {
      if (data.length === 0) return;
      const collapsed = collapseSpaces(data.includes('\u00ad') ? data.replaceAll('\u00ad', '') : data);
      // Text inside a script-like element is no text of it or of what holds it (a link inside a <template> still
      // has its own text).
      for (let i = open.length - 1, seen = 0; i >= 0 && seen < TEXT_DEPTH && !NON_TEXT.has(open[i].name); i--, seen++) {
        const text = open[i].text;
        if (text && !text.full) text.add(collapsed);
      }
    },
  });
  for (let at = 0; at < html.length && !capped; at += SCAN_SLICE_CHARS) {
    parser.write(html.slice(at, at + SCAN_SLICE_CHARS));
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw signal.reason;
  }
  parser.end();
  const out: Candidate[] = [];
  for (const a of anchors) {
    const href = a.href.trim();
    if (!href || href.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(href)) continue;
    let abs: URL;
    try {
      abs = new URL(href, pageUrl);
    } catch {
      continue;
    }
    abs.hash = '';
    out.push({
      url: abs.href,
      title: a.title.text() || collapse(a.titleAttr ?? '') || abs.pathname,
      path: abs.pathname,
      context: a.context?.text() ?? '',
      order: out.length,
    });
  }
  return { candidates: out, capped };
}

const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi;
const decodeXmlEntities = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/** Reads `<loc>` values without any DTD or entity expansion; says whether the document is a sitemap index. */
export function parseSitemap(xml: string): { index: boolean; locs: string[] } {
  const index = /<sitemapindex[\s>]/i.test(xml);
  return { index, locs: [...xml.matchAll(LOC)].map((m) => decodeXmlEntities(m[1].trim())) };
}

interface Discovery {
  finalUrl: string;
  candidates: Candidate[];
  partial: boolean;
  /** The page had more than MAP_MAX_ANCHORS anchors; those after it were not considered. */
  anchorsCapped?: boolean;
}

async function discoverHomepage(seed: URL, req: MapRequest, deps: MapDeps, deadline: Deadline): Promise<Discovery> {
  const doc = await acquire(
    seed.href,
    { timeoutMs: Math.max(1, deadline.remaining()), sampleBytes: HOMEPAGE_MAX_BYTES, sessionProfile: req.sessionProfile, signal: deadline.signal, allowance: deps.allowance },
    deps,
  );
  if (doc.kind !== 'html') {
    throw new OccamError('unsupported_content_type', `The seed is ${doc.contentType ?? 'not HTML'}; map reads HTML pages.`, { finalUrl: doc.finalUrl });
  }
  const { candidates, capped } = await anchorsOf(doc.text, doc.finalUrl, deadline.signal);
  return { finalUrl: doc.finalUrl, candidates, partial: false, ...(capped ? { anchorsCapped: true } : {}) };
}

async function discoverSitemaps(seed: URL, req: MapRequest, deps: MapDeps, deadline: Deadline, cap: number): Promise<Discovery> {
  const fetchOpts = (maxBytes: number) => ({
    timeoutMs: Math.max(1, deadline.remaining()),
    maxBytes,
    sessionProfile: req.sessionProfile,
    signal: deadline.signal,
    allowance: deps.allowance,
    respectRobots: false,
    acceptBinary: true,
  });
  const declared: string[] = [];
  try {
    const robots = await acquire(new URL('/robots.txt', seed).href, fetchOpts(ROBOTS_MAX_BYTES), deps);
    if (robots.kind !== 'binary') {
      for (const s of parseRobots(robots.text).sitemaps) {
        try {
          declared.push(new URL(s, robots.finalUrl).href); // relative Sitemap: lines resolve against robots.txt
        } catch {
          // an unparsable line is skipped
        }
      }
    }
  } catch (err) {
    if (err instanceof OccamError && (err.code === 'private_url_blocked' || err.code === 'timeout')) throw err;
    // no robots.txt: fall through
  }
  const queue = declared.length > 0 ? declared : req.source === 'sitemap' ? [new URL('/sitemap.xml', seed).href] : [];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  let docs = 0;
  let partial = false;
  while (queue.length > 0 && docs < SITEMAP_MAX_DOCS && candidates.length < cap) {
    if (deadline.expired) {
      partial = true;
      break;
    }
    const next = queue.shift() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    docs++;
    let xml: string;
    try {
      const doc = await acquire(next, fetchOpts(SITEMAP_MAX_BYTES), deps);
      xml =
        doc.bytes[0] === 0x1f && doc.bytes[1] === 0x8b
          ? gunzipSync(doc.bytes, { maxOutputLength: SITEMAP_MAX_BYTES }).toString('utf8')
          : doc.kind === 'binary'
            ? ''
            : doc.text;
    } catch (err) {
      if (err instanceof OccamError && err.code === 'private_url_blocked') throw err;
      if (deadline.expired) {
        partial = true;
        break;
      }
      continue; // one broken sitemap does not end discovery
    }
    const parsed = parseSitemap(xml);
    if (parsed.index) {
      for (const loc of parsed.locs) queue.push(loc); // a sitemap index may list more entries than a spread can take
      continue;
    }
    for (const loc of parsed.locs) {
      let u: URL;
      try {
        u = new URL(loc);
      } catch {
        continue;
      }
      const last = u.pathname.split('/').filter(Boolean).pop() ?? u.hostname;
      candidates.push({ url: u.href, title: decodeURIComponent(last).replace(/[-_]+/g, ' ').replace(/\.\w+$/, ''), path: u.pathname, context: '', order: candidates.length });
      if (candidates.length >= cap) break;
    }
  }
  if (candidates.length === 0 && partial) throw new OccamError('timeout', `Sitemap discovery exceeded timeout_ms (${req.timeoutMs} ms).`);
  return { finalUrl: seed.href, candidates, partial };
}

export type MapResult = {
  ok: true;
  url: string;
  finalUrl: string;
  source: MapSource;
  links: MapLink[];
  linkCount: number;
  filtered: number;
  focusQuery?: string;
  partial?: boolean;
  expanded?: boolean;
  agentHints: { suggestedNext: string; maxDigestUrls: number; warnings: string[] };
  timestamp: string;
};

/** Runs discovery; throws OccamError with a taxonomy code (the tool turns it into the [F-top] envelope). */
export async function mapSite(req: MapRequest, deps: MapDeps): Promise<MapResult> {
  // invalid_url for garbage and non-http(s) schemes alike, as on every tool (issue 14).
  parseHttpUrl(req.url);
  const seed = parseFetchUrl(req.url);
  if (seed.protocol !== 'http:' && seed.protocol !== 'https:') {
    throw new OccamError('private_url_blocked', 'Private or local URLs are blocked.');
  }
  if (/\.pdf$/i.test(seed.pathname)) throw new OccamError('unsupported_content_type', 'A PDF has no links to map.');
  const deadline = new Deadline(req.timeoutMs, deps.signal);
  const focus = req.focusQuery ? decomposeQuery(req.focusQuery) : null;
  const warnings: string[] = [];
  const cap = focus ? Math.min(200, Math.max(8 * req.maxLinks, 64)) : Math.max(2 * req.maxLinks, req.filterNonsense ? 48 : 0);

  const discovery =
    req.source === 'homepage' ? await discoverHomepage(seed, req, deps, deadline) : await discoverSitemaps(seed, req, deps, deadline, cap);
  const finalHost = new URL(discovery.finalUrl).hostname;

  const seen = new Set<string>();
  let filtered = 0;
  const keep = (list: Candidate[]): Candidate[] => {
    const out: Candidate[] = [];
    for (const c of list) {
      const key = c.url.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      if (req.sameDomain && siteKey(new URL(c.url).hostname) !== siteKey(finalHost)) {
        filtered++;
        continue;
      }
      if (req.filterNonsense && nonsenseReason(c)) {
        filtered++;
        continue;
      }
      out.push(c);
    }
    return out;
  };
  let links = keep(discovery.candidates.slice(0, req.source === 'homepage' ? Math.max(cap, discovery.candidates.length) : cap));
  let expanded = false;

  if (focus) {
    let scored = links.map((l) => ({ l, s: scoreLink(l, focus) }));
    // §18.4: no strong hit on a homepage → read up to 3 hub pages within the remaining budget and re-rank.
    if (req.source === 'homepage' && !scored.some((x) => x.s >= STRONG_HIT) && deadline.remaining() > 1500) {
      const hubs = [...scored].sort((a, b) => b.s - a.s || a.l.order - b.l.order).slice(0, HUB_PAGES);
      for (const hub of hubs) {
        const budget = Math.min(8000, deadline.remaining());
        if (budget < 1500) break;
        try {
          const page = await discoverHomepage(new URL(hub.l.url), { ...req, timeoutMs: budget }, deps, new Deadline(budget, deadline.signal));
          const more = keep(page.candidates.map((c) => ({ ...c, order: c.order + 10_000 })));
          scored.push(...more.map((l) => ({ l, s: scoreLink(l, focus) })));
          expanded = true;
        } catch {
          // a hub that fails to load adds nothing
        }
      }
      if (expanded) warnings.push(`focus_expand: read ${HUB_PAGES} hub page(s) because no link matched "${req.focusQuery}" strongly`);
    }
    scored = scored.sort((a, b) => b.s - a.s || a.l.order - b.l.order);
    links = scored.map((x) => x.l);
  }
  links = links.slice(0, req.maxLinks);
  if (links.length === 0) {
    throw req.source === 'homepage'
      ? new OccamError('thin_extract', 'The page has no same-site content links.', { finalUrl: discovery.finalUrl })
      : new OccamError('sitemap_not_found', 'No sitemap with links was found (robots.txt Sitemap: lines or /sitemap.xml).', { finalUrl: discovery.finalUrl });
  }
  if (discovery.partial) warnings.push('partial: the discovery deadline passed; links[] is incomplete');
  if (discovery.anchorsCapped) warnings.push(`anchors_capped: the page has more than ${MAP_MAX_ANCHORS} links; only the first ${MAP_MAX_ANCHORS} were considered`);
  return {
    ok: true,
    url: req.url,
    finalUrl: discovery.finalUrl,
    source: req.source,
    links: links.map(({ url, title, path }) => ({ url, title, path })),
    linkCount: links.length,
    filtered,
    ...(req.focusQuery ? { focusQuery: req.focusQuery } : {}),
    ...(discovery.partial ? { partial: true } : {}),
    ...(expanded ? { expanded: true } : {}),
    agentHints: { suggestedNext: 'occam_digest', maxDigestUrls: 8, warnings },
    timestamp: new Date(deps.runtime.now()).toISOString(),
  };
}
