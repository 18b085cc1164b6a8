// Value rows of the stage files (src/extract/stages/): the thresholds that decide whether a stage acts.
import { rule } from './index.ts';

export const RESTART_BELOW_SHARE = rule({
  id: 'strip-chrome.restart-below-share',
  reason: 'When the class/id pattern rules leave less than this share of a page’s text, they ate the page (a site whose every class name looks like chrome): the stage starts again from a fresh parse with structural rules only.',
  appliesTo: 'all',
  value: 0.2,
  example: 'a 9,000-character page whose wrappers are all classed "widget …": 600 characters left after the patterns',
  counterExample: 'a 9,000-character article whose nav, footer and share bar go: 6,500 characters left',
});

export const RESTART_MIN_CHARS = rule({
  id: 'strip-chrome.restart-min-chars',
  reason: 'A page this short may lose most of its text to chrome rules rightly (a stub, a redirect page): only a longer page is read again.',
  appliesTo: 'all',
  value: 500,
  example: 'a 9,000-character page stripped to 600 characters',
  counterExample: 'a 300-character "moved" page stripped to 40 characters',
});

export const DECLARED_DESCRIPTION_BELOW = rule({
  id: 'declared-description.below-chars',
  reason: 'Below this much body text a product page’s served HTML did not carry the product (a script renders it), so its JSON-LD description is read instead.',
  appliesTo: ['product'],
  value: 400,
  example: 'a product page whose HTML body is the title and a price (60 characters) and whose JSON-LD holds a 900-character description',
  counterExample: 'a product page whose HTML prints its 1,200-character description',
});

export const DECLARED_DESCRIPTION_MIN = rule({
  id: 'declared-description.min-chars',
  reason: 'A declared description worth reading is a paragraph or more, not a one-line tagline.',
  appliesTo: ['product'],
  value: 200,
  example: 'a JSON-LD description of three sentences about the material and fit',
  counterExample: 'a JSON-LD description "Our best-selling mug."',
});
