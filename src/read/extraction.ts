// Content-type routing of an acquired body (reading.md §7): HTML and feeds go to src/extract, plain text and
// JSON become Markdown here (§7.3, decision 5), PDFs go to the PDF text layer (§7.2). The result is one shape
// the pipeline materialises, whatever the source type.
import { assessQuality, extractDocument, markdownToPlainText, type ContentBlock, type Feed, type MediaRef, type PageMeta, type PageState, type PageType, type OpinionChoice, type TraceEntry } from '../extract/index.ts';
import { OccamError } from '../contract/failures.ts';
import type { AcquiredDocument } from '../fetch/acquire.ts';
import type { VisibilityReport } from '../extract/visibility.ts';
import { parseDocument } from '../budget/sections.ts';
import type { SourceBlock } from './sidecars.ts';
import type { ExtractWorkers } from './extract-worker.ts';
import { markdownOf, type ReadExtract } from './read-extract.ts';

export type ExtractionBackend = 'node_readability_turndown' | 'plain_text' | 'pdf' | 'browser_playwright';

export interface ExtractedPage {
  backend: ExtractionBackend;
  markdown: string;
  title?: string;
  blocks: SourceBlock[];
  tables: Array<{ caption?: string; headers: string[]; rows: string[][]; selector: string }>;
  mediaRefs: MediaRef[];
  meta: PageMeta;
  feed?: Feed;
  /** Elements the parser flattened to text at its depth cap (their links and structure are lost). */
  domDepthCapped?: number;
  state: PageState;
  /** The page type the extractor detected (HTML and feeds only): the response's `extraction.pageType`. */
  pageType?: PageType;
  /** Hidden text the extraction removed (src/extract/visibility.ts): the response's `safety.hidden`. */
  hidden?: VisibilityReport;
  /** HTML and feeds: the response's `extraction` (full detail) — page type, second opinion, and the trace when asked. */
  extraction?: ExtractionWire;
}

/**
 * The full response's `extraction`: the page type, how far the engine's main content and the independent density
 * candidate agree (0–1) and which one was read (src/extract/second-opinion.ts), and — when the read was asked to
 * explain itself — which stage removed what by which rule id (src/extract/stages/, rules/catalogue.ts).
 */
export interface ExtractionWire {
  pageType: PageType;
  agreement: number;
  candidate: OpinionChoice;
  trace?: TraceEntry[];
}

export type AcquiredBody = Pick<AcquiredDocument, 'kind' | 'text' | 'finalUrl' | 'requestedUrl' | 'statusCode' | 'contentType' | 'headers'> & {
  bytes?: Buffer;
  /**
   * The charset `text` was decoded with (acquire). With it, a page parsed in a worker is sent as its bytes, which
   * the worker takes: `bytes` is empty after the parse (issue 14).
   */
  charset?: string | null;
};

export interface ExtractionOptions {
  jsonFeed: boolean;
  sessionBound: boolean;
  backend?: ExtractionBackend;
  /** Playbook overlay (src/playbooks/overlay.ts): the matched content selector and the strip selectors. */
  contentSelectors?: readonly string[];
  stripSelectors?: readonly string[];
  /** Large HTML pages are parsed in a worker of this pool (issue 14); without it every parse is in-process. */
  workers?: ExtractWorkers;
  /** Ends an off-thread parse (deadline, cancellation): the worker is terminated and the reason rethrown. */
  signal?: AbortSignal;
  /** Keep the extractor's trace for `extraction.trace` (`occam read --explain`). */
  trace?: boolean;
}

function blocksFromMarkdown(markdown: string, selectorPrefix: string): SourceBlock[] {
  return parseDocument(markdown).blocks.map((b, i) => ({
    kind: b.kind === 'marker' ? 'paragraph' : b.kind,
    markdown: b.text,
    text: markdownToPlainText(b.text),
    selector: `${selectorPrefix}[${i}]`,
  }));
}

function fromContentBlocks(blocks: ReadonlyArray<Omit<ContentBlock, 'headingPath'>>): SourceBlock[] {
  return blocks.map((b) => ({
    kind: b.kind,
    markdown: b.markdown,
    text: b.text,
    selector: b.selector,
    ...(b.level !== undefined ? { level: b.level } : {}),
    ...(b.links?.length ? { links: b.links } : {}),
    ...(b.linkedMarkdown !== undefined ? { linkedMarkdown: b.linkedMarkdown } : {}),
  }));
}

/** §7.3: Markdown-looking text passes through verbatim; other text is wrapped in a bare fence. */
export function plainTextMarkdown(body: string, urlPath: string): string {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) return '';
  const looksMarkdown = /\.(md|markdown)$/i.test(urlPath) || /^#{1,2} \S/m.test(text) || /^```/m.test(text) || /^[-*] \S/m.test(text);
  if (looksMarkdown) return text;
  const fence = text.includes('```') ? '````' : '```';
  return `${fence}\n${text}\n${fence}`;
}

/** Decision 5: JSON bodies become one fenced `json` block (pretty-printed when it parses). */
export function jsonMarkdown(body: string): string {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) return '';
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not valid JSON: keep the text as served
  }
  const fence = pretty.includes('```') ? '````' : '```';
  return `${fence}json\n${pretty}\n${fence}`;
}

function textState(markdown: string): PageState {
  const quality = assessQuality(markdown);
  if (!markdown.trim()) return { ok: false, code: 'thin_extract', message: 'The body is empty.', quality };
  // A text body is what it is: short text is short, not thin (it has no chrome to mistake for content).
  return { ok: true, quality };
}

export async function extractAcquired(doc: AcquiredBody, opts: ExtractionOptions): Promise<ExtractedPage> {
  const urlPath = (() => {
    try {
      return new URL(doc.finalUrl).pathname;
    } catch {
      return '';
    }
  })();
  if (doc.kind === 'text' || doc.kind === 'json') {
    const markdown = doc.kind === 'json' ? jsonMarkdown(doc.text) : plainTextMarkdown(doc.text, urlPath);
    return { backend: 'plain_text', markdown, blocks: blocksFromMarkdown(markdown, 'body>pre'), tables: [], mediaRefs: [], meta: {}, state: textState(markdown) };
  }
  if (doc.kind === 'pdf') {
    const { pdfToMarkdown } = await import('./pdf.ts');
    const { markdown, title } = await pdfToMarkdown(doc.bytes ?? Buffer.alloc(0));
    return { backend: 'pdf', markdown, ...(title ? { title } : {}), blocks: blocksFromMarkdown(markdown, 'pdf'), tables: [], mediaRefs: [], meta: title ? { title } : {}, state: textState(markdown) };
  }
  const input = {
    html: doc.text,
    url: doc.finalUrl,
    ...(doc.contentType ? { contentType: doc.contentType } : {}),
    statusCode: doc.statusCode,
    requestedUrl: doc.requestedUrl,
    hasAuthenticationChallenge: Boolean(doc.headers?.['www-authenticate']),
  };
  const options = {
    feed: opts.jsonFeed,
    sessionBound: opts.sessionBound,
    ...(opts.contentSelectors?.length ? { contentSelectors: opts.contentSelectors } : {}),
    ...(opts.stripSelectors?.length ? { stripSelectors: opts.stripSelectors } : {}),
    ...(opts.trace ? { trace: true } : {}),
  };
  const offThread = opts.workers?.offThread(doc.text.length);
  const result: ReadExtract & { markdown?: string } = offThread ? await opts.workers!.extract(input, options, opts.signal, doc.bytes && doc.charset ? { bytes: doc.bytes, charset: doc.charset } : undefined) : extractDocument(input, options);
  const markdown = result.markdown ?? markdownOf(result);
  if (!markdown.trim() && result.state.ok) {
    throw new OccamError('extraction_failed', 'No main content could be extracted from the page.');
  }
  return {
    backend: opts.backend ?? 'node_readability_turndown',
    markdown,
    ...(result.title ? { title: result.title } : {}),
    blocks: fromContentBlocks(result.blocks),
    tables: result.tables.map((t) => ({ ...(t.caption ? { caption: t.caption } : {}), headers: t.headers, rows: t.rows, selector: t.selector })),
    mediaRefs: result.mediaRefs,
    meta: metaWire(result.meta),
    ...(result.feed ? { feed: result.feed } : {}),
    ...(result.domDepthCapped ? { domDepthCapped: result.domDepthCapped } : {}),
    state: result.state,
    pageType: result.pageType,
    ...(result.hidden ? { hidden: result.hidden } : {}),
    extraction: {
      pageType: result.pageType,
      agreement: Math.round(result.agreement * 1000) / 1000,
      candidate: result.candidate,
      ...(result.trace ? { trace: result.trace } : {}),
    },
  };
}

/** reading.md §10 side output `meta: { publishedAt, author, lang, canonical }` (each omitted when absent). */
function metaWire(meta: PageMeta): PageMeta {
  const out: PageMeta = {};
  if (meta.publishedAt) out.publishedAt = meta.publishedAt;
  if (meta.author) out.author = meta.author;
  if (meta.lang) out.lang = meta.lang;
  if (meta.canonical) out.canonical = meta.canonical;
  return out;
}
