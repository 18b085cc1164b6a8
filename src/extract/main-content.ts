// Main-content finding on a boilerplate-pruned DOM (second and third stage after boilerplate.ts):
//   1. playbook content selectors, when given;
//   2. semantic hints (itemprop=articleBody, article, role=main, main, common content ids/classes — reading.md §10
//      step 4's fallback list among them), with several <article>s joined at their common ancestor (forums,
//      listings);
//   3. a Readability-class scorer (paragraph length + comma scoring propagated to ancestors, class weights, link
//      density, sibling merging) that arbitrates when the semantic hint is missing, too narrow or disjoint;
//   3b. card grids: a root made of cards takes every group of the same cards; a grid of pictured cards that
//      outweighs the root several times replaces it (category and index pages);
//   4. the precision stage inside the chosen (and widened) roots: precision.ts `refineRoots` — comment sections,
//      recirculation headings, teaser-card runs, link-dense blocks, each page-type aware.
import {
  Element,
  Text,
  attr,
  classAndId,
  commonAncestor,
  collapsedTextLength,
  contains,
  findFirst,
  matches,
  querySelectorAll,
  removeNode,
  walk,
  wordKey,
  type Document,
  type ParentNode,
} from './dom.ts';
import { REVIEWS_LEAVE_CHARS, isCommentSection, isReviewSection, refineRoots, shapeOf, withinSection, type PrecisionReport } from './precision.ts';
import type { ContentStrategy, PageType } from './types.ts';
import type { ThreadShape } from './forum.ts';
import { THREAD_OUTSIDE_SHARE } from './rules/thread.ts';
import { RENDERING_KEY_CHARS, SECOND_RENDERING_MIN_CHARS } from './rules/duplicate.ts';
import { secondOpinion, type OpinionMode, type SecondOpinion } from './second-opinion.ts';
import { listOf, patternOf } from './rules/lexicon.ts';
import {
  SEMANTIC_SELECTORS as SEMANTIC_SELECTORS_ROW,
  POSITIVE as POSITIVE_ROW,
  NEGATIVE as NEGATIVE_ROW,
} from './rules/main-content.ts';

export interface MainContent {
  roots: Element[];
  strategy: ContentStrategy;
  /** What the precision stage removed inside the roots (absent when playbook selectors chose them). */
  precision?: PrecisionReport;
  /** The second opinion's verdict (second-opinion.ts; absent when playbook selectors chose the roots). */
  opinion?: SecondOpinion;
}

export interface MainContentOptions {
  pageType: PageType;
  contentSelectors?: readonly string[];
  /** The page's own title and address: among several full articles on one page, they name the page's own. */
  title?: string;
  urls?: readonly string[];
  /** On a forum, the page's run of posts (forum.ts threadShape): every post is content. */
  thread?: ThreadShape;
  /** Which candidate to take: the fitted decision (default), or one forced (scripts/fit.ts measures both). */
  secondOpinion?: OpinionMode;
}

interface Stats {
  text: number;
  link: number;
  commas: number;
  /** Link text plus the whole text of list items that are a link and a few characters (a label list's "(3)" counts). */
  nav: number;
}

/** A list item with at most this much text beside its link is a link (a count, a bullet), not a card with facts. */
const NAV_ITEM_RESIDUE = 8;

/** Per-element text and link-text lengths, computed once bottom-up. */
export class TextStats {
  private readonly map = new Map<Element, Stats>();

  constructor(root: ParentNode) {
    this.measure(root);
  }

  private measure(node: ParentNode): Stats {
    const s: Stats = { text: 0, link: 0, commas: 0, nav: 0 };
    for (const c of node.children) {
      if (c instanceof Text) {
        const d = c.data;
        s.text += collapsedLength(d);
        s.commas += countCommas(d);
      } else if (c instanceof Element) {
        const k = this.measure(c);
        s.text += k.text;
        s.commas += k.commas;
        // A named anchor (`<a name>`, `<a id>` without href) marks a place; it links nowhere.
        const anchor = c.name === 'a' && c.attribs.href !== undefined;
        s.link += anchor ? k.text : k.link;
        s.nav += anchor || (c.name === 'li' && k.link > 0 && k.text - k.link <= NAV_ITEM_RESIDUE) ? k.text : k.nav;
      }
    }
    if (node instanceof Element) this.map.set(node, s);
    return s;
  }

  get(el: Element): Stats {
    return this.map.get(el) ?? { text: 0, link: 0, commas: 0, nav: 0 };
  }

  text(el: Element): number {
    return this.get(el).text;
  }

  linkDensity(el: Element): number {
    const s = this.get(el);
    return s.text > 0 ? s.link / s.text : 0;
  }
}

function collapsedLength(d: string): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    const ws = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
    if (ws) {
      if (!space) n++;
      space = true;
    } else {
      n++;
      space = false;
    }
  }
  return n;
}

function countCommas(d: string): number {
  let n = 0;
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    if (c === 44 || c === 0x3001 || c === 0xff0c || c === 0x060c) n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Semantic hints, in priority order. The text thresholds are reading.md §10 step 4's.

export const SEMANTIC_SELECTORS = listOf(SEMANTIC_SELECTORS_ROW);

const POSITIVE = patternOf(POSITIVE_ROW);
const NEGATIVE = patternOf(NEGATIVE_ROW);

function classWeight(el: Element): number {
  const ci = classAndId(el);
  if (!ci) return 0;
  let w = 0;
  if (POSITIVE.test(ci)) w += 25;
  if (NEGATIVE.test(ci)) w -= 25;
  return w;
}

const TAG_WEIGHT: Record<string, number> = {
  div: 5, section: 3, article: 10, main: 10, pre: 3, td: 3, blockquote: 3,
  address: -3, ol: -3, ul: -3, dl: -3, dd: -3, dt: -3, li: -3, form: -3,
  h1: -5, h2: -5, h3: -5, h4: -5, h5: -5, h6: -5, th: -5,
};

const PARAGRAPH_TAGS = new Set(['p', 'pre', 'td', 'blockquote', 'dd', 'li', 'dt', 'figcaption']);
const LOOSE_TEXT_TAGS = new Set(['div', 'section', 'article', 'main', 'span', 'font', 'center', 'body', 'td', 'form']);

interface Scored {
  scores: Map<Element, number>;
  top?: Element;
}

/** Readability-class scoring: paragraphs vote for their ancestors; final score discounted by link density. */
export function scoreCandidates(body: ParentNode, stats: TextStats, withClassWeights = true): Scored {
  const raw = new Map<Element, number>();
  const init = (el: Element): void => {
    if (!raw.has(el)) raw.set(el, (TAG_WEIGHT[el.name] ?? 0) + (withClassWeights ? classWeight(el) : 0));
  };
  const vote = (el: Element, textLen: number, commas: number): void => {
    if (textLen < 25) return;
    const score = 1 + commas + Math.min(3, Math.floor(textLen / 100));
    let level = 0;
    for (let p = el.parent; p && level < 5; p = p.parent, level++) {
      if (!(p instanceof Element)) break;
      init(p);
      const div = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      raw.set(p, raw.get(p)! + score / div);
    }
  };
  const visit = (node: ParentNode): void => {
    for (const c of node.children) {
      if (!(c instanceof Element)) continue;
      if (PARAGRAPH_TAGS.has(c.name)) {
        const s = stats.get(c);
        // A list item or cell that only wraps other blocks votes through its children instead.
        if ((c.name === 'li' || c.name === 'td') && hasBlockChild(c)) {
          visit(c);
          continue;
        }
        vote(c, s.text - s.link * 0.5, s.commas);
        if (c.name === 'blockquote' || c.name === 'td') visit(c);
        continue;
      }
      if (LOOSE_TEXT_TAGS.has(c.name)) {
        let loose = 0;
        let commas = 0;
        for (const k of c.children) {
          if (k instanceof Text) {
            loose += collapsedLength(k.data);
            commas += countCommas(k.data);
          } else if (k instanceof Element && INLINE_TAGS.has(k.name)) {
            const ks = stats.get(k);
            loose += k.name === 'a' ? ks.text * 0.5 : ks.text;
            commas += ks.commas;
          }
        }
        if (loose >= 25) vote(c, loose, commas);
      }
      visit(c);
    }
  };
  visit(body);
  const scores = new Map<Element, number>();
  let top: Element | undefined;
  let best = -Infinity;
  for (const [el, s] of raw) {
    const final = s * (1 - stats.linkDensity(el));
    scores.set(el, final);
    if (final > best) {
      best = final;
      top = el;
    }
  }
  return { scores, top };
}

const INLINE_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 'span', 'code', 'small', 'big', 'sup', 'sub', 'u', 'mark', 'abbr', 'cite', 'q', 'time', 'font', 'br', 'kbd', 'var', 'label', 's', 'del', 'ins']);
const BLOCKISH = new Set(['p', 'div', 'ul', 'ol', 'table', 'section', 'article', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dl', 'form', 'figure']);

function hasBlockChild(el: Element): boolean {
  return el.children.some((c) => c instanceof Element && BLOCKISH.has(c.name));
}

/**
 * The second opinion's candidate (second-opinion.ts): the same paragraph votes with no class or id weights, no
 * semantic hints, no widening and no card grids — what text density alone says the content is.
 */
export function densityRoots(body: Element, stats: TextStats): Element[] {
  const scored = scoreCandidates(body, stats, false);
  if (!scored.top || scored.top === body) return [];
  return withSiblings(climb(scored.top, scored, stats), scored, stats);
}

/** Readability's sibling merge: the top candidate plus siblings that score well or read like prose. */
function withSiblings(top: Element, scored: Scored, stats: TextStats): Element[] {
  const parent = top.parent;
  if (!(parent instanceof Element) && !parent) return [top];
  const topScore = scored.scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  const topClass = attr(top, 'class') ?? '';
  const out: Element[] = [];
  for (const sib of parent!.children) {
    if (!(sib instanceof Element)) continue;
    if (sib === top) {
      out.push(sib);
      continue;
    }
    let bonus = 0;
    const sibClass = attr(sib, 'class') ?? '';
    // Same tag and leading class as the top candidate (`blockpost rowodd` / `blockpost roweven`): the next post
    // of a thread, the next item of a list.
    if (topClass && sib.name === top.name && firstClass(sibClass) === firstClass(topClass) && stats.text(sib) > 0 && stats.linkDensity(sib) < 0.5) {
      out.push(sib);
      continue;
    }
    if (topClass && sibClass === topClass) bonus += topScore * 0.2;
    const s = scored.scores.get(sib);
    if (s !== undefined && s + bonus >= threshold) {
      out.push(sib);
      continue;
    }
    if (sib.name === 'p' || sib.name === 'pre' || sib.name === 'blockquote' || /^h[1-6]$/.test(sib.name) || sib.name === 'ul' || sib.name === 'ol') {
      const len = stats.text(sib);
      const ld = stats.linkDensity(sib);
      if (/^h[1-6]$/.test(sib.name)) {
        if (len > 0 && ld < 0.5 && isHeadingNearTop(sib, top)) out.push(sib);
      } else if (len > 80 && ld < 0.25) out.push(sib);
      else if (len > 0 && len <= 80 && ld === 0 && /[.!?]\s*$/.test(textSample(sib))) out.push(sib);
    }
  }
  return out;
}

function firstClass(cls: string): string {
  return cls.trim().split(/\s+/)[0] ?? '';
}

function isHeadingNearTop(h: Element, top: Element): boolean {
  // A heading directly before the content block (the title sitting outside the body wrapper).
  let n = h.next;
  while (n && !(n instanceof Element)) n = n.next;
  return n === top;
}

function textSample(el: Element): string {
  let s = '';
  const visit = (n: ParentNode): void => {
    for (const c of n.children) {
      if (c instanceof Text) s += c.data;
      else if (c instanceof Element) visit(c);
    }
  };
  visit(el);
  return s;
}

/** Page types whose page is one article: several full <article>s on it are that article and what a scroll preloads. */
const ONE_ARTICLE_TYPES: ReadonlySet<PageType> = new Set<PageType>(['article', 'generic', 'documentation']);
/** A preloaded neighbour is a whole story too: the page's own article must be at least this long to be told apart. */
const OWN_ARTICLE_MIN_CHARS = 500;
/** An <article> this linked is a list of other stories ("Read also", a news feed). */
const NEIGHBOUR_LINK_DENSITY = 0.5;

/** The first `n` h1–h3 headings inside `el`, in document order. */
function leadingHeadings(el: Element, n: number): Element[] {
  const found: Element[] = [];
  walk(el, (e) => {
    if (found.length >= n) return false;
    if (/^h[1-3]$/.test(e.name)) {
      found.push(e);
      return false;
    }
    return true;
  });
  return found;
}

/** The URL's last path segment when it reads as a slug or an id ("wir-haben-bereits-die-zusage", "a-123456"). */
function urlSlug(url: string): string | undefined {
  try {
    const seg = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    const slug = decodeURIComponent(seg).replace(/\.(html?|php|aspx?)$/i, '').toLowerCase();
    return slug.length >= 8 && /[-_\d]/.test(slug) ? slug : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Of several full articles on one page (a news site's endless scroll preloads the next stories, each an <article>
 * as long as the first), the page's own: the one whose heading is the page's title, or whose id, data attributes
 * or heading link carry the URL's slug. Only when exactly one says so.
 */
function ownArticle(articles: Element[], stats: TextStats, title: string | undefined, urls: readonly string[]): Element | undefined {
  const wanted = title ? wordKey(title) : '';
  const slugs = [...new Set(urls.map(urlSlug).filter((s): s is string => s !== undefined))];
  const headingIsTitle = (el: Element): boolean => wanted.length >= 8 && leadingHeadings(el, 3).some((h) => wordKey(textSample(h)) === wanted);
  const carriesSlug = (el: Element): boolean => {
    if (slugs.length === 0) return false;
    const named = (v: string | undefined): boolean => !!v && slugs.some((s) => v.toLowerCase().includes(s));
    for (const [k, v] of Object.entries(el.attribs)) if ((k === 'id' || k.startsWith('data-')) && named(v)) return true;
    const [heading] = leadingHeadings(el, 1);
    const link = heading && findFirst(heading, (e) => e.name === 'a');
    return named(link?.attribs.href);
  };
  // A neighbour is another story made from the same template (the same class list, a heading of its own) or a
  // recirculation list (mostly links). Sibling <article>s of other shapes ("recipe-ingredients", "recipe-steps") or
  // without a heading are parts of the page's one article, not neighbours.
  const neighbour = (el: Element, own: Element): boolean => {
    if (stats.linkDensity(el) >= NEIGHBOUR_LINK_DENSITY) return true;
    if ((el.attribs.class ?? '') !== (own.attribs.class ?? '')) return false;
    const [heading] = leadingHeadings(el, 1);
    const key = heading ? wordKey(textSample(heading)) : '';
    return key !== '' && key !== wanted;
  };
  const long = articles.filter((a) => stats.text(a) >= OWN_ARTICLE_MIN_CHARS);
  if (long.length < 2) return undefined;
  for (const test of [headingIsTitle, carriesSlug]) {
    const own = long.filter(test);
    if (own.length === 1) return long.every((a) => a === own[0] || neighbour(a, own[0])) ? own[0] : undefined;
  }
  return undefined;
}

interface SemanticHit {
  el: Element;
  /** Chosen as the page's own among several full articles: neither widening nor a card grid may replace it. */
  own: boolean;
}

function semanticCandidate(doc: Document, stats: TextStats, opts: MainContentOptions): SemanticHit | undefined {
  const pageType = opts.pageType;
  // Each reader comment may be an <article> (WordPress, most themes): outside forums they are not the page's.
  const ownContent = (el: Element): boolean => pageType === 'forum' || !withinSection(el, isCommentSection);
  // One walk collects the matches of every hint; then the hints are tried in priority order.
  const hits: Element[][] = SEMANTIC_SELECTORS.map(() => []);
  walk(doc, (el) => {
    if (!el.attribs.class && !el.attribs.id && !el.attribs.role && !el.attribs.itemprop && el.name !== 'article' && el.name !== 'main') return true;
    for (let i = 0; i < SEMANTIC_SELECTORS.length; i++) if (matches(el, SEMANTIC_SELECTORS[i])) hits[i].push(el);
    return true;
  });
  for (let i = 0; i < SEMANTIC_SELECTORS.length; i++) {
    const found = hits[i].filter((el) => qualifies(el, stats) && ownContent(el));
    if (found.length === 0) continue;
    if (found.length === 1) return { el: found[0], own: false };
    // Nested matches: keep outermost.
    const outer = found.filter((el) => !found.some((o) => o !== el && contains(o, el)));
    if (outer.length === 1) return { el: outer[0], own: false };
    const own = ONE_ARTICLE_TYPES.has(pageType) ? ownArticle(outer, stats, opts.title, opts.urls ?? []) : undefined;
    if (own) return { el: own, own: true };
    const total = outer.reduce((a, el) => a + stats.text(el), 0);
    const biggest = outer.reduce((a, b) => (stats.text(b) > stats.text(a) ? b : a));
    if (stats.text(biggest) >= total * 0.6) return { el: biggest, own: false };
    const ca = commonAncestor(outer);
    return { el: ca instanceof Element ? ca : biggest, own: false };
  }
  return undefined;
}

function qualifies(el: Element, stats: TextStats): boolean {
  const s = stats.get(el);
  if (s.text > 200) return true;
  if (s.text > 120) {
    let n = 0;
    for (const x of querySelectorAll(el, 'h2, h3, a')) if (x) n++;
    return n >= 4;
  }
  return false;
}

function bodyOf(doc: Document): Element | undefined {
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  const scope: ParentNode = html ?? doc;
  const body = scope.children.find((c): c is Element => c instanceof Element && c.name === 'body');
  return body ?? html;
}

/** A page with less text than this outside its links and link lists is a page of links (a best-seller grid). */
const PROSE_PAGE_CHARS = 500;

/** Root-choice thresholds (shares of the page's non-link text / of the semantic region), set with the wcxb dev sample. */
export const WIDEN = { share: 0.6, target: 0.7, narrowBelow: 0.3, climbSiblings: 1 };

export function findMainContent(doc: Document, opts: MainContentOptions): MainContent {
  const found = findMainContentOnce(doc, opts);
  // On a product page whose chosen roots all sit in its customer-review section (hundreds of reviews outweigh a
  // short description, and the precision stage keeps reviews it was handed as the root), the reviews are not the
  // product: without them, the choice is made again — unless nothing of the product's own is left.
  if (opts.pageType === 'product' && found.strategy !== 'content_selectors' && found.roots.length > 0 && found.roots.every((r) => withinSection(r, isReviewSection))) {
    const body = bodyOf(doc);
    // The outermost review sections, never one holding the product's title (a wrapper around the whole product).
    const sections: Element[] = [];
    if (body)
      walk(body, (el) => {
        if (!isReviewSection(el)) return true;
        if (!findFirst(el, (e) => e.name === 'h1')) sections.push(el);
        return false;
      });
    const reviewText = sections.reduce((a, s) => a + collapsedTextLength(s), 0);
    if (body && sections.length > 0 && collapsedTextLength(body) - reviewText >= REVIEWS_LEAVE_CHARS) {
      for (const s of sections) removeNode(s);
      return findMainContentOnce(doc, opts);
    }
  }
  return found;
}

function findMainContentOnce(doc: Document, opts: MainContentOptions): MainContent {
  if (opts.contentSelectors && opts.contentSelectors.length > 0) {
    const hits: Element[] = [];
    for (const sel of opts.contentSelectors) for (const el of querySelectorAll(doc, sel)) hits.push(el);
    const outer = hits.filter((el, i) => hits.indexOf(el) === i && !hits.some((o) => o !== el && contains(o, el)));
    if (outer.length > 0) return { roots: outer, strategy: 'content_selectors' };
  }
  const body = bodyOf(doc);
  if (!body) return { roots: [], strategy: 'none' };
  const stats = new TextStats(doc);
  const bodyText = stats.text(body);
  if (bodyText === 0) return { roots: [], strategy: 'none' };

  const scored = scoreCandidates(body, stats);
  const hit = semanticCandidate(doc, stats, opts);
  const semantic = hit?.el;
  let top = scored.top;
  if (top) top = climb(top, scored, stats);

  let roots: Element[];
  let strategy: ContentStrategy;
  if (hit?.own) {
    // The page's own article among its preloaded neighbours: the scorer may favour a longer neighbour.
    return { roots: [hit.el], strategy: 'semantic', precision: refineRoots([hit.el], stats, opts.pageType) };
  } else if (semantic && top) {
    const good = (el: Element): number => stats.text(el) - stats.get(el).link;
    const proseType = opts.pageType === 'article' || opts.pageType === 'documentation';
    if (semantic === top || (contains(semantic, top) && (!proseType || stats.text(top) >= stats.text(semantic) * WIDEN.narrowBelow))) {
      roots = [semantic];
      strategy = 'semantic';
    } else if (contains(semantic, top)) {
      // The semantic region (a whole <main>) is much wider than the prose cluster the scorer found inside it.
      roots = withSiblings(top, scored, stats);
      strategy = 'scored';
    } else if (contains(top, semantic)) {
      const st = stats.text(semantic);
      if (st >= stats.text(top) * 0.5) {
        roots = [semantic];
        strategy = 'semantic';
      } else {
        roots = withSiblings(top, scored, stats);
        strategy = 'scored';
      }
    } else {
      if (good(semantic) >= good(top)) {
        roots = [semantic];
        strategy = 'semantic';
      } else {
        roots = withSiblings(top, scored, stats);
        strategy = 'scored';
      }
    }
  } else if (semantic) {
    roots = [semantic];
    strategy = 'semantic';
  } else if (top && top !== body) {
    roots = withSiblings(top, scored, stats);
    strategy = 'scored';
  } else {
    roots = [body];
    strategy = 'body';
  }
  // A sibling taken with the best block may be the comment thread under it: outside forums and products the thread
  // is not the page's own content (precision.ts drops it when it sits inside a root; as a root of its own it goes here).
  if (roots.length > 1 && opts.pageType !== 'forum' && opts.pageType !== 'product') {
    const own = roots.filter((r) => !withinSection(r, isCommentSection));
    if (own.length > 0) roots = own;
  }
  roots = wholeCardGrid(roots, body, stats, opts.pageType) ?? outweighingGrid(roots, body, stats, opts.pageType) ?? roots;
  if (opts.thread) roots = withWholeThread(roots, opts.thread, body, stats);
  // Landing, service, product and listing pages spread their content over many sections; a single best-scoring
  // block then holds a fraction of it. When the root holds less than `share` of the page's non-link text, widen to
  // the smallest ancestor holding `target` of it (the chrome is already gone, so that ancestor is content).
  {
    // On a prose page, what pulls the widening is prose: a link list's residue (a label widget's "(3)" counts) is
    // not. On a collection or listing page, or one with next to no text outside links, the link lists are the content.
    const proseType = opts.pageType === 'article' || opts.pageType === 'generic' || opts.pageType === 'documentation';
    const prose = proseType && stats.text(body) - stats.get(body).nav >= PROSE_PAGE_CHARS;
    const good = (el: Element): number => stats.text(el) - (prose ? stats.get(el).nav : stats.get(el).link);
    const pageGood = good(body);
    const rootGood = roots.reduce((a, r) => a + good(r), 0);
    if (pageGood > 0 && rootGood < pageGood * WIDEN.share) {
      let cur: Element = roots[0].parent instanceof Element ? (roots[0].parent as Element) : body;
      while (cur !== body && good(cur) < pageGood * WIDEN.target && cur.parent instanceof Element) cur = cur.parent;
      roots = [cur];
      strategy = cur === body ? 'body' : strategy;
    }
  }
  // The second opinion sees the engine's final choice (hints, scorer, grids, widening) against density alone.
  const second = secondOpinion(roots, densityRoots(body, stats), stats, { pageType: opts.pageType, title: opts.title, mode: opts.secondOpinion });
  roots = second.roots;
  if (second.opinion.chosen === 'density') strategy = 'scored';
  dropSecondRendering(roots, stats);
  const precision = refineRoots(roots, stats, opts.pageType);
  return { roots, strategy, precision, opinion: second.opinion };
}

/** The first non-empty text of an element, as a key: two renderings of one body open with the same words. */
function openingText(el: Element): string {
  let found = '';
  walk(el, (e) => {
    if (found) return false;
    for (const c of e.children)
      if (c instanceof Text && c.data.trim()) {
        found = c.data.trim().slice(0, RENDERING_KEY_CHARS.value);
        return false;
      }
    return true;
  });
  return found;
}

/**
 * A page that renders its story twice (a second copy of the same body further down: a print or app view, a
 * preloaded duplicate) reads it twice. Of two disjoint elements inside the roots with the same text length, the
 * same opening and the same words throughout, both long, the later one goes.
 */
function dropSecondRendering(roots: Element[], stats: TextStats): void {
  const seen = new Map<string, Element>();
  const later: Element[] = [];
  for (const root of roots)
    walk(root, (el) => {
      const len = stats.text(el);
      if (len < SECOND_RENDERING_MIN_CHARS.value) return false;
      const key = `${len}|${openingText(el)}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, el);
        return true;
      }
      if (contains(first, el) || contains(el, first)) return true;
      // Same length and opening is only the key: two data tables with the same header and as many rows, or two
      // regional versions of one offer, differ further on. A second rendering is the same words throughout.
      if (wordKey(textSample(el)) !== wordKey(textSample(first))) return true;
      later.push(el);
      return false;
    });
  for (const el of later) removeNode(el);
}

/**
 * A thread's posts are its content: when the roots (one post, one reply branch, the question alone) leave most of
 * the run's text outside, the root becomes the smallest element holding the roots and every post.
 */
function withWholeThread(roots: Element[], thread: ThreadShape, body: Element, stats: TextStats): Element[] {
  const posts = thread.postBlocks.filter((p) => contains(body, p));
  const total = posts.reduce((a, p) => a + stats.text(p), 0);
  const outside = posts.filter((p) => !roots.some((r) => r === p || contains(r, p))).reduce((a, p) => a + stats.text(p), 0);
  if (total === 0 || outside < total * THREAD_OUTSIDE_SHARE.value) return roots;
  const ca = commonAncestor([...roots, ...posts]);
  return [ca instanceof Element ? ca : body];
}

/** The shape repeated cards share (precision.ts shapeOf: `li.product`), but bare tags are too common — `<article>` aside. */
function cardShape(el: Element): string | undefined {
  if ((el.attribs.class ?? '').trim()) return shapeOf(el);
  return el.name === 'article' ? 'article' : undefined;
}

/** Cards: at least this many elements of one shape, each with a link. */
const GRID_MIN_CARDS = 3;
/** The cards' share of the grid's text: below it, the common ancestor is the page around the cards, not the grid. */
const GRID_CARD_SHARE = 0.4;

/**
 * A category or index page lays its cards out in several groups (a featured row, then section after section of the
 * same cards). The scorer picks one group, or a few cards of it, because each card's text is short and linked; the
 * other groups are the page's content just as much. When the roots are cards (same-shaped linked siblings, or one
 * element made of them) and more cards of that shape sit outside the roots, the root becomes the cards' common
 * ancestor, while the cards make a good part of its text (an ancestor that is mostly other text is the whole page).
 * Not on forums and products, whose roots are posts and a product's own facts.
 */
function wholeCardGrid(roots: Element[], body: Element, stats: TextStats, pageType: PageType): Element[] | undefined {
  if (pageType === 'forum' || pageType === 'product') return undefined;
  const linked = (e: Element): boolean => stats.text(e) > 0 && (e.name === 'a' || stats.get(e).link > 0);
  let cards: Element[] = [];
  if (roots.length >= GRID_MIN_CARDS) cards = roots;
  else if (roots.length === 1) cards = roots[0].children.filter((c): c is Element => c instanceof Element && stats.text(c) > 0);
  const shape = cards.length >= GRID_MIN_CARDS ? cardShape(cards[0]) : undefined;
  if (!shape || !cards.every((c) => cardShape(c) === shape && linked(c))) return undefined;
  const all: Element[] = [];
  walk(body, (e) => {
    if (cardShape(e) !== shape) return true;
    if (linked(e)) all.push(e);
    return false;
  });
  const outside = all.filter((e) => !roots.some((r) => r === e || contains(r, e)));
  if (outside.length < GRID_MIN_CARDS) return undefined;
  const ca = commonAncestor(all);
  if (!(ca instanceof Element) || ca === body) return undefined;
  const cardText = all.reduce((a, e) => a + stats.text(e), 0);
  return cardText >= stats.text(ca) * GRID_CARD_SHARE ? [ca] : undefined;
}

/** Cards a grid must hold to outweigh the roots (a shop's category page lists a dozen products or more). */
const GRID_MIN_ITEMS = 6;
/** How many times the roots' text the grid must hold. */
const GRID_OUTWEIGHS = 3;

/**
 * A shop's category page is its product grid: names, swatches and prices, all short and most of it linked, so no
 * paragraph votes for it and the scorer settles on the one sentence the page has (a currency notice, a promo line).
 * When the page's largest grid of linked, same-shaped cards holds several times the roots' text, the grid is the
 * content. Not on forums and products, whose roots are posts and a product's own facts.
 */
function outweighingGrid(roots: Element[], body: Element, stats: TextStats, pageType: PageType): Element[] | undefined {
  if (pageType === 'forum' || pageType === 'product') return undefined;
  const rootText = roots.reduce((a, r) => a + stats.text(r), 0);
  let best: Element | undefined;
  walk(body, (el) => {
    const text = stats.text(el);
    if (text < rootText * GRID_OUTWEIGHS || (best && text <= stats.text(best))) return true;
    const kids = el.children.filter((c): c is Element => c instanceof Element && stats.text(c) > 0);
    if (kids.length < GRID_MIN_ITEMS) return true;
    const shape = cardShape(kids[0]);
    const cards = shape ? kids.filter((k) => cardShape(k) === shape) : [];
    if (cards.length < GRID_MIN_ITEMS || cards.length < kids.length * 0.7) return true;
    // Product cards carry a picture; a filter menu of the same shape (hundreds of linked language names) does not.
    if (!cards.every((c) => c.name === 'a' || stats.get(c).link > 0) || cards.filter(hasPicture).length < cards.length * 0.7) return true;
    if (cards.reduce((a, c) => a + stats.text(c), 0) >= text * 0.8) best = el;
    return true;
  });
  if (!best || roots.some((r) => contains(r, best!))) return undefined;
  // The roots the scorer found may be the grid's introduction or buying guide: keep them with it when they share a
  // container below the body.
  const ca = commonAncestor([...roots, best]);
  return [ca instanceof Element && ca !== body ? ca : best];
}

function hasPicture(el: Element): boolean {
  return findFirst(el, (e) => e.name === 'img' || e.name === 'picture') !== undefined;
}

/** Walk up while the parent is a thin wrapper around the candidate (Readability's "only child" step). */
function climb(top: Element, scored: Scored, stats: TextStats): Element {
  let cur = top;
  for (let i = 0; i < 6; i++) {
    const p = cur.parent;
    if (!(p instanceof Element) || p.name === 'body' || p.name === 'html') break;
    const elementKids = p.children.filter((c) => c instanceof Element);
    const pt = stats.text(p);
    if (elementKids.length === 1 || (pt > 0 && stats.text(cur) / pt > 0.85)) {
      cur = p;
      continue;
    }
    // Several strong candidates under one parent (split article bodies) → take the parent.
    const topScore = scored.scores.get(cur) ?? 0;
    const strong = elementKids.filter((k) => k !== cur && (scored.scores.get(k as Element) ?? 0) >= topScore * 0.5).length;
    if (strong >= WIDEN.climbSiblings && topScore > 0 && stats.linkDensity(p) < 0.4) {
      cur = p;
      continue;
    }
    break;
  }
  return cur;
}
