// The reading core's one entry point: HTML (or a feed) in, compact source-linked Markdown + content blocks out.
//
//   extractDocument({ html, url, contentType?, statusCode?, requestedUrl?, hasAuthenticationChallenge? }, options)
//     → ExtractResult   (synchronous, pure: no I/O, no clock, no globals)
//
// Pipeline (reading.md §10): parse (htmlparser2) → page signals + access evidence + metadata from the untouched DOM
// → boilerplate removal (boilerplate.ts; playbook strip selectors and §10 step 2 promo banners included) → main
// content (main-content.ts: content selectors → semantic hints → Readability-class scorer → widening → the second
// opinion, second-opinion.ts: a density-only candidate and a fitted decision between the two → pruning) → Markdown
// blocks (markdown.ts) → `# <title>` prepended, boilerplate lines dropped → page-state verdict (detect.ts, §2 step
// 8 order: challenge → login → thin).
//
// The result is always a full object; `state.ok === false` carries the typed failure (`captcha_or_challenge`,
// `requires_login`, `thin_extract`, `extraction_failed`) the caller turns into its envelope. The caller owns
// decoding (charset), HTTP status handling, content-type routing for PDF/plain text/JSON, budgets and focus.
// `markdown === blocks.map(b => b.markdown).join('\n\n')` always holds, so budgets can cut at block boundaries and
// Merkle leaves (text + "\0" + selector) cover exactly the body.
import { isBoilerplateLine, promoteNoscriptContent, removeBoilerplate } from './boilerplate.ts';
import { assessPageState, pageSignals, type PageState } from './detect.ts';
import { SelectorIndex, flattenedBelowDepth, parseHtml, textOf, wordKey, type Element } from './dom.ts';
import { looksLikeFeed, parseFeed, renderFeedMarkdown } from './feed.ts';
import { threadShape } from './forum.ts';
import { spellOptionGroups } from './shop.ts';
import { findMainContent } from './main-content.ts';
import { MarkdownRenderer, escapeMarkup, linkTargetsOnce, markdownToPlainText } from './markdown.ts';
import { refineBlocks, type PrecisionReport } from './precision.ts';
import { baseUrlOf, detectPageType, readMeta } from './meta.ts';
import type {
  ContentBlock,
  ContentStrategy,
  ExtractedLink,
  ExtractedTable,
  Feed,
  MediaRef,
  PageMeta,
  PageSignals,
  PageType,
  OpinionChoice,
  TraceEntry,
} from './types.ts';
import type { OpinionMode, SecondOpinion } from './second-opinion.ts';
import { listOf } from './rules/lexicon.ts';
import { PROMO_BANNER_SELECTORS as PROMO_BANNER_SELECTORS_ROW } from './rules/chrome.ts';

export type * from './types.ts';
export type { PageState } from './detect.ts';
export { linkTargetsOnce, markdownToPlainText } from './markdown.ts';

export interface ExtractInput {
  /** Decoded document body. */
  html: string;
  /** Final URL (after redirects/refresh): the base for relative links. */
  url: string;
  contentType?: string;
  /** HTTP status of the response, for §9.2 (429, 403/503 + cloudflare) and §9.3 (401). */
  statusCode?: number;
  /** URL the caller asked for; differs from `url` after redirects (login-redirect evidence, §9.3). */
  requestedUrl?: string;
  /** The response carried `WWW-Authenticate`. */
  hasAuthenticationChallenge?: boolean;
}

export interface ExtractOptions {
  /** Playbook content selectors (CSS). The union of their matches becomes the main content. */
  contentSelectors?: readonly string[];
  /** Playbook strip selectors (CSS), removed before anything else. */
  stripSelectors?: readonly string[];
  /** `json_feed=true`: parse RSS/Atom/JSON Feed bodies as feeds (§7.4). Otherwise feeds go the HTML path. */
  feed?: boolean;
  /** A session profile was applied: skip the login post-processor (§5). */
  sessionBound?: boolean;
  /** Max media refs collected (default 32). */
  maxMediaRefs?: number;
  /** Keep a trace of stage/rule decisions on the result (`trace`); off by default, so a normal read pays nothing. */
  trace?: boolean;
  /**
   * Which main-content candidate to read: the fitted decision (`auto`, default) or one forced — scripts/fit.ts
   * reads each page both ways to fit the decision, and then the result carries the decision's features.
   */
  secondOpinion?: OpinionMode;
}

export interface ExtractResult {
  /** Page-state verdict; `ok:false` means the content is unknown and carries the failure code. */
  state: PageState;
  markdown: string;
  /** Content blocks in reading order; their markdown joined by blank lines is `markdown`. */
  blocks: ContentBlock[];
  title?: string;
  meta: PageMeta;
  tables: ExtractedTable[];
  links: ExtractedLink[];
  mediaRefs: MediaRef[];
  feed?: Feed;
  pageType: PageType;
  strategy: ContentStrategy;
  /** How many blocks the precision stage dropped, by reason (precision.ts). */
  precision: PrecisionReport;
  /** Selectors of the chosen main-content roots. */
  contentRoots: string[];
  signals: PageSignals;
  /** Elements flattened to text at the DOM depth cap (dom.ts MAX_DEPTH): a lossy cut the read reports. */
  domDepthCapped?: number;
  /**
   * How far the engine's main content and the independent density candidate agree (shared text over their union,
   * 0–1; 1 when they are the same or no second candidate exists), and which one was read (second-opinion.ts).
   */
  agreement: number;
  candidate: OpinionChoice;
  /** The second opinion's inputs, when `secondOpinion` was forced (fitting). */
  opinionFeatures?: number[];
  /** Stage/rule decisions, when `trace` was asked for. */
  trace?: TraceEntry[];
}

export const PROMO_BANNER_SELECTORS = listOf(PROMO_BANNER_SELECTORS_ROW);

export function extractDocument(input: ExtractInput, options: ExtractOptions = {}): ExtractResult {
  if (options.feed && looksLikeFeed(input.html, input.contentType)) {
    const feedResult = extractFeed(input);
    if (feedResult) return feedResult;
  }
  const read = readDom(input, options);
  // The parse tree is unreachable from here on: the block passes and the page-state verdict below run with the
  // DOM collectable, so a page-sized tree does not stay live beside their garbage (issue 14).
  let blocks = recomputeHeadingPaths(dropRepeats(read.blocks.filter((b) => b.kind === 'code' || b.kind === 'table' || !isBoilerplateLine(b.text)), read.pageType));
  // Those are new objects: the rendered ones (one per block, with their heading paths) need not stay live to the end.
  read.blocks = [];
  const { reading, pageType, main } = read;
  const opinion = main.opinion;
  const titled = withTitle(blocks, reading.meta.title);
  blocks = titled.blocks;
  const precision = main.precision ?? { removed: {} };
  blocks = recomputeHeadingPaths(refineBlocks(blocks, { pageType, title: reading.meta.title, beforeTitle: titled.before }, precision));
  if (pageType === 'product' && reading.productDescription) blocks = withDeclaredDescription(blocks, reading.productDescription);
  const title = reading.meta.title ? blocks[0].text : undefined;
  // The verdict reads the blocks as linked in the page: a link farm is one however often its targets repeat.
  const asLinked = blocks.map((b) => b.markdown).join('\n\n');
  blocks = withEachTargetLinkedOnce(blocks);
  const markdown = blocks.map((b) => b.markdown).join('\n\n');

  const state = assessPageState({
    html: input.html,
    url: input.url,
    markdown: asLinked,
    // Headings alone (most often just the title Occam adds from the metadata) are no extract of the page.
    headingsOnly: blocks.length > 0 && blocks.every((b) => b.kind === 'heading'),
    title: reading.rawTitle,
    visibleText: read.visibleText,
    signals: read.signals,
    statusCode: input.statusCode,
    hasAuthenticationChallenge: input.hasAuthenticationChallenge,
    requestedUrl: input.requestedUrl,
    sessionBound: options.sessionBound,
    isDocs: pageType === 'documentation',
  });
  return {
    state,
    markdown,
    blocks,
    ...(title ? { title } : {}),
    meta: reading.meta,
    tables: read.tables,
    links: read.links,
    mediaRefs: read.mediaRefs,
    pageType,
    strategy: main.strategy,
    precision,
    contentRoots: read.contentRoots,
    signals: read.signals,
    ...(read.domDepthCapped ? { domDepthCapped: read.domDepthCapped } : {}),
    agreement: opinion?.agreement ?? 1,
    candidate: opinion?.chosen ?? 'engine',
    ...(opinion?.features ? { opinionFeatures: opinion.features } : {}),
    ...(options.trace ? { trace: traceOf(read.boilerplateRemoved, opinion, precision) } : {}),
  };
}

/** The read's decisions as trace entries: boilerplate removal, the candidate choice, each precision reason. */
function traceOf(boilerplateRemoved: number, opinion: SecondOpinion | undefined, precision: PrecisionReport): TraceEntry[] {
  const trace: TraceEntry[] = [{ stage: 'boilerplate', rule: 'boilerplate', removed: boilerplateRemoved }];
  if (opinion) trace.push({ stage: 'main-content', rule: `second-opinion:${opinion.chosen}`, removed: 0 });
  for (const [reason, n] of Object.entries(precision.removed)) trace.push({ stage: 'precision', rule: reason, removed: n ?? 0 });
  return trace;
}

/**
 * Everything that needs the parse tree: parse → page signals + metadata from the untouched DOM → boilerplate
 * removal → main content → rendered blocks. Returns only plain data (no node references), so the tree dies here.
 */
function readDom(input: ExtractInput, options: ExtractOptions) {
  let doc = parseHtml(input.html);
  promoteNoscriptContent(doc);
  let selectors = new SelectorIndex(doc);
  const visibleText = textOf(doc);
  const signals = pageSignals(input.html, doc, visibleText);
  const reading = readMeta(doc, input.url);
  const typeReading = detectPageType(reading, input.url, doc);
  const pageType = typeReading.type;
  const baseUrl = baseUrlOf(doc, input.url);

  const stripSelectors = [...PROMO_BANNER_SELECTORS, ...(options.stripSelectors ?? [])];
  if (pageType === 'product') spellOptionGroups(doc);
  const cleaned = removeBoilerplate(doc, { pageType, stripSelectors });
  if (cleaned.textBefore > 500 && cleaned.textAfter < cleaned.textBefore * 0.2) {
    // The pattern rules ate most of the page (a site whose class names all look like chrome): start again from a
    // fresh parse with structural rules only.
    doc = parseHtml(input.html);
    promoteNoscriptContent(doc);
    selectors = new SelectorIndex(doc);
    if (pageType === 'product') spellOptionGroups(doc);
    removeBoilerplate(doc, { pageType, stripSelectors, mode: 'conservative' });
  }
  // A thread's run of posts (forum.ts), found on the untouched DOM: the main content must hold all of it.
  const thread = pageType === 'forum' ? (typeReading.thread ?? threadShape(doc)) : undefined;
  const main = findMainContent(doc, {
    pageType,
    contentSelectors: options.contentSelectors,
    title: reading.meta.title,
    urls: [input.url, reading.meta.canonical ?? ''],
    thread,
    secondOpinion: options.secondOpinion,
  });

  const renderer = new MarkdownRenderer({ baseUrl, selectors, maxMedia: options.maxMediaRefs });
  let blocks: ContentBlock[] = [];
  let tables: ExtractedTable[] = [];
  let links: ExtractedLink[] = [];
  let mediaRefs: MediaRef[] = [];
  // One root: nothing reads its subtree after rendering, so the renderer may release it as it goes (nested or
  // overlapping roots could share subtrees, so several are rendered whole).
  const releaseTree = main.roots.length === 1;
  for (const root of main.roots) {
    const out = renderer.render({ children: [root] } as unknown as Element, { releaseTree });
    blocks = out.blocks.length > 0 ? [...blocks, ...out.blocks] : blocks;
    tables = out.tables;
    links = out.links;
    mediaRefs = out.mediaRefs;
  }
  return {
    blocks,
    tables,
    links,
    mediaRefs,
    visibleText,
    signals,
    reading,
    pageType,
    main: { strategy: main.strategy, precision: main.precision, opinion: main.opinion },
    boilerplateRemoved: Math.max(0, cleaned.textBefore - cleaned.textAfter),
    contentRoots: main.roots.map((r) => selectors.selectorOf(r)),
    domDepthCapped: flattenedBelowDepth(doc),
  };
}

function extractFeed(input: ExtractInput): ExtractResult | undefined {
  const feed = parseFeed(input.html, input.url);
  if (!feed) return undefined;
  const markdown = renderFeedMarkdown(feed);
  const blocks: ContentBlock[] = markdown.split(/\n\n(?=## |# )/).map((md, i) => {
    const heading = /^(#{1,2}) (.*)$/m.exec(md);
    return {
      kind: i === 0 ? 'heading' : 'paragraph',
      markdown: md,
      text: markdownToPlainText(md),
      selector: i === 0 ? 'channel > title' : `item:nth-of-type(${i})`,
      headingPath: i === 0 ? [] : [feed.title],
      ...(i === 0 && heading ? { level: 1 } : {}),
    } satisfies ContentBlock;
  });
  const doc = parseHtml('');
  const signals = pageSignals(input.html, doc, markdownToPlainText(markdown));
  const quality = assessPageState({ html: '', url: input.url, markdown, visibleText: '', signals, sessionBound: true });
  return {
    state: quality.ok ? quality : { ok: true, quality: quality.quality! },
    markdown,
    blocks,
    title: feed.title,
    meta: { title: feed.title },
    tables: [],
    links: feed.items.filter((i) => i.link).map((i) => ({ url: i.link!, text: i.title ?? i.link! })),
    mediaRefs: [],
    feed,
    pageType: 'listing',
    strategy: 'feed',
    precision: { removed: {} },
    contentRoots: [],
    signals,
    agreement: 1,
    candidate: 'engine',
  };
}

/** Block by block in reading order, so a target keeps its link where the read first names it (markdown.ts). */
function withEachTargetLinkedOnce(blocks: ContentBlock[]): ContentBlock[] {
  const linked = new Set<string>();
  return blocks.map((b) => {
    if (b.kind === 'code') return b;
    const markdown = linkTargetsOnce(b.markdown, linked);
    return markdown === b.markdown ? b : { ...b, markdown, linkedMarkdown: b.markdown };
  });
}

/** A numeric date ("01/01/26", "2026-01-31", "31.12.2025"). */
const DATED = /\b(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})\b/;

/**
 * Responsive layouts render the same block twice (mobile + desktop copies) and carousels clone slides: a block whose
 * text already appeared verbatim is dropped. Short texts ("Reply", "$20.00") may repeat legitimately and stay —
 * except on a product page, which prints the same price, stock line or spec label once per variant (a colour's
 * panel, a sticky buy bar, a comparison column): there a second copy of any prose block says nothing new. Headings
 * repeat by design (tab names), and so may a dated line: each offer or event card states its own expiry or day.
 */
function dropRepeats(blocks: ContentBlock[], pageType: PageType): ContentBlock[] {
  const seen = new Set<string>();
  // A picture whose alt text repeats the read's words (the headline, or the dek or caption set as alt) is the copy
  // that goes: the words stay as heading or prose, and the picture in mediaRefs. On a grid of cards each card's
  // picture is named after its heading and is the card's picture: it stays.
  const cards = pageType === 'listing' || pageType === 'product';
  const headings = new Set(cards ? [] : blocks.filter((b) => b.kind === 'heading').map((b) => norm(b.text)));
  const prose = blocks.filter((b) => b.kind === 'paragraph' && b.text.length >= 40).map((b) => b.text);
  const repeatsRead = (alt: string) => headings.has(norm(alt)) || (alt.length >= 40 && prose.some((p) => p.includes(alt)));
  let previous: ContentBlock | undefined;
  return blocks.filter((b) => {
    if (b.kind === 'image' && b.text && repeatsRead(b.text)) return false;
    // A heading straight after the same heading is a layout's second copy (a desktop and a mobile h1); a section
    // name repeated further on ("Pros", "Cons" under each product) heads other content and stays.
    if (b.kind === 'heading') {
      const repeat = previous?.kind === 'heading' && previous.level === b.level && previous.text === b.text;
      if (!repeat) previous = b;
      return !repeat;
    }
    previous = b;
    const anyLength = pageType === 'product' && b.kind !== 'code' && b.kind !== 'table';
    if (anyLength ? DATED.test(b.text) : b.text.length < 40) return true;
    // Normalised keys compare prose ("In stock." = "In stock"); code and tables compare verbatim, in their own space.
    const key = anyLength ? `~${norm(b.text)}` : b.text;
    if (key === '~') return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const norm = wordKey;

/**
 * reading.md §10 step 6: `# <title>` first. A heading in the body that repeats the title (usually the article's
 * h1) is dropped so the title appears once.
 */
function withTitle(blocks: ContentBlock[], title: string | undefined): { blocks: ContentBlock[]; before: number } {
  if (!title) return { blocks, before: 0 };
  const t = norm(title);
  // The body's own title heading: the same words, or one that extends/abbreviates the document title
  // ("X vs. Y" in <title>, "X vs. Y: which is right for you?" in the h1). Its wording wins; it appears once.
  let dupIndex = blocks.findIndex((b, i) => {
    if (i >= 8 || b.kind !== 'heading') return false;
    const h = norm(b.text);
    // Some platforms title the post with an h3 (Blogger's `h3.post-title`): a lower heading counts when it is the title.
    if (h === t) return true;
    if ((b.level ?? 2) > 2) return false;
    if (Math.min(h.length, t.length) >= 12 && (h.includes(t) || t.includes(h))) return true;
    // A short page h1 that the document title opens with ("Markdown" in "Markdown - Wikipedia"): the same title
    // with the site name after it, so one `#` line, in the h1's wording.
    if (b.level !== 1 || i >= 3 || b.text.length < 3) return false;
    const head = title.slice(0, b.text.length);
    return head.toLowerCase() === b.text.toLowerCase() && /^\s+[|\-–—:·•»]\s/.test(title.slice(b.text.length));
  });
  // Otherwise a leading h1 of the content is the page's own headline and the document title only its search-engine
  // wording ("Shop Furniture Online - Modern & Affordable" over "Furniture"): one `#` line, the headline's. Not when
  // the title merely continues the h1's words (an h1 "Apple" under "Apple pie with cinnamon" is a cut-off label),
  // nor for a linked h1 (a site name linking home).
  const headline =
    dupIndex >= 0
      ? -1
      : blocks.findIndex((b, i) => i < 3 && b.kind === 'heading' && b.level === 1 && norm(b.text).length >= 3 && !t.startsWith(`${norm(b.text)} `) && !/\]\(/.test(b.markdown));
  if (headline >= 0) dupIndex = headline;
  const heading = dupIndex >= 0 ? blocks[dupIndex] : undefined;
  const text = heading && norm(heading.text) !== t ? heading.text : title;
  const selector = heading ? heading.selector : 'head > title';
  const rest = dupIndex >= 0 ? blocks.filter((_, i) => i !== dupIndex) : blocks;
  const head: ContentBlock = { kind: 'heading', markdown: `# ${escapeMarkup(text).trim()}`, text, selector, headingPath: [], level: 1 };
  // `before`: how many body blocks preceded the page's own title heading (they follow the `#` line now).
  return { blocks: recomputeHeadingPaths([head, ...rest]), before: Math.max(0, dupIndex) };
}

/** Below this much body text a product page's HTML did not carry the product (its page is rendered by script). */
const DECLARED_DESCRIPTION_BELOW = 400;
/** A declared description worth reading: a paragraph or more, not a one-line tagline. */
const DECLARED_DESCRIPTION_MIN = 200;

/**
 * A product page whose served HTML holds next to nothing of the product (a script renders it) may still declare
 * the product in its JSON-LD: its description is then the product's text, and it is read (after the title, with
 * the structured data as its source) instead of returning a thin page.
 */
function withDeclaredDescription(blocks: ContentBlock[], declared: string): ContentBlock[] {
  const body = blocks.filter((b) => !(b.kind === 'heading' && b.level === 1)).reduce((a, b) => a + b.text.length, 0);
  if (body >= DECLARED_DESCRIPTION_BELOW) return blocks;
  const paragraphs = declared
    .split(/\n+|<\/(?:p|div|h[1-6]|li)>|<br\s*\/?>/i)
    .map((part) => textOf(parseHtml(part)).trim())
    .filter(Boolean);
  const text = paragraphs.join(' ');
  if (text.length < DECLARED_DESCRIPTION_MIN) return blocks;
  // Already read from the body (a short page that prints its description): nothing to add.
  const have = norm(blocks.map((b) => b.text).join(' '));
  if (have.includes(norm(text).slice(0, 60))) return blocks;
  const selector = 'script[type="application/ld+json"]';
  const added: ContentBlock[] = paragraphs.map((t) => ({ kind: 'paragraph', markdown: escapeMarkup(t), text: t, selector, headingPath: [] }));
  const head = blocks.length > 0 && blocks[0].kind === 'heading' && blocks[0].level === 1 ? 1 : 0;
  return recomputeHeadingPaths([...blocks.slice(0, head), ...added, ...blocks.slice(head)]);
}

function recomputeHeadingPaths(blocks: ContentBlock[]): ContentBlock[] {
  const path: Array<{ level: number; text: string }> = [];
  return blocks.map((b) => {
    if (b.kind === 'heading') {
      const level = b.level ?? 2;
      while (path.length > 0 && path[path.length - 1].level >= level) path.pop();
      const out = { ...b, headingPath: path.map((p) => p.text) };
      path.push({ level, text: b.text });
      return out;
    }
    return { ...b, headingPath: path.map((p) => p.text) };
  });
}

export { assessPageState, assessQuality, assessAccess, detectChallenge, pageSignals, qualityConfidence, visibleProseOf } from './detect.ts';
export { parseFeed, looksLikeFeed, renderFeedMarkdown } from './feed.ts';
