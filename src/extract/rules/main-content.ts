// Lexicons of the main-content scorer (main-content.ts): semantic selectors and class weights.
import { lexicon, CLASS_TOKEN } from './lexicon.ts';

export const SEMANTIC_SELECTORS = lexicon({
  id: 'main-content.semantic-selectors',
  reason: 'Semantic hints for the main content, in priority order (reading.md §10 step 4): schema.org articleBody, article/main elements and the content classes of common CMSs and docs generators.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    '[itemprop~=articleBody]', 'article', '[role=main]', 'main', '.docs-content', '.docs-post-content',
    '.markdown-body', '#main-content', '.post-content', '.entry-content', '.article-body', '.article-content',
    '.story-body', '.post-body', '#mw-content-text', '#content', 'div.section', 'div.sect1', '#docs', '.main-content',
    '#main',
  ] },
  example: '.entry-content',
  counterExample: '.sidebar',
});

export const POSITIVE = lexicon({
  id: 'main-content.positive-class',
  reason: 'Class/id tokens that raise a candidate\'s score in the Readability-class scorer: names that say the element holds the text.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'article', 'body', 'content', 'entry', 'hentry', 'h-entry', 'main', 'page', 'pagination', 'post', 'text', 'blog',
    'story', 'prose', 'markdown', 'docs?', 'documentation', 'thread', 'topic', 'question', 'answer', 'product',
    'description', 'detail', 'details',
  ] },
  example: 'post-content',
  counterExample: 'postscript',
});

export const NEGATIVE = lexicon({
  id: 'main-content.negative-class',
  reason: 'Class/id tokens that lower a candidate\'s score in the Readability-class scorer: names of chrome, comments, sharing and widgets.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'hidden', 'banner', 'comment', 'contact', 'foot', 'footer', 'footnote', 'masthead', 'media', 'meta', 'promo',
    'related', 'scroll', 'share', 'sidebar', 'skyscraper', 'shopping', 'tags', 'tool', 'widget', 'nav', 'menu',
    'byline', 'author', 'dateline', 'subscribe', 'newsletter', 'social', 'breadcrumb', 'pager',
  ] },
  example: 'sidebar',
  counterExample: 'article-body',
});
