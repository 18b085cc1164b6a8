// RSS 2.0 / RSS 1.0 / Atom / JSON Feed (reading.md §7.4): parse into `feed { title, items[] }` and render Markdown
// `# <feed title>`, then per item `## <title or link>`, the link line, `_publishedAt_` and the summary body.
import { parseDocument } from 'htmlparser2';
import { Element, SelectorIndex, collapse, parseHtml, rawText, type ParentNode } from './dom.ts';
import { MarkdownRenderer, markdownToPlainText, resolveUrl } from './markdown.ts';
import type { Feed, FeedItem } from './types.ts';

const FEED_CONTENT_TYPE = /(rss|atom|rdf)\+xml|\/xml|feed\+json|^application\/json/i;

/** Cheap sniff: a feed-looking body (by content type or by its root element). */
export function looksLikeFeed(body: string, contentType?: string): boolean {
  const head = body.slice(0, 2048).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return /"version"\s*:\s*"https?:\/\/jsonfeed\.org/i.test(body.slice(0, 4096));
  if (/<rss[\s>]|<feed[\s>][^]*?xmlns="http:\/\/www\.w3\.org\/2005\/Atom"|<rdf:RDF[\s>]/i.test(head)) return true;
  if (/<feed[\s>]/i.test(head) && /atom/i.test(head)) return true;
  return contentType ? FEED_CONTENT_TYPE.test(contentType) && /<(rss|feed|rdf:RDF)[\s>]/i.test(head) : false;
}

export function parseFeed(body: string, baseUrl: string): Feed | undefined {
  const trimmed = body.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed, baseUrl);
  const doc = parseDocument(trimmed, { xmlMode: true, decodeEntities: true });
  const root = childElements(doc).find((e) => ['rss', 'feed', 'rdf:rdf'].includes(e.name.toLowerCase()));
  if (!root) return undefined;
  const name = root.name.toLowerCase();
  if (name === 'feed') return parseAtom(root, baseUrl);
  const channel = childElements(root).find((e) => e.name.toLowerCase() === 'channel');
  const title = channel ? childText(channel, 'title') : '';
  const itemParent = name === 'rss' ? channel : root;
  const items = itemParent ? childElements(itemParent).filter((e) => e.name.toLowerCase() === 'item') : [];
  return {
    title: title || 'Feed',
    items: items.map((it) =>
      makeItem(
        {
          title: childText(it, 'title'),
          link: childText(it, 'link') || childText(it, 'guid'),
          publishedAt: childText(it, 'pubDate') || childText(it, 'dc:date'),
          html: childText(it, 'content:encoded') || childText(it, 'description'),
        },
        baseUrl,
      ),
    ),
  };
}

function parseAtom(feed: Element, baseUrl: string): Feed {
  const entries = childElements(feed).filter((e) => e.name.toLowerCase() === 'entry');
  return {
    title: childText(feed, 'title') || 'Feed',
    items: entries.map((en) => {
      const links = childElements(en).filter((e) => e.name.toLowerCase() === 'link');
      const alt = links.find((l) => (l.attribs.rel ?? 'alternate') === 'alternate') ?? links[0];
      return makeItem(
        {
          title: childText(en, 'title'),
          link: alt?.attribs.href ?? '',
          publishedAt: childText(en, 'published') || childText(en, 'updated'),
          html: childText(en, 'summary') || childText(en, 'content'),
        },
        baseUrl,
      );
    }),
  };
}

function parseJsonFeed(body: string, baseUrl: string): Feed | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const d = data as { title?: unknown; items?: unknown };
  const items = Array.isArray(d.items) ? d.items : [];
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    title: str(d.title) || 'Feed',
    items: items.map((raw) => {
      const it = (raw ?? {}) as Record<string, unknown>;
      const html = str(it.content_html) || str(it.summary);
      return makeItem(
        { title: str(it.title), link: str(it.url) || str(it.external_url), publishedAt: str(it.date_published), html: html || escapeHtml(str(it.content_text)) },
        baseUrl,
      );
    }),
  };
}

function makeItem(raw: { title: string; link: string; publishedAt: string; html: string }, baseUrl: string): FeedItem {
  const item: FeedItem = {};
  if (raw.title) item.title = collapse(raw.title);
  const link = resolveUrl(raw.link.trim(), baseUrl);
  if (link) item.link = link;
  if (raw.publishedAt) item.publishedAt = raw.publishedAt.trim();
  if (raw.html.trim()) {
    const summaryMarkdown = htmlToMarkdown(raw.html, item.link ?? baseUrl);
    item.summaryHtml = raw.html.trim();
    item.summaryMarkdown = summaryMarkdown;
    item.summaryText = markdownToPlainText(summaryMarkdown).replace(/\s+/g, ' ').trim();
    item.summary = item.summaryText;
  }
  return item;
}

function htmlToMarkdown(html: string, baseUrl: string): string {
  const doc = parseHtml(html);
  const out = new MarkdownRenderer({ baseUrl, selectors: new SelectorIndex(doc) }).render(doc);
  return out.blocks.map((b) => b.markdown).join('\n\n');
}

export function renderFeedMarkdown(feed: Feed): string {
  const parts = [`# ${feed.title}`];
  for (const it of feed.items) {
    const lines = [`## ${it.title || it.link || 'Untitled'}`];
    if (it.link) lines.push(it.link);
    if (it.publishedAt) lines.push(`_${it.publishedAt}_`);
    if (it.summaryMarkdown) lines.push('', it.summaryMarkdown);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}

function childElements(node: ParentNode): Element[] {
  return node.children.filter((c): c is Element => c instanceof Element);
}

function childText(el: Element, name: string): string {
  const c = childElements(el).find((e) => e.name.toLowerCase() === name.toLowerCase());
  return c ? rawText(c).trim() : '';
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}
