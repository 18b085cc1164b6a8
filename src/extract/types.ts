// Shapes produced by src/extract. Field names follow reading.md §9–10 and the knowledge-json codec (playbooks.md §11)
// so the pipeline can pass them through without renaming.

export type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'quote' | 'image' | 'definition';

/** One content block in reading order. `markdown` blocks joined by blank lines rebuild the body. */
export interface ContentBlock {
  kind: BlockKind;
  /** The block as Markdown (exactly what appears in the body). */
  markdown: string;
  /** Plain text: Markdown syntax and link URLs removed, whitespace collapsed. Merkle leaves hash this. */
  text: string;
  /** CSS-ish path of the source element in the page as served (trust.md §3.7 `source_selector`). */
  selector: string;
  /** Texts of the enclosing headings, outermost first (the heading block itself excluded). */
  headingPath: string[];
  /** Heading level 1–6 (headings only). */
  level?: number;
  /** Fenced code language when the source declared one. */
  language?: string;
  /** Absolute link targets inside the block (also those left as text because an earlier block links them). */
  links?: string[];
  /**
   * The block with every link as the page has it, when `markdown` leaves a target as text because an earlier block
   * links it: a reader that keeps only some blocks (a section, a pruned read) links again from these.
   */
  linkedMarkdown?: string;
}

export interface ExtractedTable {
  caption?: string;
  headers: string[];
  rows: string[][];
  selector: string;
}

export interface ExtractedLink {
  url: string;
  text: string;
}

export type MediaKind = 'image' | 'video' | 'audio' | 'pdf' | 'file';

export interface MediaRef {
  url: string;
  kind: MediaKind;
  alt?: string;
  contextHeading?: string;
  selectorHint?: string;
}

export interface PageMeta {
  title?: string;
  description?: string;
  author?: string;
  publishedAt?: string;
  lang?: string;
  canonical?: string;
  siteName?: string;
}

export interface FeedItem {
  title?: string;
  link?: string;
  publishedAt?: string;
  summary?: string;
  summaryHtml?: string;
  summaryText?: string;
  summaryMarkdown?: string;
}

export interface Feed {
  title: string;
  items: FeedItem[];
}

/**
 * Coarse page type detected from markup (meta.ts `detectPageType`): steers which boilerplate and precision rules apply
 * (comments are content on forums and reviews on products, teaser cards are content on listings). `listing` covers
 * collections, category and search pages; `service` covers service and local-business landing pages.
 */
export type PageType = 'article' | 'documentation' | 'forum' | 'product' | 'listing' | 'service' | 'generic';

/** How the main-content root was chosen. */
export type ContentStrategy = 'content_selectors' | 'semantic' | 'scored' | 'body' | 'feed' | 'none';

/** reading.md §9.3 evidence — booleans only, never page text or values. */
export interface AccessEvidence {
  passwordField: boolean;
  identityField: boolean;
  loginFormAction: boolean;
  loginHeading: boolean;
  blockingOverlay: boolean;
  hasUsableContent: boolean;
  authenticationTerminology: boolean;
}

/** Cheap whole-page measurements shared by detection (transcode) and classification (probe). */
export interface PageSignals {
  htmlChars: number;
  /** HTML minus script/style/tags, whitespace collapsed. */
  visibleTextChars: number;
  visibleRatio: number;
  scriptCount: number;
  /** min(1, scriptCount / 40). */
  scriptDensity: number;
  /** reading.md §9.1 app-shell markers (`id="app"`, `__NEXT_DATA__`, …) present. */
  stubMarker: boolean;
  /** reading.md §9.1: visible text < 500 chars AND an app-shell marker. */
  spaShell: boolean;
  hasNoscript: boolean;
  access: AccessEvidence;
}

/** Which main-content candidate was read: the engine's (hints, scorer, widening) or the second opinion's (density alone). */
export type OpinionChoice = 'engine' | 'density';

/** The stages a trace names (src/extract/stages/). */
export type TraceStage = 'strip-chrome' | 'main-content' | 'prune-blocks';

/** One decision of a traced read (ExtractOptions.trace): which stage applied which rule, and what it removed. */
export interface TraceEntry {
  stage: TraceStage;
  /**
   * Rule id: a catalogue row (`chrome.consent-platform`, src/extract/rules/) where one decides, else
   * `<stage>.<rule>` for a rule that is code (`strip-chrome.drop-tag`, `prune-blocks.teasers`); the candidate
   * choice is `second-opinion:<engine|density>`.
   */
  rule: string;
  /** How many it removed: elements (strip-chrome), blocks or elements (main-content, prune-blocks), 0 for a choice. */
  removed: number;
  /** The start of the first few removed texts. */
  samples?: string[];
}
