// Lexicons of the Markdown renderer (markdown.ts): tracking parameters, generic alt texts, non-language classes.
import { lexicon } from './lexicon.ts';

export const TRACKING_PARAM = lexicon({
  id: 'markdown.tracking-param',
  reason: 'Click-tracking parameters: not part of a source\'s identity, only tokens.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)$', flags: 'i', terms: [
    'utm_[a-z_]+', 'fbclid', 'gclid', 'srsltid', '_ga', '_gl', 'ref_src',
  ] },
  example: 'utm_source',
  counterExample: 'page',
});

export const GENERIC_ALT = lexicon({
  id: 'markdown.generic-alt',
  reason: 'Alt texts that name no picture ("image", "logo", "user avatar"): the image is rendered without them.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)$', flags: 'i', terms: [
    'enter image description here', 'image', 'img', 'logo', 'icon', 'banner',
  ] },
  example: 'image',
  counterExample: 'A kiln at dusk',
});

export const NOT_A_LANGUAGE = lexicon({
  id: 'markdown.not-a-language',
  reason: 'Highlighter classes that name no code language (`nohighlight`, `plaintext`, `hljs`): no fence language is taken from them.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'default', 'none', 'text', 'plain', 'plaintext', 'auto', 'code', 'source',
  ] },
  example: 'plaintext',
  counterExample: 'python',
});
