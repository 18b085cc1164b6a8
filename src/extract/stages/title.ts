// Stage 7 — title.
//   in:  the clean blocks and the document title (classify)
//   out: `# <title>` first, once: the body's own title heading (or leading h1) takes its place and wording; `before`
//        counts the body blocks that preceded that heading (the prune stage reads it)
import { escapeMarkup } from '../markdown.ts';
import { wordKey } from '../dom.ts';
import type { ContentBlock } from '../types.ts';
import { recomputeHeadingPaths } from './heading-paths.ts';

const norm = wordKey;

/**
 * reading.md §10 step 6: `# <title>` first. A heading in the body that repeats the title (usually the article's
 * h1) is dropped so the title appears once.
 */
export function withTitle(blocks: ContentBlock[], title: string | undefined): { blocks: ContentBlock[]; before: number } {
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
