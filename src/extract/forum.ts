// Forum and Q&A threads: every post is the content; what the forum engine prints around each post is not. The
// engines name that chrome alike (XenForo, phpBB, vBulletin, Invision, Discourse, Stack Exchange, NodeBB …): the
// poster's card (title, banner, join date, post count, location, avatar), the post's number and share links, vote
// counters, the action bar (reply / quote / report / like), reactions, "last edited" stamps, signatures, the tag
// list and the preview cards of links. The author's name and the post's date stay (they say who said what, and
// when). precision.ts applies these on forum pages only.
import { Element, attr, classAndId, contains, findFirst, type ParentNode } from './dom.ts';
import {
  POST_MIN_CHARS,
  THREAD_MIN_POSTS,
  THREAD_MIN_SHARE,
  THREAD_MIN_TEXT,
  THREAD_OPENING_MAX,
} from './rules/thread.ts';
import { patternOf } from './rules/lexicon.ts';
import {
  POST_CHROME_MARK as POST_CHROME_MARK_ROW,
  LINK_PREVIEW_MARK as LINK_PREVIEW_MARK_ROW,
  FORUM_CHROME_LINE as FORUM_CHROME_LINE_ROW,
  FORUM_RELATED_HEADING as FORUM_RELATED_HEADING_ROW,
  DATE_TEXT as DATE_TEXT_ROW,
  AUTHOR_MARK as AUTHOR_MARK_ROW,
  PROFILE_HREF as PROFILE_HREF_ROW,
} from './rules/forum.ts';

const POST_CHROME_MARK = patternOf(POST_CHROME_MARK_ROW);

/** A user card, an action bar or a signature is a few lines; a longer element so named wraps the post itself. */
const POST_CHROME_MAX_CHARS = 1200;

const LINK_PREVIEW_MARK = patternOf(LINK_PREVIEW_MARK_ROW);
const LINK_PREVIEW_MAX_CHARS = 3000;

/**
 * Markup of a post's own text: an element holding one is the post, not its chrome. A preview card's `<article>`
 * (Discourse's `onebox-body`) is the linked page's, so `withArticles` is off for previews.
 */
function holdsPostText(el: Element, withArticles: boolean): boolean {
  return !!findFirst(el, (e) => e !== el && (attr(e, 'itemprop') === 'text' || attr(e, 'itemprop') === 'articleBody' || (withArticles && e.name === 'article')));
}

/** Whether `el` (holding `text` characters) is chrome around a forum post. */
export function isPostChrome(el: Element, text: number): boolean {
  if (text === 0 || text > LINK_PREVIEW_MAX_CHARS || el.name === 'article' || el.name === 'main' || el.name === 'body') return false;
  const ci = classAndId(el);
  if (!ci) return false;
  if (text <= POST_CHROME_MAX_CHARS && POST_CHROME_MARK.test(ci) && !holdsPostText(el, true)) return true;
  return LINK_PREVIEW_MARK.test(ci) && !holdsPostText(el, false);
}

const schemaType = (el: Element): string => /schema\.org\/(\w+)/i.exec(attr(el, 'itemtype') ?? '')?.[1]?.toLowerCase() ?? '';

/**
 * A schema.org Comment inside a schema.org Question or Answer (Stack Exchange and the Q&A engines that copy its
 * markup): a remark on the post, not a post of the thread. The question and its answers are the content.
 */
export function isRemarkOnQaPost(el: Element): boolean {
  if (schemaType(el) !== 'comment' && !(attr(el, 'itemprop') ?? '').split(/\s+/).includes('comment')) return false;
  for (let p = el.parent; p instanceof Element; p = p.parent) {
    const t = schemaType(p);
    if (t === 'question' || t === 'answer') return true;
    if (t === 'comment') return false;
  }
  return false;
}

const FORUM_CHROME_LINE = patternOf(FORUM_CHROME_LINE_ROW);

/** A short block of forum chrome (see FORUM_CHROME_LINE). */
export function isForumChromeLine(text: string): boolean {
  return text.length <= 200 && FORUM_CHROME_LINE.test(text.replace(/\s+/g, ' ').trim());
}

/**
 * A post's subject line that only answers the thread's ("Re: Starter smells of acetone", phpBB, vBulletin, SMF,
 * FluxBB): the title again. `normTitle` and `norm` are the caller's normalisation (lower case, words only).
 */
export function isReplySubject(text: string, normTitle: string, norm: (s: string) => string): boolean {
  const m = /^\s*(re|aw|antw|sv|vs|rif|r)\s*(\[\d+\])?\s*:\s*(.+)$/i.exec(text);
  return !!m && !!normTitle && norm(m[3]) === normTitle;
}

const FORUM_RELATED_HEADING = patternOf(FORUM_RELATED_HEADING_ROW);

export function isForumRelatedHeading(text: string): boolean {
  return text.length <= 100 && FORUM_RELATED_HEADING.test(text.trim());
}

// ---------------------------------------------------------------------------------------------------------------
// Thread shape: whether a page is a discussion, read from its structure (issue 28). A thread is a run of sibling
// post blocks of one shape, each with an author, a date and a body, that holds the page's prose; an article's
// comment section has the same run under a longer article of its own.

/** Per element: text length, whether it holds a date and an author mark, and its paragraph text. */
interface PostMarks {
  text: number;
  link: number;
  date: boolean;
  author: boolean;
  /** Sentence ends (". ", "? ", "!" at the end): a post says something in sentences, a catalogue row does not. */
  sentences: number;
}

export interface ThreadShape {
  /** Posts in the longest run of same-shaped post blocks. */
  posts: number;
  /** Their text (characters). */
  postText: number;
  /** Paragraph text before the run, outside it and outside page chrome: an article's own body when it is one. */
  proseBefore: number;
  /** Share of the page's non-link text that is in the posts. */
  postShare: number;
  /** The run's container. */
  container: Element;
  /** The posts of the run, in document order. */
  postBlocks: Element[];
}

const DATE_TEXT = patternOf(DATE_TEXT_ROW);
const AUTHOR_MARK = patternOf(AUTHOR_MARK_ROW);
const PROFILE_HREF = patternOf(PROFILE_HREF_ROW);
/** Chrome regions: prose in them is never an article's body. */
const CHROME_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'script', 'style', 'noscript', 'template', 'svg', 'select', 'button']);

function marksOf(el: Element, map: Map<Element, PostMarks>): PostMarks {
  const m: PostMarks = { text: 0, link: 0, date: el.name === 'time' || el.attribs.datetime !== undefined, author: false, sentences: 0 };
  const ci = el.attribs.class || el.attribs.id || el.attribs.itemprop || el.attribs.rel ? `${classAndId(el)} ${attr(el, 'itemprop') ?? ''} ${attr(el, 'rel') ?? ''}` : '';
  if (ci && AUTHOR_MARK.test(ci)) m.author = true;
  if (el.name === 'a' && PROFILE_HREF.test(el.attribs.href ?? '')) m.author = true;
  for (const c of el.children) {
    if (c instanceof Element) {
      if (c.name === 'script' || c.name === 'style' || c.name === 'template') continue;
      const k = marksOf(c, map);
      m.text += k.text;
      m.link += c.name === 'a' ? k.text : k.link;
      m.date ||= k.date;
      m.author ||= k.author;
      m.sentences += k.sentences;
    } else if (c.type === 'text') {
      const d = (c as unknown as { data: string }).data;
      const t = d.trim();
      m.text += t.length;
      if (t.length > 0) m.sentences += t.match(SENTENCE_END)?.length ?? 0;
      if (!m.date && t.length > 0 && t.length <= DATE_TEXT_MAX_CHARS && DATE_TEXT.test(t)) m.date = true;
    }
  }
  map.set(el, m);
  return m;
}

const DATE_TEXT_MAX_CHARS = 80;
/** A block this linked before the posts is a menu or a link list, not an opening. */
const LINK_LIST_DENSITY = 0.5;
const SENTENCE_END = /[.!?…。！？](?=\s|$)/g;

/**
 * A teaser card: its heading links to another page (a listing's or a recirculation run's story card). A post's
 * subject links to the post itself (`#p123`) or nowhere.
 */
function isCard(el: Element): boolean {
  const heading = findFirst(el, (e) => /^h[1-6]$/.test(e.name));
  if (!heading) return false;
  const link = findFirst(heading, (e) => e.name === 'a' && !!e.attribs.href);
  const href = link?.attribs.href ?? '';
  return !!link && !href.startsWith('#') && !PROFILE_HREF.test(href);
}

function shapeKey(el: Element): string {
  const first = (el.attribs.class ?? '').trim().split(/\s+/)[0] ?? '';
  return `${el.name}.${first}`;
}

/** The page's longest run of same-shaped post blocks, with the paragraph text before it; undefined when none. */
export function threadShape(root: ParentNode): ThreadShape | undefined {
  const map = new Map<Element, PostMarks>();
  for (const c of root.children) if (c instanceof Element) marksOf(c, map);
  let best: { container: Element; posts: Element[]; text: number } | undefined;
  for (const [el] of map) {
    if (el.children.length < THREAD_MIN_POSTS.value) continue;
    const groups = new Map<string, Element[]>();
    for (const c of el.children) {
      if (!(c instanceof Element)) continue;
      const m = map.get(c);
      if (!m || !m.date || !m.author || m.sentences === 0 || m.text - m.link < POST_MIN_CHARS.value || isCard(c)) continue;
      const key = shapeKey(c);
      const g = groups.get(key);
      if (g) g.push(c);
      else groups.set(key, [c]);
    }
    for (const posts of groups.values()) {
      if (posts.length < THREAD_MIN_POSTS.value) continue;
      const text = posts.reduce((a, p) => a + map.get(p)!.text - map.get(p)!.link, 0);
      if (!best || text > best.text) best = { container: el, posts, text };
    }
  }
  if (!best) return undefined;
  const postSet = new Set(best.posts);
  const first = best.posts[0];
  let proseBefore = 0;
  let reached = false;
  // Text before the run that is not a link (an article's body, a list's rows with their facts), outside chrome.
  const visit = (node: ParentNode): void => {
    for (const c of node.children) {
      if (reached) return;
      if (!(c instanceof Element)) {
        if (c.type === 'text') proseBefore += (c as unknown as { data: string }).data.trim().length;
        continue;
      }
      if (c === first) {
        reached = true;
        return;
      }
      if (postSet.has(c) || CHROME_TAGS.has(c.name) || c.name === 'a') continue;
      const m = map.get(c);
      if (m && m.text > 0 && m.link / m.text >= LINK_LIST_DENSITY) {
        if (contains(c, first)) visit(c);
        continue;
      }
      visit(c);
    }
  };
  visit(root);
  let pageText = 0;
  for (const c of root.children) if (c instanceof Element && map.has(c)) pageText += map.get(c)!.text - map.get(c)!.link;
  return { posts: best.posts.length, postText: best.text, postShare: pageText > 0 ? best.text / pageText : 0, proseBefore, container: best.container, postBlocks: best.posts };
}

/**
 * A thread: the run of posts opens the page's content (at most a short opening before it: a link aggregator's story
 * line, a question's lead) and outweighs what precedes it. An article's comment run follows the article's body.
 */
export function isThread(shape: ThreadShape | undefined): boolean {
  return (
    !!shape &&
    shape.postText >= THREAD_MIN_TEXT.value &&
    shape.postShare >= THREAD_MIN_SHARE.value &&
    shape.proseBefore <= THREAD_OPENING_MAX.value &&
    shape.postText >= shape.proseBefore
  );
}
