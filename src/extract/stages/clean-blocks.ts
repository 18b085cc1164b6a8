// Stage 6 — clean blocks.
//   in:  the rendered blocks (render) and the page type
//   out: the blocks without boilerplate lines (boilerplate.ts isBoilerplateLine, reading.md §10 step 7; code and
//        tables exempt) and without second copies (a layout's repeated block, a picture whose alt repeats the read's
//        words, a heading straight after the same heading), heading paths recomputed
import { isBoilerplateLine } from '../boilerplate.ts';
import { wordKey } from '../dom.ts';
import type { ContentBlock, PageType } from '../types.ts';
import { recomputeHeadingPaths } from './heading-paths.ts';
import { applies } from '../rules/page-policy.ts';

export function cleanBlocks(blocks: readonly ContentBlock[], pageType: PageType): ContentBlock[] {
  return recomputeHeadingPaths(dropRepeats(blocks.filter((b) => b.kind === 'code' || b.kind === 'table' || !isBoilerplateLine(b.text)), pageType));
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
  const cards = applies('clean-blocks.card-pictures', pageType);
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
    const anyLength = applies('clean-blocks.any-length-repeats', pageType) && b.kind !== 'code' && b.kind !== 'table';
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
