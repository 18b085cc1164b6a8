// Class/id, role and selector lexicons of page chrome (boilerplate.ts): what is removed before the main content is looked for.
import { lexicon, CLASS_TOKEN, WHOLE_TOKEN } from './lexicon.ts';

export const CHROME_ROLES = lexicon({
  id: 'chrome.roles',
  reason: 'ARIA roles of page chrome (navigation, banner, search, dialogs, toolbars, tooltips): a tooltip is shown on hover only, the page\'s help rather than its text.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog', 'menu', 'menubar',
    'toolbar', 'tablist', 'alert', 'status', 'tooltip',
  ] },
  example: 'navigation',
  counterExample: 'main',
});

export const STRONG_BOILERPLATE = lexicon({
  id: 'chrome.strong',
  reason: 'Class/id patterns that mark boilerplate whatever else the element says: consent, subscription, sharing, related/recommended content, ads, popups, breadcrumbs, skip links, screen-reader-only text, author boxes, and a forum post\'s hover menu ("Profile · Private message"), online badge and buttons (vBulletin\'s `popupbody`, `onlinestatus`, `postcontrols`; the poster\'s name beside them stays).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'cookies?', 'consent', 'gdpr', 'onetrust', 'newsletters?', 'subscribe', 'subscription', 'signup', 'sign-up',
    'optin', 'mailchimp', 'share', 'shares', 'sharing', 'sharer', 'social', 'socials', 'addthis', 'sharethis',
    'sharedaddy', 'related', 'relatedposts', 'recommended', 'recommendations', 'recirculation', 'outbrain', 'taboola',
    'zergnet', 'advert', 'advertisement', 'advertising', 'adsbygoogle', 'adslot', 'ad-slot', 'ad-container',
    'ad-wrapper', 'adunit', 'dfp', 'sponsor', 'sponsored', 'promo', 'promotion', 'popup', 'pop-up', 'modal',
    'lightbox', 'overlay', 'breadcrumbs?', 'skip-link', 'skiplink', 'skip-to-content', 'skip-to-main', 'skiptomain',
    'screenreader', 'sr-only', 'screen-reader-text', 'visually-hidden', 'visuallyhidden', 'print-only', 'author-bio',
    'author-box', 'about-author', 'newsletter-signup', 'paywall', 'banner-content', 'promo-banner', 'back-to-top',
    'backtotop', 'rating-widget', 'side-widget', 'feedback', 'edit-link', 'toc', 'table-of-contents', 'mw-jump-link',
    'mw-editsection', 'navbox', 'catlinks', 'printfooter', 'noprint', 'popupbody', 'onlinestatus', 'postcontrols',
  ] },
  example: 'post-share-buttons',
  counterExample: 'shareholder-letter',
});

export const CONSENT_PLATFORM = lexicon({
  id: 'chrome.consent-platform',
  reason: 'Consent-management platforms\' containers (OneTrust, Cookiebot, Didomi, Usercentrics, TrustArc, Quantcast, Sourcepoint, CookieYes, Osano, iubenda, Complianz, Borlabs, …). Their preference centre lists every cookie purpose and vendor in sentences, often more text than a listing page\'s short card titles, so the size guard that protects content wrappers with chrome-like names would keep them; a vendor\'s consent widget is never the page\'s content, so these go whatever their size.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'onetrust', 'sp_message_container', 'cmplz-cookiebanner', 'borlabs-cookie',
  ] },
  example: 'onetrust-banner-sdk',
  counterExample: 'trust-badges',
});

export const WEAK_BOILERPLATE = lexicon({
  id: 'chrome.weak',
  reason: 'Patterns that mark boilerplate unless the same element also looks like content (see CONTENT_HINT).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'sidebar', 'side-bar', 'sidenav', 'nav', 'navbar', 'navigation', 'menu', 'menus', 'footer', 'globalfooter',
    'global-footer', 'sitefooter', 'site-footer', 'page-footer', 'globalnav', 'global-nav', 'ad', 'ads', 'widget-area',
    'pagination', 'pager', 'pagenav', 'login', 'signin', 'utility', 'utilities', 'tools', 'toolbar', 'tags',
    'tag-list', 'taglist', 'categories', 'meta-nav', 'subnav', 'offcanvas', 'off-canvas', 'drawer', 'dropdown',
    'mega-menu', 'tray', 'disclaimer', 'legal', 'copyright', 'cta', 'call-to-action',
  ] },
  example: 'site-footer',
  counterExample: 'footnotes',
});

export const HEADER_BOILERPLATE = lexicon({
  id: 'chrome.site-header',
  reason: 'Site-header patterns: chrome outside main/article, but inside them they usually hold the title and byline.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|[\\s_-])(%TERMS%)(?=$|[\\s_-])|(^|\\s)header(\\s|$)', flags: '', terms: [
    'masthead', 'topbar', 'top-bar', 'site-header', 'global-header', 'main-header', 'header-wrapper',
    'header-container', 'navbar-header',
  ] },
  example: 'masthead',
  counterExample: 'article-header',
});

export const COMMENTS = lexicon({
  id: 'chrome.comments',
  reason: 'Comment sections: boilerplate on articles, content on forums (page-type aware).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'comments?', 'comment-list', 'commentlist', 'comments-area', 'disqus', 'disqus_thread', 'respond', 'replies',
  ] },
  example: 'comments-area',
  counterExample: 'commentary',
});

export const CONTENT_HINT = lexicon({
  id: 'chrome.content-hint',
  reason: 'Rescues a weakly-matched element: it says it is the content.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'article', 'body', 'content', 'main', 'post', 'entry', 'text', 'story', 'blog', 'page-content', 'markdown',
    'prose', 'document', 'docs?',
  ] },
  example: 'entry-content',
  counterExample: 'sidebar-widget',
});

export const SIDEBAR = lexicon({
  id: 'chrome.sidebar-widget',
  reason: 'Sidebar widgets: their teaser <article>s do not make them content wrappers (see holdsMainContent).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'side-widget', 'sidebar-widget',
  ] },
  example: 'widget side-widget',
  counterExample: 'widget_text',
});

export const SIDEBAR_RESCUE = lexicon({
  id: 'chrome.sidebar-rescue',
  reason: 'A widget class beside one of these is a content block built from widgets (`widget_text` alone is not).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'content', 'main', 'article', 'post', 'entry', 'story',
  ] },
  example: 'widget content',
  counterExample: 'widget_text',
});

export const PANEL_MARK = lexicon({
  id: 'chrome.collapsed-panel',
  reason: 'Accordion, tab and "read more" expander panels by class: the parts of a collapsible section (Bootstrap, Chakra, Shopify themes, `a-expander-content` …).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: '', terms: [
    'accordions?', 'accordion-?(panel|content|body|item)', 'collapse', 'collapsible', 'collapsed', 'tab-?pane',
    'tab-?panel', 'tabs?-?content', 'expandable', 'expander(-?content)?',
  ] },
  example: 'accordion-panel',
  counterExample: 'tab-bar',
});

export const OVERLAY_TOKENS = lexicon({
  id: 'chrome.overlay-tokens',
  reason: 'Overlay words among the strong patterns: a modal is chrome by what it holds, not by being one.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: 'g', terms: [
    'modal', 'popup', 'overlay',
  ] },
  example: 'modal-dialog',
  counterExample: 'modality',
});

export const PRODUCT_DETAILS_MARK = lexicon({
  id: 'chrome.product-details',
  reason: 'A product\'s details sheet opened in a modal or overlay: the full description and specifications, which are content although their container looks like an overlay.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|[\\s_-])(product-?(%TERMS%)|description|specifications?)(?=$|[\\s_-])', flags: '', terms: [
    'details?', 'info', 'information', 'description', 'specs?', 'specifications',
  ] },
  example: 'product-description',
  counterExample: 'product-card',
});

export const ENTRY_BODY = lexicon({
  id: 'chrome.entry-body',
  reason: 'The body of an hAtom / microformats2 entry: a blog post\'s own text, never a teaser\'s summary.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: WHOLE_TOKEN, flags: '', terms: [
    'entry-content', 'post-body',
  ] },
  example: 'post-body entry-content',
  counterExample: 'entry-content-wrapper',
});

export const BOILERPLATE_LINES = lexicon({
  id: 'chrome.boilerplate-lines',
  reason: 'reading.md §10 step 7 boilerplate lines, matched against a whole (short) block\'s plain text.',
  appliesTo: 'all',
  match: { kind: 'patterns', flags: 'i', terms: [
    '^edit (this page|on github)\\b', '^was this (page |article )?helpful\\??', '^on this page$',
    '^(in this article|table of contents|contents)$',
    '^(community|become a sponsor|sponsor|discord|bluesky|twitter|facebook|linkedin|reddit|share|share this( article| post| page)?|share on|tweet|print|email)\\s*:?$',
    '^(skip to (main|content|main content|navigation)|back to top|scroll to top|jump to (navigation|search))$',
    '^(advertisement|sponsored|ad)$',
  ] },
  example: 'Back to top',
  counterExample: 'Back to the drawing board',
});

export const PROMO_BANNER_SELECTORS = lexicon({
  id: 'chrome.promo-banners',
  reason: 'reading.md §10 step 2: promo banners removed before extraction.',
  appliesTo: 'all',
  match: { kind: 'exact', terms: [
    '.banner', '.banner-content', '[class*="promo-banner"]', '[class*="site-banner"]',
  ] },
  example: '.banner',
  counterExample: '.banner-image',
});
