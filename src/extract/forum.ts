// Forum and Q&A threads: every post is the content; what the forum engine prints around each post is not. The
// engines name that chrome alike (XenForo, phpBB, vBulletin, Invision, Discourse, Stack Exchange, NodeBB …): the
// poster's card (title, banner, join date, post count, location, avatar), the post's number and share links, vote
// counters, the action bar (reply / quote / report / like), reactions, "last edited" stamps, signatures, the tag
// list and the preview cards of links. The author's name and the post's date stay (they say who said what, and
// when). precision.ts applies these on forum pages only.
import { Element, attr, classAndId, findFirst } from './dom.ts';

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
