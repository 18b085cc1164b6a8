// The DOM layer of extraction: parse, walk, read attributes, measure text, and a small CSS selector matcher.
//
// Parser choice (measured, 300 wcxb-dev-sample pages, avg 395 KB, Node 24, same machine, second pass):
//   htmlparser2 + domhandler 10.3 ms/page · parse5 24.2 ms/page · linkedom 61.1 ms/page (jsdom is slower still).
// htmlparser2 builds a plain tree (no layout, no scripts); extraction needs nothing more, so it wins.
import { Parser, Tokenizer, type Handler } from 'htmlparser2';
import { DomHandler, Element, Text, type AnyNode, type ChildNode, type Document, type ParentNode } from 'domhandler';

export { Element, Text };
export type { AnyNode, ChildNode, Document, ParentNode };

/** Deeper nesting than this is flattened to text: the tree walkers recurse, and no real layout needs more. */
export const MAX_DEPTH = 400;

const flattened = new WeakMap<Document, number>();

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that end an element's "scope" in HTML's tree construction: a heading outside them is not closed from inside. */
const SCOPE_BOUNDARIES = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template']);

/** The parser's internals this module relies on (htmlparser2 12: `stack` holds open tag names, innermost first). */
interface ParserInternals {
  stack: string[];
  startIndex: number;
  endIndex: number;
  readTagName(start: number, endIndex: number): string;
  popElement(implied: boolean): void;
}

/**
 * htmlparser2 with one rule of HTML's tree construction it lacks: an end tag `</h3>` closes whichever heading is
 * open (`<h2>…</h3>`), as in every browser. Without it, a template's mismatched excerpt heading swallows the
 * whole article that follows, which then reads as one giant heading.
 */
class BrowserHeadingParser extends Parser {
  override onclosetag(start: number, endIndex: number): void {
    const p = this as unknown as ParserInternals;
    // Heading names are two characters: every other end tag goes straight to the parser, read once.
    const name = endIndex - start === 2 ? p.readTagName(start, endIndex) : '';
    if (HEADINGS.has(name) && Array.isArray(p.stack) && !p.stack.includes(name)) {
      const pos = p.stack.findIndex((n) => HEADINGS.has(n));
      if (pos !== -1 && !p.stack.slice(0, pos).some((n) => SCOPE_BOUNDARIES.has(n))) {
        p.endIndex = endIndex;
        for (let i = 0; i < pos; i++) p.popElement(true);
        p.popElement(false);
        p.startIndex = endIndex + 1;
        return;
      }
    }
    super.onclosetag(start, endIndex);
  }
}

/** The tokenizer's internals the CDATA rule relies on (htmlparser2 12: `State.InSpecialComment` = 21, `InCommentLike` = 22). */
interface TokenizerInternals {
  state: number;
  currentSequence: Uint8Array;
  sequenceIndex: number;
  cbs: { isInForeignContext?(): boolean };
  stateCDATASequence(c: number): void;
  stateSpecialStartSequence(c: number): void;
}
const STATE_IN_SPECIAL_COMMENT = 21;
const STATE_IN_COMMENT_LIKE = 22;

/**
 * htmlparser2 with HTML's rule for `<![CDATA[` outside SVG/MathML: a bogus comment that ends at the next `>`, as
 * in every browser. htmlparser2 reads it as CDATA up to the next `]]>`, so a stray `<![CDATA[` in a template's
 * body (XenForo themes print one) hides the whole page, up to some `//]]>` in a late script, inside a comment.
 */
class BrowserTokenizer extends Tokenizer {}
{
  const proto = BrowserTokenizer.prototype as unknown as TokenizerInternals;
  const readCdataStart = proto.stateCDATASequence;
  proto.stateCDATASequence = function (this: TokenizerInternals, c: number): void {
    readCdataStart.call(this, c);
    if (this.state === STATE_IN_COMMENT_LIKE && this.currentSequence[0] === 0x5d && !this.cbs.isInForeignContext?.()) {
      this.state = STATE_IN_SPECIAL_COMMENT;
    }
  };
  // `<noscript>` is raw text up to `</noscript>`, as in a browser with scripting on (the HTML spec's "generic raw
  // text element" rule): what it holds is markup for script-less readers, never parsed into the page. Parsed as
  // elements, Google Tag Manager's `<noscript><iframe …/></noscript>` opens an iframe — itself raw text up to the
  // next `</iframe` — that swallows the rest of the page. htmlparser2 matches `</noembed` and `</noframes` on their
  // shared `</no` prefix; `noscript` branches off at the same byte.
  const readSpecialStart = proto.stateSpecialStartSequence;
  proto.stateSpecialStartSequence = function (this: TokenizerInternals, c: number): void {
    const seq = this.currentSequence;
    if (this.sequenceIndex === 4 && seq.length > 4 && seq[2] === 0x6e && seq[3] === 0x6f && seq[4] === 0x65 && (c | 0x20) === 0x73) {
      this.currentSequence = NOSCRIPT_END;
      this.sequenceIndex = 5;
      return;
    }
    readSpecialStart.call(this, c);
  };
}
/** `</noscript`, the sequence that ends a raw-text `<noscript>`. */
const NOSCRIPT_END = new Uint8Array([...'</noscript'].map((ch) => ch.charCodeAt(0)));

/**
 * Soft hyphens (U+00AD, `&shy;`) are invisible hyphenation points: in the read they would split every word they sit
 * in ("Wäh\u00adrend" is not "Während" to a search) and cost tokens. They go as the text is parsed.
 */
class SoftHyphenFreeHandler extends DomHandler {
  override ontext(data: string): void {
    super.ontext(data.includes('\u00ad') ? data.replaceAll('\u00ad', '') : data);
  }
}

/**
 * The parser parseHtml builds its tree with (browser rules for headings, CDATA and `<noscript>`), for a streaming
 * reader that needs no tree (occam_map's anchor scan).
 */
export function browserParser(callbacks: Partial<Handler>): Parser {
  return new BrowserHeadingParser(callbacks, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, Tokenizer: BrowserTokenizer });
}

export function parseHtml(html: string): Document {
  const handler = new SoftHyphenFreeHandler();
  browserParser(handler).end(html);
  const doc = handler.root;
  moveHeadContentIntoBody(doc);
  moveTrailingContentIntoBody(doc);
  resolveStreamedBoundaries(doc);
  const n = capDepth(doc, MAX_DEPTH);
  if (n > 0) flattened.set(doc, n);
  return doc;
}

/** Sets every child's sibling links from its place in `children` (after the tree repairs below move nodes). */
function relinkChildren(parent: ParentNode): void {
  parent.children.forEach((c, i) => {
    c.prev = parent.children[i - 1] ?? null;
    c.next = parent.children[i + 1] ?? null;
  });
}

/** What HTML's "in head" insertion mode keeps in the head; any other element (or text) starts the body. */
const HEAD_CONTENT = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'title', 'noscript', 'noframes', 'style', 'script', 'template']);

/**
 * A page that never closes its `<head>` (nor opens `<body>`) has its whole body parsed into the head by htmlparser2;
 * a browser ends the head at the first element the head cannot hold and starts the body there. The same repair:
 * from that child on, the head's children move to the start of the body (made when the page has none, or empty).
 */
function moveHeadContentIntoBody(doc: Document): void {
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  const head = html?.children.find((c): c is Element => c instanceof Element && c.name === 'head');
  if (!html || !head) return;
  let body = html.children.find((c): c is Element => c instanceof Element && c.name === 'body');
  // Only a page whose body is missing or empty has it in the head. A stray element in the head of a page with a
  // body (a tracking pixel's <img>) would also end the head in a browser, but moving the <title> and <meta>s after
  // it into the body would make them text of the page.
  if (body && findFirst(body, (e) => !HEAD_CONTENT.has(e.name)) !== undefined) return;
  const first = head.children.findIndex((c) => (c instanceof Element && !HEAD_CONTENT.has(c.name)) || (c instanceof Text && c.data.trim() !== ''));
  if (first === -1) return;
  if (!body) {
    body = new Element('body', {});
    html.children.splice(html.children.indexOf(head) + 1, 0, body);
    body.parent = html;
  }
  const moved = head.children.splice(first);
  for (const node of moved) node.parent = body;
  body.children.unshift(...moved);
  for (const parent of [head, body, html] as ParentNode[]) relinkChildren(parent);
}

/**
 * Markup after `</body>` or `</html>` belongs to the body (HTML's "after body" insertion modes reprocess it there,
 * so a browser shows it); htmlparser2 leaves it beside them. Some CMS templates close the document early and print
 * the whole page after it, which would otherwise leave an empty body. Comments and whitespace stay where they are.
 */
function moveTrailingContentIntoBody(doc: Document): void {
  const html = doc.children.find((c): c is Element => c instanceof Element && c.name === 'html');
  const body = html?.children.find((c): c is Element => c instanceof Element && c.name === 'body');
  if (!html || !body) return;
  const strays = [...html.children.slice(html.children.indexOf(body) + 1), ...doc.children.slice(doc.children.indexOf(html) + 1)].filter(
    (c) => c instanceof Element || (c instanceof Text && c.data.trim() !== ''),
  );
  for (const node of strays) {
    const from = node.parent as ParentNode;
    from.children.splice(from.children.indexOf(node), 1);
    const last = body.children[body.children.length - 1];
    node.prev = last ?? null;
    node.next = null;
    if (last) last.next = node;
    node.parent = body;
    body.children.push(node);
  }
  // Repair the sibling links of what the strays left.
  for (const parent of [html, doc] as ParentNode[]) relinkChildren(parent);
}

/**
 * React 18 streaming SSR (Next.js app router and others) sends a page's late parts after the shell, each in a
 * `<div hidden id="S:n">` at the end of the body, with an inline script that moves it where it belongs:
 * `$RC("B:n","S:n")` replaces the suspense boundary's fallback (from `<template id="B:n">` to its closing `<!--/$-->`
 * comment) with the segment, `$RS("S:n","P:n")` puts a segment where `<template id="P:n">` stands. A browser runs
 * those scripts at once; doing the same here puts the page's sections back inside its `<main>`, in reading order.
 * A call whose target is missing leaves its segment where it is.
 */
function resolveStreamedBoundaries(doc: Document): void {
  const calls: Array<[op: 'RC' | 'RS', a: string, b: string]> = [];
  const byId = new Map<string, Element>();
  // Document order, without recursion (the tree is not depth-capped yet).
  const stack: ChildNode[] = [...doc.children].reverse();
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (!(c instanceof Element)) continue;
    const id = c.attribs.id;
    if (id && STREAM_ID.test(id) && !byId.has(id)) byId.set(id, c);
    if (c.name === 'script') {
      const code = c.children.map((k) => (k instanceof Text ? k.data : '')).join('');
      if (code.includes('$R')) for (const m of code.matchAll(STREAM_CALL)) calls.push([m[1] as 'RC' | 'RS', m[2], m[3]]);
    } else for (let i = c.children.length - 1; i >= 0; i--) stack.push(c.children[i]);
  }
  for (const [op, a, b] of calls) {
    const segment = byId.get(op === 'RC' ? b : a);
    const target = byId.get(op === 'RC' ? a : b);
    if (!segment || !target || !segment.parent || !target.parent || contains(segment, target)) continue;
    const moved = segment.children.slice();
    removeNode(segment);
    const parent = target.parent as ParentNode;
    const at = parent.children.indexOf(target as ChildNode);
    let end = at + 1;
    if (op === 'RC') {
      // The fallback runs from the template to the boundary's closing comment, nested boundaries skipped; without
      // that comment only the template goes.
      let depth = 0;
      for (let i = at + 1; i < parent.children.length; i++) {
        const n = parent.children[i];
        if (n.type !== 'comment') continue;
        const data = (n as unknown as { data: string }).data;
        if (data === '/$') {
          if (depth === 0) {
            end = i;
            break;
          }
          depth--;
        } else if (data === '$' || data === '$?' || data === '$!') depth++;
      }
    }
    for (const n of parent.children.slice(at, end)) n.parent = null;
    parent.children.splice(at, end - at, ...moved);
    for (const n of moved) n.parent = parent;
    relinkChildren(parent);
  }
}
const STREAM_ID = /^[BPS]:\d+$/;
const STREAM_CALL = /\$(RC|RS)\(\s*"([BPS]:\d+)"\s*,\s*"([BPS]:\d+)"\s*\)/g;

/** How many elements parseHtml flattened to text at MAX_DEPTH (their links, images and structure are lost). */
export function flattenedBelowDepth(doc: Document): number {
  return flattened.get(doc) ?? 0;
}

/** The attributes of every element that has none: the parser gives each its own empty object (56 bytes). */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

function hasNoAttributes(attribs: Record<string, string>): boolean {
  for (const _ in attribs) return false;
  return true;
}

/**
 * Iteratively replaces the children of elements at `max` depth with their concatenated text; returns how many.
 * The same walk gives every child list its exact length: the parser builds them by push, so each carries up to
 * half its size plus 16 slots of spare capacity, about a fifth of a page-sized tree (issue 14), and lets the
 * elements without attributes (two thirds of an article's) share one frozen empty object.
 */
export function capDepth(doc: Document, max: number): number {
  let count = 0;
  // Parallel stacks, not [node, depth] pairs: one pair per element of a page-sized tree is measurable garbage.
  const stack: ParentNode[] = [doc];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const depth = depths.pop()!;
    if (depth >= max && node instanceof Element) {
      if (!node.children.some((c) => c instanceof Element)) continue;
      let text = '';
      const inner: AnyNode[] = [...node.children];
      while (inner.length > 0) {
        const n = inner.shift()!;
        if (n instanceof Text) text += n.data;
        else if (n instanceof Element && !NON_TEXT.has(n.name)) inner.unshift(...n.children);
      }
      const t = new Text(text);
      t.parent = node;
      node.children = [t];
      count++;
      continue;
    }
    if (node.children.length > 0) node.children = node.children.slice();
    for (const c of node.children) {
      if (c instanceof Element) {
        if (c.attribs !== NO_ATTRIBUTES && hasNoAttributes(c.attribs)) c.attribs = NO_ATTRIBUTES;
        stack.push(c);
        depths.push(depth + 1);
      }
    }
  }
  return count;
}

export function isElement(node: AnyNode | null | undefined): node is Element {
  return node instanceof Element;
}

export function isText(node: AnyNode | null | undefined): node is Text {
  return node instanceof Text;
}

export function tagOf(node: AnyNode): string {
  return node instanceof Element ? node.name : '';
}

export function attr(el: Element, name: string): string | undefined {
  const v = el.attribs[name];
  return v === undefined ? undefined : v;
}

/** Class and id joined, lower-cased: the string boilerplate and content patterns are matched against. */
export function classAndId(el: Element): string {
  const c = el.attribs.class;
  const i = el.attribs.id;
  if (!c && !i) return '';
  return `${c ?? ''} ${i ?? ''}`.toLowerCase();
}

/** Elements whose content is no text of the page (script-like, or another markup language). */
export const NON_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math']);

/** Concatenated text of a subtree (raw, not whitespace-collapsed), skipping script-like elements. */
export function rawText(node: AnyNode): string {
  if (node instanceof Text) return node.data;
  if (!(node instanceof Element) && !('children' in node)) return '';
  if (node instanceof Element && NON_TEXT.has(node.name)) return '';
  let out = '';
  for (const child of (node as ParentNode).children) out += rawText(child);
  return out;
}

export function collapse(text: string): string {
  return collapseSpaces(text).trim();
}

/** Words only, lower case, one space apart: the key under which two texts count as saying the same thing. */
export function wordKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/**
 * `text.replace(/\s+/g, ' ')` by a scan that copies only around the runs needing change: a lone ' ' stays as it
 * is, so prose costs a handful of slices instead of one regex match per word (7× faster and ~10× less garbage on
 * a page-sized extract, issue 14).
 */
export function collapseSpaces(text: string): string {
  let parts: string[] | undefined;
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (!isSpace(c)) continue;
    let j = i + 1;
    while (j < n && isSpace(text.charCodeAt(j))) j++;
    if (j - i > 1 || c !== 32) {
      (parts ??= []).push(text.slice(from, i), ' ');
      from = j;
    }
    i = j - 1;
  }
  if (!parts) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** The text nodes of a subtree in document order, skipping script-like elements (what rawText concatenates). */
function eachText(node: AnyNode, visit: (data: string) => void): void {
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n instanceof Text) visit(n.data);
    else if ('children' in n && !(n instanceof Element && NON_TEXT.has(n.name))) {
      const kids = (n as ParentNode).children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
}

/** `\s` of a JS regular expression (WhiteSpace + LineTerminator), as char codes. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * `collapse(rawText(node))`, built text node by text node: each node's data is collapsed on its own and a space
 * that continues the previous node's run is dropped, so a whole document's text costs its own size once instead
 * of a rope of every node plus a page-sized regex pass (issue 14).
 */
export function textOf(node: AnyNode): string {
  const parts: string[] = [];
  let endsInSpace = true; // at the start, like trim(): a leading space is dropped
  eachText(node, (data) => {
    if (data.length === 0) return;
    let s = collapseSpaces(data);
    if (endsInSpace && s.charCodeAt(0) === 32) s = s.slice(1);
    if (s.length === 0) return;
    parts.push(s);
    endsInSpace = s.charCodeAt(s.length - 1) === 32;
  });
  if (parts.length === 0) return '';
  if (endsInSpace) parts[parts.length - 1] = parts[parts.length - 1].slice(0, -1);
  return parts.length === 1 ? parts[0] : parts.join('');
}

/** `rawText(node).replace(/\s+/g, ' ').length` (whitespace runs count once, nothing trimmed), without building it. */
export function collapsedTextLength(node: AnyNode): number {
  let n = 0;
  let inSpace = false;
  eachText(node, (data) => {
    for (let i = 0; i < data.length; i++) {
      if (isSpace(data.charCodeAt(i))) {
        if (!inSpace) n++;
        inSpace = true;
      } else {
        n++;
        inSpace = false;
      }
    }
  });
  return n;
}

/** Depth-first visit of elements under `root` (root included when it is an element). Return false to skip a subtree. */
export function walk(root: AnyNode, visit: (el: Element) => boolean | void): void {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node instanceof Element) {
      if (visit(node) === false) continue;
    }
    if ('children' in node) {
      const kids = (node as ParentNode).children;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
}

export function findAll(root: AnyNode, pred: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  walk(root, (el) => {
    if (pred(el)) out.push(el);
  });
  return out;
}

export function findFirst(root: AnyNode, pred: (el: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  walk(root, (el) => {
    if (found) return false;
    if (pred(el)) {
      found = el;
      return false;
    }
    return true;
  });
  return found;
}

export function removeNode(node: ChildNode): void {
  const parent = node.parent;
  if (!parent) return;
  const kids = parent.children;
  const i = kids.indexOf(node);
  if (i >= 0) kids.splice(i, 1);
  if (node.prev) node.prev.next = node.next;
  if (node.next) node.next.prev = node.prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

export function ancestors(el: AnyNode): Element[] {
  const out: Element[] = [];
  let p = el.parent;
  while (p) {
    if (p instanceof Element) out.push(p);
    p = p.parent;
  }
  return out;
}

export function contains(ancestor: AnyNode, node: AnyNode): boolean {
  let p: AnyNode | null = node;
  while (p) {
    if (p === ancestor) return true;
    p = p.parent;
  }
  return false;
}

export function commonAncestor(nodes: AnyNode[]): AnyNode | undefined {
  if (nodes.length === 0) return undefined;
  const chain = (n: AnyNode): AnyNode[] => {
    const out: AnyNode[] = [];
    for (let p: AnyNode | null = n; p; p = p.parent) out.push(p);
    return out.reverse();
  };
  let prefix = chain(nodes[0]);
  for (const n of nodes.slice(1)) {
    const c = chain(n);
    let i = 0;
    while (i < prefix.length && i < c.length && prefix[i] === c[i]) i++;
    prefix = prefix.slice(0, i);
  }
  return prefix[prefix.length - 1];
}

// ---------------------------------------------------------------------------------------------------------------
// Source selectors: a CSS-ish path to an element in the ORIGINAL document, computed before any pruning so that
// positions (nth-of-type) refer to the page as served. Anchored at the nearest ancestor with a plausible id.

const STABLE_ID = /^[A-Za-z][\w-]{0,63}$/;

export class SelectorIndex {
  private readonly nth = new WeakMap<Element, number>();
  private readonly cache = new WeakMap<Element, string>();

  constructor(doc: Document) {
    const stack: ParentNode[] = [doc];
    const counts = new Map<string, number>(); // one map, cleared per parent: no garbage per element
    while (stack.length > 0) {
      const parent = stack.pop()!;
      counts.clear();
      for (const child of parent.children) {
        if (!(child instanceof Element)) continue;
        const k = (counts.get(child.name) ?? 0) + 1;
        counts.set(child.name, k);
        // The first of its type needs no entry (its selector step is the bare name): most elements of a page-sized
        // tree are, so the index holds a third of them (issue 14).
        if (k > 1) this.nth.set(child, k);
        stack.push(child);
      }
    }
  }

  selectorOf(el: Element): string {
    const hit = this.cache.get(el);
    if (hit !== undefined) return hit;
    const parts: string[] = [];
    let cur: Element | null = el;
    while (cur) {
      const id = cur.attribs.id;
      if (id && STABLE_ID.test(id) && cur !== el) {
        parts.push(`#${id}`);
        break;
      }
      if (cur.name === 'html' || cur.name === 'body') {
        parts.push(cur.name);
        break;
      }
      const k = this.nth.get(cur);
      parts.push(k && k > 1 ? `${cur.name}:nth-of-type(${k})` : cur.name);
      cur = cur.parent instanceof Element ? cur.parent : null;
    }
    const sel = parts.reverse().join(' > ');
    this.cache.set(el, sel);
    return sel;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A small CSS selector matcher for playbook strip/content selectors: compound selectors (tag, #id, .class,
// [attr], [attr=v], [attr~=v], [attr*=v], [attr^=v], [attr$=v], [attr|=v], *), descendant and child
// combinators, and comma lists. Anything else (pseudo-classes, siblings) never matches — a miss, not a crash.

interface AttrTest {
  name: string;
  op: '' | '=' | '~=' | '*=' | '^=' | '$=' | '|=';
  value: string;
}
interface Compound {
  tag: string | null;
  ids: string[];
  classes: string[];
  attrs: AttrTest[];
  unsupported: boolean;
}
interface Complex {
  parts: Compound[];
  combinators: Array<' ' | '>'>; // combinators[i] joins parts[i] and parts[i+1]
}

const selectorCache = new Map<string, Complex[] | null>();

function parseCompound(src: string): Compound {
  const c: Compound = { tag: null, ids: [], classes: [], attrs: [], unsupported: false };
  const re = /^(\*|[a-zA-Z][\w-]*)|#((?:\\.|[\w-])+)|\.((?:\\.|[\w-])+)|\[\s*([\w:-]+)\s*(?:([~*^$|]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+)))?\s*\]|(:.*)/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while (consumed < src.length && (re.lastIndex = consumed, (m = re.exec(src)))) {
    if (m[1]) c.tag = m[1] === '*' ? null : m[1].toLowerCase();
    else if (m[2]) c.ids.push(m[2].replace(/\\/g, ''));
    else if (m[3]) c.classes.push(m[3].replace(/\\/g, ''));
    else if (m[4]) c.attrs.push({ name: m[4].toLowerCase(), op: (m[5] ?? '') as AttrTest['op'], value: m[6] ?? m[7] ?? m[8] ?? '' });
    else if (m[9]) c.unsupported = true;
    consumed = re.lastIndex;
    if (m[0].length === 0) break;
  }
  if (consumed < src.length) c.unsupported = true;
  return c;
}

export function parseSelectorList(selector: string): Complex[] | null {
  if (selectorCache.has(selector)) return selectorCache.get(selector)!;
  const list: Complex[] = [];
  for (const raw of selector.split(',')) {
    const tokens = raw.trim().replace(/\s*>\s*/g, ' > ').split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    const cx: Complex = { parts: [], combinators: [] };
    let pending: ' ' | '>' = ' ';
    for (const t of tokens) {
      if (t === '>') {
        pending = '>';
        continue;
      }
      if (cx.parts.length > 0) cx.combinators.push(pending);
      cx.parts.push(parseCompound(t));
      pending = ' ';
    }
    if (cx.parts.some((p) => p.unsupported)) continue;
    list.push(cx);
  }
  const result = list.length > 0 ? list : null;
  selectorCache.set(selector, result);
  return result;
}

function matchCompound(el: Element, c: Compound): boolean {
  if (c.tag && el.name !== c.tag) return false;
  for (const id of c.ids) if (el.attribs.id !== id) return false;
  if (c.classes.length > 0) {
    const cls = (el.attribs.class ?? '').split(/\s+/);
    for (const k of c.classes) if (!cls.includes(k)) return false;
  }
  for (const a of c.attrs) {
    const v = el.attribs[a.name];
    if (v === undefined) return false;
    switch (a.op) {
      case '':
        break;
      case '=':
        if (v !== a.value) return false;
        break;
      case '~=':
        if (!v.split(/\s+/).includes(a.value)) return false;
        break;
      case '*=':
        if (!v.includes(a.value)) return false;
        break;
      case '^=':
        if (!v.startsWith(a.value)) return false;
        break;
      case '$=':
        if (!v.endsWith(a.value)) return false;
        break;
      case '|=':
        if (v !== a.value && !v.startsWith(`${a.value}-`)) return false;
        break;
    }
  }
  return true;
}

function matchComplex(el: Element, cx: Complex, idx: number): boolean {
  if (!matchCompound(el, cx.parts[idx])) return false;
  if (idx === 0) return true;
  const comb = cx.combinators[idx - 1];
  let p = el.parent;
  if (comb === '>') return p instanceof Element && matchComplex(p, cx, idx - 1);
  while (p) {
    if (p instanceof Element && matchComplex(p, cx, idx - 1)) return true;
    p = p.parent;
  }
  return false;
}

export function matches(el: Element, selector: string): boolean {
  const list = parseSelectorList(selector);
  if (!list) return false;
  return list.some((cx) => matchComplex(el, cx, cx.parts.length - 1));
}

export function querySelectorAll(root: AnyNode, selector: string): Element[] {
  const list = parseSelectorList(selector);
  if (!list) return [];
  return findAll(root, (el) => list.some((cx) => matchComplex(el, cx, cx.parts.length - 1)));
}
