// HTML → compact Markdown, emitted as an ordered list of content blocks (reading.md §10 step 5–7).
// Style follows the reference's Turndown options where the golden corpus pins them: ATX headings, fenced code,
// `*` bullets with a 3-space pad and 4-space nesting, GFM pipe tables with the first row as header.
// Everything else aims at few tokens: no escaping noise, no empty links, whitespace collapsed.
import { CODE_WRAPPER_LEVELS, PERMALINK_MARK } from './rules/docs.ts';
import { Element, Text, SelectorIndex, attr, collapse, rawText, textOf, type AnyNode, type ParentNode } from './dom.ts';
import type { BlockKind, ContentBlock, ExtractedLink, ExtractedTable, MediaKind, MediaRef } from './types.ts';
import { patternOf, setOf } from './rules/lexicon.ts';
import {
  TRACKING_PARAM as TRACKING_PARAM_ROW,
  GENERIC_ALT as GENERIC_ALT_ROW,
  NOT_A_LANGUAGE as NOT_A_LANGUAGE_ROW,
} from './rules/markdown.ts';

export interface RenderOptions {
  baseUrl: string;
  selectors: SelectorIndex;
  /** Cap on collected media refs (reading.md §10: ≤ 32). */
  maxMedia?: number;
}

export interface RenderOutput {
  blocks: ContentBlock[];
  tables: ExtractedTable[];
  links: ExtractedLink[];
  mediaRefs: MediaRef[];
}

/**
 * Two sibling elements with nothing between them, one ending in a lower-case word and the next starting a
 * capitalised word or a number: a label and its value laid out apart by CSS (`<span>Publisher</span><span>Houghton
 * </span>`, `<dt>Print length</dt><dd>288 pages</dd>` in a flex row), never one word. Split letters ("Hel|lo") and
 * short brand prefixes ("i|Phone") do not match.
 */
const LABEL_END = /\p{Ll}{2}$/u;
const VALUE_START = /^(\p{Lu}\p{Ll}|\d)/u;
const LABEL_END_BEFORE_DIGIT = /\p{Ll}{3}$/u;
/** The inline text of a run of siblings: text nodes as they are, rendered elements joined by the rule above. */
class InlineRun {
  text = '';
  #afterElement = false;

  addText(t: string): void {
    this.text += t;
    this.#afterElement = false;
  }

  addElement(t: string): void {
    if (!t) return;
    const gap = this.#afterElement && LABEL_END.test(this.text) && VALUE_START.test(t) && (!/^\d/.test(t) || LABEL_END_BEFORE_DIGIT.test(this.text));
    this.text += gap ? ` ${t}` : t;
    this.#afterElement = true;
  }

  /** The text so far; the run starts again empty. */
  take(): string {
    const t = this.text;
    this.text = '';
    this.#afterElement = false;
    return t;
  }
}
const HEADING = /^h([1-6])$/;
/** Elements that start a new block; anything else is inline content of the surrounding paragraph. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'dir', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr',
  'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead',
  'tr', 'ul', 'caption', 'legend', 'html', 'listing', 'xmp', 'plaintext', 'search',
]);
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'head', 'title', 'meta', 'link', 'iframe', 'object', 'embed', 'canvas', 'input', 'select', 'textarea', 'button', 'option', 'datalist', 'map', 'area', 'source', 'track']);

export function isBlockTag(tag: string): boolean {
  return BLOCK_TAGS.has(tag);
}

const TRACKING_PARAM = patternOf(TRACKING_PARAM_ROW);

export function resolveUrl(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  const h = href.trim();
  if (!h || /^(javascript|data|vbscript|about):/i.test(h)) return undefined;
  try {
    const u = new URL(h, base);
    if (u.search) {
      const keys = [...u.searchParams.keys()];
      if (keys.some((k) => TRACKING_PARAM.test(k))) {
        for (const k of keys) if (TRACKING_PARAM.test(k)) u.searchParams.delete(k);
      }
    }
    return u.href;
  } catch {
    return undefined;
  }
}

/** Same document as the page (only the fragment differs): an in-page jump, not a source. */
function samePage(url: string, base: string): boolean {
  const hash = url.indexOf('#');
  if (hash < 0) return false;
  const b = base.indexOf('#') >= 0 ? base.slice(0, base.indexOf('#')) : base;
  return url.slice(0, hash) === b;
}

/**
 * A URL as a Markdown link destination: parentheses and whitespace percent-encoded (encodeURIComponent leaves
 * parentheses as they are), so the destination ends at its first ")" for every reader, ours included.
 */
function markdownDestination(url: string): string {
  return url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A rendered link: label (brackets backslash-escaped by `anchor`) and target (no spaces or parentheses). */
const LINK_AT = /\[((?:\\[\s\S]|[^\\\]])*)\]\(([^)\s]+)\)/y;

/**
 * A target linked a second time in one read (the card's image, headline and "read more"; a name linked at each
 * mention) adds a URL's tokens and no source: later links to a target already linked keep only their label.
 * `linked` carries the targets seen so far across a read's blocks, in order. Image targets and code spans are left
 * as they are.
 */
export function linkTargetsOnce(md: string, linked: Set<string>): string {
  if (!md.includes('](')) return md;
  let out = '';
  let last = 0;
  let i = 0;
  while (i < md.length) {
    const c = md[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      let run = 1;
      while (md[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      const close = md.indexOf(fence, i + run);
      i = close < 0 ? i + run : close + run;
    } else if (c === '[' && md[i - 1] !== '!') {
      LINK_AT.lastIndex = i;
      const m = LINK_AT.exec(md);
      if (!m) {
        i++;
        continue;
      }
      if (linked.has(m[2])) {
        out += md.slice(last, i) + m[1];
        last = LINK_AT.lastIndex;
      } else {
        linked.add(m[2]);
      }
      i = LINK_AT.lastIndex;
    } else {
      i++;
    }
  }
  return last === 0 ? md : out + md.slice(last);
}

/** Plain-text view of Markdown: syntax and link URLs removed (the view blocks hash and the bench scores). */
export function markdownToPlainText(md: string): string {
  return md
    .replace(/^`{3,}.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/^\s*#{1,6}\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^\s*(?:[*+-]|\d+\.)\s+/gm, '')
    .replace(/^\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/\s*\|\s*/g, ' ')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[\s(])[_*](?=\S)([^_*\n]*?\S)[_*](?=[\s).,;:!?]|$)/gm, '$1$2')
    .replace(/`+([^`\n]*)`+/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

interface Chunk {
  kind: BlockKind;
  md: string;
  el?: Element;
  /** `el`'s selector, taken before its subtree is released (render `releaseTree`). */
  selector?: string;
  level?: number;
  language?: string;
  /** Plain text when it is not derivable from the Markdown (code keeps its content verbatim). */
  text?: string;
}

const BR = '\u0001';
const MAX_TEXT_IMAGES = 12;
/** Alt texts shorter than this are labels (product names, logos), not descriptions worth their URL's tokens. */
const MIN_ALT_WORDS = 3;
const GENERIC_ALT = patternOf(GENERIC_ALT_ROW);
const IMAGE_ONLY_ITEM = /^(\*   |\d+\.\s+)?(!\[[^\]]*\]\([^)]*\)\s*)+$/;
const IMAGE_ONLY = /^(!\[[^\]]*\]\([^)]*\)\s*)+$/;
/** Runs of this many image-only blocks in a row are a gallery: only the first image stays in the text. */
const GALLERY_RUN = 3;

export class MarkdownRenderer {
  private readonly opts: RenderOptions;
  private readonly tables: ExtractedTable[] = [];
  private readonly links: ExtractedLink[] = [];
  private readonly media: MediaRef[] = [];
  private readonly seenLinks = new Set<string>();
  private readonly seenMedia = new Set<string>();
  private currentHeading: string | undefined;
  private inLink = 0;
  private imagesInText = 0;
  private releaseTree = false;
  private settled = 0;

  constructor(opts: RenderOptions) {
    this.opts = opts;
  }

  /**
   * `releaseTree`: the caller needs nothing of the tree below `root` afterwards, so each top-level element's
   * subtree is cut off once it has been rendered (its chunks keep their selectors, not the elements). The tree
   * then shrinks while the blocks grow and the two never peak together: on a page-sized article they are about
   * 45 and 26 MB for 6 MB of HTML (issue 14).
   */
  render(root: ParentNode, options: { releaseTree?: boolean } = {}): RenderOutput {
    const chunks: Chunk[] = [];
    this.releaseTree = options.releaseTree === true;
    this.settled = 0;
    // Loose text directly under a fragment/document still needs an owner for its selector.
    const owner = root instanceof Element ? root : new Element('body', {});
    this.renderChildren(root, chunks, owner, true);
    const blocks: ContentBlock[] = [];
    const path: Array<{ level: number; text: string }> = [];
    const imageOnly = chunks.map((c) => IMAGE_ONLY.test(c.md.trim()));
    for (let i = 0; i < chunks.length; i++) {
      const c = chunks[i];
      if (imageOnly[i] && i > 0 && imageOnly[i - 1]) {
        let start = i;
        while (start > 0 && imageOnly[start - 1]) start--;
        let end = i;
        while (end + 1 < chunks.length && imageOnly[end + 1]) end++;
        if (end - start + 1 >= GALLERY_RUN) continue;
      }
      const md = c.md.trim();
      if (!md) continue;
      const text = c.text ?? markdownToPlainText(md);
      if (!text && c.kind !== 'image') continue;
      if (c.kind === 'heading') {
        while (path.length > 0 && path[path.length - 1].level >= (c.level ?? 2)) path.pop();
      }
      const block: ContentBlock = {
        kind: c.kind,
        markdown: md,
        text,
        selector: c.selector ?? this.opts.selectors.selectorOf(c.el!),
        headingPath: path.map((p) => p.text),
      };
      if (c.level) block.level = c.level;
      if (c.language) block.language = c.language;
      const links = [...md.matchAll(/\]\((https?:[^)\s]+|mailto:[^)\s]+)\)/g)].map((m) => m[1]);
      if (links.length > 0) block.links = [...new Set(links)];
      blocks.push(block);
      if (c.kind === 'heading') path.push({ level: c.level ?? 2, text });
    }
    return { blocks, tables: this.tables, links: this.links, mediaRefs: this.media };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Block mode. `top` is true for the document body, false inside list items, quotes and cells (headings there
  // become bold lines so the outer structure stays readable).

  private renderChildren(node: ParentNode, out: Chunk[], owner: Element | undefined, top: boolean): void {
    const inline = new InlineRun();
    const flush = (): void => {
      const md = escapeBlockStart(finishInline(inline.take()));
      if (md && owner) out.push({ kind: 'paragraph', md, el: owner });
    };
    for (const child of node.children) {
      if (child instanceof Text) {
        inline.addText(child.data.replace(/\s+/g, ' '));
        continue;
      }
      if (!(child instanceof Element)) continue;
      const tag = child.name;
      if (SKIP_TAGS.has(tag)) continue;
      if (tag === 'br') {
        inline.addText(BR);
        continue;
      }
      if (!BLOCK_TAGS.has(tag) && !(tag === 'img' && top && inline.text.trim() === '' && isStandaloneImage(child))) {
        if (containsBlock(child)) {
          flush();
          this.renderChildren(child, out, child, top);
          if (top) this.release(child, out);
        } else {
          inline.addElement(this.inline(child));
        }
        continue;
      }
      flush();
      this.renderBlock(child, out, top);
      if (top) this.release(child, out);
    }
    flush();
  }

  /** releaseTree: `el` is rendered into `out` (the top-level chunks); its subtree is no longer needed. */
  private release(el: Element, out: Chunk[]): void {
    if (!this.releaseTree) return;
    for (; this.settled < out.length; this.settled++) {
      const c = out[this.settled];
      if (c.el) c.selector = this.opts.selectors.selectorOf(c.el);
      c.el = undefined;
    }
    el.children = [];
  }

  private renderBlock(el: Element, out: Chunk[], top: boolean): void {
    const tag = el.name;
    const h = HEADING.exec(tag);
    if (h) {
      const text = finishInline(this.inlineChildren(el)).replace(/\n+/g, ' ');
      if (!text) return;
      const level = Number(h[1]);
      this.currentHeading = markdownToPlainText(text);
      out.push(top ? { kind: 'heading', md: `${'#'.repeat(level)} ${text}`, el, level } : { kind: 'paragraph', md: `**${text}**`, el });
      return;
    }
    switch (tag) {
      case 'p':
      case 'dt':
      case 'dd':
      case 'figcaption':
      case 'summary':
      case 'caption':
      case 'legend': {
        if (containsBlock(el)) {
          this.renderChildren(el, out, el, top);
          return;
        }
        const md = escapeBlockStart(finishInline(this.inlineChildren(el)));
        if (md) out.push({ kind: tag === 'dt' || tag === 'dd' ? 'definition' : 'paragraph', md, el });
        return;
      }
      case 'ul':
      case 'ol':
      case 'menu':
      case 'dir': {
        const md = this.list(el, 0);
        if (md.trim()) out.push({ kind: 'list', md, el });
        return;
      }
      case 'li': {
        // A stray <li> outside a list: render as a one-item list.
        const md = this.listItem(el, '*   ');
        if (md.trim()) out.push({ kind: 'list', md, el });
        return;
      }
      case 'pre':
      case 'listing':
      case 'xmp':
      case 'plaintext': {
        const code = this.codeBlock(el);
        if (code) out.push(code);
        return;
      }
      case 'blockquote': {
        const inner: Chunk[] = [];
        this.renderChildren(el, inner, el, false);
        const body = inner.map((c) => c.md.trim()).filter(Boolean).join('\n\n');
        if (body) out.push({ kind: 'quote', md: body.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n'), el });
        return;
      }
      case 'table': {
        this.table(el, out, top);
        return;
      }
      case 'hr':
        return;
      case 'img': {
        const img = this.image(el);
        if (img) out.push({ kind: 'image', md: img, el });
        return;
      }
      default:
        this.renderChildren(el, out, el, top);
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Inline mode

  private inlineChildren(el: ParentNode): string {
    const run = new InlineRun();
    for (const child of el.children) {
      if (child instanceof Text) run.addText(child.data.replace(/\s+/g, ' '));
      else if (child instanceof Element) run.addElement(this.inline(child));
    }
    return run.text;
  }

  private inline(el: Element): string {
    const tag = el.name;
    if (SKIP_TAGS.has(tag)) return '';
    switch (tag) {
      case 'br':
        return BR;
      case 'img':
        return this.image(el) ?? '';
      case 'a':
        return this.anchor(el);
      case 'strong':
      case 'b':
        return wrapEmphasis(this.inlineChildren(el), '**');
      case 'em':
      case 'i':
      case 'cite':
      case 'dfn':
        return wrapEmphasis(this.inlineChildren(el), '_');
      case 'code':
      case 'kbd':
      case 'samp':
      case 'tt': {
        const t = collapse(rawText(el));
        if (!t) return '';
        const fence = t.includes('`') ? '``' : '`';
        return `${fence}${fence === '``' ? ' ' : ''}${t}${fence === '``' ? ' ' : ''}${fence}`;
      }
      case 'sup':
      case 'sub': {
        const t = this.inlineChildren(el).trim();
        return t ? `${tag === 'sup' ? '^' : '~'}${t}` : '';
      }
      case 'del':
      case 's':
      case 'strike':
        return wrapEmphasis(this.inlineChildren(el), '~~');
      default: {
        const inner = this.inlineChildren(el);
        return BLOCK_TAGS.has(tag) ? ` ${inner} ` : inner;
      }
    }
  }

  private anchor(el: Element): string {
    // Images inside links are thumbnails and card art whose alt repeats the link text: they go to mediaRefs only.
    this.inLink++;
    const inner = this.inlineChildren(el);
    this.inLink--;
    const label = finishInline(inner).replace(/\n+/g, ' ');
    const href = attr(el, 'href')?.trim();
    if (!label) return '';
    // A heading's or definition term's permalink marker (Sphinx and MkDocs `¶`, `§`, `#`, a link glyph) points at the
    // heading itself: it is no text of the page.
    if ((!href || href.startsWith('#') || samePageAnchor(href, this.opts.baseUrl)) && PERMALINK_MARK.value.test(label.trim())) return '';
    if (!href || href.startsWith('#')) return inner;
    const url = resolveUrl(href, this.opts.baseUrl);
    if (!url || samePage(url, this.opts.baseUrl)) return inner;
    const text = markdownToPlainText(label);
    if (!text) return '';
    if (!this.seenLinks.has(url)) {
      this.seenLinks.add(url);
      this.links.push({ url, text });
    }
    const lead = /^\s/.test(inner) ? ' ' : '';
    const trail = /\s$/.test(inner) ? ' ' : '';
    return `${lead}[${label.replace(/([[\]])/g, '\\$1')}](${markdownDestination(url)})${trail}`;
  }

  private image(el: Element): string | undefined {
    const src = imageSource(el);
    const url = resolveUrl(src, this.opts.baseUrl);
    if (!url || !/^https?:/i.test(url)) return undefined;
    const w = attr(el, 'width');
    const h = attr(el, 'height');
    if ((w === '1' || w === '0') && (h === '1' || h === '0')) return undefined;
    const alt = collapse((attr(el, 'alt') ?? attr(el, 'title') ?? '').replace(MARKUP_TAG, ' ')).replace(/[[\]]/g, '');
    this.addMedia(url, mediaKindOf(url, 'image'), alt || undefined, el);
    if (this.inLink > 0) return undefined;
    // Decorative images (no alt) and gallery shots whose alt is a file-like slug ("staple-tee-front") are left to
    // mediaRefs: in the text they cost tokens and carry no words.
    if (!alt || alt.split(/\s+/).length < MIN_ALT_WORDS || /\.(jpe?g|png|gif|webp|svg|avif)$/i.test(alt) || GENERIC_ALT.test(alt)) return undefined;
    // Past a handful, more pictures are a gallery or a grid: the text keeps the first ones, mediaRefs keep all.
    if (++this.imagesInText > MAX_TEXT_IMAGES) return undefined;
    return `![${alt}](${markdownDestination(url)})`;
  }

  private addMedia(url: string, kind: MediaKind, alt: string | undefined, el: Element): void {
    const max = this.opts.maxMedia ?? 32;
    if (this.media.length >= max || this.seenMedia.has(url)) return;
    this.seenMedia.add(url);
    const ref: MediaRef = { url, kind };
    if (alt) ref.alt = alt;
    if (this.currentHeading) ref.contextHeading = this.currentHeading;
    ref.selectorHint = this.opts.selectors.selectorOf(el);
    this.media.push(ref);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Lists

  private list(el: Element, depth: number): string {
    const ordered = el.name === 'ol';
    let n = Number.parseInt(attr(el, 'start') ?? '1', 10);
    if (!Number.isFinite(n)) n = 1;
    const items: string[] = [];
    for (const child of el.children) {
      if (!(child instanceof Element)) {
        if (child instanceof Text && child.data.trim()) items.push(`*   ${escapeMarkup(collapse(child.data))}`);
        continue;
      }
      if (child.name === 'li') {
        const marker = ordered ? `${n}.`.padEnd(4, ' ') : '*   ';
        const item = this.listItem(child, marker);
        if (item) {
          items.push(item);
          n++;
        }
      } else if (child.name === 'ul' || child.name === 'ol') {
        const nested = this.list(child, depth + 1);
        if (nested) items.push(indent(nested));
      } else if (!SKIP_TAGS.has(child.name)) {
        const chunks: Chunk[] = [];
        this.renderChildren({ children: [child] } as unknown as ParentNode, chunks, child, false);
        const md = chunks.map((c) => c.md.trim()).filter(Boolean).join('\n');
        if (md) items.push(`*   ${md.replace(/\n/g, '\n    ')}`);
      }
    }
    // An image carousel (every item only an image) is media, not text: it stays in mediaRefs.
    if (items.length >= 3 && items.every((it) => IMAGE_ONLY_ITEM.test(it))) return '';
    return items.join('\n');
  }

  private listItem(li: Element, marker: string): string {
    const parts: string[] = [];
    const inline = new InlineRun();
    const flush = (): void => {
      const md = finishInline(inline.take());
      if (md) parts.push(md);
    };
    for (const child of li.children) {
      if (child instanceof Text) {
        inline.addText(child.data.replace(/\s+/g, ' '));
        continue;
      }
      if (!(child instanceof Element) || SKIP_TAGS.has(child.name)) continue;
      if (child.name === 'br') {
        inline.addText(BR);
        continue;
      }
      if (child.name === 'ul' || child.name === 'ol') {
        flush();
        const nested = this.list(child, 1);
        if (nested) parts.push(nested);
        continue;
      }
      if (BLOCK_TAGS.has(child.name) || containsBlock(child)) {
        flush();
        const chunks: Chunk[] = [];
        this.renderBlock(child, chunks, false);
        for (const c of chunks) if (c.md.trim()) parts.push(c.md.trim());
        continue;
      }
      inline.addElement(this.inline(child));
    }
    flush();
    if (parts.length === 0) return '';
    return `${marker}${parts.join('\n').replace(/\n/g, '\n    ')}`;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Code

  private codeBlock(el: Element): Chunk | undefined {
    const code = codeText(el).replace(/^\n+/, '').replace(/\s+$/, '');
    if (!code.trim()) return undefined;
    const language = codeLanguage(el);
    let fence = '```';
    while (code.includes(fence)) fence += '`';
    return { kind: 'code', md: `${fence}${language ?? ''}\n${code}\n${fence}`, el, language, text: code };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Tables

  private table(el: Element, out: Chunk[], top: boolean): void {
    const rows = ownRows(el);
    if (rows.length === 0) return;
    if (isLayoutTable(el, rows)) {
      for (const row of rows) for (const cell of cellsOf(row)) this.renderChildren(cell, out, cell, top);
      return;
    }
    const grid = this.grid(rows);
    if (grid.length === 0) return;
    const width = grid.reduce((w, r) => Math.max(w, r.length), 0); // no spread: a data table may have 100k+ rows
    if (width === 0) return;
    const padded = grid.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
    if (padded.every((r) => r.every((c) => !c))) return;
    const captionEl = el.children.find((c): c is Element => c instanceof Element && c.name === 'caption');
    const caption = captionEl ? textOf(captionEl) : '';
    const line = (cells: string[]): string => `| ${cells.map((c) => c || ' ').join(' | ')} |`.replace(/ {2,}\|/g, ' |');
    const md = [
      ...(caption ? [`**${caption}**`, ''] : []),
      line(padded[0]),
      `| ${Array<string>(width).fill('---').join(' | ')} |`,
      ...padded.slice(1).map(line),
    ].join('\n');
    out.push({ kind: 'table', md, el });
    const plain = padded.map((r) => r.map((c) => markdownToPlainText(c)));
    const t: ExtractedTable = { headers: plain[0], rows: plain.slice(1), selector: this.opts.selectors.selectorOf(el) };
    if (caption) t.caption = caption;
    this.tables.push(t);
  }

  /** Builds the cell grid: colspan pads with empty cells, rowspan repeats the value downwards. */
  private grid(rows: Element[]): string[][] {
    const grid: string[][] = [];
    const carry: Array<{ text: string; left: number } | undefined> = [];
    for (const row of rows) {
      const line: string[] = [];
      let col = 0;
      const fillCarry = (): void => {
        while (carry[col] && carry[col]!.left > 0) {
          line[col] = carry[col]!.text;
          carry[col]!.left--;
          col++;
        }
      };
      for (const cell of cellsOf(row)) {
        fillCarry();
        const text = this.cellText(cell);
        const colspan = clampSpan(attr(cell, 'colspan'), 50);
        const rowspan = clampSpan(attr(cell, 'rowspan'), 500);
        for (let k = 0; k < colspan; k++) {
          line[col + k] = k === 0 ? text : '';
          if (rowspan > 1) carry[col + k] = { text: k === 0 ? text : '', left: rowspan - 1 };
        }
        col += colspan;
      }
      fillCarry();
      for (let i = 0; i < line.length; i++) if (line[i] === undefined) line[i] = '';
      if (line.length > 0) grid.push(line);
    }
    // Drop rows that are entirely empty; keep the header row even when blank so columns stay declared.
    return grid.filter((line, i) => i === 0 || line.some((c) => c));
  }

  private cellText(cell: Element): string {
    // Nested tables are flattened into the cell's text; block structure collapses to spaces.
    let s = '';
    const visit = (n: AnyNode): void => {
      if (n instanceof Text) {
        s += n.data.replace(/\s+/g, ' ');
        return;
      }
      if (!(n instanceof Element) || SKIP_TAGS.has(n.name)) return;
      if (n.name === 'table' || n.name === 'tr' || n.name === 'td' || n.name === 'th' || BLOCK_TAGS.has(n.name)) {
        s += ' ';
        for (const c of n.children) visit(c);
        s += ' ';
        return;
      }
      s += this.inline(n);
    };
    for (const c of cell.children) visit(c);
    return finishInline(s).replace(/\n+/g, ' ').replace(/\|/g, '\\|');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// helpers

/** An HTML tag written as text (escaped markup in the page, or markup a parser left as text). */
const MARKUP_TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s+[^<>]*?)?\s*\/?>/g;
/** An inline code span (kept as is) or a tag. */
const INLINE_CODE_OR_TAG = /(`+)[\s\S]*?\1|<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s+[^<>]*?)?\s*\/?>/g;
/** Elements that never carry readable text: as text they are residue (tracking pixels, embeds) and go entirely. */
const NON_TEXT_MARKUP = new Set(['img', 'iframe', 'script', 'style', 'noscript', 'link', 'meta', 'source', 'video', 'audio', 'embed', 'object', 'param', 'track', 'input', 'svg', 'picture', 'frame', 'base']);
/** Names of HTML elements: `Result<U, E>` or `<your name>` are not tags; `<br>` and `<div class="x">` are. */
const HTML_ELEMENTS = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'body', 'br', 'button', 'canvas', 'caption', 'center', 'cite',
  'code', 'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'dialog', 'div', 'dl', 'dt', 'em', 'fieldset', 'figcaption', 'figure',
  'font', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'i', 'ins', 'kbd', 'label', 'legend', 'li',
  'main', 'mark', 'menu', 'nav', 'ol', 'optgroup', 'option', 'output', 'p', 'pre', 'q', 's', 'samp', 'section', 'select', 'small', 'span',
  'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr',
  'tt', 'u', 'ul', 'var', 'wbr', ...NON_TEXT_MARKUP,
]);

/**
 * Inline Markdown never carries raw HTML: markup that arrives as text (escaped `&lt;img …&gt;` from a <noscript>, an
 * embed code or a highlighted HTML sample split over spans) is dropped when the element carries no text, else its
 * `<` is escaped so a Markdown renderer shows it instead of interpreting it. Inline code spans are left verbatim.
 */
export function escapeMarkup(s: string): string {
  if (!s.includes('<')) return s;
  return s.replace(INLINE_CODE_OR_TAG, (m, fence: string | undefined, name: string | undefined, offset: number) => {
    if (fence !== undefined || name === undefined) return m;
    if (offset > 0 && s[offset - 1] === '\\') return m;
    const n = name.toLowerCase();
    if (NON_TEXT_MARKUP.has(n)) return ' ';
    return HTML_ELEMENTS.has(n) ? `\\${m}` : m;
  });
}

/**
 * A paragraph whose text opens like block syntax ("15. Mai 2019", "- 3 °C", "# 1 hit") would render as a list or
 * a heading: the marker is backslash-escaped (CommonMark §2.4) so the paragraph stays a paragraph.
 */
function escapeBlockStart(md: string): string {
  return md.replace(/^(\d{1,9})([.)])(?=[ \t]|$)/gm, '$1\\$2').replace(/^([-+*]|#{1,6})(?=[ \t])/gm, '\\$1');
}

function finishInline(s: string): string {
  return escapeMarkup(s)
    .replace(/[ \t\r\n\f\u00a0]*\u0001[ \t\r\n\f\u00a0]*/g, '\n')
    .replace(/[ \t\r\f]+/g, ' ')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .trim();
}

function wrapEmphasis(inner: string, mark: string): string {
  const core = inner.trim();
  if (!core || /^[\s\u0001]*$/.test(core)) return inner;
  if (core.includes('\u0001') || core.startsWith(mark) || /^!\[/.test(core)) return inner;
  const lead = /^\s/.test(inner) ? ' ' : '';
  const trail = /\s$/.test(inner) ? ' ' : '';
  return `${lead}${mark}${core}${mark}${trail}`;
}

function indent(md: string): string {
  return md.replace(/^/gm, '    ');
}

function containsBlock(el: Element): boolean {
  for (const c of el.children) {
    if (c instanceof Element && (BLOCK_TAGS.has(c.name) || containsBlock(c))) return true;
  }
  return false;
}

function isStandaloneImage(el: Element): boolean {
  return el.name === 'img';
}

function imageSource(el: Element): string | undefined {
  const candidates = [attr(el, 'src'), attr(el, 'data-src'), attr(el, 'data-lazy-src'), attr(el, 'data-original')];
  // Some themes put a whole srcset into src/data-src: a URL has no spaces, so the first token is the URL.
  for (const c of candidates) if (c && c.trim() && !c.trim().startsWith('data:')) return c.trim().split(/\s+/)[0];
  const srcset = attr(el, 'srcset') ?? attr(el, 'data-srcset');
  if (srcset) return srcset.trim().split(/\s+/)[0];
  return undefined;
}

function mediaKindOf(url: string, fallback: MediaKind): MediaKind {
  const path = url.split(/[?#]/)[0].toLowerCase();
  if (path.endsWith('.pdf')) return 'pdf';
  if (/\.(mp4|webm|mov|m3u8)$/.test(path)) return 'video';
  if (/\.(mp3|ogg|wav|m4a|flac)$/.test(path)) return 'audio';
  return fallback;
}

function codeText(el: AnyNode): string {
  if (el instanceof Text) return el.data;
  if (!(el instanceof Element)) return '';
  if (el.name === 'br') return '\n';
  // Line-number gutters are not code.
  if (/(^|[\s_-])(line-?numbers?|gutter|lineno|linenos)([\s_-]|$)/i.test(el.attribs.class ?? '')) return '';
  let s = '';
  for (const c of el.children) s += codeText(c);
  if (el.name === 'div' || el.name === 'p' || el.name === 'tr') s += s.endsWith('\n') ? '' : '\n';
  return s;
}

/** An href to a fragment of this very page (`https://host/page#section`), the shape absolute permalinks take. */
function samePageAnchor(href: string, baseUrl: string | undefined): boolean {
  if (!href.includes('#') || !baseUrl) return false;
  const url = resolveUrl(href, baseUrl);
  return !!url && url.split('#')[0] === baseUrl.split('#')[0];
}

const LANG_CLASS = /(?:^|\s)(?:language|lang|highlight-source|highlight|brush:?)-?\s*([a-z0-9_+#.-]+)/i;
const NOT_A_LANGUAGE = setOf(NOT_A_LANGUAGE_ROW);

/** Code language from `language-x`/`lang-x` classes or data attributes, on the element, its code child or wrapper. */
export function codeLanguage(el: Element): string | undefined {
  const probes: Element[] = [el];
  for (const c of el.children) if (c instanceof Element && c.name === 'code') probes.push(c);
  if (el.parent instanceof Element) probes.push(el.parent);
  for (const p of probes) {
    const data = attr(p, 'data-lang') ?? attr(p, 'data-language') ?? attr(p, 'lang');
    if (data && /^[a-z0-9_+#.-]{1,20}$/i.test(data) && !NOT_A_LANGUAGE.has(data.toLowerCase()) && p.name !== 'html') return data.toLowerCase();
    const language = classLanguage(p);
    if (language) return language;
  }
  // Highlighters nest the block in wrappers (Sphinx: `div.highlight-python > div.highlight > pre`): the language
  // class may sit a few levels up. Only classes count there: an ancestor's `lang` is the page's human language.
  let up = el.parent instanceof Element ? el.parent.parent : null;
  for (let i = 0; i < CODE_WRAPPER_LEVELS.value && up instanceof Element; i++, up = up.parent) {
    const language = classLanguage(up);
    if (language) return language;
  }
  return undefined;
}

function classLanguage(el: Element): string | undefined {
  const m = LANG_CLASS.exec(el.attribs.class ?? '');
  return m && !NOT_A_LANGUAGE.has(m[1].toLowerCase()) ? m[1].toLowerCase() : undefined;
}

function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  const visit = (n: Element): void => {
    for (const c of n.children) {
      if (!(c instanceof Element)) continue;
      if (c.name === 'tr') rows.push(c);
      else if (c.name === 'thead' || c.name === 'tbody' || c.name === 'tfoot') visit(c);
    }
  };
  visit(table);
  return rows;
}

function cellsOf(row: Element): Element[] {
  return row.children.filter((c): c is Element => c instanceof Element && (c.name === 'td' || c.name === 'th'));
}

function clampSpan(v: string | undefined, max: number): number {
  const n = Number.parseInt(v ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
}

const CONTENT_BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'article', 'section', 'form']);

/** A table used for page layout (not data): render its cells as ordinary blocks. */
function isLayoutTable(table: Element, rows: Element[]): boolean {
  const role = (attr(table, 'role') ?? '').toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  let hasHeader = false;
  let blockCells = 0;
  let cells = 0;
  let maxCols = 0;
  let longCells = 0;
  for (const row of rows) {
    const cs = cellsOf(row);
    maxCols = Math.max(maxCols, cs.length);
    for (const c of cs) {
      cells++;
      if (c.name === 'th') hasHeader = true;
      const hasBlock = c.children.some((k) => k instanceof Element && CONTENT_BLOCKS.has(k.name) && textOf(k).length > 80);
      if (hasBlock) blockCells++;
      if (textOf(c).length > 400) longCells++;
    }
  }
  if (table.children.some((c) => c instanceof Element && (c.name === 'thead' || c.name === 'caption'))) hasHeader = true;
  if (maxCols <= 1) return true;
  if (hasHeader && longCells === 0) return false;
  if (longCells > 0 && longCells * 2 >= rows.length) return true;
  return blockCells > 0 && blockCells * 3 >= cells;
}
