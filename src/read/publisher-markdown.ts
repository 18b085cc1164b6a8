// The publisher's own Markdown first (issue 29): sites that serve Markdown to agents answer
// `Accept: text/markdown` with it, or name it with `<link rel="alternate" type="text/markdown" href>`. Occam uses
// such a body only after checking it against the HTML page's visible text — a Markdown twin that says something the
// page does not (another article, an injected instruction block, a stale copy) is not the page — and reports
// `source: "publisher_markdown"`. A `Content-Signal` header that refuses `ai-input` is honoured with a typed failure.
import { OccamError } from '../contract/failures.ts';
import type { AcquiredDocument } from '../fetch/acquire.ts';

/** The Accept header of a page read: Markdown preferred, HTML as good as before. */
export const PUBLISHER_MARKDOWN_ACCEPT = 'text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9';
/** The Accept header of the HTML twin fetched to check a Markdown answer against. */
export const HTML_ONLY_ACCEPT = 'text/html, application/xhtml+xml';

/**
 * Share of the Markdown's distinct word pairs that the HTML page's visible text also holds, at or above which the
 * Markdown is taken as the page. Fitted on generated cases (test/unit/read/publisher-markdown.test.ts, 12 seeds):
 * faithful twins — the article as Markdown, with a link after each paragraph, its first half — score 0.954–1.000;
 * unfaithful ones — another article from the same vocabulary, the article with an injected block a third of its
 * size — score 0.017–0.730. 0.9 sits in the gap, nearer the faithful side: a twin has to say what the page says.
 */
export const MARKDOWN_AGREEMENT_MIN = 0.9;
/** A Markdown body with fewer distinct word pairs than this cannot be checked meaningfully; the HTML is read. */
export const MARKDOWN_MIN_PAIRS = 20;

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

export function isMarkdownType(contentType: string | null | undefined): boolean {
  return MARKDOWN_TYPES.has((contentType ?? '').split(';')[0].trim().toLowerCase());
}

/** `Content-Signal: search=yes, ai-input=no, ai-train=no` → true when ai-input is refused. */
export function refusesAiInput(headers: Record<string, string>): boolean {
  const value = headers['content-signal'];
  if (!value) return false;
  return value.split(',').some((part) => {
    const [k, v] = part.split('=').map((s) => s.trim().toLowerCase());
    return k === 'ai-input' && v === 'no';
  });
}

export function assertAiInputAllowed(headers: Record<string, string>, finalUrl: string): void {
  if (refusesAiInput(headers)) {
    throw new OccamError('ai_input_refused', 'The publisher refuses AI input for this page (Content-Signal: ai-input=no); it is not read.', { finalUrl });
  }
}

/** The href of `<link rel="alternate" type="text/markdown" href="…">`, resolved against the page URL. */
export function markdownAlternateOf(html: string, pageUrl: string): string | null {
  const head = html.slice(0, Math.max(0, html.search(/<body[\s>]/i)) || html.length);
  for (const tag of head.match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined) ?? null;
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate') || !isMarkdownType(attr('type'))) continue;
    const href = attr('href');
    if (!href) continue;
    try {
      const url = new URL(href.replace(/&amp;/g, '&'), pageUrl);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Visible text of an HTML page: no scripts, styles, templates or tags; the common entities decoded. */
export function visibleTextOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;|&#34;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'");
}

/** Distinct word pairs (lower-case words of 3+ letters, in reading order): a pair says what a text says, where a
 *  bare word only says what it is about. Link URLs in Markdown are not words of the text. */
function wordPairs(text: string): Set<string> {
  const withoutUrls = text.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
  const words = withoutUrls.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i++) pairs.add(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/** Share of the Markdown's distinct word pairs found in the HTML's visible text (0 for a Markdown without any). */
export function markdownAgreement(markdown: string, html: string): { agreement: number; pairs: number } {
  const md = wordPairs(markdown);
  if (md.size === 0) return { agreement: 0, pairs: 0 };
  const page = wordPairs(visibleTextOf(html));
  let shared = 0;
  for (const p of md) if (page.has(p)) shared++;
  return { agreement: shared / md.size, pairs: md.size };
}

/** Whether a publisher Markdown body may stand for the HTML page. */
export function markdownAgrees(markdown: string, html: string): boolean {
  const { agreement, pairs } = markdownAgreement(markdown, html);
  return pairs >= MARKDOWN_MIN_PAIRS && agreement >= MARKDOWN_AGREEMENT_MIN;
}

/** One page request with the given Accept header (the read's guarded acquisition, or the bench's in-memory page). */
export type PageFetch = (url: string, accept: string) => Promise<AcquiredDocument>;

/**
 * Acquires a page preferring the publisher's Markdown: asks for Markdown first; a Markdown answer is checked
 * against the HTML twin (fetched with an HTML-only Accept), an HTML answer's `<link rel="alternate"
 * type="text/markdown">` is fetched and checked against it. Whatever disagrees (or cannot be checked) leaves the
 * HTML as the page. A Content-Signal refusing ai-input on either answer fails the read (`ai_input_refused`).
 */
export async function acquirePreferringMarkdown(url: string, fetchPage: PageFetch): Promise<{ doc: AcquiredDocument; publisherMarkdown?: string }> {
  const first = await fetchPage(url, PUBLISHER_MARKDOWN_ACCEPT);
  assertAiInputAllowed(first.headers, first.finalUrl);
  if (isMarkdownType(first.contentType) && !first.truncated) {
    const html = await fetchPage(url, HTML_ONLY_ACCEPT).catch(() => null);
    if (!html || html.kind !== 'html') return { doc: first };
    assertAiInputAllowed(html.headers, html.finalUrl);
    return markdownAgrees(first.text, html.text) ? { doc: first, publisherMarkdown: first.finalUrl } : { doc: html };
  }
  if (first.kind !== 'html') return { doc: first };
  const alternate = markdownAlternateOf(first.text, first.finalUrl);
  if (!alternate) return { doc: first };
  const twin = await fetchPage(alternate, PUBLISHER_MARKDOWN_ACCEPT).catch(() => null);
  if (!twin || twin.kind !== 'text' || twin.truncated || refusesAiInput(twin.headers) || !markdownAgrees(twin.text, first.text)) return { doc: first };
  // The page read is still the HTML page's URL; the Markdown is its publisher's rendering of it.
  return { doc: { ...twin, requestedUrl: first.requestedUrl, finalUrl: first.finalUrl }, publisherMarkdown: twin.finalUrl };
}
