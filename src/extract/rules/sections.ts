// Class/id lexicons of sections inside an article that are not its text (precision.ts): comments, reviews, author boxes, captions.
import { lexicon, CLASS_TOKEN, WHOLE_TOKEN } from './lexicon.ts';

export const COMMENT_MARK = lexicon({
  id: 'sections.comments',
  reason: 'Class/id markers of comment sections, as whole tokens. `comment-content`/`comment-body` sit inside them.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'comments?', 'comment-?list', 'commentlist', 'comments?-(area|section|wrapper|container|block)', 'comment-respond',
    'comment-form', 'respond', 'disqus', 'disqus_thread', 'usercomments?', 'user-comments', 'reactions',
  ] },
  example: 'comments-area',
  counterExample: 'commentary',
});

export const COMMENT_WORD_MARK = lexicon({
  id: 'sections.comment-words',
  reason: 'The same in other languages, as a whole class or id only: a WordPress post\'s taxonomy classes carry words like these inside longer names ("category-estallido-comentarios") on the article itself.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: WHOLE_TOKEN, flags: '', terms: [
    'commentaires', 'comentarios', 'kommentare',
  ] },
  example: 'kommentare',
  counterExample: 'category-estallido-comentarios',
});

export const AUTHOR_BOX_MARK = lexicon({
  id: 'sections.author-box',
  reason: 'Author boxes: the writer\'s bio, photo and "all posts by" link under (or over) an article.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|[\\s_-])(author-?(%TERMS%)|about-?(the-?)?author|post-?author-?(bio|box|info)?|entry-?author|autor(en|in)?-?(box|info|profil|bio|kasten)|bio-?box|contributor-?(bio|info|box))(?=$|[\\s_-])', flags: '', terms: [
    'bio', 'box', 'info', 'card', 'profile', 'description', 'details', 'about', 'block', 'wrapper', 'meta',
  ] },
  example: 'author-bio',
  counterExample: 'author',
});

export const CAPTION_MARK = lexicon({
  id: 'sections.caption',
  reason: 'Captions and photo credits set in their own element (the pattern `<figcaption>` has in the block pass): WordPress `wp-caption-text`, BEM `article__img__caption`, `image-credits`, `image-copyright`, `bildunterschrift` … Whole tokens only, so `captioned-article` is not one.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'caption', 'captions', 'wp-caption-text', 'photo-?credits?',
    'image-?(credits?|caption|subtitle|copyright|source|desc|description|info)',
    'img-?(caption|credits?|desc|copyright)', 'media-?(caption|credits?)', 'credits?', 'copyright', 'bildunterschrift',
    'fotocredit',
  ] },
  example: 'wp-caption-text',
  counterExample: 'captioned-article',
});

export const META_MARK = lexicon({
  id: 'sections.meta-line',
  reason: 'The article\'s metadata line in an element of its own (WordPress `entry-meta`/`postmetadata`, `post-date`, `byline`, `#meta`): date, author and categories, which the page\'s metadata carries already.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'meta', 'post-?meta', 'postmetadata', 'entry-?meta', 'article-?meta', 'post-?info', 'entry-?info', 'byline',
    'bylines', 'dateline', 'post-?date', 'entry-?date', 'article-?date', 'publish(ed)?-?date', 'headline-?(info|date)',
    'timestamp',
  ] },
  example: 'entry-meta',
  counterExample: 'metadata-panel',
});

export const AUTHOR_BARE_MARK = lexicon({
  id: 'sections.author-bare',
  reason: 'A bare "author" class: the author box on an article; on other pages as often a card\'s byline inside a list.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(%TERMS%)(authors?|autor(en)?)(?=$|[\\s_-])', flags: '', terms: [
    '^', '[\\s_-]',
  ] },
  example: 'author',
  counterExample: 'authority',
});

export const REVIEW_MARK = lexicon({
  id: 'sections.reviews',
  reason: 'Customer-review widgets: schema.org Review markup and the review vendors\' containers (Bazaarvoice, Yotpo, …).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'reviews', 'product-?reviews?', 'customer-?reviews?', 'review-?(list|section|container|wrapper|widget)',
    'reviews?-(list|section|container|wrapper|widget|summary)', 'yotpo', 'jdgm', 'trustpilot',
  ] },
  example: 'product-reviews',
  counterExample: 'reviewer-name',
});

export const REVIEW_VENDOR_MARK = lexicon({
  id: 'sections.review-vendor',
  reason: 'The review vendors\' widgets (Trustpilot, Yotpo, Bazaarvoice …): a shop\'s testimonials wherever they sit.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'trustpilot', 'trustpilot-widget', 'yotpo', 'jdgm',
  ] },
  example: 'yotpo-main-widget',
  counterExample: 'review-summary',
});

export const DISCLAIMER_MARK = lexicon({
  id: 'sections.disclaimer',
  reason: 'Legal fine print by class or id, as a whole token (`disclaimer`, BEM `common-bottom-disclaimer__list`).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(%TERMS%)disclaimers?(?=$|[\\s_-])', flags: '', terms: [
    '[\\s_-]',
  ] },
  example: 'common-bottom-disclaimer__list',
  counterExample: 'disclaimed',
});
