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
import { embeddedPatternOf, patternOf } from './rules/lexicon.ts';
import {
  RELATED_HEADING as RELATED_HEADING_ROW,
  COMMENT_HEADING as COMMENT_HEADING_ROW,
  REVIEW_HEADING as REVIEW_HEADING_ROW,
  PRODUCT_AUTHOR_HEADING as PRODUCT_AUTHOR_HEADING_ROW,
  RESIDUE as RESIDUE_ROW,
  CREDIT_LEAD as CREDIT_LEAD_ROW,
  CREDIT_MARK as CREDIT_MARK_ROW,
  CREDIT_END as CREDIT_END_ROW,
  PROMPT_LABEL as PROMPT_LABEL_ROW,
  CHROME_SENTENCE as CHROME_SENTENCE_ROW,
  META_LINE as META_LINE_ROW,
  QUOTE_ATTRIBUTION as QUOTE_ATTRIBUTION_ROW,
  READ_ALSO_LEAD as READ_ALSO_LEAD_ROW,
} from './rules/phrases.ts';
import {
  COMMENT_MARK as COMMENT_MARK_ROW,
  COMMENT_WORD_MARK as COMMENT_WORD_MARK_ROW,
  AUTHOR_BOX_MARK as AUTHOR_BOX_MARK_ROW,
  CAPTION_MARK as CAPTION_MARK_ROW,
  META_MARK as META_MARK_ROW,
  AUTHOR_BARE_MARK as AUTHOR_BARE_MARK_ROW,
  REVIEW_MARK as REVIEW_MARK_ROW,
  REVIEW_VENDOR_MARK as REVIEW_VENDOR_MARK_ROW,
  DISCLAIMER_MARK as DISCLAIMER_MARK_ROW,
} from './rules/sections.ts';

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

export const RELATED_HEADING = patternOf(RELATED_HEADING_ROW);

export const COMMENT_HEADING = patternOf(COMMENT_HEADING_ROW);

const COMMENT_MARK = patternOf(COMMENT_MARK_ROW);
const COMMENT_WORD_MARK = patternOf(COMMENT_WORD_MARK_ROW);

const AUTHOR_BOX_MARK = patternOf(AUTHOR_BOX_MARK_ROW);
const CAPTION_MARK = patternOf(CAPTION_MARK_ROW);
/** A caption is a line or two; a longer element with such a class is a layout wrapper (a "caption" hero). */
const CAPTION_MAX_CHARS = 320;
const META_MARK = patternOf(META_MARK_ROW);
const META_MAX_CHARS = 300;
/** An article has one metadata line (two with a repeat at the end); a list whose every entry has one is a listing. */
const META_MAX_COUNT = 3;
const AUTHOR_BARE_MARK = patternOf(AUTHOR_BARE_MARK_ROW);
/** What a product (or a post) must keep of its own text for its reviews (or comments) to go. */
export const REVIEWS_LEAVE_CHARS = 200;
/** An author box is a few lines; a longer element with such a class is a layout wrapper around the article. */
const AUTHOR_BOX_MAX_CHARS = 1200;

const REVIEW_MARK = patternOf(REVIEW_MARK_ROW);

export const REVIEW_HEADING = patternOf(REVIEW_HEADING_ROW);
const REVIEW_VENDOR_MARK = patternOf(REVIEW_VENDOR_MARK_ROW);

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

const DISCLAIMER_MARK = patternOf(DISCLAIMER_MARK_ROW);

const PRODUCT_AUTHOR_HEADING = patternOf(PRODUCT_AUTHOR_HEADING_ROW);

const RESIDUE = patternOf(RESIDUE_ROW);

/** A block that is nothing but markup as text: `<img …>`, `<iframe …></iframe>`, `<p>…</p>` wrappers around nothing. */
const MARKUP_ONLY = /^(\s*<\/?[a-z][a-z0-9-]*(\s+[^<>]*)?\/?>\s*)+$/i;

const CREDIT_LEAD = patternOf(CREDIT_LEAD_ROW);
const CREDIT_MARK = patternOf(CREDIT_MARK_ROW);

const CREDIT_END = patternOf(CREDIT_END_ROW);
/** A caption is a sentence or two. */
const CREDITED_CAPTION_MAX = 250;


/** A line of one or more such buttons' labels ("Rezept drucken Bei Pinterest speichern"). */
const PROMPT_LINE = embeddedPatternOf(PROMPT_LABEL_ROW, (label) => `^${label}(\\s*[|·•/]?\\s*${label})*\\s*[:.!?]*$`, 'i');

const CHROME_SENTENCE = patternOf(CHROME_SENTENCE_ROW);
/** Longer blocks are prose that may quote such a phrase; the chrome sentences are one or two lines. */
const CHROME_SENTENCE_MAX = 420;

const META_LINE = patternOf(META_LINE_ROW);

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
const QUOTE_ATTRIBUTION = patternOf(QUOTE_ATTRIBUTION_ROW);

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

const READ_ALSO_LEAD = patternOf(READ_ALSO_LEAD_ROW);
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
