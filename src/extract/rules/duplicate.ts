// Rows for a story rendered twice on one page (main-content.ts dropSecondRendering).
import { rule } from './index.ts';

export const SECOND_RENDERING_MIN_CHARS = rule({
  id: 'duplicate.second-rendering-min-chars',
  reason: 'Two disjoint elements with the same text length and opening words, this long, are two renderings of one body; short repeats (a price, a label, a card) are left to the block pass.',
  appliesTo: 'all',
  value: 800,
  example: 'div.story-body (3,214 characters) and, further down, div.print-view holding the same 3,214 characters',
  counterExample: 'two 60-character "In stock" lines of two product variants',
});

export const RENDERING_KEY_CHARS = rule({
  id: 'duplicate.rendering-key-chars',
  reason: 'How many characters of an element’s first text name it in the second-rendering key (with its exact text length).',
  appliesTo: 'all',
  value: 80,
  example: '"The council voted on Tuesday to close the bridge for repairs…" (first 80 characters)',
  counterExample: 'an empty first text node (skipped: the first non-empty one counts)',
});
