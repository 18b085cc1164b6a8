// Stage 0 — feed (only with `json_feed=true`, reading.md §7.4).
//   in:  a body that looks like RSS, Atom or JSON Feed
//   out: a complete ExtractResult of the feed's items as Markdown (one block per item), or undefined when the body
//        does not parse as a feed (the HTML stages then read it)
import { assessPageState, pageSignals } from '../detect.ts';
import { parseHtml } from '../dom.ts';
import { parseFeed, renderFeedMarkdown } from '../feed.ts';
import { markdownToPlainText } from '../markdown.ts';
import type { ExtractInput, ExtractResult } from '../index.ts';
import type { ContentBlock } from '../types.ts';

export function extractFeed(input: ExtractInput): ExtractResult | undefined {
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
