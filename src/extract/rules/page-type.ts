// Lexicons of the page-type verdict (meta.ts): schema.org types, URL and host shapes, forum engines.
import { lexicon } from './lexicon.ts';

export const FORUM_TYPES = lexicon({
  id: 'page-type.forum-types',
  reason: 'schema.org / Open Graph types that declare a discussion (a forum posting, a Q&A page).',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'discussionforumposting', 'qapage', 'question', 'socialmediaposting',
  ] },
  example: 'qapage',
  counterExample: 'article',
});

export const PRODUCT_TYPES = lexicon({
  id: 'page-type.product-types',
  reason: 'schema.org / Open Graph types that declare a product page.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'product', 'productgroup', 'og:product', 'product.item',
  ] },
  example: 'product',
  counterExample: 'offer',
});

export const ARTICLE_TYPES = lexicon({
  id: 'page-type.article-types',
  reason: 'schema.org types that declare an article (news, blog post, report, technical article).',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'article', 'newsarticle', 'blogposting', 'reportagenewsarticle', 'scholarlyarticle', 'techarticle',
  ] },
  example: 'newsarticle',
  counterExample: 'webpage',
});

export const LISTING_TYPES = lexicon({
  id: 'page-type.listing-types',
  reason: 'schema.org types that declare a collection or listing (item lists, search results, catalogues).',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'collectionpage', 'itemlist', 'searchresultspage', 'offercatalog',
  ] },
  example: 'itemlist',
  counterExample: 'product',
});

export const SERVICE_TYPES = lexicon({
  id: 'page-type.service-types',
  reason: 'schema.org types that declare a service or business page.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'service', 'professionalservice', 'financialservice', 'legalservice', 'homeandconstructionbusiness',
    'localbusiness', 'medicalbusiness',
  ] },
  example: 'localbusiness',
  counterExample: 'organization',
});

export const DOC_HOST = lexicon({
  id: 'page-type.docs-host',
  reason: 'Host names of documentation sites (`docs.`, `developer.`, `learn.`, `wiki.` …).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)\\.', flags: '', terms: [
    'docs?', 'developer', 'developers', 'learn', 'wiki',
  ] },
  example: 'docs.python.org',
  counterExample: 'doctors.example.com',
});

export const DOC_PATH = lexicon({
  id: 'page-type.docs-path',
  reason: 'Path segments of documentation (`/docs/`, `/reference/`, `/guide/`, `/kb/` …).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\/(%TERMS%)(\\/|$|\\.)', flags: '', terms: [
    'docs?', 'documentation', 'manual', 'reference', 'api', 'guide', 'guides', 'tutorial', 'help',
  ] },
  example: '/docs/install',
  counterExample: '/doctors/list',
});

export const FORUM_PATH = lexicon({
  id: 'page-type.forum-path',
  reason: 'URL shapes that only forum software makes: a thread, a board, a forum host. Discourse\'s `/t/` carries the topic\'s number (`/t/slug/68911`, `/t/68911`): a shop\'s `/t/mesh-office-chair` is a category, Nike\'s `/t/…-LMhfRGdO` a shoe.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\/(%TERMS%)(\\/|\\.|$)|\\/t\\/([^/]+\\/)?\\d+(\\/|$)', flags: '', terms: [
    'forums?', 'threads?', 'questions', 'discussions?', 'viewtopic', 'showthread',
  ] },
  example: '/t/some-topic/68911',
  counterExample: '/t/mesh-office-chair',
});

export const FORUM_GENERATOR = lexicon({
  id: 'page-type.forum-generator',
  reason: 'Forum engines that name themselves in `<meta name="generator">` (Discourse, vBulletin, phpBB, XenForo, …).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)\\b', flags: 'i', terms: [
    'discourse', 'vbulletin', 'phpbb', 'xenforo', 'nodebb', 'smf',
  ] },
  example: 'Discourse 3.2',
  counterExample: 'WordPress 6.4',
});

export const FORUM_QUERY = lexicon({
  id: 'page-type.forum-query',
  reason: 'Thread ids in the query (SMF `index.php?topic=589061.0`, IPS `?showtopic=`, vBulletin `?threadid=`).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '[?&](%TERMS%)=\\d', flags: '', terms: [
    'topic',
  ] },
  example: 'index.php?topic=589061.0',
  counterExample: '?topics=all',
});

export const FORUM_HOST = lexicon({
  id: 'page-type.forum-host',
  reason: 'Host names of forums (`forum.`, `forums.`, `community.`, `discuss.`).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|\\.)(%TERMS%)\\.|forums?\\b|forum[^.]*\\.', flags: '', terms: [
    'forum', 'forums', 'community', 'discuss', 'discourse',
  ] },
  example: 'forum.example.org',
  counterExample: 'news.example.com',
});

export const FORUM_PATH_WEAK = lexicon({
  id: 'page-type.forum-path-weak',
  reason: 'Path shapes that magazines use too: they lose to a declared article. A forum\'s topic carries its number (`/topic/225132-…`, `/topic/18427/…`); a bare `/topic/software` or `/topics/…` is a magazine\'s or a shop\'s collection, and `/community/` a vendor\'s section.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\/(board|comments)(%TERMS%)|\\/topics?\\/\\d+[-/]', flags: '', terms: [
    '\\/', '\\.', '$',
  ] },
  example: '/topic/225132-title',
  counterExample: '/topic/software',
});

export const CART_FORM = lexicon({
  id: 'page-type.cart-form',
  reason: 'A form that adds an item to the cart, by its action or its class/id ("/cart/add", "addToCart", "buy-box").',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '%TERMS%', flags: 'i', terms: [
    'add-?to-?(cart|bag|basket)', '\\/(cart|basket)\\/add', 'buy-?box',
  ] },
  example: '/cart/add',
  counterExample: '/cart',
});
