// Rows of the second opinion (second-opinion.ts). The decision itself is fitted (model.json, scripts/fit.ts).
import { rule } from './index.ts';

export const AGREEMENT_FLOOR = rule({
  id: 'second-opinion.agreement-floor',
  reason: 'Below this share of common text the engine and the density scorer chose different blocks, and the fitted decision picks one; above it they read the same content and the engine’s (finer) roots stay.',
  appliesTo: 'all',
  // 0.7: an engine read 1.5× the density candidate's length (containing it) already goes to the decision.
  value: 0.7,
  example: 'the engine took a mega-menu of teasers, the density scorer the story: they share no text (agreement 0)',
  counterExample: 'the engine took <article>, the density scorer its body <div> holding 90 % of the text (agreement 0.9)',
});

export const PARAGRAPH_MIN_CHARS = rule({
  id: 'second-opinion.paragraph-min-chars',
  reason: 'A paragraph feature counts prose, not one-line teasers or labels.',
  appliesTo: 'all',
  value: 80,
  example: 'a <p> of two sentences of story text outside links',
  counterExample: 'a <p> holding a teaser card’s one-line dek',
});
