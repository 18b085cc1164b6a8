// Stage 9 — declared description (product pages).
//   in:  the pruned blocks of a product page and the description its JSON-LD declares (classify)
//   out: the blocks with that description after the title when the served HTML held next to nothing of the product
//        (a page its script renders); otherwise the blocks unchanged
import { parseHtml, textOf, wordKey } from '../dom.ts';
import { escapeMarkup } from '../markdown.ts';
import type { ContentBlock } from '../types.ts';
import { recomputeHeadingPaths } from './heading-paths.ts';
import { DECLARED_DESCRIPTION_BELOW as DECLARED_DESCRIPTION_BELOW_ROW, DECLARED_DESCRIPTION_MIN as DECLARED_DESCRIPTION_MIN_ROW } from '../rules/stages.ts';

const norm = wordKey;

/** Below this much body text a product page's HTML did not carry the product (its page is rendered by script). */
const DECLARED_DESCRIPTION_BELOW = DECLARED_DESCRIPTION_BELOW_ROW.value;
/** A declared description worth reading: a paragraph or more, not a one-line tagline. */
const DECLARED_DESCRIPTION_MIN = DECLARED_DESCRIPTION_MIN_ROW.value;

/**
 * A product page whose served HTML holds next to nothing of the product (a script renders it) may still declare
 * the product in its JSON-LD: its description is then the product's text, and it is read (after the title, with
 * the structured data as its source) instead of returning a thin page.
 */
export function withDeclaredDescription(blocks: ContentBlock[], declared: string): ContentBlock[] {
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
