// Forum and Q&A threads: every post is the content; what the forum engine prints around each post is not. The
// engines name that chrome alike (XenForo, phpBB, vBulletin, Invision, Discourse, Stack Exchange, NodeBB …): the
// poster's card (title, banner, join date, post count, location, avatar), the post's number and share links, vote
// counters, the action bar (reply / quote / report / like), reactions, "last edited" stamps, signatures, the tag
// list and the preview cards of links. The author's name and the post's date stay (they say who said what, and
// when). precision.ts applies these on forum pages only.
import { Element, attr, classAndId, contains, findFirst, type ParentNode } from './dom.ts';
import { POST_MIN_CHARS, THREAD_MIN_POSTS, THREAD_MIN_SHARE, THREAD_MIN_TEXT, THREAD_OPENING_MAX } from './rules/thread.ts';

/**
 * Class/id tokens of post chrome, matched as whole tokens (BEM and camelCase spellings: `message-userExtras`,
 * `userTitle`, `post-signature`). A token names the chrome element itself, never a wrapper of the post.
 */
const POST_CHROME_MARK = new RegExp(
  '(^|[\\s_-])(' +
    [
      // the poster's card: rank / title, banners, join date, post count, location, avatar
      'usertitle', 'user-title', 'userbanner', 'user-banner', 'message-userextras', 'userextras', 'user-extras', 'message-avatar',
      'avatar', 'avatar-wrapper', 'user-stats', 'userstats', 'profile-rank', 'profile-posts', 'profile-joined', 'profile-location',
      'profile-custom-field', 'postprofile', 'rank-image', 'user-rank', 'ipscomment-badges', 'ipsbadge', 'ipsbadges',
      // the post's number and share link, votes, actions, reactions, edit stamps
      'message-attribution-opposite', 'post-number', 'postcount', 'js-vote-count', 'vote-count', 'votecell', 'js-voting-container',
      'voting-container', 'post-menu', 'js-post-menu', 'post-buttons', 'post-actions', 'post-controls', 'post-tools', 'message-actionbar',
      'actionbar', 'reactionsbar', 'reactions-bar', 'post-likes', 'message-lastedit', 'post-edited', 'edited-by', 'ipscomment-tools',
      'comment-links', 'comments-link',
      // signatures and the thread's tag list
      'signature', 'signatures', 'message-signature', 'post-signature', 'user-signature', 'post-taglist',
      // the thread's statistics box (Invision's top posters, popular days), the poster's online status
      'ctopicoverview', 'ctopicoverviewcontainer', 'ipstopicmeta', 'postsignature', 'postfootleft', 'online-status', 'user-status',
      // the sign-up pitch shown to guests between posts (NodeBB, Invision)
      'guest-cta', 'guest-cta-alert', 'cguestteaser', 'guest-teaser',
      // the engine's notice under the thread ("You must log in to answer this question", "Start asking to get answers")
      'bottom-notice', 'js-bottom-notice',
    ].join('|') +
    ')(?=$|[\\s_-])',
  'i',
);

/** A user card, an action bar or a signature is a few lines; a longer element so named wraps the post itself. */
const POST_CHROME_MAX_CHARS = 1200;

/**
 * The engine's preview card of a link in a post (Discourse onebox, XenForo unfurl): the linked page's title, site
 * name and blurb, not the poster's words (the link itself stays in the post).
 */
const LINK_PREVIEW_MARK = /(^|[\s_-])(onebox|unfurl|link-?preview|link-?card|embed-?card)(?=$|[\s_-])/i;
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

/**
 * Whole blocks the engines print between and around posts: counters ("2 Answers", "12 Posts 5 Posters 3.2k
 * Views"), sort controls ("Sorted by:"), action labels ("Reply with quote", "Add a comment"), log-in prompts
 * ("Create an account or sign in to comment"), thread navigation ("Return to General", "Go to topic listing",
 * "Who is online") and stamps ("Last edited: …", "Reactions: …", "Click to expand..."). Whole-block matches only.
 */
const FORUM_CHROME_LINE = new RegExp(
  '^(' +
    [
      // counters, alone or in a row ("Replies 154 Views 26.2k", "12 Posts 5 Posters 3.2k Views 2 Watching")
      '((\\d[\\d.,]*[km]? )?(answers?|replies|repl(y|ies) sorted [\\w ]+|comments?|posts?|posters|views|votes?|likes?|watching|followers|participants|users?)( \\d[\\d.,]*[km]?)?[ ·|,/]*)+',
      // sort controls and actions
      'sorted by:?( [\\w ()-]+)?', 'sort by:?( [\\w ()-]+)?', 'post a reply', 'reply with quote', 'reply', 'quote', 'multi-?quote', 'report( post| topic)?',
      'share( post| topic)?', 'permalink', 'top', 'back to top', 'add a comment( \\|)?', 'improve this (question|answer)', 'follow( this)? (question|topic|thread)',
      'click to (expand|shrink)\\.{0,3}…?',
      // the reply form's label, alone ("Kommentieren", "Leave a comment", "Laisser un commentaire")
      'kommentieren', 'kommentar (schreiben|verfassen|abgeben)', 'antworten', '(leave|write|post) a (reply|comment)', 'laisser un commentaire', 'commenter',
      '(deja|dejar|escribe) un comentario', 'comentar',
      // log-in and sign-up prompts
      '(create an account or sign in|sign in|log in|login|register|you must (log in|sign in|be logged in|be a member)|please (log in|sign in|register)) to (comment|reply|answer|post|join)[\\w ]*',
      // the same in German, French and Spanish ("Sie müssen sich einloggen, um sich an einer Diskussion beteiligen zu
      // können.", "Vous devez être connecté pour publier un commentaire.", "Debes iniciar sesión para comentar.")
      '(sie müssen sich|du musst dich|bitte) (einloggen|anmelden|registrieren),? um .{1,80}',
      'vous devez (être connecté|vous connecter|être inscrit) pour .{1,80}', '(debes|debe|tienes que) (iniciar sesión|estar registrado|registrarte) para .{1,80}',
      'register a new account', 'sign in now', 'sign up for a new account in our community\\. it\'?s easy!?',
      // thread navigation
      'return to .{1,60}', 'go to topic listing', 'jump to (content|page|post|latest)', 'who is online', 'users browsing this (forum|thread|topic).*',
      'suggested topics', 'similar (threads|topics|discussions)', '(previous|next) (topic|thread)',
      // the poster's stats as lines of their own ("Registered: 2024-01-27", "Posts: 73,365", "From: Brisbane, AU")
      '(registered|joined|join date|member since|posts|messages|reputation|reaction score|karma|points|location|from)\\s*:\\s*[\\w ,.\\/-]{1,40}',
      'online', 'offline', 'avatar for .{1,60}', 'reply #?\\d+',
      '(this|the) (discussion|thread|topic) (is|has been) (now )?(closed|locked|archived)[\\w ,.]*', 'scroll to see replies',
      // stamps
      'last edited( by [^:]{1,60})?:? .{1,60}', 'reactions: .{1,200}', '(\\d+ )?likes?', 'thread starter .{1,60}', 'start date .{1,40}',
    ].join('|') +
    ')\\s*[:.!?]*$',
  'i',
);

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

/**
 * Headings that open the thread's recirculation on a forum: "Suggested Topics", "Similar threads", "Related
 * questions", "Hot Network Questions", "More threads in …". The block they open goes (precision.ts).
 */
const FORUM_RELATED_HEADING =
  /^((suggested|similar|related|recommended|popular|recent|latest|other|trending) (topics|threads|questions|discussions|posts)( (in|on|from) .{1,60})?|hot network questions|linked( questions)?|more (topics|threads|discussions) (in|on|from) .{1,60}|check out other related discussions|you (may|might) also like)\s*[:.!?]?$/i;

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

const DATE_TEXT =
  /\b(\d+\s*(seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\s+ago|yesterday|today|(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})\b/i;
const AUTHOR_MARK = /(^|[\s_-])(author|username|user-?name|poster|postauthor|post-author|nick|nickname|byline|user-?link|user-?info|user-?details|creator|submitter|commenter|member-?name)(?=$|[\s_-])/i;
const PROFILE_HREF = /\/(u|user|users|member|members|profile|profiles|people|author|authors|~[\w.-]+)(\/|\.php|$)|[?&](u|user|userid|uid|member|memberid)=|memberlist\.php\?mode=viewprofile|\/@[\w.-]+/i;
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
