// Page metadata (reading.md §10 side outputs): title, description, author, publishedAt, lang, canonical, site name,
// plus the structured-data types that help guess the page type. Read from the untouched DOM (before pruning).
import { attr, classAndId, collapse, findAll, findFirst, rawText, textOf, type Document, type Element } from './dom.ts';
import { resolveUrl } from './markdown.ts';
import type { PageMeta, PageType } from './types.ts';
import { PRICE_GRID_MIN, countPrices } from './shop.ts';
import { isThread, threadShape, type ThreadShape } from './forum.ts';
import { listOf, patternOf } from './rules/lexicon.ts';
import {
  FORUM_TYPES as FORUM_TYPES_ROW,
  PRODUCT_TYPES as PRODUCT_TYPES_ROW,
  ARTICLE_TYPES as ARTICLE_TYPES_ROW,
  LISTING_TYPES as LISTING_TYPES_ROW,
  SERVICE_TYPES as SERVICE_TYPES_ROW,
  DOC_HOST as DOC_HOST_ROW,
  DOC_PATH as DOC_PATH_ROW,
  FORUM_PATH as FORUM_PATH_ROW,
  FORUM_GENERATOR as FORUM_GENERATOR_ROW,
  FORUM_QUERY as FORUM_QUERY_ROW,
  FORUM_HOST as FORUM_HOST_ROW,
  FORUM_PATH_WEAK as FORUM_PATH_WEAK_ROW,
  CART_FORM as CART_FORM_ROW,
} from './rules/page-type.ts';

export interface MetaReading {
  meta: PageMeta;
  /** Raw document title (`<title>`, else og:title). */
  rawTitle?: string;
  /** schema.org / JSON-LD / og:type values, lower-cased. */
  types: Set<string>;
  /** schema.org Question entities (microdata and JSON-LD): one on a Q&A thread, several in an FAQ block. */
  questions: number;
  /** `<meta name="generator">`: the software that made the page. */
  generator?: string;
  h1s: string[];
  /** The JSON-LD Product's `description`, as the page declares it (may hold HTML). */
  productDescription?: string;
}

/** The elements readMeta reads (besides any with an itemtype). */
const META_TAGS = new Set(['meta', 'link', 'title', 'html', 'script', 'base']);

export function readMeta(doc: Document, url: string): MetaReading {
  const metas = new Map<string, string>();
  let canonicalHref: string | undefined;
  let baseHref: string | undefined;
  let titleText: string | undefined;
  let htmlLang: string | undefined;
  const ldBlocks: string[] = [];
  const types = new Set<string>();
  let questions = 0;
  for (const el of findAll(doc, (e) => META_TAGS.has(e.name) || e.attribs.itemtype !== undefined)) {
    switch (el.name) {
      case 'meta': {
        const key = (attr(el, 'property') ?? attr(el, 'name') ?? attr(el, 'itemprop') ?? attr(el, 'http-equiv') ?? '').toLowerCase();
        const content = attr(el, 'content');
        if (key && content && !metas.has(key)) metas.set(key, collapse(content));
        break;
      }
      case 'link': {
        const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('canonical') && !canonicalHref) canonicalHref = attr(el, 'href');
        break;
      }
      case 'title':
        if (titleText === undefined && !hasSvgAncestor(el)) titleText = collapse(rawText(el));
        break;
      case 'html':
        htmlLang = attr(el, 'lang') ?? attr(el, 'xml:lang');
        break;
      case 'base':
        baseHref ??= attr(el, 'href');
        break;
      case 'script':
        // rawText skips script elements by design; JSON-LD is their own text.
        if ((attr(el, 'type') ?? '').toLowerCase() === 'application/ld+json') ldBlocks.push(el.children.map((c) => ('data' in c ? String(c.data) : '')).join(''));
        break;
    }
    const itemtype = attr(el, 'itemtype');
    if (itemtype) {
      for (const t of itemtype.split(/\s+/)) {
        const type = t.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
        types.add(type);
        if (type === 'question') questions++;
      }
    }
  }
  const ld = readJsonLd(ldBlocks);
  for (const t of ld.types) types.add(t);
  questions += ld.questions;
  const ogType = metas.get('og:type');
  if (ogType) types.add(ogType.toLowerCase());

  const base = resolveUrl(baseHref, url) ?? url;
  const meta: PageMeta = {};
  const rawTitle = titleText || metas.get('og:title') || metas.get('twitter:title');
  const h1s = findAll(doc, (e) => e.name === 'h1').map((h) => textOf(h)).filter(Boolean);
  const title = cleanTitle(rawTitle, h1s, metas.get('og:title'), metas.get('og:site_name'));
  if (title) meta.title = title;
  const description = metas.get('description') ?? metas.get('og:description') ?? metas.get('twitter:description');
  if (description) meta.description = description;
  const author = pickAuthor(metas.get('author') ?? metas.get('article:author') ?? metas.get('parsely-author') ?? metas.get('sailthru.author'), ld.author, doc);
  if (author) meta.author = author;
  const published =
    metas.get('article:published_time') ??
    metas.get('og:published_time') ??
    metas.get('datepublished') ??
    metas.get('date') ??
    metas.get('dc.date') ??
    metas.get('dcterms.created') ??
    ld.datePublished ??
    firstTime(doc);
  if (published) meta.publishedAt = published;
  const lang = htmlLang ?? metas.get('content-language') ?? metas.get('og:locale');
  if (lang) meta.lang = lang.trim().replace(/_/g, '-');
  const canonical = resolveUrl(canonicalHref, base) ?? resolveUrl(metas.get('og:url'), base);
  if (canonical && /^https?:/i.test(canonical)) meta.canonical = canonical;
  const siteName = metas.get('og:site_name') ?? metas.get('application-name');
  if (siteName) meta.siteName = siteName;
  return { meta, rawTitle, types, questions, generator: metas.get('generator'), h1s, ...(ld.productDescription ? { productDescription: ld.productDescription } : {}) };
}

export function baseUrlOf(doc: Document, url: string): string {
  const base = findFirst(doc, (e) => e.name === 'base' && attr(e, 'href') !== undefined);
  return resolveUrl(base ? attr(base, 'href') : undefined, url) ?? url;
}

function hasSvgAncestor(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if ((p as Element).name === 'svg') return true;
  return false;
}

const TITLE_SEPARATOR = /\s+[|\-–—:·•»\\/]\s+|\s+::\s+/;

/**
 * The article title without the site suffix: prefer an h1 the document title contains; else drop the shorter
 * side of a separator (` | Site`, `Site — `) when what remains still reads as a title (≥ 2 words).
 */
export function cleanTitle(raw: string | undefined, h1s: string[], ogTitle?: string, siteName?: string): string | undefined {
  const t = collapse(raw ?? '');
  if (!t) return h1s[0];
  const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
  // An h1 the title contains is the article title — unless it is only the site-name part (a logo in an h1): the
  // one og:title names, else one that is most of the title or its first segment ("Story… | Site Name"), never the
  // last segment or the site name.
  const segments = t.split(TITLE_SEPARATOR).map(norm);
  const og = ogTitle ? norm(ogTitle).replace(/[.…]+$/, '') : '';
  const siteLike = (h: string): boolean => segments.length > 1 && (norm(h) === segments[segments.length - 1] || (!!siteName && norm(h) === norm(siteName)));
  const contained = h1s.filter((h) => h.length >= 3 && norm(t).includes(norm(h)));
  const named = og ? contained.find((h) => norm(h).replace(/[.…]+$/, '') === og && !siteLike(h)) : undefined;
  if (named) return named;
  const main = contained.find((h) => !siteLike(h) && (h.length >= t.length * 0.45 || (segments.length > 1 && norm(h) === segments[0])));
  if (main) return main;
  const long = contained.find((h) => h.length >= t.length * 0.45);
  if (long) return long;
  if (ogTitle && ogTitle !== t && norm(t).includes(norm(ogTitle)) && ogTitle.split(/\s+/).length >= 2) return ogTitle;
  if (!TITLE_SEPARATOR.test(t)) return t;
  const parts = t.split(TITLE_SEPARATOR).map((p) => p.trim()).filter(Boolean);
  if (siteName) {
    const kept = parts.filter((p) => norm(p) !== norm(siteName));
    if (kept.length > 0 && kept.length < parts.length) return kept.join(' - ');
  }
  const withoutLast = parts.slice(0, -1).join(' - ');
  if (withoutLast.split(/\s+/).length >= 2) return withoutLast;
  const withoutFirst = parts.slice(1).join(' - ');
  if (withoutFirst.split(/\s+/).length >= 3) return withoutFirst;
  return t;
}

interface JsonLdReading {
  types: Set<string>;
  questions: number;
  author?: string;
  datePublished?: string;
  productDescription?: string;
}

/** `"@type": "X"` in a JSON-LD block that does not parse. */
const LD_TYPE = /"@type"\s*:\s*"([A-Za-z:.]+)"/g;

function readJsonLd(blocks: string[]): JsonLdReading {
  const out: JsonLdReading = { types: new Set(), questions: 0 };
  const visit = (node: unknown, depth: number): void => {
    if (depth > 6 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, depth + 1);
      return;
    }
    const o = node as Record<string, unknown>;
    const t = o['@type'];
    for (const v of Array.isArray(t) ? t : [t]) {
      if (typeof v !== 'string') continue;
      out.types.add(v.toLowerCase());
      if (v.toLowerCase() === 'question') out.questions++;
      if (!out.productDescription && /^product(group)?$/i.test(v) && typeof o.description === 'string') out.productDescription = o.description;
    }
    if (!out.datePublished && typeof o.datePublished === 'string') out.datePublished = o.datePublished;
    if (!out.author && o.author) {
      const a = Array.isArray(o.author) ? o.author[0] : o.author;
      if (typeof a === 'string') out.author = a;
      else if (a && typeof a === 'object' && typeof (a as Record<string, unknown>).name === 'string') out.author = (a as Record<string, string>).name;
    }
    if (o['@graph']) visit(o['@graph'], depth + 1);
    if (o.mainEntity) visit(o.mainEntity, depth + 1);
  };
  for (const b of blocks) {
    try {
      visit(JSON.parse(b), 0);
    } catch {
      // Broken JSON-LD is common (a raw newline inside a string): its declared types still say what the page is.
      for (const m of b.matchAll(LD_TYPE)) {
        const v = m[1].toLowerCase();
        out.types.add(v);
        if (v === 'question') out.questions++;
      }
    }
  }
  return out;
}

function pickAuthor(metaAuthor: string | undefined, ldAuthor: string | undefined, doc: Document): string | undefined {
  for (const a of [metaAuthor, ldAuthor]) {
    if (a && !/^https?:/i.test(a) && a.length <= 120) return collapse(a);
  }
  const el = findFirst(doc, (e) => (attr(e, 'rel') ?? '').split(/\s+/).includes('author') || (attr(e, 'itemprop') ?? '') === 'author');
  const t = el ? textOf(el) : '';
  return t && t.length <= 120 ? t : undefined;
}

function firstTime(doc: Document): string | undefined {
  const el = findFirst(doc, (e) => e.name === 'time' && !!attr(e, 'datetime'));
  return el ? attr(el, 'datetime') : undefined;
}

const FORUM_TYPES = listOf(FORUM_TYPES_ROW);
const PRODUCT_TYPES = listOf(PRODUCT_TYPES_ROW);
const ARTICLE_TYPES = listOf(ARTICLE_TYPES_ROW);
const LISTING_TYPES = listOf(LISTING_TYPES_ROW);
const SERVICE_TYPES = listOf(SERVICE_TYPES_ROW);
const DOC_HOST = patternOf(DOC_HOST_ROW);
const DOC_PATH = patternOf(DOC_PATH_ROW);
const FORUM_PATH = patternOf(FORUM_PATH_ROW);
const FORUM_GENERATOR = patternOf(FORUM_GENERATOR_ROW);
const FORUM_QUERY = patternOf(FORUM_QUERY_ROW);
const FORUM_HOST = patternOf(FORUM_HOST_ROW);
const FORUM_PATH_WEAK = patternOf(FORUM_PATH_WEAK_ROW);

const CART_FORM = patternOf(CART_FORM_ROW);
/** Cart forms of a single product's page: the buy box and a sticky bar's copy of it. */
const CART_FORMS_MAX = 2;

export interface PageTypeReading {
  type: PageType;
  /** What decided it: schema.org/JSON-LD/og:type, the URL (host or path), the DOM shape, or nothing (generic). */
  source: 'structured' | 'url' | 'dom' | 'default';
  /** The run of posts that made it a thread (source 'dom'). */
  thread?: ThreadShape;
}

/** Coarse page type from structured data, URL shape and markup, with the evidence that decided it. */
export function detectPageType(reading: MetaReading, url: string, doc: Document): PageTypeReading {
  const has = (list: readonly string[]): boolean => list.some((t) => reading.types.has(t));
  let host = '';
  let path = '';
  let query = '';
  try {
    const u = new URL(url);
    host = u.hostname.toLowerCase();
    path = u.pathname.toLowerCase();
    query = u.search.toLowerCase();
  } catch {
    // keep empty
  }
  // An FAQPage's entries are schema.org Questions too: an article's FAQ block, not a thread. So are several
  // Questions on one page without the FAQPage type (a service page's FAQ): a Q&A thread asks one.
  const faq = reading.types.has('faqpage') || reading.questions > 1;
  const forumTypes = faq ? FORUM_TYPES.filter((t) => t !== 'question') : FORUM_TYPES;
  if (has(forumTypes)) return { type: 'forum', source: 'structured' };
  const declaredArticle = has(ARTICLE_TYPES) || reading.types.has('og:article');
  // Forum software often declares its threads as articles, so a thread URL wins over that; the weaker shapes lose.
  if (reading.generator && FORUM_GENERATOR.test(reading.generator.trim())) return { type: 'forum', source: 'structured' };
  if (FORUM_PATH.test(path) || FORUM_QUERY.test(query) || FORUM_HOST.test(host)) return { type: 'forum', source: 'url' };
  if (!declaredArticle && FORUM_PATH_WEAK.test(path)) return { type: 'forum', source: 'url' };
  if (has(PRODUCT_TYPES)) return { type: 'product', source: 'structured' };
  if (DOC_HOST.test(host) || DOC_PATH.test(path)) return { type: 'documentation', source: 'url' };
  // A discussion whatever its software and markup declare (link aggregators and Q&A sites call their threads
  // articles): a run of posts that holds the page's prose, not a comment section under an article of its own.
  const thread = threadShape(doc);
  if (isThread(thread)) return { type: 'forum', source: 'dom', thread };
  if (declaredArticle) return { type: 'article', source: 'structured' };
  if (has(LISTING_TYPES)) return { type: 'listing', source: 'structured' };
  if (has(SERVICE_TYPES)) return { type: 'service', source: 'structured' };
  const articles = findAll(doc, (e) => e.name === 'article');
  // Product cards marked up as <article>s, each with its price: a shop's category page, not a story.
  if (articles.filter((a) => countPrices(textOf(a), 1) > 0).length >= PRICE_GRID_MIN) return { type: 'listing', source: 'dom' };
  if (articles.length > 0) return { type: 'article', source: 'dom' };
  // A buy box without product markup (a marketplace's own layout): one form, maybe a second copy for the sticky
  // bar, that puts this item in the cart. A category page has one per card, a dozen or more.
  const cartForms = findAll(doc, (e) => e.name === 'form' && CART_FORM.test(`${attr(e, 'action') ?? ''} ${classAndId(e)}`)).length;
  if (cartForms > 0 && cartForms <= CART_FORMS_MAX) return { type: 'product', source: 'dom' };
  return { type: 'generic', source: 'default' };
}
