// The hidden-text stage (issue 34): text a person reading the page cannot see is removed before boilerplate
// removal, and each removal is reported with its reason, so the agent learns what the page hid and why.
//
// What counts as hidden is data (src/extract/rules/visibility.ts). The evidence, without a layout engine:
//   - attributes: `hidden`, `aria-hidden="true"` prose, framework utility classes, the browser path's
//     `data-occam-hidden` mark (src/fetch/browser/visibility-marks.ts: the rendered page's own answer);
//   - inline `style` and the page's own `<style>` blocks, parsed with css-tree and matched with css-select on the
//     htmlparser2 tree: the cascade for the few properties that hide text (origin, !important, specificity,
//     order), inheritance only where a descendant can undo the hiding (visibility, font-size).
// Rules under `@media` queries other than screen/all, and selectors that need a state (:hover, :focus, …) or a
// pseudo-element, are ignored: they do not apply to the page as first shown.
//
// Exemptions (what looks hidden but is the page's text) mirror the boilerplate stage's: collapsed disclosure
// panels, React's streamed segments, a card's duplicate aria-hidden link, a script-revealed page wrapper, code
// hidden only by a class. Screen-reader-only text is legitimate and never counted.
import type * as csstree from 'css-tree';
import parseCss from 'css-tree/parser';
import generateCss from 'css-tree/generator';
import walkCss from 'css-tree/walker';
import { compile } from 'css-select';
import type { Document, Element as DomElement } from 'domhandler';
import { collapse, collapsedTextLength, findFirst, removeNode, textOf, walk, type Element, type SelectorIndex } from './dom.ts';
import type { PageType } from './types.ts';
import { classifyPassage } from './instructions.ts';
import { disclosurePanels, holdsMainContent } from './boilerplate.ts';
import {
  ACCESSIBILITY_LABEL_MAX_WORDS,
  ACCESSIBILITY_ONLY,
  ARIA_HIDDEN,
  BROWSER_MARK,
  CLIPPED,
  DISCLOSURE_PANEL,
  DISPLAY_NONE,
  FONT_SIZE_ZERO,
  HIDDEN_ATTRIBUTE,
  HIDDEN_PROSE_MIN_WORDS,
  OFF_SCREEN,
  OPACITY_ZERO,
  REVEALED_WRAPPER_SHARE,
  SAME_COLOUR,
  STYLE_HIDDEN_SHARE_MAX,
  UTILITY_CLASSES,
  VISIBILITY_HIDDEN,
  ZERO_BOX,
} from './rules/visibility.ts';

/** The attribute the browser path sets on elements the rendered page does not show (its value: why). */
export const RENDERED_HIDDEN_ATTRIBUTE = BROWSER_MARK.value;

export interface HiddenSample {
  /** The rule id that hid it (`visibility.display-none`). */
  reason: string;
  /** The first characters of its text. */
  text: string;
  /** Where it was in the page as served. */
  selector: string;
}

export interface VisibilityReport {
  /** Hidden text blocks removed: elements whose text is prose (HIDDEN_PROSE_MIN_WORDS, mostly not links). */
  hidden: number;
  /** The first of them, in page order (at most SAMPLE_MAX). */
  samples: HiddenSample[];
  /** Every element removed as hidden, prose or not (menus, labels, empty shells with text). */
  removedElements: number;
  /** Screen-reader-only texts seen (legitimate, never counted as hidden). */
  accessibilityOnly: number;
}

export interface VisibilityOptions {
  pageType: PageType;
  selectors: SelectorIndex;
  /** Overrides of the fitted numbers (scripts/fit-visibility.ts tries others). */
  tuning?: Partial<VisibilityTuning>;
}

export interface VisibilityTuning {
  revealedWrapperShare: number;
  styleHiddenShareMax: number;
  offScreenPx: number;
  proseMinWords: number;
  /** Which hiding reasons apply (all by default): the fit script measures each one's cost. */
  disabled: ReadonlySet<string>;
}

const SAMPLE_MAX = 5;
const SAMPLE_CHARS = 120;
/** Link text above this share of an element's text makes it a menu, not a hidden message. */
const LINK_SHARE_MAX = 0.5;
/** Stylesheets past this many characters are read up to it (a page's inlined framework CSS can be megabytes). */
const STYLE_CHARS_MAX = 1_000_000;
/** Rule selectors past this many are ignored (the cascade is evaluated per candidate element against them). */
const SELECTORS_MAX = 20_000;
/** A browser's default font size, for em/rem offsets. */
const EM_PX = 16;

/** The properties the stage reads; every other declaration is skipped at parse time. */
const PROPS = new Set([
  'display', 'visibility', 'opacity', 'font-size', 'line-height', 'height', 'max-height', 'overflow', 'overflow-y', 'overflow-x',
  'clip', 'clip-path', 'position', 'left', 'top', 'right', 'text-indent', 'color', 'background-color', 'background',
]);

interface Declaration {
  value: string;
  important: boolean;
}

interface StyleRule {
  text: string;
  /** What the rightmost compound requires (tag, id, classes): most rules fail it without compiling. */
  key: { tag?: string; id?: string; classes: string[] };
  /** Compiled on first use (css-select). */
  test?: ((el: DomElement) => boolean) | null;
  specificity: number;
  order: number;
  decls: Map<string, Declaration>;
}

/** Selectors that need a state or a pseudo-element: the page as first shown never matches them. */
const STATEFUL_SELECTOR = /::|:(hover|focus|focus-within|focus-visible|active|visited|target|checked|before|after|first-line|first-letter|placeholder|selection|marker|backdrop|open|popover-open|modal|fullscreen|autofill|indeterminate|invalid|valid|user-invalid|playing|paused)\b/i;

/** `@media` preludes that apply to the page on a screen as first shown. */
const SCREEN_MEDIA = /^\s*(only\s+)?(all|screen)\s*$/i;

/** Removes the page's hidden text in place and reports it. */
export function removeHiddenText(doc: Document, options: VisibilityOptions): VisibilityReport {
  const tuning: VisibilityTuning = {
    revealedWrapperShare: REVEALED_WRAPPER_SHARE.value,
    styleHiddenShareMax: STYLE_HIDDEN_SHARE_MAX.value,
    offScreenPx: OFF_SCREEN.value,
    proseMinWords: HIDDEN_PROSE_MIN_WORDS.value,
    disabled: new Set(),
    ...options.tuning,
  };
  const sheet = new StyleSheet(doc);
  const panels = disclosurePanels(doc);
  const total = collapsedTextLength(doc);
  const guardOver = Math.max(200, total * tuning.revealedWrapperShare);
  const report: VisibilityReport = { hidden: 0, samples: [], removedElements: 0, accessibilityOnly: 0 };
  const found: Array<{ el: Element; reason: string; text: string }> = [];
  const candidates = sheet.candidates(doc);
  walk(doc, (el) => {
    if (el.name === 'html' || el.name === 'body' || el.name === 'head' || NON_VISUAL.has(el.name)) return el.name === 'html' || el.name === 'body';
    const reason = hiddenBy(el, sheet, candidates.has(el), tuning);
    if (!reason || tuning.disabled.has(reason)) return true;
    const text = collapse(textOf(el));
    if (!text) return false;
    if (exempt(el, reason, panels, options.pageType, guardOver)) return true;
    const placedAway = reason === CLIPPED.id || reason === OFF_SCREEN.id || (reason === BROWSER_MARK.id && /^(clipped|off-viewport|zero-size)$/.test(el.attribs[RENDERED_HIDDEN_ATTRIBUTE] ?? ''));
    if (placedAway && accessibilityOnly(el, text)) {
      report.accessibilityOnly++;
      return false;
    }
    found.push({ el, reason, text });
    return false;
  });
  // A page whose styles hide much of its text hides it until a script shows it: those elements stay.
  const styled = found.filter((f) => !BY_ATTRIBUTE.has(f.reason) && !/(display|visibility)\s*:\s*(none|hidden)/i.test(f.el.attribs.style ?? ''));
  const styledChars = styled.reduce((n, f) => n + f.text.length, 0);
  const kept = styledChars > Math.max(STYLE_HIDDEN_MIN_CHARS, total * tuning.styleHiddenShareMax) ? new Set(styled.map((f) => f.el)) : new Set<Element>();
  for (const { el, reason, text } of found) {
    if (kept.has(el)) continue;
    report.removedElements++;
    if (isProse(el, text, tuning.proseMinWords)) {
      report.hidden++;
      // The selector names the element where the page served it: taken before the element leaves the tree.
      if (report.samples.length < SAMPLE_MAX) report.samples.push({ reason, text: text.slice(0, SAMPLE_CHARS), selector: options.selectors.selectorOf(el) });
    }
    removeNode(el);
  }
  return report;
}

/** Below this much style-hidden text the share guard does not apply (a short page hiding one sentence). */
const STYLE_HIDDEN_MIN_CHARS = 400;

/** Reasons read from the element's own attributes (and the browser's mark): never a script-revealed style. */
const BY_ATTRIBUTE = new Set([HIDDEN_ATTRIBUTE.id, ARIA_HIDDEN.id, UTILITY_CLASSES.id, BROWSER_MARK.id]);

/** Elements that are not rendered as text at all (their content is never the page's words). */
const NON_VISUAL = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'title', 'meta', 'link']);

function hiddenBy(el: Element, sheet: StyleSheet, matchedByHidingRule: boolean, tuning: VisibilityTuning): string | undefined {
  const a = el.attribs;
  if (a[RENDERED_HIDDEN_ATTRIBUTE]) return BROWSER_MARK.id;
  if (a.hidden !== undefined) return HIDDEN_ATTRIBUTE.id;
  if (a['aria-hidden'] === ARIA_HIDDEN.value) return ARIA_HIDDEN.id;
  const cls = a.class;
  // Code hidden only by a class stays (MDN prints its live samples' source under `class="hidden"`).
  const code = el.name === 'pre' || el.name === 'code';
  if (cls && !code && cls.split(/\s+/).some((c) => UTILITY_CLASSES.value.has(c))) return UTILITY_CLASSES.id;
  if (!matchedByHidingRule && !a.style) return undefined;
  const style = sheet.computed(el, code);
  return styleReason(el, style, sheet, code, tuning);
}

type Computed = (prop: string) => string | undefined;

function styleReason(el: Element, style: Computed, sheet: StyleSheet, code: boolean, tuning: VisibilityTuning): string | undefined {
  if (style('display') === DISPLAY_NONE.value) return DISPLAY_NONE.id;
  const visibility = style('visibility');
  if (visibility && VISIBILITY_HIDDEN.value.test(visibility) && !descendantDeclares(el, sheet, code, 'visibility', (v) => v === 'visible')) return VISIBILITY_HIDDEN.id;
  const opacity = style('opacity');
  if (opacity !== undefined && numberOf(opacity) !== undefined && numberOf(opacity)! <= OPACITY_ZERO.value) return OPACITY_ZERO.id;
  const fontSize = style('font-size');
  if (fontSize !== undefined && isZeroLength(fontSize) && !descendantDeclares(el, sheet, code, 'font-size', (v) => !isZeroLength(v))) return FONT_SIZE_ZERO.id;
  const overflow = [style('overflow'), style('overflow-y')].some((v) => v === 'hidden' || v === 'clip');
  if (overflow && isZeroLength(style('line-height') ?? '')) return ZERO_BOX.id;
  const position = style('position');
  const positioned = position === 'absolute' || position === 'fixed';
  const clip = style('clip');
  const clipPath = style('clip-path');
  if ((positioned && clip && CLIPPED.value.test(clip)) || (clipPath && CLIPPED.value.test(clipPath))) return CLIPPED.id;
  const far = (v: string | undefined) => v !== undefined && (pixelsOf(v) ?? 0) <= -tuning.offScreenPx;
  if ((positioned && (far(style('left')) || far(style('top')) || far(style('right')))) || far(style('text-indent'))) return OFF_SCREEN.id;
  const color = style('color');
  if (color !== undefined) {
    const fg = colourOf(color);
    if (fg === 'transparent') return SAME_COLOUR.id;
    if (fg !== undefined) {
      const bg = sheet.declaredBackground(el, code);
      if (bg !== undefined && bg === fg) return SAME_COLOUR.id;
    }
  }
  return undefined;
}

function descendantDeclares(el: Element, sheet: StyleSheet, code: boolean, prop: string, undoes: (value: string) => boolean): boolean {
  return findFirst(el, (d) => {
    if (d === el) return false;
    const v = sheet.own(d, prop, code);
    return v !== undefined && undoes(v);
  }) !== undefined;
}

function exempt(el: Element, reason: string, panels: ReadonlySet<string>, pageType: PageType, guardOver: number): boolean {
  // React 18 streaming SSR parks server-rendered boundaries in `<div hidden id="S:1">` until JS moves them.
  if (reason === HIDDEN_ATTRIBUTE.id && /^[SB]:\d+$/.test(el.attribs.id ?? '')) return true;
  // A card's second link to the same target, out of the tab order: its text is on screen.
  if (reason === ARIA_HIDDEN.id && el.name === 'a' && el.attribs.tabindex === '-1' && el.attribs.href !== undefined) return true;
  if (el.attribs.id !== undefined && panels.has(el.attribs.id)) return true;
  // A collapsed panel by its class: on any page when only the stylesheet hides it (the reader opens it); by an
  // attribute or inline style only on a product page (the boilerplate stage's long-standing rule).
  const cssOnly = reason !== HIDDEN_ATTRIBUTE.id && reason !== ARIA_HIDDEN.id && reason !== UTILITY_CLASSES.id && el.attribs.hidden === undefined && !/(display|visibility)\s*:\s*(none|hidden)/i.test(el.attribs.style ?? '');
  if ((cssOnly || pageType === 'product') && isPanel(el)) return true;
  // A wrapper of the page's main content (the boilerplate stage's rule for hidden elements as well).
  if (holdsMainContent(el, 0)) return true;
  // A page wrapper a script reveals: most of the page's text, under a heading.
  if (collapsedTextLength(el) > guardOver && findFirst(el, (e) => /^h[1-6]$/.test(e.name)) !== undefined) return true;
  return false;
}

function isPanel(el: Element): boolean {
  const mark = (e: Element) => (e.attribs.role ?? '').toLowerCase() === 'region' || DISCLOSURE_PANEL.value.test(`${e.attribs.class ?? ''} ${e.attribs.id ?? ''}`.toLowerCase());
  return mark(el) || el.children.some((c) => (c as Element).attribs !== undefined && mark(c as Element));
}

function accessibilityOnly(el: Element, text: string): boolean {
  if (ACCESSIBILITY_ONLY.value.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`.toLowerCase())) return true;
  return wordCount(text) <= ACCESSIBILITY_LABEL_MAX_WORDS.value;
}

/**
 * A hidden text block worth reporting: a sentence (HIDDEN_PROSE_MIN_WORDS words and a sentence mark), a longer
 * passage (twice as many words), or anything the instruction detector flags ("Ignore previous instructions." is
 * three words) — and mostly not link text. A hidden label ("Toggle the table of contents") or a collapsed menu is
 * removed without a word in the response.
 */
function isProse(el: Element, text: string, minWords: number): boolean {
  const words = wordCount(text);
  const sentence = (words >= minWords && /[.!?;:。！？]/u.test(text)) || words >= 2 * minWords;
  if (!sentence && classifyPassage(text).length === 0) return false;
  let linked = 0;
  walk(el, (e) => {
    if (e.name !== 'a') return true;
    linked += collapsedTextLength(e);
    return false;
  });
  return linked <= text.length * LINK_SHARE_MAX;
}

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

// ---------------------------------------------------------------------------------------------------------------
// The page's own stylesheet, for the properties above.

class StyleSheet {
  readonly rules: StyleRule[] = [];
  /** Rules per property they declare. */
  readonly #byProp = new Map<string, StyleRule[]>();
  /** Selectors of the rules that can hide on their own (display:none, opacity:0, …), joined for one pass. */
  readonly #hiding: StyleRule[] = [];
  readonly #inline = new WeakMap<Element, Map<string, Declaration>>();

  constructor(doc: Document) {
    let css = '';
    walk(doc, (el) => {
      if (el.name === 'style') {
        const media = el.attribs.media;
        if (!media || SCREEN_MEDIA.test(media)) for (const c of el.children) if (c.type === 'text') css += `${(c as unknown as { data: string }).data}\n`;
        return false;
      }
      return el.name !== 'svg' && el.name !== 'template';
    });
    if (!css.trim()) return;
    this.#read(css.slice(0, STYLE_CHARS_MAX));
  }

  /**
   * A page's inline CSS can be half a megabyte of framework rules, nearly all of them about layout: the blocks are
   * scanned first and only those declaring a property the stage reads are parsed (selectors by css-tree).
   */
  #read(css: string): void {
    let order = 0;
    const backgrounds = new Set<string>();
    for (const { prelude, body } of styleBlocks(css)) {
      if (!RELEVANT_DECLARATION.test(body)) continue;
      const decls = declarationsOf(body);
      if (decls.size === 0) continue;
      let list: csstree.CssNode;
      try {
        list = parseCss(prelude, { context: 'selectorList', onParseError: () => {} });
      } catch {
        continue;
      }
      if (list.type !== 'SelectorList') continue;
      const bg = decls.get('background-color')?.value ?? (decls.has('background') ? backgroundColourOf(decls.get('background')!.value) : undefined);
      const bgColour = bg === undefined ? undefined : colourOf(bg);
      if (bgColour) backgrounds.add(bgColour);
      list.children.forEach((sel) => {
        if (sel.type !== 'Selector' || this.rules.length >= SELECTORS_MAX) return;
        const text = generateCss(sel);
        if (STATEFUL_SELECTOR.test(text)) return;
        const rule: StyleRule = { text, key: keyOf(sel), specificity: specificityOf(sel), order: order++, decls };
        this.rules.push(rule);
        for (const prop of decls.keys()) {
          let rules = this.#byProp.get(prop);
          if (!rules) this.#byProp.set(prop, (rules = []));
          rules.push(rule);
        }
      });
    }
    for (const r of this.rules) if (canHide(r.decls, backgrounds)) this.#hiding.push(r);
  }

  /** Elements some hiding rule matches (the others are only checked when they have an inline style). */
  candidates(doc: Document): Set<Element> {
    const out = new Set<Element>();
    if (this.#hiding.length === 0) return out;
    // Elements by id, class and tag: each rule is tested only on the elements its rightmost compound names.
    const byId = new Map<string, Element[]>();
    const byClass = new Map<string, Element[]>();
    const byTag = new Map<string, Element[]>();
    const all: Element[] = [];
    const push = (m: Map<string, Element[]>, k: string, el: Element) => {
      const list = m.get(k);
      if (list) list.push(el);
      else m.set(k, [el]);
    };
    walk(doc, (el) => {
      all.push(el);
      push(byTag, el.name, el);
      if (el.attribs.id) push(byId, el.attribs.id, el);
      const cls = el.attribs.class;
      if (cls) for (const c of cls.split(/\s+/)) if (c) push(byClass, c, el);
      return true;
    });
    for (const r of this.#hiding) {
      const k = r.key;
      const pool = k.id !== undefined ? (byId.get(k.id) ?? []) : k.classes.length ? (byClass.get(k.classes[0]) ?? []) : k.tag ? (byTag.get(k.tag) ?? []) : all;
      for (const el of pool) if (!out.has(el) && matchesRule(r, el)) out.add(el);
    }
    return out;
  }

  /** The cascaded value of the stage's properties on `el` (declared values only: no inheritance). */
  computed(el: Element, code: boolean): Computed {
    return (prop) => this.own(el, prop, code);
  }

  /** The value the cascade gives `prop` on `el` from its inline style and the stylesheet. */
  own(el: Element, prop: string, code: boolean): string | undefined {
    const inline = this.#inlineOf(el).get(prop);
    let best: Declaration | undefined = inline;
    // Precedence: a rule (1) < the inline style (2) < an !important rule (3) < an !important inline style (4).
    let bestKey = inline ? (inline.important ? 4 : 2) : -1;
    let bestSpec = Infinity;
    let bestOrder = Infinity;
    // Code is only hidden by its own attributes (see hiddenBy): the stylesheet's class rules do not apply to it.
    const rules = code ? undefined : this.#byProp.get(prop);
    if (rules) {
      for (const r of rules) {
        const d = r.decls.get(prop)!;
        const key = d.important ? 3 : 1;
        if (key < bestKey) continue;
        if (key === bestKey && (r.specificity < bestSpec || (r.specificity === bestSpec && r.order < bestOrder))) continue;
        if (!matchesRule(r, el)) continue;
        best = d;
        bestKey = key;
        bestSpec = r.specificity;
        bestOrder = r.order;
      }
    }
    if (best && prop === 'background') return backgroundColourOf(best.value);
    return best?.value;
  }

  /** The colour of the background declared on `el` or its nearest ancestor that declares one. */
  declaredBackground(el: Element, code: boolean): string | undefined {
    for (let e: Element | null = el; e && e.attribs; e = e.parent as Element | null) {
      const v = this.own(e, 'background-color', code) ?? this.own(e, 'background', code);
      if (v !== undefined) {
        const c = colourOf(v);
        if (c !== undefined && c !== 'transparent') return c;
        if (c === undefined) return undefined; // an image or gradient: the colours cannot be compared
      }
    }
    return undefined;
  }

  #inlineOf(el: Element): Map<string, Declaration> {
    let m = this.#inline.get(el);
    if (!m) this.#inline.set(el, (m = el.attribs.style ? declarationsOf(el.attribs.style) : new Map()));
    return m;
  }
}

const classSets = new WeakMap<Element, ReadonlySet<string>>();
const NO_CLASSES: ReadonlySet<string> = new Set();
function classesOf(el: Element): ReadonlySet<string> {
  const cls = el.attribs.class;
  if (!cls) return NO_CLASSES;
  let set = classSets.get(el);
  if (!set) classSets.set(el, (set = new Set(cls.split(/\s+/))));
  return set;
}

function matchesRule(r: StyleRule, el: Element): boolean {
  const k = r.key;
  if (k.tag && el.name !== k.tag) return false;
  if (k.id && el.attribs.id !== k.id) return false;
  if (k.classes.length) {
    const have = classesOf(el);
    for (const c of k.classes) if (!have.has(c)) return false;
  }
  if (r.test === undefined) {
    try {
      r.test = compile<DomElement, DomElement>(r.text) as (el: DomElement) => boolean;
    } catch {
      r.test = null;
    }
  }
  return r.test ? r.test(el as unknown as DomElement) : false;
}

/** The rightmost compound's type, id and classes (a rule can only match an element that has them all). */
function keyOf(sel: csstree.Selector): StyleRule['key'] {
  const key: StyleRule['key'] = { classes: [] };
  const parts = sel.children.toArray();
  for (let i = parts.length - 1; i >= 0; i--) {
    const p = parts[i];
    if (p.type === 'Combinator') break;
    if (p.type === 'TypeSelector' && p.name !== '*' && !p.name.includes('|')) key.tag = p.name.toLowerCase();
    else if (p.type === 'IdSelector') key.id = p.name;
    else if (p.type === 'ClassSelector') key.classes.push(p.name);
  }
  return key;
}

/** A declaration that can matter to the stage (the cheap test before a block is parsed). */
const RELEVANT_DECLARATION = /(?:^|[;{\s])(?:background|background-color|display|visibility|opacity|font-size|line-height|height|max-height|clip|clip-path|left|top|right|text-indent|color)\s*:/i;

/**
 * The style rules of a stylesheet as (selector text, declarations text), in order: comments dropped, at-rules that
 * do not apply to a screen as first shown (@media print, @keyframes, @font-face …) skipped with their blocks,
 * @media screen/all, @supports, @layer and @container entered.
 */
function* styleBlocks(css: string): Generator<{ prelude: string; body: string }> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  let start = 0;
  let skipDepth = 0;
  let depth = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      // a string: skip to its end
      const end = text.indexOf(String.fromCharCode(c), i + 1);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === 0x7b /* { */) {
      const prelude = text.slice(start, i).trim();
      if (skipDepth > 0) {
        skipDepth++;
      } else if (prelude.startsWith('@')) {
        const m = /^@([\w-]+)\s*([\s\S]*)$/.exec(prelude);
        const name = (m?.[1] ?? '').toLowerCase();
        const applies = name === 'supports' || name === 'layer' || name === 'container' || (name === 'media' && SCREEN_MEDIA.test(m?.[2] ?? ''));
        if (applies) depth++;
        else skipDepth = 1;
      } else {
        const close = text.indexOf('}', i + 1);
        const end = close < 0 ? text.length : close;
        // A nested block inside a rule (CSS nesting) is not read: the rule's own declarations up to it are.
        const nested = text.indexOf('{', i + 1);
        const bodyEnd = nested >= 0 && nested < end ? nested : end;
        yield { prelude, body: text.slice(i + 1, bodyEnd) };
        if (nested >= 0 && nested < end) {
          skipDepth = 1;
          i = nested + 1;
          start = i;
          continue;
        }
        i = end + 1;
        start = i;
        continue;
      }
      i++;
      start = i;
      continue;
    }
    if (c === 0x7d /* } */) {
      if (skipDepth > 0) skipDepth--;
      else if (depth > 0) depth--;
      i++;
      start = i;
      continue;
    }
    if (c === 0x3b /* ; */ && skipDepth === 0) {
      // a statement at-rule (@import, @charset) or stray text
      start = i + 1;
    }
    i++;
  }
}

/** `prop: value [!important]` pairs of a declaration block, for the stage's properties only. */
function declarationsOf(body: string): Map<string, Declaration> {
  const m = new Map<string, Declaration>();
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const prop = part.slice(0, colon).trim().toLowerCase();
    if (!PROPS.has(prop)) continue;
    let value = part.slice(colon + 1).trim().toLowerCase();
    const important = /!\s*important$/.test(value);
    if (important) value = value.replace(/!\s*important$/, '').trim();
    m.set(prop, { value, important });
  }
  return m;
}

/** A declaration block that hides whatever it matches on its own (so its selectors find the candidates). */
function canHide(decls: Map<string, Declaration>, backgrounds: ReadonlySet<string>): boolean {
  const v = (p: string) => decls.get(p)?.value;
  if (v('display') === 'none') return true;
  if (v('visibility') !== undefined && VISIBILITY_HIDDEN.value.test(v('visibility')!)) return true;
  if (v('opacity') !== undefined && (numberOf(v('opacity')!) ?? 1) <= OPACITY_ZERO.value) return true;
  if (v('font-size') !== undefined && isZeroLength(v('font-size')!)) return true;
  if (isZeroLength(v('line-height') ?? '')) return true;
  if (v('clip') !== undefined || v('clip-path') !== undefined) return true;
  if (['left', 'top', 'right', 'text-indent'].some((p) => (pixelsOf(v(p) ?? '') ?? 0) < 0)) return true;
  // A colour rule can hide against a background declared here or on an ancestor.
  const colour = v('color') === undefined ? undefined : colourOf(v('color')!);
  return colour !== undefined && (colour === 'transparent' || backgrounds.has(colour));
}

/** CSS specificity as one comparable number (a·10⁶ + b·10³ + c), from css-tree's selector tree. */
function specificityOf(sel: csstree.Selector): number {
  let a = 0;
  let b = 0;
  let c = 0;
  walkCss(sel, (node) => {
    if (node.type === 'IdSelector') a++;
    else if (node.type === 'ClassSelector' || node.type === 'AttributeSelector') b++;
    else if (node.type === 'PseudoClassSelector') {
      // :is/:not/:has count their argument (walked as children); :where counts nothing — approximated as 0 here.
      if (!['is', 'not', 'has', 'where', 'matches'].includes(node.name.toLowerCase())) b++;
    } else if (node.type === 'TypeSelector' && node.name !== '*') c++;
    else if (node.type === 'PseudoElementSelector') c++;
  });
  return a * 1_000_000 + b * 1_000 + c;
}

function numberOf(v: string): number | undefined {
  const m = /^(-?[\d.]+)(%)?$/.exec(v.trim());
  if (!m) return undefined;
  const n = Number.parseFloat(m[1]);
  if (!Number.isFinite(n)) return undefined;
  return m[2] ? n / 100 : n;
}

function isZeroLength(v: string): boolean {
  return /^-?0*\.?0+(px|em|rem|pt|pc|%|vh|vw|ex|ch)?$/.test(v.trim());
}

/** A length in CSS pixels (px, em/rem at the default size, pt); undefined for anything else. */
function pixelsOf(v: string): number | undefined {
  const m = /^(-?[\d.]+)(px|em|rem|pt)?$/.exec(v.trim());
  if (!m) return undefined;
  const n = Number.parseFloat(m[1]);
  if (!Number.isFinite(n)) return undefined;
  if (m[2] === 'em' || m[2] === 'rem') return n * EM_PX;
  if (m[2] === 'pt') return (n * 4) / 3;
  return m[2] === undefined && n !== 0 ? undefined : n;
}

const NAMED_COLOURS: Record<string, string> = {
  white: '255,255,255',
  black: '0,0,0',
  red: '255,0,0',
  green: '0,128,0',
  blue: '0,0,255',
  yellow: '255,255,0',
  gray: '128,128,128',
  grey: '128,128,128',
  silver: '192,192,192',
  whitesmoke: '245,245,245',
  snow: '255,250,250',
  ivory: '255,255,240',
  navy: '0,0,128',
};

/** A colour as "r,g,b", `transparent` for a fully transparent one, undefined when it is not a plain colour. */
export function colourOf(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return 'transparent';
  if (NAMED_COLOURS[v]) return NAMED_COLOURS[v];
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v);
  if (hex) {
    let h = hex[1];
    if (h.length <= 4) h = [...h].map((ch) => ch + ch).join('');
    if (h.length === 8 && h.slice(6) === '00') return 'transparent';
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)).join(',');
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
  if (fn) {
    if (fn[4] !== undefined && (numberOf(fn[4]) ?? 1) === 0) return 'transparent';
    return [fn[1], fn[2], fn[3]].map((n) => String(Math.round(Number.parseFloat(n)))).join(',');
  }
  return undefined;
}

/** The colour of a `background` shorthand (its colour token), or the whole value when there is none to pick. */
function backgroundColourOf(value: string): string {
  if (/url\(|gradient\(/.test(value)) return value;
  const token = value.split(/\s+(?![^(]*\))/).find((t) => colourOf(t) !== undefined);
  return token ?? value;
}
