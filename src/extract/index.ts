// The reading core's one entry point: HTML (or a feed) in, compact source-linked Markdown + content blocks out.
//
//   extractDocument({ html, url, contentType?, statusCode?, requestedUrl?, hasAuthenticationChallenge? }, options)
//     → ExtractResult   (synchronous, pure: no I/O, no clock, no globals)
//
// This file is only the order of the stages; each stage is a file of src/extract/stages/ whose head states what it
// reads and what it returns: feed → parse → classify → strip-chrome (hidden text first, then chrome) → main-content → render (the stages that need
// the tree, in readTree) → clean-blocks → title → prune-blocks → declared-description → finish. The rules the
// stages apply are rows of src/extract/rules/ (catalogue.ts).
//
// The result is always a full object; `state.ok === false` carries the typed failure (`captcha_or_challenge`,
// `requires_login`, `thin_extract`, `extraction_failed`) the caller turns into its envelope. The caller owns
// decoding (charset), HTTP status handling, content-type routing for PDF/plain text/JSON, budgets and focus.
// `markdown === blocks.map(b => b.markdown).join('\n\n')` always holds, so budgets can cut at block boundaries and
// Merkle leaves (text + "\0" + selector) cover exactly the body.
import { looksLikeFeed } from './feed.ts';
import type { PageState } from './detect.ts';
import type { PrecisionReport } from './precision.ts';
import type { OpinionMode } from './second-opinion.ts';
import type { VisibilityReport, VisibilityTuning } from './visibility.ts';
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
import { extractFeed } from './stages/feed.ts';
import { parse } from './stages/parse.ts';
import { classify } from './stages/classify.ts';
import { stripChrome } from './stages/strip-chrome.ts';
import { locateMainContent } from './stages/main-content.ts';
import { render } from './stages/render.ts';
import { cleanBlocks } from './stages/clean-blocks.ts';
import { withTitle } from './stages/title.ts';
import { pruneBlocks } from './stages/prune-blocks.ts';
import { withDeclaredDescription } from './stages/declared-description.ts';
import { assessPageState, traceOf, withEachTargetLinkedOnce } from './stages/finish.ts';
import { applies } from './rules/page-policy.ts';

export type * from './types.ts';
export type { PageState } from './detect.ts';
export { linkTargetsOnce, markdownToPlainText } from './markdown.ts';
export { PROMO_BANNER_SELECTORS } from './stages/strip-chrome.ts';

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
  /** Other numbers for the hidden-text stage (scripts/fit-visibility.ts); the fitted ones by default. */
  visibility?: Partial<VisibilityTuning>;
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
  /** What the hidden-text stage removed (visibility.ts); absent when the page hid nothing with text. */
  hidden?: VisibilityReport;
}


export function extractDocument(input: ExtractInput, options: ExtractOptions = {}): ExtractResult {
  if (options.feed && looksLikeFeed(input.html, input.contentType)) {
    const feedResult = extractFeed(input);
    if (feedResult) return feedResult;
  }
  const read = readTree(input, options);
  // The parse tree is unreachable from here on: the block stages and the page-state verdict below run with the
  // DOM collectable, so a page-sized tree does not stay live beside their garbage (issue 14).
  let blocks = cleanBlocks(read.rendered.blocks, read.page.pageType);
  // Those are new objects: the rendered ones (one per block, with their heading paths) need not stay live to the end.
  read.rendered.blocks = [];
  const { rendered, page, main } = read;
  const { reading, pageType } = page;
  const opinion = main.opinion;
  const titled = withTitle(blocks, reading.meta.title);
  blocks = titled.blocks;
  const precision = main.precision ?? { removed: {} };
  const beforePrune = { removed: { ...precision.removed }, samples: precision.samples?.length ?? 0 };
  blocks = pruneBlocks(blocks, { pageType, title: reading.meta.title, beforeTitle: titled.before }, precision);
  if (applies('declared-description.json-ld', pageType) && reading.productDescription) blocks = withDeclaredDescription(blocks, reading.productDescription);
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
    isDocs: applies('finish.docs-verdict', pageType),
  });
  return {
    state,
    markdown,
    blocks,
    ...(title ? { title } : {}),
    meta: reading.meta,
    tables: rendered.tables,
    links: rendered.links,
    mediaRefs: rendered.mediaRefs,
    pageType,
    strategy: main.strategy,
    precision,
    contentRoots: rendered.contentRoots,
    signals: read.signals,
    ...(rendered.domDepthCapped ? { domDepthCapped: rendered.domDepthCapped } : {}),
    agreement: opinion?.agreement ?? 1,
    candidate: opinion?.chosen ?? 'engine',
    ...(opinion?.features ? { opinionFeatures: opinion.features } : {}),
    ...(options.trace ? { trace: traceOf(read.removals, opinion, beforePrune, precision) } : {}),
    ...(read.hidden.removedElements > 0 || read.hidden.accessibilityOnly > 0 ? { hidden: read.hidden } : {}),
  };
}

/**
 * The stages that need the parse tree: parse → classify → strip-chrome → main-content → render. Returns only plain
 * data (no node references), so the tree dies with this frame.
 */
function readTree(input: ExtractInput, options: ExtractOptions) {
  const parsed = parse(input.html);
  const page = classify(parsed.doc, input.url);
  const stripped = stripChrome(parsed, input.html, page.pageType, options.stripSelectors, options.trace, options.visibility);
  const main = locateMainContent(stripped.doc, page, input.url, options);
  const rendered = render(stripped.doc, main.roots, stripped.selectors, page.baseUrl, options.maxMediaRefs);
  return {
    rendered,
    page,
    visibleText: parsed.visibleText,
    signals: parsed.signals,
    main: { strategy: main.strategy, precision: main.precision, opinion: main.opinion },
    removals: stripped.removals,
    hidden: stripped.hidden,
  };
}

export { assessPageState, assessQuality, assessAccess, detectChallenge, pageSignals, qualityConfidence, visibleProseOf } from './detect.ts';
export { parseFeed, looksLikeFeed, renderFeedMarkdown } from './feed.ts';
