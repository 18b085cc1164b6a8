// Forum and Q&A threads: every post is the content; what the forum engine prints around each post is not. The
// engines name that chrome alike (XenForo, phpBB, vBulletin, Invision, Discourse, Stack Exchange, NodeBB …): the
// poster's card (title, banner, join date, post count, location, avatar), the post's number and share links, vote
// counters, the action bar (reply / quote / report / like), reactions, "last edited" stamps, signatures and the tag
// list. The author's name and the post's date stay (they say who said what, and when). precision.ts applies these
// on forum pages only.
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
      'profile-custom-field', 'postprofile', 'rank-image', 'user-rank',
      // the post's number and share link, votes, actions, reactions, edit stamps
      'message-attribution-opposite', 'post-number', 'postcount', 'js-vote-count', 'vote-count', 'votecell', 'js-voting-container',
      'voting-container', 'post-menu', 'js-post-menu', 'post-buttons', 'post-actions', 'post-controls', 'post-tools', 'message-actionbar',
      'actionbar', 'reactionsbar', 'reactions-bar', 'post-likes', 'message-lastedit', 'post-edited', 'edited-by', 'ipscomment-tools',
      'comment-links', 'comments-link',
      // signatures and the thread's tag list
      'signature', 'signatures', 'message-signature', 'post-signature', 'user-signature', 'post-taglist',
      // the engine's notice under the thread ("You must log in to answer this question", "Start asking to get answers")
      'bottom-notice', 'js-bottom-notice',
    ].join('|') +
    ')(?=$|[\\s_-])',
  'i',
);

/** A user card, an action bar or a signature is a few lines; a longer element so named wraps the post itself. */
const POST_CHROME_MAX_CHARS = 1200;

/** Markup of a post's own text: an element holding one is the post, not its chrome. */
function holdsPostText(el: Element): boolean {
  return !!findFirst(el, (e) => e !== el && (attr(e, 'itemprop') === 'text' || attr(e, 'itemprop') === 'articleBody' || e.name === 'article'));
}

/** Whether `el` (holding `text` characters) is chrome around a forum post. */
export function isPostChrome(el: Element, text: number): boolean {
  if (text === 0 || text > POST_CHROME_MAX_CHARS || el.name === 'article' || el.name === 'main' || el.name === 'body') return false;
  const ci = classAndId(el);
  return !!ci && POST_CHROME_MARK.test(ci) && !holdsPostText(el);
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
