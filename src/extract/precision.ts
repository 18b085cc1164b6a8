// The precision stage: after the main-content roots are chosen (and widened), every block inside them is judged on
// its own, so what the root choice or the widening pulled in from the article's neighbours is dropped again.
// Widening runs before this stage, never after, so it cannot bring back a block rejected here.
//
// Two passes, each rule a named reason (explainable, and counted in `PrecisionReport`):
//   DOM pass (refineRoots), on the elements inside the roots —
//     post-chrome   on forums, the chrome around each post (user card, post number, votes, action bar, reactions,
//                   signature, tag list) and schema.org Comments under a Q&A question or answer (forum.ts);
//     comments      comment sections (WordPress commentlist/respond, Disqus, schema.org Comment/UserComments) on
//                   every page type except forums and products, where the posts (or reviews) are the content;
//     reviews       customer-review widgets (schema.org Review, Bazaarvoice, Yotpo, …) and review headings on
//                   products: the shoppers' words are not the product's facts; a review vendor's widget
//                   (Trustpilot, Yotpo …) on an article or generic page is the site's advertising;
//     author        author boxes (bio, photo, "all posts by") on article and generic pages, and a bare `author`
//                   box on articles;
//     credit        an element classed as a caption or photo credit (`wp-caption-text`, `image-credits`,
//                   `article__img__caption` …) without the picture itself, while captions stay under 15% of the
//                   text (on prose pages);
//     tail          an element classed as the metadata line (`entry-meta`, `postmetadata`, `byline`, `post-date`)
//                   with no heading in it (on prose pages);
//     heading       a recirculation/share/comment heading ("Related", "More from …", "Mehr zum Thema", "Vous aimerez
//                   aussi", "Über den Autor" …) opens a block that goes with it, and so does a heading written as a
//                   chrome sentence (a donation or newsletter box's "Nichts mehr verpassen!") — not "About the author"
//                   on a product: a book's author is a fact of the product;
//                   on products a shipping / returns / cross-sell / FAQ label (shop.ts) does too, heading or not,
//                   unless the block holds the product's own facts;
//     teasers       a run of ≥ 3 same-shaped cards (a linked headline, maybe a date, a short summary, an excerpt of
//                   a few sentences while the group is under 30% of the root) — recirculation on an article, the
//                   content on a listing (kept there, and whenever card groups together are half the root);
//                   on products, a group of other products' priced cards (shop.ts isProductCard) — similar items,
//                   the seller's other listings — whatever heads it, while such groups stay under half the root, or at any
//                   share beside the product's h1 while no group is as long as a category grid (12 cards);
//                   on products, the shop's FAQ marked up as schema.org FAQPage / Question items;
//     prompt        on products, legal fine print in an element classed a disclaimer (footnoted claims, promotion terms);
//     link-dense    link lists inside prose (not on link-heavy roots: listings, collections), never a paragraph
//                   of linked prose (an encyclopedia lead), an inline element or anything inside a table cell;
//   block pass (refineBlocks), on the rendered blocks —
//     post-chrome   on forums, whole blocks of thread chrome: counters, sort controls, action labels, log-in prompts,
//                   thread navigation, edit and reaction stamps (forum.ts);
//     residue       serialised script values (`false`, `null`, `[object Object]`) left by carousels, and lists of
//                   bare numbers (a star-rating input or a pager rendered without its widget);
//     markup        a block that is only HTML markup as text (tracking pixels from <noscript>, escaped embeds);
//     duplicate     a second copy of the title (on forums also each post's "Re: <title>" subject); on products a
//                   second copy of any block but a heading (a price, stock line or label printed per variant);
//     credit        photo credits and image captions that only name a source ("Foto: dpa", "Getty Images"), and
//                   figure captions on prose pages (while captions stay under 15% of the text), and there a short
//                   paragraph that ends in a credit ("… | © Getty Images", "… (Foto: dpa)");
//     prompt        on products, the buy box's lines (stock, delivery estimates and terms, cart prompts, rating and
//                   fit summaries, social-proof and loyalty counters, tax notes, option pickers, "Loading…": shop.ts)
//                   and a currency switcher's list;
//                   share / comment / rating / login / print prompts ("Share your thoughts with friends.", "Jetzt
//                   teilen!", "Rezept drucken Bei Pinterest speichern"), and site chrome written as a sentence:
//                   paywall and subscription pitches, "join our Telegram channel", "follow <site> on Twitter",
//                   newsletter and app pitches, support appeals ("If you enjoyed this post, would you consider
//                   supporting …"), affiliate and opinion disclaimers, copyright and licence lines, WordPress post
//                   metadata written as a sentence, the notices that stand in for embeds held back until consent,
//                   cart confirmations, a form's hidden error state ("Something went wrong. Please try again.", a
//                   captcha that failed to load), a result list's position line, sign-up forms' consent lines ("By
//                   signing up, you agree …"),
//                   sign-in prompts for an account's features ("Sign in to add this item to your wishlist");
//     teasers       a "read also" callout: a lead-in label and a link to another story ("PUEDES VER: <headline>");
//     comments      a "recent comments" widget: a list or link line whose every link is a `#comment-N` permalink;
//     teasers       on articles, after the article's last prose paragraph, a headline that is only a link to another
//                   page with at most a short summary under it (a "next post" card), unless such cards are 30% of
//                   the text; a headline linking the home page (the site's name as a masthead) goes alone;
//     tail          between an article's title heading and its first prose paragraph, up to three short header lines
//                   that end in a word (section label, dateline: "Energie 12.12.2022");
//                   after the article's last prose paragraph, a closing run of short metadata lines (dates, bylines,
//                   reading times, "3 days ago", "Tags:", "Filed under") on article and generic pages — not a priced
//                   product list (shop.ts) on a generic page: a shop's category page ends in its product cards;
//                   nor a run of a dozen card titles or more outweighing the prose above (an index page's cards);
//     heading       on products, section headings (h1–h4) left at the page's end with nothing under them;
//     class         on articles, the jusText-style block classifier (block-class.ts) trims what follows the last
//                   good block: labels, link lists, low-stop-word lines.
// The thresholds are the same on every page; the page type (detect.ts/meta.ts) only decides which rules apply.
import { Element, attr, classAndId, contains, findFirst, removeNode, textOf, walk, wordKey, type ParentNode } from './dom.ts';
import type { TextStats } from './main-content.ts';
import type { ContentBlock, PageType } from './types.ts';
import { isEnumeratedLine, linkTextShare, rejectByClass } from './block-class.ts';
import { holdsProductFacts, isBuyBoxBlock, isCurrencyPicker, isFaqSection, isPricedRun, isProductCard, isProductChromeLabel, labelText } from './shop.ts';
import { LIVE_COMMENTARY } from './boilerplate.ts';
import { RECIRCULATION_ARTICLE_MIN, RECIRCULATION_MIN_CARDS } from './rules/recirculation.ts';
import { isForumChromeLine, isForumRelatedHeading, isPostChrome, isRemarkOnQaPost, isReplySubject } from './forum.ts';

export type PrecisionReason = 'post-chrome' | 'comments' | 'reviews' | 'author' | 'heading' | 'teasers' | 'link-dense' | 'residue' | 'markup' | 'duplicate' | 'credit' | 'prompt' | 'tail' | 'class';

export interface PrecisionReport {
  removed: Partial<Record<PrecisionReason, number>>;
  /** The first removals with the start of their text, for explaining a page's output. */
  samples?: Array<{ reason: PrecisionReason; text: string }>;
}

const MAX_SAMPLES = 24;

const count = (report: PrecisionReport, reason: PrecisionReason, text?: () => string): void => {
  report.removed[reason] = (report.removed[reason] ?? 0) + 1;
  if (text && (report.samples ??= []).length < MAX_SAMPLES) report.samples.push({ reason, text: text().slice(0, 80) });
};

// ---------------------------------------------------------------------------------------------------------------
// Lexicons (whole-heading / whole-line matches only: "Popular distribution channels" is content).

/** Headings that open recirculation, sharing and newsletter blocks, in the languages the dev sets carry most. */
export const RELATED_HEADING = new RegExp(
  '^(' +
    [
      // English
      'related', 'related (posts?|articles?|stories|content|reading|links|products|resources|topics|questions|news|videos?)',
      'read (more|next|also)', 'more (from|stories|articles|posts|news|videos|like this|to read|on this topic|in)( [\\w&\'’-]+){0,4}',
      'you (may|might|will) also (like|enjoy|be interested in)', 'recommended( for you| reading| articles| posts| stories)?',
      '(most )?popular( posts| stories| articles| this week| now)?', 'trending( now| stories| articles)?',
      'top (videos?|stories)', 'latest (news|posts|articles|stories|blogs?|updates|videos?)', 'see also', 'also (read|on [\\w ]+)',
      'most (read|popular|viewed|shared)( [\\w ]+)?', 'share( this)?( article| post| page| story)?', 'share (on|via) [\\w ]+', 'tags?', 'categories',
      'filed under', 'about the author', 'further reading', 'recent (posts|articles|stories)', 'newsletter', 'subscribe( to [\\w ]+)?',
      'sign up for [\\w ]+', 'editor\'?s picks?', 'don\'t miss', 'keep reading', 'up next', 'what to read next', 'in case you missed it',
      'next (article|post|story)', 'previous (article|post|story)', '(other|more) (stories|articles|posts|news) (from|by|in|on) [\\w &\'’-]+',
      'you may have missed', 'related coverage', 'more (videos|photos|galleries)', '(advertisement|sponsored( content)?|werbung|anzeige): .{1,80}',
      // German
      'über (den|die) autor(in|en)?', 'sobre el autor', 'sobre la autora', 'à propos de l\'auteur', 'l\'auteur', 'sobre o autor',
      'mehr zum thema', 'mehr (aus|von|zu) [\\w äöüß-]+', 'weitere (artikel|beiträge|nachrichten|themen|news|informationen|links)( [\\w äöüß-]+)?',
      'auch interessant', 'das könnte (sie|dich) (auch )?interessieren', 'das thema könnte (sie|dich) auch interessieren',
      'lesen sie auch( die folgenden beiträge)?', 'zum weiterlesen', 'weiterführende links?', 'neueste beiträge', 'ähnliche (artikel|beiträge)',
      'verwandte (artikel|themen|beiträge)', 'empfehlungen', 'meistgelesen', 'beliebte (artikel|beiträge)', 'schlagworte', 'schlagwörter',
      'teilen', 'diesen (artikel|beitrag) teilen', 'jetzt teilen', 'artikel teilen', 'news teilen', 'aktuelle news', 'top-themen',
      'vorschau auf den nächsten (artikel|beitrag)', '(nächster|vorheriger) (artikel|beitrag)', 'entdecke (weitere|mehr) [\\w äöüß-]+',
      'kommende (events|termine|veranstaltungen)', 'aktuelle (artikel|beiträge|meldungen)', 'das (könnte|dürfte) (sie|dich) auch interessieren',
      // French, Spanish, Portuguese, Italian
      'vous aimerez aussi', 'à lire aussi', 'a lire aussi', 'lire aussi', 'sur le même sujet', 'articles similaires', 'partager( cet article)?',
      '(audios et )?vidéos sur le (même )?sujet', 'sur le même thème', 'à voir aussi', 'dans la même rubrique', 'articles récents',
      'te recomendamos', 'otras noticias', 'lee también', 'más (leídas|vistas|populares)',
      'temas relacionados', 'noticias relacionadas', 'te puede interesar', 'también te puede interesar', 'lo más leído', 'más noticias',
      'compartir', 'leia também', 'veja também', 'notícias relacionadas', 'leggi anche', 'articoli correlati',
      // other
      'ezek is érdekelhetnek', '热门推荐', '相关文章', '相关阅读',
    ].join('|') +
    ')\\s*[:.!?]?$',
  'i',
);

/** Comment-section headings: recirculation on articles, the content itself on forums. */
export const COMMENT_HEADING =
  /^(leave a (reply|comment)|post a comment|add a comment|join the (discussion|conversation)|comments?( \(\d+\))?|\d+ (comments?|responses?|replies|kommentare?|commentaires?|comentarios?|comentários|commenti|reacties|reacciones|réactions)|(\d+ )?(reader )?(comments?|responses?|reactions)|kommentare?( \(\d+\))?|(\d+ )?leserkommentare?|lesermeinungen|kommentare zu(m| diesem) (artikel|beitrag)|so können sie kommentieren|reacties|commenti dei lettori|\d+ gedanken zu .*|keine kommentare|kommentieren|schreibe einen kommentar|diskussion|commentaires?|vos réactions|réagir|comentarios?|deja un comentario|comentários|commenti)\s*[:.!?]?$/i;

/** Class/id markers of comment sections, as whole tokens. `comment-content`/`comment-body` sit inside them. */
const COMMENT_MARK = /(^|[\s_-])(comments?|comment-?list|commentlist|comments?-(area|section|wrapper|container|block)|comment-respond|comment-form|respond|disqus|disqus_thread|usercomments?|user-comments|reader-comments|talkback|reactions)(?=$|[\s_-])/;
/**
 * The same in other languages, as a whole class or id only: a WordPress post's taxonomy classes carry words like
 * these inside longer names ("category-estallido-comentarios") on the article itself.
 */
const COMMENT_WORD_MARK = /(^|\s)(commentaires|comentarios|comentários|kommentare|commenti|reacties)(?=$|\s)/;

/** Author boxes: the writer's bio, photo and "all posts by" link under (or over) an article. */
const AUTHOR_BOX_MARK =
  /(^|[\s_-])(author-?(bio|box|info|card|profile|description|details|about|block|wrapper|meta)|about-?(the-?)?author|post-?author-?(bio|box|info)?|entry-?author|autor(en|in)?-?(box|info|profil|bio|kasten)|bio-?box|contributor-?(bio|info|box))(?=$|[\s_-])/;
/**
 * Captions and photo credits set in their own element (the pattern `<figcaption>` has in the block pass): WordPress
 * `wp-caption-text`, BEM `article__img__caption`, `image-credits`, `image-copyright`, `bildunterschrift` … Whole
 * tokens only, so `captioned-article` is not one.
 */
const CAPTION_MARK =
  /(^|[\s_-])(caption|captions|wp-caption-text|photo-?credits?|image-?(credits?|caption|subtitle|copyright|source|desc|description|info)|img-?(caption|credits?|desc|copyright)|picture-?(caption|credits?)|media-?(caption|credits?)|credits?|copyright|bildunterschrift|bildtext|bildnachweis|bildquelle|fotocredit|pie-?de-?foto|legende)(?=$|[\s_-])/;
/** A caption is a line or two; a longer element with such a class is a layout wrapper (a "caption" hero). */
const CAPTION_MAX_CHARS = 320;
/**
 * The article's metadata line in an element of its own (WordPress `entry-meta`/`postmetadata`, `post-date`,
 * `byline`, `#meta`): date, author and categories, which the page's metadata carries already.
 */
const META_MARK =
  /(^|[\s_-])(meta|post-?meta|postmetadata|entry-?meta|article-?meta|post-?info|entry-?info|byline|bylines|dateline|post-?date|entry-?date|article-?date|publish(ed)?-?date|headline-?(info|date)|timestamp)(?=$|[\s_-])/;
const META_MAX_CHARS = 300;
/** An article has one metadata line (two with a repeat at the end); a list whose every entry has one is a listing. */
const META_MAX_COUNT = 3;
/** A bare "author" class: the author box on an article; on other pages as often a card's byline inside a list. */
const AUTHOR_BARE_MARK = /(^|[\s_-])(authors?|autor(en)?)(?=$|[\s_-])/;
/** What a product (or a post) must keep of its own text for its reviews (or comments) to go. */
export const REVIEWS_LEAVE_CHARS = 200;
/** An author box is a few lines; a longer element with such a class is a layout wrapper around the article. */
const AUTHOR_BOX_MAX_CHARS = 1200;

/** Customer-review widgets: schema.org Review markup and the review vendors' containers (Bazaarvoice, Yotpo, …). */
const REVIEW_MARK =
  /(^|[\s_-])(reviews|product-?reviews?|customer-?reviews?|review-?(list|section|container|wrapper|widget)|reviews?-(list|section|container|wrapper|widget|summary)|ratings-?(and-?)?reviews|bv[_-]?(main[_-]container|reviews|rr)|yotpo|jdgm|judgeme|stamped-(reviews|main-widget)|okendo|trustpilot|powerreviews|pr-review-display|reevoo|feefo|kundenbewertungen|bewertungen)(?=$|[\s_-])/;

/**
 * Review headings on product pages ("Customer reviews", "Reviews (159)", "Kundenbewertungen"), and a marketplace's
 * ("Top reviews from the United States", "Be the first to review this item"). A seller's feedback is not among
 * them: a marketplace listing shows it as the seller's record, and references disagree on whether it is content.
 */
export const REVIEW_HEADING =
  /^((customer|product|guest|user|verified) )?(reviews?|ratings?( (&|and) reviews)?)( \(\d+\))?( \d[\d,.]* reviews?.*)?|\d[\d,.]* (customer )?reviews?.*|write a review|kundenbewertungen|bewertungen( \(\d+\))?|avis (clients|des clients)|opiniones( de clientes)?|reseñas|recensioni|recensies|beoordelingen$|^top (reviews|ratings)( from .{1,40})?$|^(photos|images) from reviews$|^be the first to review this (item|product)$|^reviews (for|of) this (shop|item|seller|product|store)$/i;
/** The review vendors' widgets (Trustpilot, Yotpo, Bazaarvoice …): a shop's testimonials wherever they sit. */
const REVIEW_VENDOR_MARK = /(^|[\s_-])(trustpilot|trustpilot-widget|yotpo|jdgm|judgeme|okendo|powerreviews|reevoo|feefo|bv[_-]?(main[_-]container|reviews|rr)|stamped-(reviews|main-widget))(?=$|[\s_-])/;

export function isReviewSection(el: Element): boolean {
  const itemtype = attr(el, 'itemtype');
  if (itemtype && /schema\.org\/Review\b/i.test(itemtype)) return true;
  if ((attr(el, 'itemprop') ?? '').split(/\s+/).includes('review')) return true;
  const ci = classAndId(el);
  return !!ci && REVIEW_MARK.test(ci);
}

export function isCommentSection(el: Element): boolean {
  const itemtype = attr(el, 'itemtype');
  if (itemtype && /schema\.org\/(Comment|UserComments)\b/i.test(itemtype)) return true;
  if ((attr(el, 'itemprop') ?? '').split(/\s+/).includes('comment')) return true;
  const ci = classAndId(el);
  if (!ci) return false;
  if (/^comment-\d+$/.test(el.attribs.id ?? '')) return true;
  return (COMMENT_MARK.test(ci) || COMMENT_WORD_MARK.test(ci)) && !LIVE_COMMENTARY.test(ci);
}

/** Whether `el` or one of its ancestors is such a section. */
export function withinSection(el: Element, isSection: (e: Element) => boolean): boolean {
  for (let p: Element | null = el; p; p = p.parent instanceof Element ? p.parent : null) if (isSection(p)) return true;
  return false;
}


// ---------------------------------------------------------------------------------------------------------------
// DOM pass

// Block-level containers only: an inline element (a linked name inside a sentence) is part of the sentence around it.
const PRUNABLE = new Set(['div', 'section', 'ul', 'ol', 'table', 'aside', 'dl', 'header', 'footer', 'figure', 'p']);
/** Words outside links that make a link-heavy paragraph prose (a definition full of links), not a link list; half
 *  as many do when it ends as a sentence ("… such as Drupal, Grav and TYPO3."). */
const PROSE_WORDS_OUTSIDE_LINKS = 12;
const HEADING_TAG = /^h[1-6]$/;

/** Removes the blocks inside `roots` that the rules reject. */
export function refineRoots(roots: Element[], stats: TextStats, pageType: PageType, report: PrecisionReport = { removed: {} }): PrecisionReport {
  const rootText = roots.reduce((a, r) => a + stats.text(r), 0);
  const rootLinks = roots.reduce((a, r) => a + stats.get(r).link, 0);
  const linkHeavy = rootText > 0 && rootLinks / rootText > 0.35;
  const forum = pageType === 'forum';
  const listing = pageType === 'listing';
  // Comments are the content on forums, reviews on products, and wherever the chosen root is itself the thread.
  const dropComments = !forum && pageType !== 'product' && !roots.some((r) => withinSection(r, isCommentSection));
  // Reviews under a product are the shoppers' words, not the product's facts (its description, specs, price).
  const dropReviews = pageType === 'product' && !roots.some((r) => withinSection(r, isReviewSection));
  const teasersOff = forum || listing || pageType === 'product' || pageType === 'service';
  const proseType = pageType === 'article' || pageType === 'generic';
  // Captions go where they are a small part of the text: on a page of captioned cards (a gallery, a collection
  // without markup) they are the content.
  const captionsGo = proseType && markedIn(roots, stats, CAPTION_MARK, true).share < CAPTION_MAX_SHARE;
  const metaLinesGo = proseType && markedIn(roots, stats, META_MARK).count <= META_MAX_COUNT;
  let removedText = 0;
  // The section rules (comments, headings, teasers) may never take the root below a quarter of its text: a wrong
  // guess costs noise, not the article. Link-dense blocks carry no prose and go whatever their share.
  const affordable = (el: Element): boolean => rootText - removedText - stats.text(el) >= rootText * 0.25;
  const victims: Array<[Element, PrecisionReason]> = [];
  // Reviews may outweigh the product they follow (hundreds of them under a short description): they go whatever
  // their share, as long as the product keeps some text of its own.
  // So may a comment thread under a short post — unless the "comment" element holds the page's title, when it is a
  // wrapper around the post itself.
  const leavesOwnText = (el: Element): boolean => rootText - removedText - stats.text(el) >= REVIEWS_LEAVE_CHARS;
  const affordableFor = (el: Element, reason: PrecisionReason): boolean => {
    if (reason === 'link-dense') return true;
    if (reason === 'reviews') return leavesOwnText(el);
    if (reason === 'comments') return affordable(el) || (leavesOwnText(el) && !findFirst(el, (e) => e.name === 'h1'));
    return affordable(el);
  };
  const take = (el: Element, reason: PrecisionReason): boolean => {
    if (!affordableFor(el, reason)) return false;
    victims.push([el, reason]);
    removedText += stats.text(el);
    return true;
  };
  // The block a heading or label opens: climb past wrappers that hold little more than it (page builders nest a
  // heading widget beside the list it titles), below `limit` and never into an element `stop` protects.
  const blockLimit = Math.min(rootText * 0.3, 4000);
  const blockOf = (el: Element, limit: number, stop?: (p: Element) => boolean): Element | undefined => {
    let block: Element | undefined;
    for (let p = el.parent; p instanceof Element && !roots.includes(p) && stats.text(p) < limit && !stop?.(p); p = p.parent) {
      block = p;
      if (stats.text(p) > stats.text(el) + 40) break;
    }
    return block;
  };
  const visit = (el: Element, isRoot: boolean, inTable: boolean): void => {
    if (el.name === 'pre' || el.name === 'code') return;
    if (!isRoot) {
      const s = stats.get(el);
      if (dropComments && isCommentSection(el) && take(el, 'comments')) return;
      // On a forum the posts stay and what the engine prints around each goes (forum.ts), as do remarks under a
      // Q&A question or answer.
      if (forum && (isPostChrome(el, s.text) || isRemarkOnQaPost(el)) && take(el, 'post-chrome')) return;
      if (dropReviews && isReviewSection(el) && take(el, 'reviews')) return;
      // On an article a vendor's review widget is the site's advertising, not the story (an article that is itself a
      // review carries schema.org Review, which stays).
      if (proseType && REVIEW_VENDOR_MARK.test(classAndId(el)) && take(el, 'reviews')) return;
      if (proseType && s.text < AUTHOR_BOX_MAX_CHARS && isAuthorBox(el, pageType) && take(el, 'author')) return;
      if (captionsGo && s.text > 0 && s.text < CAPTION_MAX_CHARS && isMarkedAside(el, CAPTION_MARK, true) && take(el, 'credit')) return;
      if (metaLinesGo && s.text > 0 && s.text < META_MAX_CHARS && isMarkedAside(el, META_MARK) && take(el, 'tail')) return;
      const headingText = HEADING_TAG.test(el.name) ? textOf(el) : '';
      if (headingText && ((RELATED_HEADING.test(headingText) && !(pageType === 'product' && PRODUCT_AUTHOR_HEADING.test(headingText))) || (forum && isForumRelatedHeading(headingText)) || (!forum && COMMENT_HEADING.test(headingText)) || (dropReviews && REVIEW_HEADING.test(headingText)))) {
        // Remove the block the heading opens (blockOf), staying a small part of the root.
        const reason: PrecisionReason =
          dropReviews && REVIEW_HEADING.test(headingText) ? 'reviews' : dropComments && COMMENT_HEADING.test(headingText) ? 'comments' : 'heading';
        // A comment heading's wrapper may hold the whole thread, however long (affordableFor guards the post);
        // when that wrapper cannot go, the block within the usual limit is tried as for any heading.
        const limit = blockLimit;
        const wide = reason === 'comments' ? blockOf(el, Infinity) : undefined;
        if (wide && take(wide, reason)) return;
        const block = blockOf(el, limit);
        if (block) {
          if (take(block, reason)) return;
        } else {
          const run = [el, ...followingUntilHeading(el)];
          const runText = run.reduce((a, x) => a + stats.text(x), 0);
          // A review or comment heading takes what follows it at any size (affordableFor keeps the page's own text).
          if (reason !== 'heading' || runText < limit || runText < rootText * 0.3) {
            for (const x of run) take(x, reason);
            return;
          }
        }
      }
      // On a product page a shipping / returns / recommendation / FAQ label (shop.ts) opens a block the shop repeats
      // on every product: the block goes (as after a recirculation heading above), unless it holds the product's
      // own facts (its h1, itemprop fields).
      if (pageType === 'product') {
        const label = headingText || labelText(el);
        if (label && isProductChromeLabel(label, !!headingText)) {
          const limit = blockLimit;
          const block = blockOf(el, limit, holdsProductFacts);
          if (block) {
            if (take(block, 'heading')) return;
          } else if (headingText) {
            const run = [el, ...followingUntilHeading(el)];
            if (run.reduce((a, x) => a + stats.text(x), 0) < limit && !run.some(holdsProductFacts)) {
              for (const x of run) take(x, 'heading');
              return;
            }
          }
        }
      }
      // A product page's legal fine print (footnoted claims, promotion terms, "Consumer Reports does not endorse …"),
      // in an element the shop names a disclaimer: the terms of the offer, not the product's facts.
      if (pageType === 'product' && DISCLAIMER_MARK.test(classAndId(el)) && !holdsProductFacts(el) && take(el, 'prompt')) return;
      // The shop's FAQ in FAQ microdata (shop.ts isFaqSection). Its questions carry itemprop=name, so holdsProductFacts
      // cannot guard it: the product's h1 does.
      if (pageType === 'product' && isFaqSection(el) && !findFirst(el, (e) => e.name === 'h1') && take(el, 'heading')) return;
      if (pageType === 'product' && isPricedCardGroup(el, stats)) {
        pricedGroups.push(el);
        return;
      }
      // Cards with excerpts only count when they are a small part of the root: an unmarked blog index is made of them.
      if (!teasersOff && !linkHeavy && stats.text(el) < rootText * 0.5 && isTeaserGroup(el, stats, stats.text(el) < rootText * EXCERPT_CARDS_MAX_SHARE)) {
        teaserGroups.push(el);
        return;
      }
      // Inside a table a linked cell is data (an infobox's "Developed by"): a table goes whole or not at all.
      if (!linkHeavy && !forum && !inTable && PRUNABLE.has(el.name) && s.text > 0) {
        const ld = s.link / s.text;
        const listy = el.name === 'ul' || el.name === 'ol';
        const dense = (listy && ld > 0.7 && s.text < 3000) || (!listy && ld > 0.55 && s.text < 2000);
        if (dense && !(el.name === 'p' && isLinkedProse(el)) && take(el, 'link-dense')) return;
      }
    }
    const childInTable = inTable || el.name === 'table';
    for (const c of el.children) if (c instanceof Element) visit(c, false, childInTable);
  };
  const teaserGroups: Element[] = [];
  const pricedGroups: Element[] = [];
  for (const r of roots) visit(r, true, false);
  // Other products' cards beside a product go; when they are most of the roots the page lists them (a category
  // page that declares a Product), and they stay.
  // Carousels beside a titled product go at any share (an ended listing may print little more than its title
  // above them): the roots hold the product's h1 outside every group, which stays, and no group is as long as a
  // category page's grid.
  const carousels =
    pricedGroups.length > 0 &&
    pricedGroups.every((g) => (sameShapeCards(g, stats)?.length ?? 0) < PRODUCT_GRID_MIN_CARDS) &&
    roots.some((r) => findFirst(r, (e) => e.name === 'h1' && !pricedGroups.some((g) => contains(g, e))) !== undefined);
  if (carousels) for (const g of pricedGroups) victims.push([g, 'teasers']);
  else if (pricedGroups.reduce((a, g) => a + stats.text(g), 0) < rootText * 0.5) for (const g of pricedGroups) take(g, 'teasers');
  // Card groups that together make up half the roots are what the page lists (an unmarked index of reviews or
  // posts, section after section), not recirculation beside an article.
  if (teaserGroups.reduce((a, g) => a + stats.text(g), 0) < rootText * 0.5) for (const g of teaserGroups) take(g, 'teasers');
  for (const [v, reason] of victims) {
    count(report, reason, () => textOf(v));
    removeNode(v);
  }
  return report;
}

function isAuthorBox(el: Element, pageType: PageType): boolean {
  const ci = classAndId(el);
  return !!ci && (AUTHOR_BOX_MARK.test(ci) || (pageType === 'article' && AUTHOR_BARE_MARK.test(ci)));
}

/**
 * A caption or metadata element: marked so by its class or id, and holding neither a heading nor a table (a
 * "meta" wrapper around the title is the article's header, not its dateline). A caption-marked element that holds
 * the picture is the figure (WordPress `wp-caption`), which stays: only its caption text goes.
 */
function isMarkedAside(el: Element, mark: RegExp, keepPictures = false): boolean {
  const ci = classAndId(el);
  if (!ci || !mark.test(ci) || el.name === 'body' || el.name === 'main' || el.name === 'article') return false;
  const holds = (e: Element): boolean => HEADING_TAG.test(e.name) || e.name === 'table' || e.name === 'pre' || (keepPictures && MEDIA_TAGS.has(e.name));
  return !findFirst(el, holds);
}
const MEDIA_TAGS = new Set(['img', 'picture', 'video', 'iframe', 'svg', 'audio']);

/** Above this share of the roots' text, captions are what the page is made of. */
const CAPTION_MAX_SHARE = 0.15;

/** The outermost elements in the roots that `mark` marks (isMarkedAside): how many, and their share of the text. */
function markedIn(roots: Element[], stats: TextStats, mark: RegExp, keepPictures = false): { count: number; share: number } {
  let total = 0;
  let text = 0;
  let count = 0;
  for (const r of roots) {
    total += stats.text(r);
    walk(r, (el) => {
      if (el === r || !isMarkedAside(el, mark, keepPictures)) return true;
      count++;
      text += stats.text(el);
      return false;
    });
  }
  return { count, share: total > 0 ? text / total : 0 };
}

function isLinkedProse(p: Element): boolean {
  const words = wordsOutsideLinks(p);
  return words >= PROSE_WORDS_OUTSIDE_LINKS || (words >= PROSE_WORDS_OUTSIDE_LINKS / 2 && /[.!?…]["»”)]?(\[[^\]]{1,12}\])*$/.test(textOf(p).trim())); // citation marks may trail
}

/** Words of two or more letters in the element's text outside `<a>`, stopping once the prose threshold is reached. */
function wordsOutsideLinks(el: Element): number {
  let words = 0;
  const walkText = (n: ParentNode): void => {
    for (const c of n.children) {
      if (words >= PROSE_WORDS_OUTSIDE_LINKS) return;
      if (c instanceof Element) {
        if (c.name !== 'a' && c.name !== 'sup') walkText(c);
      } else if (c.type === 'text') words += ((c as unknown as { data: string }).data.match(/\p{L}{2,}/gu) ?? []).length;
    }
  };
  walkText(el);
  return words;
}

function followingUntilHeading(h: Element): Element[] {
  const out: Element[] = [];
  const level = Number(h.name[1]);
  for (let n = h.next; n; n = n.next) {
    if (!(n instanceof Element)) continue;
    const m = /^h([1-6])$/.exec(n.name);
    if (m && Number(m[1]) <= level) break;
    out.push(n);
  }
  return out;
}

/** Tag plus first class: the shape repeated cards share (`li.card`, `div.teaser`). */
export function shapeOf(el: Element): string {
  return `${el.name}.${(el.attribs.class ?? '').trim().split(/\s+/)[0] ?? ''}`;
}

/**
 * A teaser group: ≥ 3 element children of one shape making up most of the element, each a card — short (< 400
 * chars), led by a link that carries a good part of its text (the headline), nothing like a paragraph of prose.
 */
function isTeaserGroup(el: Element, stats: TextStats, excerpts: boolean): boolean {
  const best = sameShapeCards(el, stats);
  if (!best) return false;
  let cards = 0;
  for (const k of best) {
    const s = stats.get(k);
    // A card's own words are a line or two — a few more under a linked headline (a blog's "more posts" card with
    // its excerpt); items that talk at length are a listicle, not recirculation.
    const headed = excerpts && hasLinkedHeading(k);
    if (s.text > (headed ? TEASER_HEADED_MAX : 400) || s.text - s.link > (headed ? TEASER_EXCERPT_MAX : 160)) return false;
    if (s.link === 0) continue;
    if (s.link / s.text >= 0.3 || headed) cards++;
  }
  return cards >= best.length * 0.8;
}

/**
 * The cards of a group: ≥ 3 element children of one shape (shapeOf) that are most of the children and carry most
 * of the element's text; undefined when `el` is no such group.
 */
function sameShapeCards(el: Element, stats: TextStats): Element[] | undefined {
  const kids = el.children.filter((c): c is Element => c instanceof Element && stats.text(c) > 0);
  if (kids.length < 3) return undefined;
  const shapes = new Map<string, Element[]>();
  for (const k of kids) {
    const key = shapeOf(k);
    const list = shapes.get(key) ?? [];
    list.push(k);
    shapes.set(key, list);
  }
  let best: Element[] = [];
  for (const list of shapes.values()) if (list.length > best.length) best = list;
  if (best.length < 3 || best.length < kids.length * 0.7) return undefined;
  const total = stats.text(el);
  if (total === 0 || best.reduce((a, k) => a + stats.text(k), 0) < total * 0.8) return undefined;
  return best;
}

/**
 * On a product page, a group of other products' cards (shop.ts isProductCard: a name, a price, a link or a
 * picture each): "Similar items", "Customers also viewed" and the seller's other listings, whatever their heading
 * says or whether they have one. The product's own variants (sizes, colours, bulk tiers) are prices without a
 * name and picture or link of their own.
 */
function isPricedCardGroup(el: Element, stats: TextStats): boolean {
  const cards = sameShapeCards(el, stats);
  if (!cards || findFirst(el, (e) => e.name === 'h1')) return false;
  let priced = 0;
  for (const k of cards) if (isProductCard(k, stats.text(k))) priced++;
  return priced >= cards.length * 0.8;
}

/** Cards of a shop's category grid (a dozen products or more); a carousel beside a product shows fewer at a time. */
const PRODUCT_GRID_MIN_CARDS = 12;

/** A card under a linked headline: its excerpt may run to a few sentences (WordPress excerpts are 55 words). */
const EXCERPT_CARDS_MAX_SHARE = 0.3;
const TEASER_HEADED_MAX = 600;
const TEASER_EXCERPT_MAX = 420;

function hasLinkedHeading(el: ParentNode): boolean {
  for (const c of el.children) {
    if (!(c instanceof Element)) continue;
    if (HEADING_TAG.test(c.name) && hasAnchor(c)) return true;
    if (c.name === 'a' && c.children.some((k) => k instanceof Element && HEADING_TAG.test(k.name))) return true;
    if (hasLinkedHeading(c)) return true;
  }
  return false;
}

function hasAnchor(el: ParentNode): boolean {
  for (const c of el.children) if (c instanceof Element && (c.name === 'a' || hasAnchor(c))) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Block pass

/** Legal fine print by class or id, as a whole token (`disclaimer`, BEM `common-bottom-disclaimer__list`). */
const DISCLAIMER_MARK = /(^|[\s_-])disclaimers?(?=$|[\s_-])/;

/** On a product page "About the author" presents the book's author, a fact of the product, not the page's writer. */
const PRODUCT_AUTHOR_HEADING = /^(about the author|über den autor)\s*[:.!?]?$/i;

const RESIDUE = /^(false|true|null|undefined|nan|\[object object\]|\{\}|\[\])$/i;

/** A block that is nothing but markup as text: `<img …>`, `<iframe …></iframe>`, `<p>…</p>` wrappers around nothing. */
const MARKUP_ONLY = /^(\s*<\/?[a-z][a-z0-9-]*(\s+[^<>]*)?\/?>\s*)+$/i;

const CREDIT_LEAD = /^(\(?(foto|fotos|photo|photos|photograph|bild|bilder|image|images|imagen|imágenes|credit|credits|crédito|crédits?( photos?)?|quelle|source|abbildung|grafik|illustration|video|titelbild|beitragsbild)\b\s*(by|von|:|©|\/)?)/i;
const CREDIT_MARK = /(©|\(c\)|getty ?images|shutterstock|istock(photo)?|imago|picture[ -]alliance|\bdpa\b|reuters|\bafp\b|\bap photo\b|unsplash|pixabay|fotolia|adobe ?stock|depositphotos|\bkeystone\b|\bepa\b|bestimage|télam|\bfoto:|\bbild:|\bphoto:)/i;

/** A credit closing a line: "© Name", "(Foto: Name)", "Bild: Name" after the caption's words. */
const CREDIT_END = /(^|[\s|(–—-])(©|\(c\)|(foto|fotos|photo|photos|bild|bilder|credit|credits|crédito|quelle|image|imagen)\s*:)\s*[^.!?©:]{2,60}\)?$/iu;
/** A caption is a sentence or two. */
const CREDITED_CAPTION_MAX = 250;

/** Prompts that are never the article: share, comment, rate, log in, subscribe, print. Whole-line matches. */
const PROMPT_LABEL =
  '(' +
    [
      'share your thoughts( with (your )?friends)?', 'share (this|the) (article|post|story|page)( with [\\w ]+)?', 'share on [\\w ]+', 'share via [\\w ]+',
      '(jetzt |artikel |beitrag |news |diesen artikel |diesen beitrag )?teilen', 'möchten sie den artikel teilen', 'den artikel mit anderen teilen.*',
      'be sociable, share', 'partager( sur [\\w ]+)?', 'compartir( en [\\w ]+)?', 'tweet( this)?', 'pin it', 'e-?mail( this)?',
      'comments are closed', 'kommentare (sind )?geschlossen', 'view comments', 'show comments', 'load comments', 'keine kommentare',
      'kommentieren', 'no comments( yet)?', 'be the first to comment', '\\d+ (comments?|kommentare?)', 'leave a (reply|comment)',
      'sie müssen sich (einloggen|anmelden).*', 'sie sind (aktuell |derzeit )?nicht eingeloggt.*',
      'bitte (melden sie sich an|registrieren sie sich).*', 'log in to (comment|reply).*',
      'was this (article|page|post) (helpful|useful)', 'war (der|dieser) (artikel|beitrag) (hilfreich|nützlich)', 'bewerten', 'rate this (article|post)',
      '\\(?noch keine bewertungen\\)?', 'like this:?', 'gefällt mir:?', 'print( this)?( article| page)?', 'drucken', 'imprimir',
      'externer inhalt', 'empfohlener (redaktioneller )?inhalt', 'external content', 'third[- ]party content',
      'advertisement', 'anzeige', '- ?anzeige ?-', 'publicidad', 'publicité', 'sponsored( content)?',
      '(zum )?newsletter (anmelden|abonnieren)', 'sign up for (our|the) newsletter', 'quellen (ausblenden|anzeigen)', 'alle anzeigen', 'show all',
      'zurück (zum|zur) [\\w äöüß-]+', 'back to [\\w ]+', 'sorted by:?.*', 'perma(lien|link)( https?://\\S+)?',
      // a result list's position line ("Showing 1–10 of 19 results", "Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt")
      '(showing|zeige|mostrando|affichage( de)?|visualizzazione( di)?) (results? )?\\d+\\s*(-|–|bis|to|à|a|al)\\s*\\d+ (of|von|de|sur|di)( insgesamt)? \\d+( [\\w äöüß]+)?',
      'es werden (die )?([\\w äöüß]+ )?\\d+ bis \\d+ von (insgesamt )?\\d+( [\\w äöüß]+)? angezeigt',
      'du musst (eingeloggt|angemeldet) sein.*', 'you must be (logged|signed) in to .*',
      // sign-in prompts for an account's features ("Sign in to add this item to your wishlist", "Log in to set a price alert")
      '(please )?(sign|log) ?in (or (register|sign up|create an account) )?to (add|save|see|set|follow|view|track|get|rate|buy|purchase|create|use|access|manage|vote|like|bookmark|download|wishlist) .{0,100}',
      'you\'?re not (signed|logged) in!?( .{0,120})?',
      // a form's hidden result states ("Oops! Something went wrong. Please try again.")
      '(oops!? )?something went wrong([.!]? please try again( later)?)?', 'please try again( later)?', 'there was a problem [^.]{1,60}[.!]? please try again( later)?',
      // recipe and download buttons
      'rezept drucken', 'print (the )?recipe', 'jump to recipe', 'zum rezept( springen)?', 'imprimir receta', 'imprimer la recette',
      '(bei|auf) pinterest (speichern|merken|pinnen)', 'save (it )?(to|on) pinterest', 'pin (it|this|recipe)',
      '([\\w äöüß-]+ )?als pdf (herunterladen|downloaden|speichern)', 'download (this|the) [\\w ]+ as (a )?pdf', 'download (as )?pdf',
    ].join('|') +
    ')';
/** A line of one or more such buttons' labels ("Rezept drucken Bei Pinterest speichern"). */
const PROMPT_LINE = new RegExp(`^${PROMPT_LABEL}(\\s*[|·•/]?\\s*${PROMPT_LABEL})*\\s*[:.!?]*$`, 'i');

/**
 * Site chrome written as a sentence, found anywhere in a short block: subscription and paywall pitches, "follow us /
 * join our channel" promotions, affiliate and opinion disclaimers, copyright and consent notices. Each phrase is
 * one that running article text does not use about itself (an article *about* subscriptions says "subscribers",
 * not "already a subscriber? Log in").
 */
const CHROME_SENTENCE = new RegExp(
  [
    // subscriptions, paywalls, memberships
    'already an? (subscriber|member)', 'to (view|read|continue reading|unlock) (the full|this|the rest of (this|the)) (story|article|post)',
    '(subscribe|sign up|register) (now|today) (to|for|and)', 'subscribe to (read|continue|unlock|get unlimited)', 'instant access to the full',
    'support (our|independent|quality) journalism', '(become|werden sie|werde) (a )?(member|subscriber|abonnent|mitglied) (today|now|jetzt|heute)',
    'jetzt (abonnieren|abo abschließen|gratis testen|kostenlos testen|weiterlesen mit)', 'vorteile sichern', 'lesen oder verschenken',
    'zeigen sie ihre wertschätzung', '(unterstütze|unterstützen sie) ([\\p{L}]+|unsere arbeit|unseren journalismus) (bereits |schon )?mit (\\d|einer spende|einem abo)',
    'unterstützen sie (unabhängigen|kritischen) journalismus',
    'suscríbete', 'cancela cuando quieras', 'abonnez-vous', 'abónate',
    // channel promotions
    '(follow|join) us on (facebook|twitter|x|instagram|telegram|whatsapp|youtube|linkedin|tiktok)',
    '(join|subscribe to|follow) our (telegram|whatsapp|youtube|newsletter|channel)', 'canal de (telegram|whatsapp|youtube)',
    'síguenos en', 'suivez-nous', 'folgen sie uns (auf|bei)', 'letters? to the editor via',
    // "follow <the site> on <network>" as a sentence of its own (not "fans follow the team on Twitter")
    '(^|[.!?:]\\s+|\\s(and|or|und|oder|o|y|ou|et)\\s)(follow|folgen sie|folge|seguir a|siga a|sigue a|suivez)( [\\p{L}\\p{N}.@&\'’-]+){1,4} (on|auf|bei|en|sur) (facebook|twitter|instagram|telegram|whatsapp|youtube|linkedin|tiktok|mastodon|threads)',
    // newsletter pitches
    '(nichts|keine (news|nachrichten|folge|ausgabe)) (mehr )?(verpassen|versäumen)', 'verpassen sie (nichts|keine)',
    'never miss (a|an|another) (story|post|article|update|issue|thing)', '(zum|für den|für unseren) newsletter anmelden',
    // disclaimers and notices
    '(we )?may (receive|earn) (a |an )?(affiliate )?(compensation|commission)', 'contains (affiliate links|references to products)',
    // sign-up forms' consent lines and pitches
    'by (signing up|subscribing|clicking [\\p{L} ]{1,30}|submitting|registering|entering your e-?mail)[^.]{0,80}, you (agree|consent|confirm|acknowledge|accept)',
    'msg (&|and) data rates may apply', 'this site is protected by recaptcha', 'thanks? (you )?for (signing up|subscribing)',
    'sign up for (our|the) [\\p{L} ]{0,40}newsletter', '(delivered|sent) (straight |directly )?to your inbox',
    'gibt die meinung de[rs] (autors?|autorin|verfassers) wieder', 'nicht notwendigerweise die de[rs] redaktion',
    'vervielfältigung nur mit (genehmigung|zustimmung)', 'alle rechte vorbehalten', 'all rights reserved', 'derechos reservados', 'tous droits réservés',
    'ohne (dein|ihr) einverständnis keine verbindung', 'einstellungen verwalten', 'alle angaben ohne gewähr',
    // copyright and licence footers
    'copyright ©', '(^|\\s)©\\s*(19|20)\\d{2}\\b', 'copyright (19|20)\\d{2}\\b',
    '(inhalte|texte) dieser (website|webseite|seite|site) (sind|stehen|werden)[^.]{0,40} (unter|lizenziert)',
    'sofern nicht anders (angegeben|ausgewiesen|vermerkt|gekennzeichnet),? (stehen|sind|ist|gelten) (die |alle )?(inhalte|texte|beiträge)',
    '(content|text|material) (on|of) this (site|website|blog) is licensed', 'unless otherwise (noted|stated|indicated),? (all )?(content|text|material)',
    // blog post metadata written as a sentence (WordPress themes)
    'this (entry|post) was posted (on|in) ', 'der beitrag wurde am .{4,60} veröffentlicht',
    // app and support appeals
    'download (the|our) [\\p{L}\\p{N} .&\'’-]{1,40} apps?\\b', '(news|stories|updates|headlines) (straight|directly) to your (phone|device|mobile)',
    '(would|will) you consider (supporting|donating|a donation|becoming a)', 'if you (enjoyed|liked|like|appreciate)( reading)? (this|our) (post|article|story|work|content)',
    'wenn (ihnen|dir) (unser|dieser|der) (artikel|beitrag|text) gefallen hat', 'keine bezahlschranke', 'hazte (miembro|socio|suscriptor)',
    'first-time subscribers', '(jetzt|ab sofort) an jedem (\\p{L}*kiosk|zeitschriftenhandel)', 'als abo oder (als )?einzelheft',
    // embedded content held back until consent (a content blocker's notice)
    'klicken sie auf (den|diesen) (unteren )?button,? um (den inhalt|inhalte) von', 'click (on )?the button below to load',
    // cart confirmations
    'wurde (erfolgreich )?(zum|in den) warenkorb (hinzugefügt|gelegt)', 'wurde erfolgreich hinzugefügt', '(has been|was) (successfully )?added to your (cart|basket|bag)',
    'add the ingredients to your (basket|cart)',
    // a form's captcha widget that did not load
    'captcha failed to load',
  ].join('|'),
  'iu',
);
/** Longer blocks are prose that may quote such a phrase; the chrome sentences are one or two lines. */
const CHROME_SENTENCE_MAX = 420;

/** Metadata lines: a date, a time, a byline, a label. Only dropped in an article's tail (see refineBlocks). */
const META_LINE = /^((by|von|par|por|di|door|autor(in)?|author|redaktion|text|posted( by| on| in)?|veröffentlicht( am)?|veröffentlichung|erstellt am|aktualisiert( am)?|datum|publicado( el| por)?|actualizado( el)?|fecha|mis à jour( le)?|date|updated|last (modified|updated)|letzte änderung|stand|published( on)?|publié le|filed under|tags?|schlagworte|kategorie(n)?|categories|category|topics?|themen|this entry was posted.*|lesezeit|read(ing)? time|temps de lecture|tiempo de lectura)\b.{0,80}|\d+ ?(min|mins|minutes?|minuten|minutos|minut|minuty)\.?( read| lesezeit| de lecture| de lectura| de leitura| di lettura| czytania| leestijd| lesen)?|(about |vor )?(an?|\d+) (seconds?|minutes?|hours?|days?|weeks?|months?|years?|sekunden|minuten|stunden|tagen?|wochen|monaten|jahren) ago|vor (einer|einem|\d+) (sekunden?|minuten?|stunden?|tag(en)?|wochen?|monat(en)?|jahr(en)?)|[\d.,:/\s-]+(uhr|am|pm)?|\p{L}+,? \d{1,2}\.? \p{L}+ \d{4}([,| ]+(um |at |à |a las )?\d{1,2}[:.]\d{2}( ?(uhr|am|pm|h))?)?|\p{L}+ \d{1,2}, \d{4}.*|\d{1,2}\.? \p{L}+,? \d{4}.*)$/iu;

const FIGCAPTION = /(^|[ >])figcaption(:nth-of-type\(\d+\))?( >|$)/;

const norm = wordKey;

export interface BlockRefineOptions {
  pageType: PageType;
  title?: string;
  /** How many blocks after `blocks[0]` (the title line) preceded the page's own title heading in the document. */
  beforeTitle?: number;
}

/** Share of a block's text that sits inside links: a sentence with one citation link is still prose. */

/** Prose: a paragraph or quote long enough to be the article talking, not a label. */
function isProse(b: ContentBlock): boolean {
  if (b.kind !== 'paragraph' && b.kind !== 'quote') return false;
  if (b.text.length < 120) return false;
  // An encyclopedia paragraph links every other noun and is still prose: the share of linked text decides.
  const links = (b.markdown.match(/\]\(/g) ?? []).length;
  return (links < 4 || linkTextShare(b) < 0.4) && /[.!?:;…"»”)]\s*$/.test(b.text.trim());
}

/** How far above a label its card may sit, and how many same-tag siblings make the card's parent a grid. */
const LABEL_CARD_DEPTH = 4;
const LABEL_GRID_MIN = 4;
const LABEL_CARD_MAX_CHARS = 600;

/** A selector step without its position: `div:nth-of-type(7)` → `div`. */
const stepTag = (step: string): string => step.replace(/:nth-of-type\(\d+\)$/, '');

/**
 * A short label ("Popular", "Tags", "Read more") set inside one card of a grid — an element a few steps up that is
 * one of several same-tag siblings holding blocks (a tile of a product grid, an entry of a game or press index) —
 * belongs to that card: a badge over a product tile, a card's tag list or link. It opens no recirculation block,
 * and the cards after it are the page's content.
 */
function isCardLabel(blocks: ContentBlock[], i: number): boolean {
  const steps = blocks[i].selector.split(' > ');
  // The label's own element may be the card (a tile whose badge is inline text beside its nested blocks).
  for (let d = steps.length - 1; d >= Math.max(1, steps.length - 1 - LABEL_CARD_DEPTH); d--) {
    const parent = `${steps.slice(0, d).join(' > ')} > `;
    const tag = stepTag(steps[d]);
    const cards = new Set<string>();
    let cardText = 0;
    let cardBlocks = 0;
    for (const [j, b] of blocks.entries()) {
      if (!b.selector.startsWith(parent)) continue;
      const step = b.selector.slice(parent.length).split(' > ', 1)[0];
      if (stepTag(step) !== tag) continue;
      cards.add(step);
      if (step === steps[d] && j !== i) {
        cardText += b.text.length;
        cardBlocks++;
      }
    }
    // A card holds more than its label (a name, a price); one holding a lot is a page section, which the label may
    // run past.
    if (cards.size >= LABEL_GRID_MIN && cardBlocks > 0) return cardText <= LABEL_CARD_MAX_CHARS;
  }
  return false;
}

/** Drops rejected blocks; `blocks[0]` may be the title heading (never dropped). */
export function refineBlocks(blocks: ContentBlock[], opts: BlockRefineOptions, report: PrecisionReport = { removed: {} }): ContentBlock[] {
  const forum = opts.pageType === 'forum';
  const title = opts.title ? norm(opts.title) : '';
  const keep = blocks.map(() => true);
  let titleSeen = false;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind === 'code' || b.kind === 'table') continue;
    const t = b.text.trim();
    const drop = (reason: PrecisionReason): void => {
      keep[i] = false;
      count(report, reason, () => t);
    };
    if (RESIDUE.test(t) || (b.kind === 'list' && isNumberWidget(t))) drop('residue');
    else if (MARKUP_ONLY.test(t)) drop('markup');
    else if (title && norm(t) === title && b.kind !== 'list') {
      // A second `#` title anywhere; on articles any second copy (products repeat their name by design).
      // On a forum each post's subject heading may repeat it.
      if (titleSeen && ((b.kind === 'heading' && (b.level === 1 || forum)) || opts.pageType === 'article')) drop('duplicate');
      titleSeen = true;
    } else if (forum && b.kind === 'heading' && isReplySubject(t, title, norm)) drop('duplicate');
    else if (forum && isForumChromeLine(t)) drop('post-chrome');
    else if (t.length <= 160 && (b.kind === 'paragraph' || b.kind === 'image') && isCredit(b, t)) drop('credit');
    else if (!forum && t.length <= 160 && isPromptBlock(t)) drop('prompt');
    else if (!forum && t.length <= READ_ALSO_MAX && b.kind !== 'list' && isReadAlsoCallout(b, t)) drop('teasers');
    else if (!forum && b.links?.length && (b.kind === 'list' || linkTextShare(b) >= 0.5) && b.links.every(isCommentPermalink)) drop('comments');
    else if (opts.pageType !== 'product' && b.kind === 'paragraph' && isBreadcrumbTrail(b)) drop('link-dense');
    else if (opts.pageType === 'product' && b.kind !== 'heading' && (isBuyBoxBlock(t) || isCurrencyPicker(t))) drop('prompt');
    else if (!forum && b.kind !== 'heading' && t.length <= CHROME_SENTENCE_MAX && CHROME_SENTENCE.test(t)) drop('prompt');
  }
  if (!forum && opts.pageType !== 'listing') {
    // A recirculation label that is not a heading element ("Mehr zum Thema:" in a <p> or <strong>) opens the same
    // kind of block: drop it and the short or link-led blocks after it, up to the next prose or heading.
    for (let i = 1; i < blocks.length; i++) {
      const b = blocks[i];
      // A heading written as a site-chrome sentence ("Unterstütze uns mit 2,50 €!", "Nichts mehr verpassen!") titles a
      // donation or newsletter box the same way.
      const chromeHeading = b.kind === 'heading' && b.text.length <= 160 && CHROME_SENTENCE.test(b.text);
      if (!keep[i] || b.kind === 'code' || b.kind === 'table' || (!chromeHeading && (b.text.length > 80 || !RELATED_HEADING.test(b.text.trim())))) continue;
      keep[i] = false;
      count(report, 'heading', () => b.text);
      // A sentence ("Subscribe to our newsletter for weekly tips.") is a prompt, not a label: it goes alone; so does
      // a label inside one card of a grid (isCardLabel).
      if (b.kind !== 'heading' && (/[.!?]$/.test(b.text.trim()) || isCardLabel(blocks, i))) continue;
      const level = b.kind === 'heading' ? (b.level ?? 2) : 7;
      for (let j = i + 1; j < blocks.length; j++) {
        const n = blocks[j];
        if (n.kind === 'heading' && (n.level ?? 2) <= level) break;
        if (isProse(n) && linkTextShare(n) < 0.3) break;
        if (n.kind !== 'list' && !(n.links?.length) && n.text.length > 200) break;
        if (keep[j]) {
          keep[j] = false;
          count(report, 'heading', () => n.text);
        }
      }
    }
  }
  // Captions go on articles, declared or guessed (elsewhere a figure may be the content: a product shot, a gallery);
  // the dateline and tail metadata lines go on every page read as prose — a generic page's "Letzte Änderung …" is
  // no content either.
  if (opts.pageType === 'article' || opts.pageType === 'generic') {
    // Figure captions and photo credits are the picture's, not the article's text — unless the figures are what
    // the page is made of (coupon grids, galleries with long captions).
    const captionText = blocks.reduce((a, b) => a + (FIGCAPTION.test(b.selector) ? b.text.length : 0), 0);
    const allText = blocks.reduce((a, b) => a + b.text.length, 0);
    for (let i = 1; i < blocks.length && captionText < allText * CAPTION_MAX_SHARE; i++) {
      if (keep[i] && blocks[i].kind !== 'image' && FIGCAPTION.test(blocks[i].selector)) {
        keep[i] = false;
        count(report, 'credit', () => blocks[i].text);
      }
    }
    // A short paragraph that ends in a picture credit ("… gesegnet. | © Agency/Getty Images", "… (Foto: dpa)") is
    // a caption set without <figcaption>: running text does not sign off with a copyright.
    for (let i = 1; i < blocks.length; i++) {
      const t = blocks[i].text.trim();
      if (keep[i] && blocks[i].kind === 'paragraph' && t.length <= CREDITED_CAPTION_MAX && CREDIT_END.test(t) && !blocks[i].markdown.trimStart().startsWith('![')) {
        keep[i] = false;
        count(report, 'credit', () => t);
      }
    }
    // The tail after the last prose paragraph: a closing run of metadata lines (dates, bylines, tag labels).
    let lastProse = -1;
    for (let i = blocks.length - 1; i >= 0; i--) if (keep[i] && isProse(blocks[i])) {
      lastProse = i;
      break;
    }
    // Above the first prose paragraph, the same metadata lines (dateline, "By …", "Posted on …") repeat the meta.
    const firstProse = blocks.findIndex((b, i) => keep[i] && isProse(b));
    for (let i = 1; i < firstProse; i++) {
      const t = blocks[i].text.trim();
      if (keep[i] && (blocks[i].kind === 'paragraph' || blocks[i].kind === 'list') && t.length <= 100 && META_LINE.test(t)) {
        keep[i] = false;
        count(report, 'tail', () => t);
      }
    }
    // On an article the header's other short lines between the title heading and the first paragraph go too: the
    // section label, a dateline with a place ("Energie 12.12.2022", "Olympische Winterspiele", "Promis") — a label
    // ends in a word, not in sentence punctuation, a colon (a lead-in) or a comma (a salutation). A run of many such
    // lines is content (a recipe's ingredients set as paragraphs), so only a header's few go. A kicker set above
    // the title heading stays, as the reference output keeps it (reading.md §22, "Agent infrastructure · 8 minute
    // read").
    if (opts.pageType === 'article' && firstProse > 0) {
      const labels: number[] = [];
      for (let i = 1 + (opts.beforeTitle ?? 0); i < firstProse; i++) if (keep[i] && isHeaderLabel(blocks[i])) labels.push(i);
      if (labels.length <= HEADER_LABELS_MAX) for (const i of labels) {
        keep[i] = false;
        count(report, 'tail', () => blocks[i].text);
      }
    }
    // A generic page whose closing run is a priced product grid (a shop's category page read as prose) ends in its
    // content, not in metadata: its names are short unpunctuated lines, like labels.
    const shopTail = opts.pageType === 'generic' && lastProse >= 0 && isPricedRun(blocks.slice(lastProse + 1));
    if (lastProse >= 0 && !shopTail) {
      const tail: number[] = [];
      for (let i = lastProse + 1; i < blocks.length; i++) {
        const b = blocks[i];
        if (!keep[i] || b.kind === 'code' || b.kind === 'table') continue;
        const t = b.text.trim();
        if ((t.length <= 100 && META_LINE.test(t)) || (isTailLabel(b, t) && !(b.kind === 'heading' && headsKeptContent(blocks, keep, i)))) tail.push(i);
      }
      // An index page read as prose (a category of recipes, stories or courses under a one-paragraph intro) ends in
      // its card titles: short unpunctuated lines, like labels, but many, outweighing the prose above them. An
      // article's metadata tail is a few lines, and its recirculation a small part of it.
      const tailText = tail.reduce((a, i) => a + blocks[i].text.length, 0);
      const proseText = blocks.slice(1, lastProse + 1).reduce((a, b, i) => a + (keep[i + 1] ? b.text.length : 0), 0);
      const listingTail = tail.length >= LISTING_TAIL_MIN && tailText > proseText;
      for (const i of listingTail ? [] : tail) {
        keep[i] = false;
        count(report, 'tail', () => blocks[i].text.trim());
      }
    }
  }
  if (opts.pageType === 'article') {
    // A long list of nothing but links (a blog's archive, the site's section menu, an SEO block of "<city> movers")
    // indexes the site; an article's own lists say something in their items, or are short. A topic hub read as an
    // article (an intro over the list of its posts) is that list: an index outweighing the rest stays.
    const indexes = blocks.map((b, i) => i > 0 && keep[i] && isLinkIndex(b));
    const indexText = blocks.reduce((a, b, i) => a + (indexes[i] ? b.text.length : 0), 0);
    const otherText = blocks.reduce((a, b, i) => a + (keep[i] && !indexes[i] && i > 0 ? b.text.length : 0), 0);
    if (indexText < otherText)
      for (let i = 1; i < blocks.length; i++) {
        if (!indexes[i]) continue;
        keep[i] = false;
        count(report, 'link-dense', () => blocks[i].text.slice(0, 80));
      }
    // A headline that is nothing but a link to another page, with at most a short summary under it, is a teaser
    // card for that page (a "next post" or "more on this" card): an article's own section headings are not links.
    const teasers: Array<[number, number]> = [];
    let teaserText = 0;
    for (let i = 1; i < blocks.length; i++) {
      if (!keep[i] || !isLinkedHeading(blocks[i])) continue;
      // A headline linking the site's home page is the site's name set as a masthead: it goes, what follows is the
      // article's lead.
      if (linksHome(blocks[i])) {
        keep[i] = false;
        count(report, 'teasers', () => blocks[i].text);
        continue;
      }
      // The card is the headline and what follows it up to the next heading of its level or above.
      const level = blocks[i].level ?? 2;
      let end = i + 1;
      let chars = 0;
      while (end < blocks.length && !(blocks[end].kind === 'heading' && (blocks[end].level ?? 2) <= level)) chars += blocks[end++].text.length;
      // A longer section under it is the article's, its title merely linking its subject (a product in a review).
      if (chars > TEASER_SUMMARY_MAX || blocks.slice(i + 1, end).some((b) => b.kind === 'code' || b.kind === 'table')) continue;
      teasers.push([i, end]);
      teaserText += chars + blocks[i].text.length;
    }
    // Teasers that make up a good part of the page are what it lists (a press-release index, a homepage's sections).
    const allText = blocks.reduce((a, b) => a + b.text.length, 0);
    // Only cards after the article's last prose paragraph (its own, outside any card) are recirculation: linked
    // headlines between the article's paragraphs are a curated list (resources, products, services) — its content.
    const inCard = (k: number): boolean => teasers.some(([i, end]) => k >= i && k < end);
    let lastProse = -1;
    for (let k = blocks.length - 1; k > 0; k--) if (keep[k] && !inCard(k) && isProse(blocks[k])) {
      lastProse = k;
      break;
    }
    // A run of cards after a full article ("More from …": a linked headline and a one-line dek, ten or thirty
    // times) is recirculation however much text it holds: the article above it is the page's (rules/recirculation.ts).
    const trailing = teasers.filter(([i]) => i > lastProse);
    const firstCard = trailing.length > 0 ? trailing[0][0] : blocks.length;
    const articleProse = blocks.reduce((a, b, k) => a + (k > 0 && k < firstCard && keep[k] && !inCard(k) && isProse(b) ? b.text.length : 0), 0);
    const recirculation = trailing.length >= RECIRCULATION_MIN_CARDS.value && articleProse >= RECIRCULATION_ARTICLE_MIN.value;
    if (recirculation || teaserText < allText * TEASERS_MAX_SHARE) {
      for (const [i, end] of teasers) for (let j = i; j < end && i > lastProse; j++) {
        if (!keep[j]) continue;
        keep[j] = false;
        count(report, 'teasers', () => blocks[j].text);
      }
    }
    // The block classifier (block-class.ts): after the article's last good block, what is not a sentence or a list.
    for (const i of rejectByClass(blocks, keep)) {
      keep[i] = false;
      count(report, 'class', () => blocks[i].text);
    }
  }
  if (opts.pageType === 'product') {
    // Section headings that end a product page title nothing: the reviews, carousels or forms they opened went
    // above. An h5/h6 there signs the block before it (a testimonial's author).
    for (let i = blocks.length - 1; i >= 1 && (!keep[i] || (blocks[i].kind === 'heading' && (blocks[i].level ?? 2) <= 4)); i--) {
      if (!keep[i]) continue;
      keep[i] = false;
      count(report, 'heading', () => blocks[i].text);
    }
  }
  dropRepeatedQuotes(blocks, keep, report);
  return blocks.filter((_, i) => keep[i]);
}

/** A quoted line shorter than this is too common to call a repeat ("Thanks!", "Click to expand..."). */
const QUOTED_LINE_MIN = 20;
/** The attribution a forum prints over a quote ("14 hours ago, Joe said:", "MELso wrote:"). */
const QUOTE_ATTRIBUTION = /\b(said|wrote|schrieb|a écrit|escribió|scrisse|disse|napisał)\s*:?\s*$/iu;

/**
 * A block quote whose every line the read holds elsewhere (a forum reply quoting a post of the thread, a pull quote
 * repeating a paragraph of the article, a second quote of the same lines) adds nothing but tokens: it goes. A quote
 * of something the read does not hold (an earlier page of the thread, another source) stays, as does one with a
 * line of its own.
 */
function dropRepeatedQuotes(blocks: ContentBlock[], keep: boolean[], report: PrecisionReport): void {
  if (!blocks.some((b, i) => keep[i] && b.kind === 'quote')) return;
  const rest = blocks.map((b, i) => (keep[i] && b.kind !== 'quote' ? norm(b.text) : '')).join('  ');
  let earlierQuotes = '';
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!keep[i] || b.kind !== 'quote') continue;
    const lines = b.text.split(/\n+/).filter((l) => !QUOTE_ATTRIBUTION.test(l.trim())).map(norm).filter((l) => l.length >= QUOTED_LINE_MIN);
    if (lines.length > 0 && lines.every((l) => rest.includes(l) || earlierQuotes.includes(l))) {
      keep[i] = false;
      count(report, 'duplicate', () => b.text);
      continue;
    }
    earlierQuotes += `  ${norm(b.text)}`;
  }
}

/**
 * The lead-in of a "read also" callout set between an article's paragraphs ("PUEDES VER: <headline>", "Lesen Sie
 * auch: <headline>", "Read more: <headline>"): the rest of the line is a link to another story.
 */
const READ_ALSO_LEAD =
  /^(puedes ver|mira( también| además)?|lee (también|además)|lea (también|además)|ver también|vea también|(también )?te puede interesar|te recomendamos|lesen sie (auch|hier|mehr)|auch interessant|mehr dazu|mehr zum thema|siehe auch|read (more|also|next)|also read|see also|related|lire aussi|à lire aussi|a lire aussi|voir aussi|leia também|veja também|leggi anche|más información)\s*[:|»›>]\s*/iu;
/** A callout is one headline; a longer block that opens so is a paragraph of the article. */
const READ_ALSO_MAX = 300;

function isReadAlsoCallout(b: ContentBlock, t: string): boolean {
  const lead = READ_ALSO_LEAD.exec(t);
  if (!lead || !b.links?.length) return false;
  const rest = t.length - lead[0].length;
  // The headline is the link: its text covers the rest of the line.
  return rest > 0 && linkTextShare(b) * t.length >= rest * 0.8;
}

/**
 * A link to one comment of a post (`…/post/#comment-123`). A list of them, or a line made of them, is a "recent
 * comments" widget; a sentence of the article may cite one comment.
 */
function isCommentPermalink(href: string): boolean {
  return /#comment-\d+$/.test(href);
}

/**
 * A list whose items are bare numbers ("1 2 3 4 5", "1 2 3 … 12 Next"): a star-rating input or a pager rendered
 * without its widget. A list of content says something in at least one item.
 */
function isNumberWidget(t: string): boolean {
  const items = t.split('\n').map((l) => l.trim()).filter(Boolean);
  return items.length >= 3 && items.every((l) => /^(\d{1,3}|…|\.{3}|[«»‹›<>]|next|prev(ious)?|weiter|zurück|suivant|précédent|siguiente|anterior)$/i.test(l)) && items.some((l) => /\d/.test(l));
}

/** Tail lines from which a closing run may be an index page's card titles rather than an article's metadata. */
const LISTING_TAIL_MIN = 12;

/**
 * After the last prose paragraph nothing opens a new section of the article: headings there title widgets ("Kontakt",
 * "Autoren:", "Top Posts"), short lines without a sentence end are labels and bylines, and a line set entirely in
 * italics is the site's own boilerplate (newsletter pitch, disclaimer). jusText calls such blocks "short" and lets
 * their neighbours decide; here the neighbour is the article's end.
 */
/** Whether a block that stays follows heading `i` before the next heading of its level or above. */
function headsKeptContent(blocks: ContentBlock[], keep: boolean[], i: number): boolean {
  const level = blocks[i].level ?? 2;
  for (let j = i + 1; j < blocks.length; j++) {
    const b = blocks[j];
    if (b.kind === 'heading' && (b.level ?? 2) <= level) return false;
    if (keep[j] && b.kind !== 'heading' && !(b.text.trim().length <= 100 && META_LINE.test(b.text.trim()))) return true;
  }
  return false;
}

/** A prompt line, alone or followed by its buttons' labels ("Diesen Artikel teilen / Facebook / Twitter", "Loading…"). */
function isPromptBlock(t: string): boolean {
  const lines = t.split('\n');
  return PROMPT_LINE.test(lines[0].trim()) && lines.slice(1).every((l) => l.trim().length <= 30 && !/[.!?]$/.test(l.trim().replace(/\.{3}|…/g, '')));
}

/** An article's list with this many items, every one a bare link, is an index of the site. */
const LINK_INDEX_MIN_ITEMS = 30;
const BARE_LINK_ITEM = /^\s*(\*|-|\d+\.)\s+\[[^\]]+\]\([^)\s]+\)\s*$/;

function isLinkIndex(b: ContentBlock): boolean {
  if (b.kind !== 'list') return false;
  const lines = b.markdown.split('\n').filter((l) => l.trim() !== '');
  return lines.length >= LINK_INDEX_MIN_ITEMS && lines.every((l) => BARE_LINK_ITEM.test(l));
}

function isTailLabel(b: ContentBlock, t: string): boolean {
  if (b.kind === 'heading') return true;
  // A picture wrapped in a paragraph (`<p><img alt=…></p>`) is a figure of the article, not a label.
  if (b.kind === 'image' || b.kind === 'list' || b.markdown.trimStart().startsWith('![')) return false;
  // An item of a numbered list set as paragraphs ("2. Must be a city resident") is an enumeration, not a label.
  if (isEnumeratedLine(b)) return false;
  if (t.length <= 60 && !/[.!?…]$/.test(t)) return true;
  return b.kind === 'paragraph' && t.length < 300 && /^_[^_][\s\S]*_$/.test(b.markdown.trim());
}

/** An article's header carries a kicker, a section label and a dateline: three short lines at most. */
const HEADER_LABELS_MAX = 3;

function isHeaderLabel(b: ContentBlock): boolean {
  const t = b.text.trim();
  return b.kind === 'paragraph' && t.length <= 80 && /[\p{L}\p{N})\]]$/u.test(t) && !b.markdown.trimStart().startsWith('![');
}

/** A heading whose whole text is one link to another page (an in-page anchor `#…` is a table of contents). */
const LINKED_HEADING = /^#{1,6} \[[^\]]+\]\(([^)#\s]+)\)$/;
/** A teaser's summary is a sentence or two (a blog's excerpt runs to 55 words). */
const TEASER_SUMMARY_MAX = 450;
/** Above this share of the text, linked-headline cards are the page's content (as for card groups, EXCERPT_CARDS_MAX_SHARE). */
const TEASERS_MAX_SHARE = 0.3;

function isLinkedHeading(b: ContentBlock): boolean {
  return b.kind === 'heading' && LINKED_HEADING.test(b.markdown.trim());
}

/** A trail's step: a link, or (last) the page's own name, as plain or bold text. */
const TRAIL_LINK = /^\[[^\]]+\]\(([^)\s]+)\)$/;
const TRAIL_SEPARATOR = /\s*(?:»|›|>|\\>|→|\|)\s*/;

/**
 * A breadcrumb trail set as a line ("[Home](/) » [News](/news/) » Transit tax rejected"): links from the site's home
 * page down to this one, separated by arrows. The site's navigation, not the article; its last step repeats the title.
 * Not on product pages, whose category path is one of the product's facts.
 */
function isBreadcrumbTrail(b: ContentBlock): boolean {
  if (b.markdown.length > 600) return false;
  const steps = b.markdown.trim().split(TRAIL_SEPARATOR);
  if (steps.length < 2) return false;
  const home = TRAIL_LINK.exec(steps[0])?.[1];
  if (!home) return false;
  try {
    if (new URL(home).pathname.split('/').filter(Boolean).length > 1) return false;
  } catch {
    return false;
  }
  return steps.slice(1, -1).every((s) => TRAIL_LINK.test(s)) && (TRAIL_LINK.test(steps[steps.length - 1]) || steps[steps.length - 1].replace(/\*\*/g, '').length <= 160);
}

function linksHome(b: ContentBlock): boolean {
  const href = LINKED_HEADING.exec(b.markdown.trim())?.[1];
  if (!href) return false;
  try {
    const u = new URL(href);
    return u.pathname === '/' && !u.search;
  } catch {
    return false;
  }
}

function isCredit(b: ContentBlock, t: string): boolean {
  if (CREDIT_LEAD.test(t) && t.split(/\s+/).length <= 14) return true;
  const caption = /figcaption|caption|credit/.test(b.selector.split('>').pop() ?? '');
  return CREDIT_MARK.test(t) && (caption || t.length <= 80);
}
