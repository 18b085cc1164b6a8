// Precise boilerplate rules (the first stage of main-content finding). Each rule is data: what it matches and why.
// Pattern rules never remove an element that holds most of the page's text — a wrapper whose class happens to say
// "has-sidebar" or an ASP.NET page-wide <form> must survive — so a wrong guess costs a little noise, not the article.
import {
  attr,
  classAndId,
  findAll,
  findFirst,
  matches,
  collapsedTextLength,
  parseHtml,
  removeNode,
  walk,
  type Document,
  Element,
  Text,
} from './dom.ts';
import { isTokenSoup } from './shop.ts';
import type { PageType } from './types.ts';
import { UTILITY_CLASSES } from './rules/visibility.ts';
import { patternOf, patternsOf, setOf } from './rules/lexicon.ts';
import {
  CHROME_ROLES as CHROME_ROLES_ROW,
  STRONG_BOILERPLATE as STRONG_BOILERPLATE_ROW,
  CONSENT_PLATFORM as CONSENT_PLATFORM_ROW,
  WEAK_BOILERPLATE as WEAK_BOILERPLATE_ROW,
  HEADER_BOILERPLATE as HEADER_BOILERPLATE_ROW,
  COMMENTS as COMMENTS_ROW,
  CONTENT_HINT as CONTENT_HINT_ROW,
  SIDEBAR as SIDEBAR_ROW,
  SIDEBAR_RESCUE as SIDEBAR_RESCUE_ROW,
  PANEL_MARK as PANEL_MARK_ROW,
  OVERLAY_TOKENS as OVERLAY_TOKENS_ROW,
  PRODUCT_DETAILS_MARK as PRODUCT_DETAILS_MARK_ROW,
  ENTRY_BODY as ENTRY_BODY_ROW,
  BOILERPLATE_LINES as BOILERPLATE_LINES_ROW,
} from './rules/chrome.ts';

/** Never content. The text inside <video> and <audio> is the fallback for browsers that cannot play them ("Your
 *  browser does not support the video tag."). Ruby annotations (<rt>, and the <rp> parentheses for browsers without
 *  ruby) are a reading aid printed above the base text: inline they split every word they gloss ("漢字かんじ"). */
export const DROP_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'link', 'meta', 'input', 'select', 'textarea', 'button', 'option', 'datalist', 'dialog', 'map', 'area', 'audio',
  'video', 'source', 'track', 'head', 'rt', 'rp',
]);

/**
 * Page chrome by element or ARIA role. A tooltip (`role="tooltip"`) is shown on hover only: a badge's explanation
 * ("Star Sellers have an outstanding track record …"), an icon button's name — the page's help, not its text.
 */
export const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'menu']);
export const CHROME_ROLES = setOf(CHROME_ROLES_ROW);

export const STRONG_BOILERPLATE = patternOf(STRONG_BOILERPLATE_ROW);

export const CONSENT_PLATFORM = patternOf(CONSENT_PLATFORM_ROW);

export const WEAK_BOILERPLATE = patternOf(WEAK_BOILERPLATE_ROW);

export const HEADER_BOILERPLATE = patternOf(HEADER_BOILERPLATE_ROW);

export const COMMENTS = patternOf(COMMENTS_ROW);
/**
 * A live ticker's entries ("live-match-comment", "liveblog-comment", "live_comments"): a sports or news live page
 * calls its minute-by-minute commentary "comments", but they are the article, written by the newsroom.
 */
export const LIVE_COMMENTARY = /(^|\s)live[a-z]*([_-][a-z]+)*[_-]comments?(?=$|[\s_-])/;

export const CONTENT_HINT = patternOf(CONTENT_HINT_ROW);

/** Framework utility classes that mean display:none (matched as whole class tokens: `hidden-xs` is not hidden). */
const HIDDEN_CLASSES = UTILITY_CLASSES.value;

const HIDDEN_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i;

export interface CleanOptions {
  pageType: PageType;
  /**
   * `conservative` keeps only the structural rules (never-content tags, hidden elements, chrome tags and roles):
   * the fallback when the full rule set would strip most of a page.
   */
  mode?: 'full' | 'conservative';
  /** Playbook strip selectors and §10 step 2 promo banners: removed unconditionally. */
  stripSelectors?: readonly string[];
  /** Called for each removed element with the id of the rule that removed it (the read's trace). */
  onRemove?: (rule: string, el: Element) => void;
}

export interface CleanReport {
  removed: Element[];
  textBefore: number;
  textAfter: number;
}

/**
 * A `<noscript>` that carries the server-rendered page while the rest of the body is a JS shell (Discourse,
 * some SPAs) is what a reader without JavaScript sees: promote it to an ordinary element so it is kept.
 */
export function promoteNoscriptContent(doc: Document): boolean {
  const noscripts = findAll(doc, (e) => e.name === 'noscript');
  if (noscripts.length === 0) return false;
  // The parser keeps a <noscript>'s content as raw text (dom.ts, as a browser with scripting on): it is parsed here,
  // only for the candidates long enough to carry a page.
  let best: Element | undefined;
  let bestTree: Document | undefined;
  let bestLen = 0;
  for (const n of noscripts) {
    const raw = n.children.map((c) => (c instanceof Text ? c.data : '')).join('');
    if (raw.length < NOSCRIPT_PAGE_MIN_CHARS) continue;
    const tree = parseHtml(raw);
    const len = collapsedTextLength(tree);
    if (len > bestLen) {
      best = n;
      bestTree = tree;
      bestLen = len;
    }
  }
  if (!best || !bestTree || bestLen < NOSCRIPT_PAGE_MIN_CHARS) return false;
  const outside = collapsedTextLength(doc);
  if (bestLen < outside * 1.5) return false;
  best.name = 'div';
  best.children = bestTree.children;
  best.children.forEach((c, i) => {
    c.parent = best;
    c.prev = best.children[i - 1] ?? null;
    c.next = best.children[i + 1] ?? null;
  });
  return true;
}
/** Text a <noscript> must carry to be the page a JS shell hides. */
const NOSCRIPT_PAGE_MIN_CHARS = 400;

/** Removes boilerplate in place. */
export function removeBoilerplate(doc: Document, opts: CleanOptions): CleanReport {
  const total = collapsedTextLength(doc);
  const report = removeWith(doc, opts, total);
  return { ...report, textBefore: total, textAfter: collapsedTextLength(doc) };
}

/** Trace ids of the removals (ExtractOptions.trace): a catalogue row where one decides, else `strip-chrome.<rule>`. */
const VERDICT_RULES: Record<NonNullable<Verdict>, string> = {
  consent: 'chrome.consent-platform',
  hidden: 'strip-chrome.hidden',
  sidebar: 'chrome.sidebar-widget',
  'site-footer': 'strip-chrome.site-footer',
  chrome: 'strip-chrome.chrome-tag-or-role',
  pattern: 'strip-chrome.class-pattern',
};

function removeWith(doc: Document, opts: CleanOptions, total: number): { removed: Element[] } {
  const guardOver = Math.max(200, total * 0.5);
  const victims: Element[] = [];
  const onRemove = opts.onRemove;
  const strip = opts.stripSelectors ?? [];
  const panels = disclosurePanels(doc);
  const toggles = toggleIds(doc);
  walk(doc, (el) => {
    if (el.name === 'html' || el.name === 'body') return true;
    // Code is verbatim: highlighter spans named "comment", "tag" or "nav" are not page chrome. Code hidden by its own
    // attributes is not on the page, though: a copy button's source, or the whole article again as Markdown for
    // "copy for AI". A hiding class is not enough here: MDN's live samples print their source under `class="hidden"`.
    if (el.name === 'pre' || el.name === 'code') {
      if (!(el.attribs.id !== undefined && panels.has(el.attribs.id)) && isHidden(el, undefined)) {
        victims.push(el);
        onRemove?.('strip-chrome.hidden-code', el);
      }
      return false;
    }
    // A scrambled ad label (single letters between hidden UUID decoys, shop.ts) reads as a run of UUIDs.
    if (DROP_TAGS.has(el.name) || isTokenSoup(el)) {
      victims.push(el);
      onRemove?.('strip-chrome.drop-tag', el);
      return false;
    }
    for (const s of strip) {
      if (matches(el, s)) {
        victims.push(el);
        onRemove?.('strip-chrome.strip-selector', el);
        return false;
      }
    }
    const verdict = (opts.mode ?? 'full') === 'full' && isToggleCaption(el, toggles) ? 'pattern' : judge(el, opts.pageType, opts.mode ?? 'full', panels);
    // A consent platform's widget and the page's own footer go at any size (judge says why); everything else
    // chrome-like stays when it holds most of the page or wraps its main content.
    const exempt = verdict === 'consent' || verdict === 'site-footer';
    if (verdict && !(!exempt && (guardedBySize(el, verdict, guardOver) || holdsMainContent(el, verdict === 'sidebar' ? total * 0.25 : 0)))) {
      victims.push(el);
      onRemove?.(VERDICT_RULES[verdict], el);
      return false;
    }
    return true;
  });
  for (const v of victims) removeNode(v);
  return { removed: victims };
}

/**
 * The size guard: an element holding most of the page's text survives its verdict. A hidden one survives only
 * when it is a page wrapper hidden until script reveals it (it holds headings); a hidden data list or template
 * without a heading (a shop's serialised product fields) is never read, however long.
 */
function guardedBySize(el: Element, verdict: Verdict, guardOver: number): boolean {
  if (collapsedTextLength(el) <= guardOver) return false;
  return verdict !== 'hidden' || findFirst(el, (e) => /^h[1-6]$/.test(e.name)) !== undefined;
}

const SIDEBAR = patternOf(SIDEBAR_ROW);

const SIDEBAR_RESCUE = patternOf(SIDEBAR_RESCUE_ROW);

type Verdict = 'chrome' | 'pattern' | 'sidebar' | 'hidden' | 'site-footer' | 'consent' | undefined;

/** React 18 streaming SSR parks server-rendered boundaries in `<div hidden id="S:1">` until JS moves them. */
const REACT_STREAM_ID = /^[SB]:\d+$/;

/**
 * The panels of disclosure widgets (WAI-ARIA accordions and tabs: a control with `aria-expanded` and `aria-controls`
 * naming the panel's id). A collapsed panel is hidden until the reader opens it — an FAQ answer, a buying guide's
 * sections, a product's specs — so it is the page's text, not hidden chrome.
 */
export function disclosurePanels(doc: Document): Set<string> {
  const ids = new Set<string>();
  walk(doc, (el) => {
    const controls = el.attribs['aria-controls'];
    if (controls && el.attribs['aria-expanded'] !== undefined) for (const id of controls.split(/\s+/)) if (id) ids.add(id);
    return true;
  });
  return ids;
}

/**
 * A card's second link to the same target, taken out of the tab order and the accessibility tree so that a screen
 * reader announces the card once (`<a aria-hidden="true" tabindex="-1">` around the card's excerpt): `aria-hidden`
 * here removes a duplicate announcement, not a hidden element — its text is on screen. Around a picture only (whose
 * alt text repeats the card's title) it stays hidden.
 */
const isRedundantLink = (el: Element): boolean =>
  el.name === 'a' && el.attribs.tabindex === '-1' && el.attribs.href !== undefined && collapsedTextLength(el) > 0;

/**
 * Ids of checkboxes and radio buttons. A `<label for>` naming one is the caption of a control — a product tile's
 * "Compare" / "Remove from compare" toggle (shown one at a time), a "Select" box, a filter's option — which the
 * reader cannot use in Markdown; on a shop grid it repeats on every tile. A caption that links somewhere (a list of
 * venues to tick, each naming its site) is content.
 */
function toggleIds(doc: Document): Set<string> {
  const ids = new Set<string>();
  walk(doc, (el) => {
    if (el.name === 'input' && el.attribs.id && /^(checkbox|radio)$/i.test(el.attribs.type ?? '')) ids.add(el.attribs.id);
    return true;
  });
  return ids;
}

const isToggleCaption = (el: Element, toggles: ReadonlySet<string>): boolean =>
  el.name === 'label' &&
  toggles.has(el.attribs.for ?? '') &&
  !findFirst(el, (e) => e.name === 'a' && e.attribs.href !== undefined) &&
  !insideForm(el);

/** Inside a `<form>` a caption is a field's and the form rule decides: a page that is a form (a ranking's areas to tick) reads it. */
function insideForm(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if ((p as Element).name === 'form') return true;
  return false;
}

function judge(el: Element, pageType: PageType, mode: 'full' | 'conservative', panels: ReadonlySet<string>): Verdict {
  const ci = classAndId(el);
  if (ci && CONSENT_PLATFORM.test(ci)) return 'consent';
  const cls = el.attribs.class;
  // A disclosure panel (any page) or, on a product page, a collapsed panel by its class is the page's text.
  const panel = el.attribs.id !== undefined && panels.has(el.attribs.id);
  if (!panel && isHidden(el, cls)) return pageType === 'product' && isCollapsedPanel(el) ? undefined : 'hidden';
  // WordPress-style sidebar widgets: the bare `widget` class or `widget_*` (not Elementor's `elementor-widget-*`).
  if (mode === 'full' && cls && (SIDEBAR.test(cls) || cls.split(/\s+/).some((c) => c === 'widget' || c.startsWith('widget_'))) && !SIDEBAR_RESCUE.test(cls) && !holdsEntryBody(el)) {
    return 'sidebar';
  }
  const role = (attr(el, 'role') ?? '').toLowerCase();
  // The site footer goes even when it holds most of the page's text (no size guard): a shop's footer carries pages of
  // legal footnotes (financing terms, trade-in conditions) in sentences, outweighing the product tiles' short lines
  // above it, and the scorer would pick its fine print as the content; on a page whose content is rendered by
  // script, the footer's link lists are all the served HTML has (the read is then thin, as it should be). A
  // <footer> inside an article or main is the article's own.
  if ((el.name === 'footer' || role === 'contentinfo') && !insideContent(el) && !holdsMainContent(el, 0) && !findFirst(el, (e) => e.name === 'h1')) return 'site-footer';
  // A product's accordion may open its panel as a side sheet (a non-modal dialog, an <aside>): inside the
  // accordion it is the panel's text (the description, the size and fit notes), not the page's chrome.
  if ((role === 'dialog' || el.name === 'aside') && pageType === 'product' && withinAccordion(el)) return undefined;
  if (role && CHROME_ROLES.has(role)) {
    if (role === 'banner' || role === 'alert' || role === 'status') return insideContent(el) ? undefined : 'chrome';
    return 'chrome';
  }
  if (CHROME_TAGS.has(el.name)) return 'chrome';
  if (el.name === 'header') return insideContent(el) ? undefined : 'chrome';
  if (mode === 'conservative') return undefined;
  if (el.name === 'form') return 'pattern';
  if (!ci) return undefined;
  if (STRONG_BOILERPLATE.test(ci)) return pageType === 'product' && isProductDetailsSheet(ci) ? undefined : 'pattern';
  // <article>/<main> declare themselves content: only the strong patterns above can overrule that.
  if (el.name === 'article' || el.name === 'main') return undefined;
  if (pageType !== 'forum' && COMMENTS.test(ci) && !/(^|[\s_-])(comments?-?(content|body|text))(?=$|[\s_-])/.test(ci) && !LIVE_COMMENTARY.test(ci)) return 'pattern';
  if (WEAK_BOILERPLATE.test(ci) && !CONTENT_HINT.test(ci)) return 'pattern';
  if (HEADER_BOILERPLATE.test(ci) && !CONTENT_HINT.test(ci) && !insideContent(el)) return 'pattern';
  return undefined;
}

function isHidden(el: Element, cls: string | undefined): boolean {
  if (el.attribs.hidden !== undefined && !REACT_STREAM_ID.test(el.attribs.id ?? '')) return true;
  if ((attr(el, 'aria-hidden') ?? '') === 'true' && !isRedundantLink(el)) return true;
  const style = attr(el, 'style');
  if (style && HIDDEN_STYLE.test(style)) return true;
  return !!cls && cls.split(/\s+/).some((c) => HIDDEN_CLASSES.has(c));
}

const PANEL_MARK = patternOf(PANEL_MARK_ROW);
const PANEL_ROLES = new Set(['region']);

/**
 * A collapsed accordion or tab panel: hidden until the reader opens it, and on a product page where the product's
 * description, specifications and care notes sit (the shop's shipping and FAQ panels go later, precision.ts). It
 * is the panel by its class or ARIA role, or it wraps one directly.
 */
function isCollapsedPanel(el: Element): boolean {
  const isPanel = (e: Element): boolean => PANEL_ROLES.has((attr(e, 'role') ?? '').toLowerCase()) || PANEL_MARK.test(classAndId(e));
  return isPanel(el) || el.children.some((c) => c instanceof Element && isPanel(c));
}

const OVERLAY_TOKENS = patternOf(OVERLAY_TOKENS_ROW);
const PRODUCT_DETAILS_MARK = patternOf(PRODUCT_DETAILS_MARK_ROW);

/**
 * A product's details sheet: shops open the full description and specifications in a modal or overlay
 * (`product-details-modal`), which says so in its class. Only the overlay words may mark it as chrome: a
 * newsletter or consent popup stays chrome by its other words.
 */
function isProductDetailsSheet(ci: string): boolean {
  if (!PRODUCT_DETAILS_MARK.test(ci)) return false;
  return !STRONG_BOILERPLATE.test(ci.replace(OVERLAY_TOKENS, ' '));
}

/** Whether an accordion (PANEL_MARK) wraps `el` within a few levels. */
function withinAccordion(el: Element): boolean {
  let p = el.parent;
  for (let i = 0; i < 3 && p instanceof Element; i++, p = p.parent) if (PANEL_MARK.test(classAndId(p))) return true;
  return false;
}

/**
 * An element wrapping the page's semantic main content is never boilerplate, whatever its class says. `minText`
 * asks the inner main/article to carry real text (a sidebar's teaser cards are not the article).
 */
export function holdsMainContent(el: Element, minText: number): boolean {
  if (el.name === 'nav' || el.name === 'footer') return false;
  return (
    findFirst(
      el,
      (e) =>
        e !== el &&
        (e.name === 'main' || e.name === 'article' || (attr(e, 'role') ?? '') === 'main' || (attr(e, 'itemprop') ?? '') === 'articleBody') &&
        (minText <= 0 || collapsedTextLength(e) >= minText),
    ) !== undefined
  );
}

const ENTRY_BODY = patternOf(ENTRY_BODY_ROW);

/**
 * A widget that holds a post's body is the page's post, not a sidebar widget: Blogger renders every post inside
 * `<div class="widget Blog">`, and on a short post beside a long label or archive list the size guards do not save it.
 */
function holdsEntryBody(el: Element): boolean {
  return findFirst(el, (e) => e !== el && ENTRY_BODY.test(e.attribs.class ?? '') && collapsedTextLength(e) >= 200) !== undefined;
}

function insideContent(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) {
    const t = (p as Element).name;
    if (t === 'article' || t === 'main') return true;
  }
  return false;
}


export const BOILERPLATE_LINES = patternsOf(BOILERPLATE_LINES_ROW);

const EMOJI_ONLY = /^[\p{Extended_Pictographic}\p{Emoji_Component}\s\u200d\ufe0f]+$/u;

export function isBoilerplateLine(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  if (t.length > 120) return false;
  if (EMOJI_ONLY.test(t) && !/[\p{L}\p{N}]/u.test(t)) return true;
  return BOILERPLATE_LINES.some((re) => re.test(t));
}
