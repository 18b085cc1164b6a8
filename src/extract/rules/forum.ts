// Lexicons of discussion threads (forum.ts): post chrome, forum chrome lines, author and date marks.
import { lexicon, CLASS_TOKEN } from './lexicon.ts';

export const POST_CHROME_MARK = lexicon({
  id: 'forum.post-chrome',
  reason: 'Class/id tokens of post chrome, matched as whole tokens (BEM and camelCase spellings: `message-userExtras`, `userTitle`, `post-signature`). A token names the chrome element itself, never a wrapper of the post.',
  appliesTo: ['forum'],
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: 'i', terms: [
    'usertitle', 'userbanner', 'message-userextras', 'userextras', 'message-avatar', 'avatar', 'avatar-wrapper',
    'userstats', 'profile-rank', 'profile-posts', 'profile-joined', 'postprofile', 'ipsbadge', 'ipsbadges',
    'message-attribution-opposite', 'postcount', 'js-vote-count', 'vote-count', 'votecell', 'js-voting-container',
    'voting-container', 'post-menu', 'js-post-menu', 'post-buttons', 'post-tools', 'message-actionbar', 'actionbar',
    'reactionsbar', 'post-likes', 'message-lastedit', 'comment-links', 'comments-link', 'signature',
    'message-signature', 'post-signature', 'post-taglist', 'ctopicoverviewcontainer', 'ipstopicmeta', 'postsignature',
    'postfootleft', 'guest-cta', 'guest-cta-alert', 'cguestteaser', 'bottom-notice', 'js-bottom-notice',
  ] },
  example: 'message-signature',
  counterExample: 'message-body',
});

export const LINK_PREVIEW_MARK = lexicon({
  id: 'forum.link-preview',
  reason: 'The engine\'s preview card of a link in a post (Discourse onebox, XenForo unfurl): the linked page\'s title, site name and blurb, not the poster\'s words (the link itself stays in the post).',
  appliesTo: ['forum'],
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: 'i', terms: [
    'onebox', 'unfurl', 'link-?preview',
  ] },
  example: 'onebox',
  counterExample: 'inbox',
});

export const FORUM_CHROME_LINE = lexicon({
  id: 'forum.chrome-line',
  reason: 'Whole blocks the engines print between and around posts: counters ("2 Answers", "12 Posts 5 Posters 3.2k Views"), sort controls ("Sorted by:"), action labels ("Reply with quote", "Add a comment"), log-in prompts ("Create an account or sign in to comment"), thread navigation ("Return to General", "Go to topic listing", "Who is online") and stamps ("Last edited: …", "Reactions: …", "Click to expand..."). Whole-block matches only.',
  appliesTo: ['forum'],
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:.!?]*$', flags: 'i', terms: [
    '((\\d[\\d.,]*[km]? )?(answers?|replies|repl(y|ies) sorted [\\w ]+|comments?|posts?|posters|views|votes?|likes?|watching|followers|participants|users?)( \\d[\\d.,]*[km]?)?[ ·|,/]*)+',
    'sorted by:?( [\\w ()-]+)?', 'sort by:?( [\\w ()-]+)?', 'reply with quote', 'reply', 'quote',
    'report( post| topic)?', 'share( post| topic)?', 'permalink', 'top', 'add a comment( \\|)?',
    'click to (expand|shrink)\\.{0,3}…?', 'kommentieren', '(leave|write|post) a (reply|comment)',
    '(create an account or sign in|sign in|log in|login|register|you must (log in|sign in|be logged in|be a member)|please (log in|sign in|register)) to (comment|reply|answer|post|join)[\\w ]*',
    '(sie müssen sich|du musst dich|bitte) (einloggen|anmelden|registrieren),? um .{1,80}', 'return to .{1,60}',
    'go to topic listing', 'jump to (content|page|post|latest)', 'who is online',
    'users browsing this (forum|thread|topic).*', 'suggested topics',
    '(registered|joined|join date|member since|posts|messages|reputation|reaction score|karma|points|location|from)\\s*:\\s*[\\w ,.\\/-]{1,40}',
    'offline', 'avatar for .{1,60}', 'reply #?\\d+',
    '(this|the) (discussion|thread|topic) (is|has been) (now )?(closed|locked|archived)[\\w ,.]*',
    'scroll to see replies', 'last edited( by [^:]{1,60})?:? .{1,60}', 'reactions: .{1,200}', '(\\d+ )?likes?',
  ] },
  example: 'Replies 154 Views 26.2k',
  counterExample: 'I replied to the views above.',
});

export const FORUM_RELATED_HEADING = lexicon({
  id: 'forum.related-heading',
  reason: 'Headings that open the thread\'s recirculation on a forum: "Suggested Topics", "Similar threads", "Related questions", "Hot Network Questions", "More threads in …". The block they open goes (precision.ts).',
  appliesTo: ['forum'],
  match: { kind: 'pattern', shape: '^((%TERMS%) (topics|threads|questions|discussions|posts)( (in|on|from) .{1,60})?|hot network questions|linked( questions)?|more (topics|threads|discussions) (in|on|from) .{1,60}|check out other related discussions|you (may|might) also like)\\s*[:.!?]?$', flags: 'i', terms: [
    'suggested', 'similar', 'related', 'recommended', 'popular', 'recent', 'latest', 'other', 'trending',
  ] },
  example: 'Similar threads',
  counterExample: 'Similar threads are merged by moderators',
});

export const DATE_TEXT = lexicon({
  id: 'forum.date-text',
  reason: 'Date shapes a post prints ("3 hours ago", "May 3, 2024", "2024-05-03"): one of the marks of a post block in a thread.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(\\d+\\s*(seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\\s+ago|yesterday|today|(%TERMS%)[a-z]*\\.?\\s+\\d{1,2}(st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?,?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[./]\\d{1,2}[./]\\d{2,4})\\b', flags: 'i', terms: [
    'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  ] },
  example: 'Posted 3 hours ago',
  counterExample: 'Version 3.2 released',
});

export const AUTHOR_MARK = lexicon({
  id: 'forum.author-mark',
  reason: 'Class/id tokens of a post\'s author line: one of the marks of a post block in a thread.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: CLASS_TOKEN, flags: 'i', terms: [
    'author', 'username', 'user-?name', 'poster', 'post-author', 'nick', 'nickname', 'byline', 'user-?link',
    'user-?info', 'user-?details', 'creator', 'member-?name',
  ] },
  example: 'post-author',
  counterExample: 'authority-score',
});

export const PROFILE_HREF = lexicon({
  id: 'forum.profile-href',
  reason: 'Link shapes of a user profile (`/u/name`, `/members/name.123/`, `memberlist.php?mode=viewprofile`): a post names its author with such a link.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\/(%TERMS%)(\\/|\\.php|$)|[?&](u|user|userid|uid|member|memberid)=|memberlist\\.php\\?mode=viewprofile|\\/@[\\w.-]+', flags: 'i', terms: [
    'u', 'user', 'users', 'member', 'members', 'profile', 'profiles', 'people', 'author', 'authors', '~[\\w.-]+',
  ] },
  example: '/members/joe.123/',
  counterExample: '/blog/2024/post',
});
