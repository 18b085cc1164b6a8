// Forum and Q&A threads. The main content is every post — the opening post and every reply or answer — each with
// a short author/date line. Signatures, user stats, vote and share buttons, "log in to reply" prompts, related-thread
// tables, "who is online" boxes and sidebars are chrome.
import { cookieBanner, footer, headline, jsonLd, scripts, styleBlock, BASE_CSS } from './chrome.ts';
import { doc, esc, hashed, md2html, seeded, slug, type PageSpec, type Rand } from './lib.ts';

interface Post {
  author: string;
  date: string;
  body: string;
  votes?: number;
  accepted?: boolean;
}

interface Thread {
  id: string;
  lang: 'en' | 'de' | 'fr' | 'es';
  site: string;
  title: string;
  posts: Post[];
}

function expectedOf(t: Thread): string {
  return `# ${t.title}\n\n${t.posts.map((p) => `**${p.author}** · ${p.date}\n\n${p.body.trim()}`).join('\n\n')}\n`;
}

const SIGS = ['Scope: 8" Dobsonian, 80mm ED refractor on a wobbly mount', 'If it ain\'t broke, take it apart and find out why', '-- sent from my kitchen table', 'Member since the dial-up days', '“Measure twice, post once.”', 'My builds: see profile'];

/** A poster's index in the thread (first appearance), so one user keeps one rank, join date and post count. */
const who = (t: Thread, author: string): number => t.posts.findIndex((p) => p.author === author);

const headOf = (t: Thread, r: Rand): string => `${styleBlock(BASE_CSS)}${jsonLd({ '@type': 'DiscussionForumPosting', headline: t.title, author: { '@type': 'Person', name: t.posts[0].author }, commentCount: t.posts.length - 1 })}${scripts(r)}`;

function phpbb(t: Thread): string {
  const r = seeded(31);
  const posts = t.posts
    .map((p, i) => {
      const u = who(t, p.author);
      const id = 48210 + i * 7;
      return `<div id="p${id}" class="post has-profile ${u % 2 ? 'bg1' : 'bg2'}"><div class="inner">
<dl class="postprofile" id="profile${id}"><dt class="has-profile-rank has-avatar"><div class="avatar-container"><a href="./memberlist.php?mode=viewprofile&amp;u=${300 + u}" class="avatar"><img class="avatar" src="./download/file.php?avatar=${300 + u}.png" width="90" height="90" alt="User avatar"></a></div><a href="./memberlist.php?mode=viewprofile&amp;u=${300 + u}" class="username">${esc(p.author)}</a></dt>
<dd class="profile-rank">${['Moderator', 'Posts: a lot', 'Vendor', 'New member', 'Supporter'][u % 5]}</dd><dd class="profile-posts"><strong>Posts:</strong> <a href="./search.php?author_id=${300 + u}&amp;sr=posts">${(u * 977 + 131) % 5000}</a></dd><dd class="profile-joined"><strong>Joined:</strong> ${['Tue Mar 02, 2010', 'Sat Jan 14, 2017', 'Wed Sep 08, 2021', 'Mon Apr 01, 2024'][u % 4]}</dd><dd class="profile-custom-field profile-phpbb_location"><strong>Location:</strong> ${['Dark site, mostly', 'Cumbria', 'Bavaria', 'Ontario'][u % 4]}</dd></dl>
<div class="postbody"><div id="post_content${id}">
<h3${i === 0 ? ' class="first"' : ''}><a href="#p${id}">${i === 0 ? '' : 'Re: '}${esc(t.title)}</a></h3>
<ul class="post-buttons"><li><a href="./posting.php?mode=quote&amp;p=${id}" title="Reply with quote" class="button button-icon-only"><i class="icon fa-quote-left fa-fw" aria-hidden="true"></i><span>Quote</span></a></li></ul>
<p class="author"><a class="unread" href="./viewtopic.php?p=${id}#p${id}" title="Post"><i class="icon fa-file fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">Post</span></a><span class="responsive-hide">by <strong><a href="./memberlist.php?mode=viewprofile&amp;u=${300 + u}" class="username">${esc(p.author)}</a></strong> » </span><time datetime="2025-02-0${i + 1}T20:14:00+00:00">${esc(p.date)}</time></p>
<div class="content">${md2html(p.body, { quote: (h) => `<blockquote><div><cite>${esc(t.posts[0].author)} wrote: <a href="#p48210">↑</a></cite>${h}</div></blockquote>` })}</div>
${u % 2 === 0 ? `<div id="sig${id}" class="signature">${esc(SIGS[u % SIGS.length])}</div>` : ''}
</div></div><div class="back2top"><a href="#top" class="top" title="Top"><i class="icon fa-chevron-circle-up fa-fw icon-gray" aria-hidden="true"></i><span class="sr-only">Top</span></a></div></div></div>
<hr class="divider">`;
    })
    .join('\n');
  const body = `<div id="wrap" class="wrap"><a id="top" class="top-anchor" accesskey="t"></a>
<div id="page-header"><div class="headerbar" role="banner"><div class="inner"><div id="site-description" class="site-description"><a id="logo" class="logo" href="./index.php" title="Board index"><span class="site_logo"></span></a><h1>${esc(t.site)}</h1><p>Amateur astronomy, equipment and observing reports</p></div>
<div id="search-box" class="search-box search-header" role="search"><form action="./search.php" method="get" id="search"><fieldset><input name="keywords" id="keywords" type="search" maxlength="128" title="Search for keywords" class="inputbox search tiny" size="20" placeholder="Search…"><button class="button button-search" type="submit" title="Search">Search</button></fieldset></form></div></div></div>
<div class="navbar" role="navigation"><div class="inner"><ul id="nav-main" class="nav-main linklist" role="menubar"><li class="quick-links"><a href="#">Quick links</a></li><li data-skip-responsive="true"><a href="/app.php/help/faq" rel="help" title="Frequently Asked Questions" role="menuitem">FAQ</a></li><li class="rightside" data-skip-responsive="true"><a href="./ucp.php?mode=login" title="Login" accesskey="x" role="menuitem">Login</a></li><li class="rightside" data-skip-responsive="true"><a href="./ucp.php?mode=register" role="menuitem">Register</a></li></ul>
<ul id="nav-breadcrumbs" class="nav-breadcrumbs linklist navlinks" role="menubar"><li class="breadcrumbs"><span class="crumb"><a href="./index.php" accesskey="h">Board index</a></span><span class="crumb"><a href="./viewforum.php?f=4">Equipment</a></span><span class="crumb"><a href="./viewforum.php?f=12">Reflectors &amp; Dobsonians</a></span></li></ul></div></div></div>
<div id="page-body" class="page-body" role="main">
<h2 class="topic-title"><a href="./viewtopic.php?t=9921">${esc(t.title)}</a></h2>
<div class="action-bar bar-top"><a href="./posting.php?mode=reply&amp;t=9921" class="button" title="Post a reply"><span>Post Reply</span> <i class="icon fa-reply fa-fw" aria-hidden="true"></i></a><div class="search-box" role="search"><form method="get" id="topic-search" action="./search.php"><input class="inputbox search tiny" type="search" name="keywords" size="20" placeholder="Search this topic…"></form></div><div class="pagination">${t.posts.length} posts • Page <strong>1</strong> of <strong>1</strong></div></div>
${posts}
<div class="action-bar bar-bottom"><a href="./posting.php?mode=reply&amp;t=9921" class="button"><span>Post Reply</span></a><div class="pagination">${t.posts.length} posts • Page <strong>1</strong> of <strong>1</strong></div></div>
<div class="action-bar actions-jump"><p class="jumpbox-return"><a href="./viewforum.php?f=12" class="left-box arrow-left" accesskey="r"><span>Return to “Reflectors &amp; Dobsonians”</span></a></p><div class="jumpbox dropdown-container"><span class="title">Jump to</span><ul class="dropdown-contents">${['Observing reports', 'Equipment', 'Reflectors & Dobsonians', 'Refractors', 'Mounts', 'Astrophotography', 'Classifieds', 'Off topic'].map((x, i) => `<li><a href="./viewforum.php?f=${i + 2}" class="jumpbox-sub-link">↳ &nbsp; ${esc(x)}</a></li>`).join('')}</ul></div></div>
<div class="stat-block online-list"><h3>Who is online</h3><p>Users browsing this forum: ${['Bing [Bot]', 'Google [Bot]', 'nightowl', 'ringnebula'].join(', ')} and 14 guests</p></div>
</div>
<div id="page-footer" class="page-footer" role="contentinfo"><div class="navbar" role="navigation"><div class="inner"><ul id="nav-footer" class="nav-footer linklist" role="menubar"><li class="breadcrumbs"><span class="crumb"><a href="./index.php">Board index</a></span></li><li class="rightside">All times are <span title="UTC">UTC</span></li><li class="rightside"><a href="./ucp.php?mode=delete_cookies">Delete cookies</a></li><li class="rightside"><a href="./memberlist.php?mode=team">The team</a></li></ul></div></div>
<div class="copyright">Powered by <a href="https://www.phpbb.com/">phpBB</a>® Forum Software © phpBB Limited<br>Privacy | Terms</div></div></div>`;
  return doc({ lang: t.lang, title: `${t.title} - ${t.site}`, head: headOf(t, r), bodyAttrs: 'id="phpbb" class="nojs notouch section-viewtopic ltr"', body });
}

function vbulletin(t: Thread): string {
  const r = seeded(32);
  const posts = t.posts
    .map((p, i) => {
      const u = who(t, p.author);
      const id = 771040 + i * 13;
      return `<li class="postbitlegacy postbitim postcontainer old" id="post_${id}">
<div class="posthead"><span class="postdate old"><span class="date">${esc(p.date)}</span></span><span class="nodecontrols"><a name="post${id}" href="showthread.php?p=${id}#post${id}" class="postcounter">#${i + 1}</a><a id="postcount${id}" name="${i + 1}"></a></span></div>
<div class="postdetails"><div class="userinfo"><div class="username_container"><div class="popupmenu memberaction"><a class="username offline popupctrl" href="member.php?u=${5000 + u}" title="${esc(p.author)} is offline"><strong>${esc(p.author)}</strong></a></div><img class="inlineimg onlinestatus" src="images/statusicon/user-offline.png" alt="${esc(p.author)} is offline" border="0"></div>
<span class="usertitle">${['Senior Member', 'Registered User', 'Super Moderator', 'Junior Member'][u % 4]}</span><a class="postuseravatar" href="member.php?u=${5000 + u}"><img src="customavatars/avatar${5000 + u}_2.gif" alt="" title=""></a><hr>
<dl class="userinfo_extra"><dt>Join Date</dt><dd>${['Mar 2008', 'Nov 2013', 'Jun 2019', 'Jan 2022'][u % 4]}</dd><dt>Location</dt><dd>${['Leeds', 'Ohio', 'Perth WA', 'Cork'][u % 4]}</dd><dt>Posts</dt><dd>${((u * 1789 + 40) % 9000).toLocaleString('en')}</dd></dl></div>
<div class="postbody"><div class="postrow"><h2 class="title icon">${i === 0 ? esc(t.title) : ''}</h2><div class="content"><div id="post_message_${id}"><blockquote class="postcontent restore ">
${md2html(p.body, { p: (h) => `${h}<br><br>`, list: (o, items) => `<${o ? 'ol class="decimal"' : 'ul'}>${items.map((x) => `<li style="">${x}</li>`).join('')}</${o ? 'ol' : 'ul'}>`, quote: (h) => `<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container"><div class="bbcode_quote_container"></div>${h}</div></div></div>` })}
</blockquote></div></div></div>
${i !== 1 ? `<div class="after_content"><blockquote class="signature restore"><div class="signaturecontainer">${esc(SIGS[(i + 1) % SIGS.length])}</div></blockquote></div>` : ''}
<div class="cleardiv"></div></div></div>
<div class="postfoot"><div class="textcontrols floatcontainer"><span class="postcontrols"><a id="qrwq_${id}" class="newreply" href="newreply.php?do=newreply&amp;p=${id}" rel="nofollow" title="Reply With Quote"><img id="quoteimg_${id}" src="clear.gif" alt="Reply With Quote"> Reply With Quote</a></span><span class="postlinking"><a href="report.php?p=${id}" rel="nofollow" title="Report Post"><img src="images/buttons/report-40b.png" alt="Report Post"></a></span></div></div><hr>
</li>`;
    })
    .join('\n');
  const similar = Array.from({ length: 5 }, (_, i) => `<tr><td class="alt1" align="left"><span class="smallfont"><a href="showthread.php?t=${60000 + i * 17}" title="">${esc(['Rough idle after warm up', 'Idle hunting on cold mornings', 'Vacuum leak hunting tips', 'ICV cleaning how-to', 'Stalls at junctions when hot'][i])}</a></span></td><td class="alt2" nowrap="nowrap"><span class="smallfont">${['gearhead', 'rusty_sill', 'Mr Fixit', 'kat', 'TwinCam'][i]}</span></td><td class="alt1" nowrap="nowrap"><span class="smallfont">Engine &amp; Mechanical</span></td><td class="alt2" align="center"><span class="smallfont">${Math.floor(r() * 40)}</span></td><td class="alt1" align="right"><span class="smallfont">0${i + 1}-0${i + 2}-2024 <span class="time">10:1${i} PM</span></span></td></tr>`).join('');
  const body = `<div class="above_body"><div id="header" class="floatcontainer doc_header"><div><a name="top" href="forum.php" class="logo-image"><img src="images/misc/vbulletin4_logo.png" alt="${esc(t.site)}"></a></div>
<div id="toplinks" class="toplinks"><ul class="nouser"><li><a href="register.php" rel="nofollow">Register</a></li><li><a rel="help" href="faq.php">Help</a></li><li><script type="text/javascript" src="clientscript/vbulletin_md5.js?v=424"></script><form id="navbar_loginform" action="login.php?do=login" method="post"><fieldset id="logindetails" class="logindetails"><input type="text" class="textbox default-value" name="vb_login_username" id="navbar_username" size="10" accesskey="u" tabindex="101" value="User Name"><input type="submit" class="loginbutton" tabindex="104" value="Log in" title="Enter your username and password in the boxes provided to login, or click the 'register' button to create a profile for yourself." accesskey="s"></fieldset></form></li></ul></div></div>
<div id="navbar" class="navbar"><ul id="navtabs" class="navtabs floatcontainer"><li class="selected"><a class="navtab" href="forum.php">Forum</a><ul class="floatcontainer"><li><a href="search.php?do=getdaily&amp;contenttype=vBForum_Post">Today's Posts</a></li><li><a href="faq.php">FAQ</a></li><li><a href="calendar.php">Calendar</a></li><li class="popupmenu"><a href="javascript://" class="popupctrl">Forum Actions</a></li><li class="popupmenu"><a href="javascript://" class="popupctrl">Quick Links</a></li></ul></li><li><a class="navtab" href="search.php?do=getnew&amp;contenttype=vBForum_Post">What's New?</a></li></ul></div></div>
<div class="body_wrapper"><div id="breadcrumb" class="breadcrumb"><ul class="floatcontainer"><li class="navbithome"><a href="index.php" accesskey="1"><img src="images/misc/navbit-home.png" alt="Home"></a></li><li class="navbit"><a href="forum.php">Forum</a></li><li class="navbit"><a href="forumdisplay.php?f=7">Engine &amp; Mechanical</a></li><li class="navbit lastnavbit"><span>${esc(t.title)}</span></li></ul><hr></div>
<div id="pagetitle"><h1>Thread: <span class="threadtitle"><a href="showthread.php?t=58812" title="Reload this Page">${esc(t.title)}</a></span></h1></div>
<div id="thread_controls" class="thread_controls toolsmenu"><div><ul id="postlist_popups" class="postlist_popups popupgroup"><li class="popupmenu" id="threadtools"><h6><a class="popupctrl" href="javascript://">Thread Tools</a></h6></li><li class="popupmenu searchthread menusearch" id="searchthread"><h6><a class="popupctrl" href="search.php?searchthreadid=58812">Search Thread</a></h6></li><li class="popupmenu" id="displaymodes"><h6><a class="popupctrl" href="javascript://">Display</a></h6></li></ul></div></div>
<div id="postlist" class="postlist restrain"><ol id="posts" class="posts" start="1">
${posts}
</ol></div>
<div id="below_postlist" class="noinlinemod below_postlist"><a href="newreply.php?p=771040&amp;noquote=1" class="newcontent_textcontrol" id="newreplylink_bottom"><span>+</span> Reply to Thread</a></div>
<div id="similar_threads"><h4 class="threadinfohead blockhead">Similar Threads</h4><div id="similar_threads_list" class="thread_info_block blockbody formcontrols"><table class="similar_threads" cellpadding="0" cellspacing="0" border="0" width="100%"><tr class="similar_threads_header"><th>Thread</th><th>Thread Starter</th><th>Forum</th><th>Replies</th><th>Last Post</th></tr>${similar}</table></div></div>
<div class="navpopupmenu popupmenu nohovermenu" id="navpopup"><a href="javascript://" class="popupctrl"><span class="ctrlcontainer">Quick Navigation</span></a> <a href="showthread.php?t=58812#top" class="textcontrol" onclick="document.location.hash='top';return false;">Top</a></div>
<div class="options_block_container"><div class="options_block"><h4 class="collapse blockhead options_correct">Posting Permissions</h4><div class="thread_info_block blockbody formcontrols floatcontainer options_correct"><div id="forumrules" class="info_subblock"><ul class="youcandoblock"><li>You <strong>may not</strong> post new threads</li><li>You <strong>may not</strong> post replies</li><li>You <strong>may not</strong> post attachments</li><li>You <strong>may not</strong> edit your posts</li></ul></div></div></div></div></div>
<div id="footer" class="floatcontainer footer"><ul id="footer_links" class="footer_links"><li><a href="sendmessage.php" rel="nofollow" accesskey="9">Contact Us</a></li><li><a href="archive/index.php">Archive</a></li><li><a href="privacy.php">Privacy Statement</a></li><li><a href="#top" onclick="document.location.hash='top'; return false;">Top</a></li></ul></div>
<div id="footer_copyright" class="shade footer_copyright">Powered by <a href="https://www.vbulletin.com" id="vbulletinlink">vBulletin®</a> Version 4.2.5 Copyright © 2025 vBulletin Solutions, Inc. All rights reserved.</div>
<div id="footer_time" class="shade footer_time">All times are GMT. The time now is <span class="time">11:42 PM</span>.</div>`;
  return doc({ lang: t.lang, title: `${t.title}`, head: `${headOf(t, r)}<meta name="generator" content="vBulletin 4.2.5">`, body });
}

function discourse(t: Thread): string {
  const r = seeded(33);
  const posts = t.posts
    .map(
      (p, i) => `<div id="post_${i + 1}" ${i === 0 ? '' : 'itemprop="comment" itemscope itemtype="http://schema.org/Comment"'} class="topic-body crawler-post">
<div class="crawler-post-meta"><span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" rel="nofollow" href="/u/${slug(p.author)}"><span itemprop="name">${esc(p.author)}</span></a>${i === 0 ? '' : ''}</span>
<link itemprop="mainEntityOfPage" href="/t/${slug(t.title)}/4417"><span class="crawler-post-infos"><time itemprop="datePublished" datetime="2025-04-0${i + 1}T10:0${i}:00Z" class="post-time">${esc(p.date)}</time><meta itemprop="dateModified" content="2025-04-0${i + 1}T10:0${i}:00Z"><span itemprop="position">${i + 1}</span></span></div>
<div class="post" itemprop="${i === 0 ? 'articleBody' : 'text'}">
${md2html(p.body, { code: (lang, code) => `<pre><code class="lang-${lang || 'plaintext'}">${esc(code)}</code></pre>`, quote: (h) => `<aside class="quote no-group" data-username="${esc(t.posts[0].author)}" data-post="1" data-topic="4417"><div class="title"><div class="quote-controls"></div><img alt="" width="24" height="24" src="/user_avatar/x.png" class="avatar"> ${esc(t.posts[0].author)}:</div><blockquote><p>${h}</p></blockquote></aside>` })}
</div>
<div itemprop="interactionStatistic" itemscope itemtype="http://schema.org/InteractionCounter"><meta itemprop="interactionType" content="http://schema.org/LikeAction"><meta itemprop="userInteractionCount" content="${i + 2}"><span class="post-likes">${i + 2} Likes</span></div>
</div>`,
    )
    .join('\n');
  const related = Array.from({ length: 5 }, (_, i) => `<tr><td><a href="/t/${4000 + i}">${esc(['Env vars ignored after upgrade', 'Config file not found in container', 'How to override nested keys from the CLI?', 'v3 migration checklist', 'Secrets in config: best practice?'][i])}</a><div class="topic-category"><span class="category-name">Help</span></div></td><td class="replies">${Math.floor(r() * 20)}</td><td class="views">${Math.floor(r() * 3000)}</td><td class="activity">${['Mar 2025', 'Jan 2025', 'Nov 2024', 'Feb 2025', 'Dec 2024'][i]}</td></tr>`).join('');
  const body = `<header class="d-header"><div class="wrap"><div class="contents"><div class="header-buttons"><a href="/login" class="btn btn-primary btn-small login-button">Log In</a></div><div class="title"><a href="/"><img src="/uploads/default/original/1X/logo.svg" alt="${esc(t.site)}" id="site-logo"></a></div></div></div></header>
<div id="main-outlet" class="wrap" role="main">
<div id="topic-title"><h1><a href="/t/${slug(t.title)}/4417">${esc(t.title)}</a></h1><div class="topic-category" itemscope itemtype="http://schema.org/BreadcrumbList"><span itemprop="itemListElement" itemscope itemtype="http://schema.org/ListItem"><a href="/c/help/5" class="badge-wrapper bullet" itemprop="item"><span class="badge-category-bg" style="background-color: #25AAE2"></span><span class="badge-category clear-badge"><span class="category-name" itemprop="name">Help</span></span></a><meta itemprop="position" content="1"></span></div><div class="topic-list-tags"><a href="/tag/config" class="discourse-tag">config</a> <a href="/tag/migration" class="discourse-tag">migration</a></div></div>
<div itemscope itemtype="http://schema.org/DiscussionForumPosting"><meta itemprop="headline" content="${esc(t.title)}"><link itemprop="url" href="/t/${slug(t.title)}/4417"><meta itemprop="datePublished" content="2025-04-01T10:00:00Z">
${posts}
</div>
<div id="related-topics" class="more-topics__list" role="complementary" aria-labelledby="related-topics-title"><h3 id="related-topics-title" class="more-topics__list-title">Related topics</h3><div class="topic-list-container" itemscope itemtype="http://schema.org/ItemList"><table class="topic-list"><thead><tr><th>Topic</th><th></th><th class="replies">Replies</th><th class="views">Views</th><th>Activity</th></tr></thead><tbody>${related}</tbody></table></div></div>
</div>
<footer class="container wrap"><nav class="crawler-nav"><ul><li itemscope itemtype="http://schema.org/SiteNavigationElement"><span itemprop="name"><a href="/" itemprop="url">Home </a></span></li><li><span itemprop="name"><a href="/categories" itemprop="url">Categories </a></span></li><li><span itemprop="name"><a href="/guidelines" itemprop="url">Guidelines </a></span></li><li><span itemprop="name"><a href="/tos" itemprop="url">Terms of Service </a></span></li><li><span itemprop="name"><a href="/privacy" itemprop="url">Privacy Policy </a></span></li></ul></nav><p class="powered-by-link">Powered by <a href="https://www.discourse.org">Discourse</a>, best viewed with JavaScript enabled</p></footer>`;
  return doc({ lang: t.lang, title: `${t.title} - Help - ${t.site}`, head: `${headOf(t, r)}<meta name="generator" content="Discourse 3.4.0 - https://github.com/discourse/discourse version 3.4.0">`, bodyAttrs: 'class="crawler"', body });
}

function xenforo(t: Thread): string {
  const r = seeded(34);
  const posts = t.posts
    .map((p, i) => {
      const u = who(t, p.author);
      const id = 903311 + i * 5;
      return `<article class="message message--post js-post js-inlineModContainer" data-author="${esc(p.author)}" data-content="post-${id}" id="js-post-${id}" itemscope itemtype="https://schema.org/Comment" itemid="/posts/${id}/">
<span class="u-anchorTarget" id="post-${id}"></span><div class="message-inner">
<div class="message-cell message-cell--user"><section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person"><div class="message-avatar"><div class="message-avatar-wrapper"><a href="/members/${slug(p.author)}.${200 + u}/" class="avatar avatar--m" data-user-id="${200 + u}"><img src="/data/avatars/m/0/${200 + u}.jpg" alt="${esc(p.author)}" class="avatar-u${200 + u}-m" width="96" height="96" loading="lazy"></a></div></div>
<div class="message-userDetails"><h4 class="message-name"><a href="/members/${slug(p.author)}.${200 + u}/" class="username" dir="auto" data-user-id="${200 + u}" itemprop="name">${esc(p.author)}</a></h4><h5 class="userTitle message-userTitle" dir="auto" itemprop="jobTitle">${['Well-known member', 'New member', 'Staff member', 'Member'][u % 4]}</h5></div>
<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>${['Jun 12, 2016', 'Feb 3, 2025', 'Oct 30, 2019', 'May 5, 2022'][u % 4]}</dd></dl><dl class="pairs pairs--justified"><dt>Messages</dt><dd>${(u * 733 + 57) % 4000}</dd></dl><dl class="pairs pairs--justified"><dt>Reaction score</dt><dd>${(u * 97 + 12) % 900}</dd></dl></div><span class="message-userArrow"></span></section></div>
<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget"><header class="message-attribution message-attribution--split"><ul class="message-attribution-main listInline"><li class="u-concealed"><a href="/threads/${slug(t.title)}.7781/post-${id}" rel="nofollow" itemprop="url"><time class="u-dt" dir="auto" datetime="2025-01-1${i}T18:22:00+0000" data-time="1736792520" title="${esc(p.date)}" itemprop="datePublished">${esc(p.date)}</time></a></li></ul><ul class="message-attribution-opposite message-attribution-opposite--list"><li><a href="/threads/${slug(t.title)}.7781/post-${id}" class="message-attribution-gadget" data-xf-init="share-tooltip" rel="nofollow"><i class="fa--xf far fa-share-alt" aria-hidden="true"></i></a></li><li><a href="/threads/${slug(t.title)}.7781/post-${id}" rel="nofollow">#${i + 1}</a></li></ul></header>
<div class="message-content js-messageContent"><div class="message-userContent lbContainer js-lbContainer" data-lb-id="post-${id}"><article class="message-body js-selectToQuote"><div itemprop="text"><div class="bbWrapper">${md2html(p.body, { p: (h) => `${h}<br><br>`, quote: (h) => `<blockquote data-attributes="" data-quote="${esc(t.posts[0].author)}" data-source="post: 903311" class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch"><div class="bbCodeBlock-title"><a href="/goto/post?id=903311" class="bbCodeBlock-sourceJump" rel="nofollow">${esc(t.posts[0].author)} said:</a></div><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent">${h}</div><div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>` })}</div></div><div class="js-selectToQuoteEnd">&nbsp;</div></article></div>
${u % 2 === 0 ? `<aside class="message-signature"><div class="bbWrapper">${esc(SIGS[(i + 2) % SIGS.length])}<br>Tanks: 60L planted, 20L shrimp</div></aside>` : ''}</div>
<footer class="message-footer"><div class="message-actionBar actionBar"><div class="actionBar-set actionBar-set--external"><a href="/posts/${id}/react?reaction_id=1" class="reaction reaction--small actionBar-action actionBar-action--reaction" data-reaction-id="1" rel="nofollow"><i aria-hidden="true"></i><span class="reaction-text js-reactionText"><bdi>Like</bdi></span></a><a href="/threads/${slug(t.title)}.7781/reply?quote=${id}" class="actionBar-action actionBar-action--reply" title="Reply, quoting this message" rel="nofollow" data-xf-click="quote">Reply</a></div><div class="actionBar-set actionBar-set--internal"><a href="/posts/${id}/report" class="actionBar-action actionBar-action--report" data-xf-click="overlay">Report</a></div></div>
<div class="reactionsBar js-reactionsList is-active"><ul class="reactionSummary"><li><span class="reaction reaction--small reaction--1" data-reaction-id="1"><i aria-hidden="true"></i></span></li></ul><span class="u-srOnly">Reactions:</span><a class="reactionsBar-link" href="/posts/${id}/reactions" rel="nofollow"><bdi>${['fishfan', 'Nadia', 'shrimply'][u % 3]}</bdi> and ${i + 1} others</a></div></footer></div></div></div></article>`;
    })
    .join('\n');
  const body = `<div class="p-pageWrapper" id="top"><header class="p-header" id="header"><div class="p-header-inner"><div class="p-header-content"><div class="p-header-logo p-header-logo--image"><a href="/"><img src="/styles/default/xenforo/xenforo-logo.png" alt="${esc(t.site)}" width="100" height="36"></a></div></div></div></header>
<div class="p-navSticky p-navSticky--primary" data-xf-init="sticky-header"><nav class="p-nav"><div class="p-nav-inner"><div class="p-nav-scroller hScroller"><div class="hScroller-scroll"><ul class="p-nav-list js-offCanvasNavSource">${['Home', 'Forums', "What's new", 'Media', 'Members'].map((x) => `<li><div class="p-navEl"><a href="/${slug(x)}/" class="p-navEl-link" data-nav-id="${slug(x)}">${esc(x)}</a></div></li>`).join('')}</ul></div></div><div class="p-nav-opposite"><div class="p-navgroup p-account p-navgroup--guest"><a href="/login/" class="p-navgroup-link p-navgroup-link--textual p-navgroup-link--logIn" rel="nofollow" data-xf-click="overlay"><span class="p-navgroup-linkText">Log in</span></a><a href="/register/" class="p-navgroup-link p-navgroup-link--textual p-navgroup-link--register" rel="nofollow" data-xf-click="overlay"><span class="p-navgroup-linkText">Register</span></a></div></div></div></nav></div>
<div class="p-body"><div class="p-body-inner"><ul class="p-breadcrumbs" itemscope itemtype="https://schema.org/BreadcrumbList"><li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a href="/forums/" itemprop="item"><span itemprop="name">Forums</span></a></li><li><a href="/forums/#freshwater.3"><span>Freshwater</span></a></li><li><a href="/forums/beginners.14/"><span>Beginners' corner</span></a></li></ul>
<div class="p-body-header"><div class="p-title "><h1 class="p-title-value">${esc(t.title)}</h1></div><div class="p-description"><ul class="listInline listInline--bullet"><li><i class="fa--xf far fa-user" aria-hidden="true" title="Thread starter"></i><span class="u-srOnly">Thread starter</span><a href="/members/x/" class="username u-concealed">${esc(t.posts[0].author)}</a></li><li><i class="fa--xf far fa-clock" aria-hidden="true" title="Start date"></i><span class="u-srOnly">Start date</span><a href="/threads/x/" class="u-concealed"><time class="u-dt">${esc(t.posts[0].date)}</time></a></li></ul></div></div>
<div class="p-body-main"><div class="p-body-content"><div class="p-body-pageContent"><div class="block block--messages" data-xf-init="" data-type="post" data-href="/inline-mod/" data-search-target="*"><div class="block-outer"><div class="block-outer-opposite"><div class="buttonGroup"><a href="/threads/x/watch" class="button--link button" data-xf-click="switch-overlay"><span class="button-text">Watch</span></a></div></div></div>
<div class="block-container lbContainer"><div class="block-body js-replyNewMessageContainer">
${posts}
</div></div></div>
<div class="block block--messages"><div class="block-container"><div class="block-body"><div class="block-row block-row--separated">You must log in or register to reply here.</div></div></div></div>
<div class="block"><div class="block-container"><h3 class="block-minorHeader">Similar threads</h3><div class="block-body">${Array.from({ length: 4 }, (_, i) => `<div class="structItem structItem--thread"><div class="structItem-cell structItem-cell--main"><div class="structItem-title"><a href="/threads/${i}/">${esc(['Milky water after water change', 'Bacterial bloom or algae?', 'How long to cycle a 60 litre tank', 'Ammonia stuck at 0.5 ppm'][i])}</a></div><div class="structItem-minor"><ul class="structItem-parts"><li>${['reefless', 'Tom B', 'guppyguy', 'Lise'][i]}</li><li>Replies: ${Math.floor(r() * 30)}</li><li>Beginners' corner</li></ul></div></div></div>`).join('')}</div></div></div>
<div class="shareButtons shareButtons--iconic"><span class="shareButtons-label">Share:</span><div class="shareButtons-buttons"><a class="shareButtons-button shareButtons-button--brand shareButtons-button--facebook" data-href="https://www.facebook.com/sharer.php?u={url}"><span>Facebook</span></a><a class="shareButtons-button shareButtons-button--brand shareButtons-button--twitter" data-href="https://twitter.com/intent/tweet?url={url}&amp;text={title}"><span>X</span></a><a class="shareButtons-button shareButtons-button--share is-hidden"><span>Share</span></a><a class="shareButtons-button shareButtons-button--link is-hidden" data-clipboard="{url}"><span>Link</span></a></div></div>
</div></div></div></div></div>
<footer class="p-footer" id="footer"><div class="p-footer-inner"><div class="p-footer-row"><div class="p-footer-row-opposite"><ul class="p-footer-linkList"><li><a href="/misc/contact" data-xf-click="overlay">Contact us</a></li><li><a href="/help/terms/">Terms and rules</a></li><li><a href="/help/privacy-policy/">Privacy policy</a></li><li><a href="/help/">Help</a></li><li><a href="/forums/-/index.rss" target="_blank" class="p-footer-rssLink" title="RSS"><span aria-hidden="true"><i class="fa--xf far fa-rss" aria-hidden="true"></i><span class="u-srOnly">RSS</span></span></a></li></ul></div></div><div class="p-footer-copyright"><a href="https://xenforo.com" class="u-concealed" dir="ltr" target="_blank" rel="sponsored noopener">Community platform by XenForo<sup>®</sup> <span class="copyright">© 2010-2025 XenForo Ltd.</span></a></div></div></footer></div>`;
  return doc({ lang: t.lang, title: `${t.title} | ${t.site}`, head: headOf(t, r), bodyAttrs: 'data-template="thread_view"', body });
}

function stackExchange(t: Thread): string {
  const r = seeded(35);
  const voteCell = (n: number, accepted: boolean): string =>
    `<div class="votecell post-layout--left"><div class="js-voting-container d-flex jc-center fd-column ai-center gs4 fc-black-300" data-post-id="${n}"><button class="js-vote-up-btn flex--item s-btn s-btn__unset c-pointer" data-controller="s-tooltip" data-s-tooltip-placement="right" aria-pressed="false" aria-label="Up vote" data-selected-classes="fc-theme-primary" data-unselected-classes=""><svg aria-hidden="true" class="svg-icon iconArrowUpLg" width="36" height="36" viewBox="0 0 36 36"><path d="M2 25h32L18 9 2 25Z"></path></svg></button><div class="js-vote-count flex--item d-flex fd-column ai-center fc-theme-body-font fw-bold fs-subheading py4" itemprop="upvoteCount" data-value="${n}">${n}</div><button class="js-vote-down-btn flex--item s-btn s-btn__unset c-pointer" aria-pressed="false" aria-label="Down vote"><svg aria-hidden="true" class="svg-icon iconArrowDownLg" width="36" height="36" viewBox="0 0 36 36"><path d="M2 11h32L18 27 2 11Z"></path></svg></button>${accepted ? '<div class="js-accepted-answer-indicator flex--item fc-green-400 py6 mtn8" data-s-tooltip-placement="right" title="Loading when this answer was accepted…" tabindex="0" role="note" aria-label="Accepted"><div class="ta-center"><svg aria-hidden="true" class="svg-icon iconCheckmarkLg" width="36" height="36" viewBox="0 0 36 36"><path d="m6 14 8 8L30 6v8L14 30l-8-8v-8Z"></path></svg></div></div>' : ''}<a class="js-post-issue flex--item s-btn s-btn__unset c-pointer py6 mx-auto" href="/posts/${n}/timeline" aria-label="Timeline"><svg aria-hidden="true" class="mln2 mr0 svg-icon iconHistory" width="19" height="18" viewBox="0 0 19 18"></svg></a></div></div>`;
  const userInfo = (p: Post, verb: string): string =>
    `<div class="post-signature flex--item fl0"><div class="user-info "><div class="d-flex "><div class="user-action-time fl-grow1">${verb} <span title="2021-03-03 09:12:44Z" class="relativetime">${esc(p.date)}</span></div></div><div class="user-gravatar32"><a href="/users/${Math.floor(r() * 9e5)}/${slug(p.author)}"><div class="gravatar-wrapper-32"><img src="https://www.gravatar.com/avatar/x?s=64&amp;d=identicon&amp;r=PG" alt="${esc(p.author)}'s user avatar" width="32" height="32" class="bar-sm"></div></a></div><div class="user-details" itemprop="author" itemscope itemtype="http://schema.org/Person"><a href="/users/1/${slug(p.author)}">${esc(p.author)}</a><span class="d-none" itemprop="name">${esc(p.author)}</span><div class="-flair"><span class="reputation-score" title="reputation score " dir="ltr">${(Math.floor(r() * 90000) + 100).toLocaleString('en')}</span><span title="${Math.floor(r() * 30)} gold badges" aria-hidden="true"><span class="badge1"></span><span class="badgecount">${Math.floor(r() * 30)}</span></span><span title="silver badges" aria-hidden="true"><span class="badge2"></span><span class="badgecount">${Math.floor(r() * 90)}</span></span></div></div></div></div>`;
  const [q, ...answers] = t.posts;
  const postMenu = `<div class="js-post-menu pt2" data-post-id="1"><div class="d-flex gs8 s-anchors s-anchors__muted fw-wrap"><div class="flex--item"><a href="/q/1" rel="nofollow" title="Short permalink to this question" class="js-share-link js-gps-track">Share</a></div><div class="flex--item"><a href="/posts/1/edit" class="js-suggest-edit-post js-gps-track" title="">Improve this question</a></div><div class="flex--item"><button type="button" class="s-btn s-btn__link js-follow-post js-follow-question js-gps-track">Follow</button></div></div></div>`;
  const body = `<header class="s-topbar ps-fixed t0 l0 js-top-bar"><div class="s-topbar--container"><a href="https://stackexchange.example" class="s-topbar--logo js-gps-track"><span class="-img _glyph">Stack Exchange-like</span></a><ol class="s-topbar--content" role="menubar"><li><a href="/about" class="s-topbar--item">About</a></li><li><a href="/questions" class="s-topbar--item">Questions</a></li><li><a href="/teams" class="s-topbar--item">For Teams</a></li></ol><form id="search" role="search" action="/search" class="s-topbar--searchbar js-searchbar" autocomplete="off"><input name="q" type="text" role="combobox" placeholder="Search…" value="" autocomplete="off" maxlength="240" class="s-input s-input__search js-search-field"></form><nav class="h100 ml-auto overflow-x-auto pr12"><ol class="s-topbar--content" role="menubar"><li><a href="/users/login" class="s-topbar--item s-topbar--item__unset s-btn s-btn__filled ws-nowrap js-gps-track" rel="nofollow">Log in</a></li><li><a href="/users/signup" class="s-topbar--item s-topbar--item__unset ml4 s-btn s-btn__primary ws-nowrap" rel="nofollow">Sign up</a></li></ol></nav></div></header>
<div class="container"><div id="left-sidebar" data-is-here-when="md lg" class="left-sidebar js-pinned-left-sidebar ps-relative"><div class="left-sidebar--sticky-container js-sticky-leftnav"><nav role="navigation"><ol class="nav-links"><li class="ps-relative"><a href="/" class="pl8 js-gps-track nav-links--link"><div class="d-flex ai-center"><div class="flex--item truncate">Home</div></div></a></li><li><a id="nav-questions" href="/questions" class="s-block-link pl8 js-gps-track nav-links--link -link__with-icon">Questions</a></li><li><a id="nav-tags" href="/tags" class="js-gps-track nav-links--link">Tags</a></li><li><a id="nav-users" href="/users" class="js-gps-track nav-links--link">Users</a></li><li><a href="/unanswered" class="js-gps-track nav-links--link">Unanswered</a></li></ol></nav></div></div>
<div id="content" class="snippet-hidden"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/QAPage">
<div id="question-header" class="d-flex sm:fd-column"><h1 itemprop="name" class="fs-headline1 ow-break-word mb8 flex--item fl1"><a href="/questions/66455123/${slug(t.title)}" class="question-hyperlink">${esc(t.title)}</a></h1><div class="ml12 aside-cta flex--item sm:ml0 sm:mb12 sm:order-first d-flex jc-end"><a href="/questions/ask" class="ws-nowrap s-btn s-btn__primary">Ask Question</a></div></div>
<div class="d-flex fw-wrap pb8 mb16 bb bc-black-225"><div class="flex--item ws-nowrap mr16 mb8" title="2021-03-03 09:12:44Z"><span class="fc-black-400 mr2">Asked</span><time itemprop="dateCreated" datetime="2021-03-03T09:12:44">4 years, 9 months ago</time></div><div class="flex--item ws-nowrap mr16 mb8"><span class="fc-black-400 mr2">Modified</span><a href="?lastactivity" class="s-link s-link__inherit" title="2024-06-11 14:02:07Z">1 year, 6 months ago</a></div><div class="flex--item ws-nowrap mb8" title="Viewed 48,213 times"><span class="fc-black-400 mr2">Viewed</span>48k times</div></div>
<div id="mainbar" role="main" aria-label="question and answers">
<div class="question js-question" data-questionid="66455123" data-position-on-page="0" data-score="${q.votes ?? 0}" id="question"><div class="post-layout ">${voteCell(q.votes ?? 0, false)}<div class="postcell post-layout--right"><div class="s-prose js-post-body" itemprop="text">${md2html(q.body, { code: (lang, code) => `<pre class="lang-${lang || 'none'} s-code-block"><code class="hljs language-${lang || 'none'}">${esc(code)}</code></pre>` })}</div>
<div class="mt24 mb12"><div class="post-taglist d-flex gs4 gsy fd-column"><div class="d-flex ps-relative fw-wrap"><ul class="ml0 list-ls-none js-post-tag-list-wrapper d-inline"><li class="d-inline mr4 js-post-tag-list-item"><a href="/questions/tagged/bash" class="post-tag" title="show questions tagged 'bash'" aria-label="show questions tagged 'bash'" rel="tag">bash</a></li><li class="d-inline mr4 js-post-tag-list-item"><a href="/questions/tagged/ssh" class="post-tag" rel="tag">ssh</a></li><li class="d-inline mr4 js-post-tag-list-item"><a href="/questions/tagged/while-loop" class="post-tag" rel="tag">while-loop</a></li></ul></div></div></div>
<div class="mb0 "><div class="mt16 d-flex gs8 gsy fw-wrap jc-end ai-start pt4 mb16"><div class="flex--item mr16 fl1 w96">${postMenu}</div>${userInfo(q, 'asked')}</div></div></div></div></div>
<div id="answers"><a name="tab-top"></a><div id="answers-header"><div class="answers-subheader d-flex ai-center mb8"><div class="flex--item fl1"><h2 class="mb0" data-answercount="${answers.length}">${answers.length} Answers <span style="display:none;" itemprop="answerCount">${answers.length}</span></h2></div><div class="flex--item"><div class="d-flex g4 gsx ai-center sm:fd-column sm:ai-start"><div class="d-flex fd-column ai-end sm:ai-start"><label class="flex--item fs-caption" for="answer-sort-dropdown-select-menu">Sorted by:</label></div><div class="flex--item s-select"><select id="answer-sort-dropdown-select-menu"><option value="scoredesc" selected="selected">Highest score (default)</option><option value="trending">Trending (recent votes count more)</option><option value="modifieddesc">Date modified (newest first)</option><option value="createdasc">Date created (oldest first)</option></select></div></div></div></div></div>
${answers
  .map(
    (a, i) => `<a name="${66455200 + i}"></a><div id="answer-${66455200 + i}" class="answer js-answer${a.accepted ? ' accepted-answer js-accepted-answer' : ''}" data-answerid="${66455200 + i}" data-parentid="66455123" data-score="${a.votes ?? 0}" data-position-on-page="${i + 1}" itemprop="${a.accepted ? 'acceptedAnswer' : 'suggestedAnswer'}" itemscope itemtype="https://schema.org/Answer"><div class="post-layout">${voteCell(a.votes ?? 0, Boolean(a.accepted))}<div class="answercell post-layout--right"><div class="s-prose js-post-body" itemprop="text">${md2html(a.body, { code: (lang, code) => `<pre class="lang-${lang || 'none'} s-code-block"><code class="hljs language-${lang || 'none'}">${esc(code)}</code></pre>` })}</div><div class="mt24"><div class="d-flex fw-wrap ai-start jc-end gs8 gsy"><time itemprop="dateCreated" datetime="2021-03-03T10:00:00"></time><div class="flex--item mr16" style="flex: 1 1 100px;">${postMenu.replace('this question', 'this answer').replace('Improve this question', 'Improve this answer')}</div>${userInfo(a, 'answered')}</div></div></div></div></div>`,
  )
  .join('\n')}
<h2 class="bottom-notice" data-loc="1">Not the answer you're looking for? Browse other questions tagged <a href="/questions/tagged/bash" class="post-tag">bash</a> <a href="/questions/tagged/ssh" class="post-tag">ssh</a> or <a href="/questions/ask">ask your own question</a>.</h2></div>
<form id="post-form" action="/questions/66455123/answer/submit" method="post" class="js-add-answer-component post-form"><h2 class="space">Your Answer</h2><div class="wmd-container"><textarea id="wmd-input" name="post-text" class="wmd-input s-input bar0 js-post-body-field processed" data-post-type-id="2" cols="92" rows="15" tabindex="101" data-min-length=""></textarea></div><div class="js-login-container"><h2>Sign up or <a href="/users/login">log in</a></h2></div><button class="s-btn s-btn__primary" type="submit">Post Your Answer</button><p>By clicking “Post Your Answer”, you agree to our terms of service and acknowledge you have read our privacy policy.</p></form>
</div>
<div id="sidebar" class="show-votes" role="complementary" aria-label="sidebar"><div class="s-sidebarwidget s-sidebarwidget__yellow"><ul class="d-block p0 m0"><div class="s-sidebarwidget--header">The Overflow Blog</div><li class="s-sidebarwidget--item d-flex px16"><div class="flex--item1 fl-shrink0"></div><div class="flex--item wmn0 ow-break-word"><a href="/blog/1" class="js-gps-track">${esc(headline(r, 'en'))}</a></div></li></ul></div>
<div class="module sidebar-linked"><h4 id="h-linked">Linked</h4><div class="linked" data-tracker="lq=1">${Array.from({ length: 4 }, (_, i) => `<div class="spacer js-gps-track"><a href="/q/${i}" title="Vote score"><div class="answer-votes answered-accepted default">${Math.floor(r() * 200)}</div></a><a href="/questions/${i}" class="question-hyperlink">${esc(['while loop stops reading after the first line', 'ssh in a loop only runs once', 'Why does ffmpeg eat my loop input?', 'read -r skips lines in bash'][i])}</a></div>`).join('')}</div></div>
<div class="module sidebar-related"><h4 id="h-related">Related</h4><div class="related js-gps-related-questions" data-tracker="rq=1">${Array.from({ length: 8 }, (_, i) => `<div class="spacer"><a href="/q/${i + 10}"><div class="answer-votes default">${Math.floor(r() * 900)}</div></a><a href="/questions/${i + 10}" class="question-hyperlink">${esc(headline(r, 'en'))}?</a></div>`).join('')}</div></div>
<div id="hot-network-questions" class="module tex2jax_ignore"><h4><a href="https://stackexchange.example/questions?tab=hot" class="js-gps-track s-link s-link__inherit">Hot Network Questions</a></h4><ul>${Array.from({ length: 12 }, (_, i) => `<li><div class="favicon favicon-${['unix', 'math', 'cooking', 'bicycles'][i % 4]}" title=""></div><a href="https://x.example/q/${i}" class="js-gps-track question-hyperlink mb0">${esc(headline(r, 'en'))}</a></li>`).join('')}</ul></div></div>
</div></div></div>
<footer id="footer" class="site-footer js-footer" role="contentinfo"><div class="site-footer--container"><nav class="site-footer--nav"><div class="site-footer--col"><h5 class="-title"><a href="/">Unix &amp; Linux</a></h5><ul class="-list js-primary-footer-links"><li class="-item"><a href="/tour" class="js-gps-track -link">Tour</a></li><li class="-item"><a href="/help" class="js-gps-track -link">Help</a></li><li class="-item"><a href="/chat" class="js-gps-track -link">Chat</a></li><li class="-item"><a href="/contact" class="js-gps-track -link">Contact</a></li></ul></div></nav><p class="md:mb0">Site design / logo © 2025 Example Inc; user contributions licensed under <a href="https://stackoverflow.com/help/licensing">CC BY-SA</a>.</p></div></footer>`;
  return doc({ lang: t.lang, title: `${t.title} - Unix & Linux Stack Exchange-like`, head: headOf(t, r), bodyAttrs: 'class="question-page unified-theme"', body });
}

function redditLike(t: Thread): string {
  const r = seeded(36);
  const [op, ...replies] = t.posts;
  const depthOf = (i: number): number => [0, 1, 0, 1, 2, 0][i % 6];
  const actionRow = (votes: number): string =>
    `<shreddit-comment-action-row slot="actionRow" score="${votes}"><button upvote="" aria-label="Upvote"><svg fill="currentColor" height="16" viewBox="0 0 20 20" width="16"></svg></button><span><faceplate-number number="${votes}">${votes}</faceplate-number></span><button downvote="" aria-label="Downvote"></button><button slot="comment-reply">Reply</button><button slot="comment-award">Award</button><shreddit-post-share-button slot="comment-share-button" appearance="secondary">Share</shreddit-post-share-button><button aria-label="More options">…</button></shreddit-comment-action-row>`;
  const comments = replies
    .map(
      (p, i) => `<shreddit-comment author="${esc(p.author)}" depth="${depthOf(i)}" thingid="t1_k${(9000 + i).toString(36)}" score="${p.votes ?? 1}" postid="t3_1d2x9" permalink="/r/bikewrench/comments/1d2x9/comment/k${i}/"><div slot="commentAvatar"><faceplate-img src="/avatar_default_${i}.png" alt=""></faceplate-img></div><div slot="commentMeta" class="flex flex-row items-center text-12"><faceplate-hovercard><a href="/user/${esc(p.author)}/" class="font-bold text-neutral-content-strong">${esc(p.author)}</a></faceplate-hovercard><span class="text-neutral-content-weak">•</span><faceplate-timeago ts="2025-06-0${i + 1}T12:00:00Z"><time datetime="2025-06-0${i + 1}T12:00:00Z">${esc(p.date)}</time></faceplate-timeago></div><div class="md text-14" slot="comment" id="t1_k${i}-comment-rtjson-content">${md2html(p.body)}</div>${actionRow(p.votes ?? 1)}</shreddit-comment>`,
    )
    .join('\n');
  const body = `<shreddit-app routename="post_page" pagetype="post_detail"><reddit-header-large><nav class="flex items-center justify-between h-header-large px-md"><a href="/" aria-label="Home">threadit</a><faceplate-search-input placeholder="Search in r/bikewrench"></faceplate-search-input><a href="/login/" class="button-primary">Log In</a><a href="https://get.app.example" class="button-secondary">Get App</a></nav></reddit-header-large>
<div class="flex"><flex-left-nav-container><nav aria-label="Primary"><ul><li><a href="/">Home</a></li><li><a href="/r/popular/">Popular</a></li><li><a href="/explore/">Explore</a></li><li><a href="/r/all/">All</a></li></ul><details open><summary>Topics</summary><ul>${['Gaming', 'Sports', 'Business', 'Crypto', 'Television', 'Celebrity'].map((x) => `<li><a href="/t/${slug(x)}/">${x}</a></li>`).join('')}</ul></details></nav></flex-left-nav-container>
<main class="main w-full" id="main-content">
<shreddit-post author="${esc(op.author)}" post-title="${esc(t.title)}" score="${op.votes ?? 0}" comment-count="${replies.length}" id="t3_1d2x9" post-type="text" subreddit-prefixed-name="r/bikewrench">
<div slot="credit-bar" class="flex items-center text-12"><a href="/r/bikewrench/" class="font-bold">r/bikewrench</a><span>•</span><faceplate-timeago ts="2025-06-01T09:00:00Z"><time>${esc(op.date)}</time></faceplate-timeago><div><a href="/user/${esc(op.author)}/" class="author-name">${esc(op.author)}</a></div></div>
<h1 slot="title" id="post-title-t3_1d2x9" class="font-semibold text-neutral-content-strong">${esc(t.title)}</h1>
<div slot="post-flair"><shreddit-post-flair><a href="/r/bikewrench/?f=flair_name%3A%22Hubs%22" class="flair">Hubs</a></shreddit-post-flair></div>
<div slot="text-body"><div class="text-neutral-content" id="t3_1d2x9-post-rtjson-content">${md2html(op.body)}</div></div>
<div slot="post-actions">${actionRow(op.votes ?? 0).replace('shreddit-comment-action-row slot="actionRow"', 'div').replace('</shreddit-comment-action-row>', '</div>')}</div>
</shreddit-post>
<comment-body-header><div class="flex items-center"><shreddit-sort-dropdown><span>Sort by:</span><button>Best</button></shreddit-sort-dropdown><faceplate-search-input placeholder="Search Comments"></faceplate-search-input></div><div class="join-the-conversation"><a href="/login/">Join the conversation</a></div></comment-body-header>
<shreddit-comment-tree id="comment-tree" post-id="t3_1d2x9" totalcomments="${replies.length}">
${comments}
</shreddit-comment-tree>
<div class="more-posts"><h2>More posts you may like</h2><ul>${Array.from({ length: 8 }, () => `<li><a href="/r/bikewrench/comments/${Math.floor(r() * 1e6).toString(36)}/"><h3>${esc(headline(r, 'en'))}</h3></a><span>r/bikewrench • ${Math.floor(r() * 300)} upvotes • ${Math.floor(r() * 80)} comments</span></li>`).join('')}</ul></div>
</main>
<aside id="right-sidebar-container"><div class="community-info"><h2>r/bikewrench</h2><p>A community for people who fix their own bikes. Ask questions, share repairs, help others.</p><div><faceplate-number number="412000">412K</faceplate-number> Members</div><div><faceplate-number number="380">380</faceplate-number> Online</div><button>Join</button></div><div class="rules"><h2>Rules</h2><ol><li>Be civil</li><li>No sales posts</li><li>Include photos where possible</li><li>Search before asking</li></ol></div></aside></div>
<footer><a href="/policies/user-agreement">User Agreement</a> <a href="/policies/privacy-policy">Privacy Policy</a> <span>threadit, Inc. © 2025. All rights reserved.</span></footer></shreddit-app>`;
  return doc({ lang: t.lang, title: `${t.title} : r/bikewrench`, head: headOf(t, r), body });
}

function woltlabGerman(t: Thread): string {
  const r = seeded(37);
  const posts = t.posts
    .map((p, i) => {
      const u = who(t, p.author);
      const id = 311200 + i * 3;
      return `<li id="post${id}" class="anchorFixedHeader ${i === 0 ? 'messageGroupStarter' : ''}"><article class="wbbPost message messageSidebarOrientationLeft jsClipboardObject jsMessage userOnlineGroupMarking3" data-post-id="${id}" data-can-edit="0" data-object-type="com.woltlab.wbb.likeablePost" itemid="/thread/6612/?postID=${id}#post${id}" itemscope itemtype="http://schema.org/Comment">
<meta itemprop="dateCreated" content="2025-11-0${i + 1}T19:1${i}:00+01:00">
<aside role="presentation" class="messageSidebar member" itemprop="author" itemscope itemtype="http://schema.org/Person"><div class="messageAuthor"><div class="userAvatar"><a href="/user/${200 + u}-${slug(p.author)}/" aria-hidden="true"><img src="/images/avatars/${i}.webp" width="128" height="128" alt="" class="userAvatarImage" loading="lazy"></a></div><div class="messageAuthorContainer"><a href="/user/${200 + u}-${slug(p.author)}/" class="username userLink" data-object-id="${200 + u}" itemprop="url"><span itemprop="name">${esc(p.author)}</span></a></div><div class="userTitle"><span class="badge userTitleBadge">${['Profi', 'Anfänger', 'Moderator', 'Fortgeschrittener'][u % 4]}</span></div></div>
<div class="userCredits"><dl class="plain dataList"><dt><a href="/user-post-list/${200 + u}/" class="jsTooltip">Beiträge</a></dt><dd>${(u * 613 + 9) % 3000}</dd><dt>Wohnort</dt><dd>${['Oberpfalz', 'Münsterland', 'Ostfriesland', 'Allgäu'][u % 4]}</dd><dt>Heizung</dt><dd>${['LW-WP 9 kW', 'Gas-Brennwert', 'Sole-WP', 'Pellet'][u % 4]}</dd></dl></div></aside>
<div class="messageContent"><header class="messageHeader"><div class="messageHeaderBox"><ul class="messageHeaderMetaData"><li><a href="/thread/6612/?postID=${id}#post${id}" rel="nofollow" class="permalink messagePublicationTime"><time datetime="2025-11-0${i + 1}T19:1${i}:00+01:00" class="datetime">${esc(p.date)}</time></a></li></ul><ul class="messageStatus"></ul></div><ul class="messageQuickOptions"><li><a href="#" class="jsTooltip wsShareButton" title="Teilen"><span class="icon icon16 fa-share-alt"></span></a></li><li><a href="/thread/6612/?postID=${id}#post${id}">#${i + 1}</a></li></ul></header>
<div class="messageBody"><div class="messageText" itemprop="text">${md2html(p.body, { quote: (h) => `<blockquote class="quoteBox collapsibleBbcode jsCollapsibleBbcode" cite="/thread/6612/?postID=311200#post311200"><div class="quoteBoxIcon"></div><div class="quoteBoxTitle"><a href="/thread/6612/?postID=311200#post311200">Zitat von ${esc(t.posts[0].author)}</a></div><div class="quoteBoxContent"><p>${h}</p></div></blockquote>` })}</div></div>
${u % 2 === 1 ? `<div class="messageSignature"><div>${esc(['Haus Bj. 1978, 140 m², FBH im EG, Heizkörper im OG', 'Alles was ich schreibe ist meine private Meinung.'][u % 2])}</div></div>` : ''}
<footer class="messageFooter"><div class="messageFooterNotes"></div><div class="messageFooterGroup"><ul class="messageFooterButtonsExtra buttonList smallButtons jsMobileNavigationExtra"><li><a href="#" class="reactionSummaryList"><span>Gefällt mir ${i + 1}</span></a></li></ul><ul class="messageFooterButtons buttonList smallButtons jsMobileNavigation"><li class="jsQuoteMessage" data-object-id="${id}"><a href="#" title="Zitieren" class="button jsTooltip"><span class="icon icon16 fa-quote-left"></span> <span class="invisible">Zitieren</span></a></li></ul></div></footer></div></article></li>`;
    })
    .join('\n');
  const body = `${cookieBanner('de', 'bem')}
<div id="pageContainer" class="pageContainer"><div id="pageHeaderContainer" class="pageHeaderContainer"><header id="pageHeader" class="pageHeader"><div id="pageHeaderPanel" class="pageHeaderPanel"><div class="layoutBoundary"><div class="box mainMenu"><div class="boxContent"><nav aria-label="Hauptmenü"><ol class="boxMenu">${['Dashboard', 'Forum', 'Lexikon', 'Rechner', 'Mitglieder', 'Galerie'].map((x) => `<li><a href="/${slug(x)}/" class="boxMenuLink"><span class="boxMenuLinkTitle">${x}</span></a></li>`).join('')}</ol></nav></div></div><nav id="topMenu" class="userPanel"><ul class="userPanelItems"><li id="userLogin"><a class="loginLink" href="/login/">Anmelden oder registrieren</a></li></ul></nav></div></div><div id="pageHeaderFacade" class="pageHeaderFacade"><div class="layoutBoundary"><div id="pageHeaderLogo" class="pageHeaderLogo"><a href="/"><img src="/images/logo.png" alt="${esc(t.site)}" class="pageHeaderLogoLarge"></a></div><div id="pageHeaderSearch" class="pageHeaderSearch"><form method="post" action="/search/"><input type="search" name="q" placeholder="Suche" class="pageHeaderSearchInput"></form></div></div></div></header></div>
<section id="main" class="main" role="main"><div class="layoutBoundary"><div id="content" class="content">
<header class="contentHeader messageGroupContentHeader wbbThread" data-thread-id="6612"><div class="contentHeaderIcon"></div><div class="contentHeaderTitle"><h1 class="contentTitle">${esc(t.title)}</h1><ul class="inlineList contentHeaderMetaData"><li><span class="icon icon16 fa-user"></span><a href="/user/200/">${esc(t.posts[0].author)}</a></li><li><span class="icon icon16 fa-clock-o"></span><a href="/thread/6612/">${esc(t.posts[0].date)}</a></li></ul></div></header>
<div class="paginationTop"><nav class="pagination"><ul><li class="active"><span>1</span></li></ul></nav></div>
<div class="section"><ul class="wbbThreadPostList messageList jsClipboardContainer" data-type="com.woltlab.wbb.post">
${posts}
</ul></div>
<div class="section"><div class="contentInteraction"><p class="info">Jetzt mitmachen! Du hast noch kein Benutzerkonto auf unserer Seite? Registriere dich kostenlos und nimm an unserer Community teil!</p><a href="/register/" class="button buttonPrimary">Benutzerkonto erstellen</a> <a href="/login/" class="button">Anmelden</a></div></div>
<section class="section sectionContainerList"><h2 class="sectionTitle">Ähnliche Themen</h2><ul class="containerList">${Array.from({ length: 5 }, (_, i) => `<li><div class="containerHeadline"><h3><a href="/thread/${5000 + i}/">${esc(['Wärmepumpe taktet nachts', 'Heizkurve richtig einstellen – Anleitung', 'Vorlauftemperatur zu hoch?', 'Pufferspeicher sinnvoll oder nicht?', 'Abtauzyklen im Winter normal?'][i])}</a></h3><p>${Math.floor(r() * 40)} Antworten</p></div></li>`).join('')}</ul></section>
</div></div></section>
<footer id="pageFooter" class="pageFooter"><div class="layoutBoundary"><div class="boxesFooter"><nav class="box"><ol class="boxMenu"><li><a href="/datenschutz/">Datenschutzerklärung</a></li><li><a href="/impressum/">Impressum</a></li><li><a href="/kontakt/">Kontakt</a></li><li><a href="/nutzungsbedingungen/">Nutzungsbedingungen</a></li></ol></nav></div><div class="footerCopyright"><address class="copyright"><a href="https://www.woltlab.com/de/" rel="nofollow">Forensoftware: <strong>Burning Board®</strong>, entwickelt von <strong>WoltLab® GmbH</strong></a></address></div></div></footer></div>`;
  return doc({ lang: t.lang, title: `${t.title} - Wärmepumpen - ${t.site}`, head: headOf(t, r), bodyAttrs: 'id="tpl_wbb_thread" data-template="thread" data-application="wbb"', body });
}

function smfFrench(t: Thread): string {
  const r = seeded(38);
  const rows = t.posts
    .map(
      (p, i, _all, u = who(t, p.author)) => `<tr><td class="windowbg${u % 2 ? '2' : ''}" style="padding:1px"><table width="100%" cellpadding="5" cellspacing="0" style="table-layout:fixed"><tr><td valign="top" width="16%" rowspan="2" style="overflow:hidden"><b><a href="index.php?action=profile;u=${70 + u}" title="Voir le profil de ${esc(p.author)}">${esc(p.author)}</a></b><div class="smalltext">${['Membre Héroïque', 'Nouveau membre', 'Modérateur', 'Membre actif'][u % 4]}<br><img src="Themes/default/images/star.gif" alt="*" border="0"><img src="Themes/default/images/star.gif" alt="*" border="0"><br><br>Hors ligne<br><br>Messages: ${(u * 419 + 3) % 2000}<br><br>${['Peugeot 306 HDi', 'Clio II dCi', 'Berlingo 2.0 HDi', 'Golf IV TDI'][u % 4]}<br></div></td>
<td valign="top" width="85%" height="100%"><table width="100%" border="0"><tr><td valign="middle"><a href="index.php?topic=18221.msg${99100 + u}#msg${99100 + u}"><img src="Themes/default/images/post/xx.gif" alt="" border="0"></a></td><td valign="middle"><div style="font-weight: bold;" id="subject_${99100 + u}"><a href="index.php?topic=18221.msg${99100 + u}#msg${99100 + u}">${i ? 'Re : ' : ''}${esc(t.title)}</a></div><div class="smalltext">« <b>${i ? `Réponse #${i} ` : ''}le :</b> ${esc(p.date)} »</div></td><td align="right" valign="bottom" height="20" style="font-size: smaller;"><a href="index.php?action=post;quote=${99100 + u};topic=18221.0"><img src="Themes/default/images/french/quote.gif" alt="Citer" border="0"></a></td></tr></table><hr width="100%" size="1" class="hrcolor">
<div class="post">${md2html(p.body, { p: (h) => `${h}<br><br>`, quote: (h) => `<div class="quoteheader">Citation de: ${esc(t.posts[0].author)}</div><div class="quote">${h}</div>` })}</div></td></tr>
<tr><td valign="bottom" class="smalltext" width="85%"><table width="100%" border="0" style="table-layout: fixed;"><tr><td colspan="2" class="smalltext" width="100%"></td></tr><tr><td valign="bottom" class="smalltext" id="modified_${99100 + u}"></td><td align="right" valign="bottom" class="smalltext"><img src="Themes/default/images/ip.gif" alt="" border="0"> Journalisée</td></tr></table>${u % 2 === 0 ? `<hr width="100%" size="1" class="hrcolor"><div class="signature">${esc(['Qui roule loin ménage sa monture.', 'Garage amateur depuis 1998'][u % 2 ? 1 : 0])}</div>` : ''}</td></tr></table></td></tr>`,
    )
    .join('\n');
  const body = `<div class="tborder"><table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td class="catbg" height="32"><span style="font-family: Verdana, sans-serif; font-size: 140%;">${esc(t.site)}</span></td><td align="right" class="catbg"><img src="Themes/default/images/smflogo.gif" style="margin: 2px;" alt=""></td></tr></table>
<table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td class="titlebg2" height="32"><span style="font-size: 130%;"> Bienvenue, <b>Invité</b>. Veuillez vous <a href="index.php?action=login">connecter</a> ou vous <a href="index.php?action=register">inscrire</a>.</span></td></tr></table></div>
<table cellpadding="0" cellspacing="0" border="0" style="margin-left: 10px;"><tr><td class="maintab_first">&nbsp;</td><td valign="top" class="maintab_back"><a href="index.php">Accueil</a></td><td valign="top" class="maintab_back"><a href="index.php?action=help">Aide</a></td><td valign="top" class="maintab_back"><a href="index.php?action=search">Rechercher</a></td><td valign="top" class="maintab_back"><a href="index.php?action=login">Connexion</a></td><td valign="top" class="maintab_back"><a href="index.php?action=register">Inscription</a></td><td class="maintab_last">&nbsp;</td></tr></table>
<div id="bodyarea" style="padding: 1ex 0px 2ex 0px;"><a name="top"></a><a name="msg99100"></a>
<div><div class="nav" style="font-size: smaller; margin-bottom: 2ex; margin-top: 2ex;"><b><a href="index.php" class="nav">Forum Mécanique Auto</a></b>&nbsp;&gt;&nbsp;<b><a href="index.php#c2" class="nav">Moteur</a></b>&nbsp;&gt;&nbsp;<b><a href="index.php?board=7.0" class="nav">Diesel</a></b>&nbsp;&gt;&nbsp;<b><a href="index.php?topic=18221.0" class="nav">${esc(t.title)}</a></b></div></div>
<table width="100%" cellpadding="3" cellspacing="0" border="0" class="tborder" style="border-bottom: 0;"><tr class="catbg3"><td valign="middle" width="2%" style="padding-left: 6px;"><img src="Themes/default/images/topic/veryhot_post.gif" align="bottom" alt=""></td><td valign="middle" width="13%"> Auteur</td><td valign="middle" width="85%" style="padding-left: 6px;" id="top_subject">Sujet: ${esc(t.title)} &nbsp;(Lu ${Math.floor(r() * 9000)} fois)</td></tr></table>
<form action="index.php?action=quickmod2;topic=18221.0" method="post" name="quickModForm" id="quickModForm" style="margin: 0;"><table cellpadding="0" cellspacing="0" border="0" width="100%" class="bordercolor">
${rows}
</table></form>
<table width="100%" cellpadding="3" cellspacing="0" border="0" class="tborder" style="border-top: 0;"><tr><td class="catbg3" align="right"><a href="index.php?action=post;topic=18221.0;num_replies=${t.posts.length - 1}">Répondre</a> | <a href="index.php?action=notify;topic=18221.0">Notifier</a> | <a href="index.php?action=printpage;topic=18221.0" target="_blank">Imprimer</a></td></tr></table>
<div class="tborder"><div class="titlebg2" style="padding: 4px;" align="right"><form action="index.php" method="get" style="padding:0; margin: 0;"><span class="smalltext">Aller à:</span> <select name="jumpto" id="jumpto"><option value="">Choisir une destination</option><option value="1">=&gt; Présentations</option><option value="7" selected="selected">=&gt; Diesel</option><option value="8">=&gt; Essence</option><option value="9">=&gt; Carrosserie</option><option value="10">=&gt; Électricité</option></select></form></div></div></div>
<div id="footerarea" style="text-align: center; padding-bottom: 1ex;"><table cellspacing="0" cellpadding="3" border="0" align="center" width="100%"><tr><td valign="middle" align="center" style="white-space: nowrap;"><span class="smalltext" style="display: inline; visibility: visible; font-family: Verdana, Arial, sans-serif;"><a href="https://www.simplemachines.org/" title="Simple Machines Forum" target="_blank">Propulsé par SMF 1.1.21</a> | <a href="https://www.simplemachines.org/about/copyright.php" title="Free Forum Software" target="_blank">SMF © 2006-2011, Simple Machines LLC</a></span></td></tr></table><span class="smalltext">Page générée en 0.081 secondes avec 19 requêtes.</span></div>`;
  return doc({ lang: t.lang, title: `${t.title}`, head: `${headOf(t, r)}<link rel="stylesheet" type="text/css" href="Themes/default/style.css?fin11">`, body });
}

function hashedSpanishQA(t: Thread): string {
  const r = seeded(39);
  const k = (part: string): string => `${hashed('QuestionPage', part)} ${hashed('Box', 'root')}`;
  const [q, ...answers] = t.posts;
  const post = (p: Post, i: number): string =>
    `<div class="${k(i === 0 ? 'question' : 'answer')}" data-testid="${i === 0 ? 'question' : 'answer'}"><div class="${k('voteColumn')}"><button aria-label="Votar a favor" class="${k('voteButton')}">▲</button><span class="${k('score')}">${p.votes ?? 0}</span><button aria-label="Votar en contra" class="${k('voteButton')}">▼</button>${p.accepted ? `<span class="${k('acceptedBadge')}" title="Respuesta aceptada">✓ Respuesta aceptada</span>` : ''}</div><div class="${k('postBody')}"><div class="${k('markdown')}">${md2html(p.body)}</div><div class="${k('postFooter')}"><div class="${k('postActions')}"><button>Compartir</button><button>Seguir</button><button>Reportar</button></div><div class="${k('userCard')}"><span class="${k('userAction')}">${i === 0 ? 'preguntada' : 'respondida'} ${esc(p.date)}</span> <a href="/usuarios/${slug(p.author)}" class="${k('userName')}">${esc(p.author)}</a> <span class="${k('reputation')}">${Math.floor(r() * 9000)}</span></div></div></div></div>`;
  const body = `${cookieBanner('es', 'hashed')}
<div id="root"><header class="${k('header')}"><a href="/" class="${k('logo')}">${esc(t.site)}</a><nav class="${k('nav')}"><a href="/preguntas">Preguntas</a><a href="/etiquetas">Etiquetas</a><a href="/usuarios">Usuarios</a><a href="/sin-respuesta">Sin respuesta</a></nav><a href="/entrar" class="${k('login')}">Iniciar sesión</a></header>
<div class="${k('layout')}"><main class="${k('main')}"><div class="${k('titleRow')}"><h1 class="${k('title')}">${esc(t.title)}</h1><a href="/preguntar" class="${k('askButton')}">Hacer una pregunta</a></div><div class="${k('stats')}">Formulada hace 2 años · Vista 12 mil veces</div>
${post(q, 0)}
<div class="${k('tags')}"><a href="/etiquetas/pan">pan</a><a href="/etiquetas/horneado">horneado</a><a href="/etiquetas/levadura">levadura</a></div>
<h2 class="${k('answersHeader')}">${answers.length} respuestas</h2><div class="${k('sort')}">Ordenar por: <select><option>Puntuación</option><option>Fecha</option></select></div>
${answers.map((a, i) => post(a, i + 1)).join('\n')}
<div class="${k('answerForm')}"><h2>Tu respuesta</h2><p>Inicia sesión o regístrate para responder.</p><textarea disabled></textarea><button disabled>Publicar respuesta</button></div></main>
<aside class="${k('sidebar')}"><div class="${k('widget')}"><h3>Preguntas relacionadas</h3><ul>${['¿Por qué mi pan queda denso?', '¿Cuánta levadura fresca equivale a la seca?', 'Pan de molde con masa madre', '¿Se puede congelar la masa?', 'Temperatura ideal del horno para brioche'].map((x, i) => `<li><span>${Math.floor(r() * 50)}</span><a href="/preguntas/${9000 + i}">${esc(x)}</a></li>`).join('')}</ul></div><div class="${k('widget')}"><h3>Preguntas populares en la red</h3><ul>${Array.from({ length: 8 }, () => `<li><a href="/p/${Math.floor(r() * 1e5)}">${esc(headline(r, 'es'))}</a></li>`).join('')}</ul></div></aside></div>
${footer(r, 'es', 'hashed', t.site)}</div>`;
  return doc({ lang: t.lang, title: `${t.title} - ${t.site}`, head: headOf(t, r), body });
}

function communityTailwind(t: Thread): string {
  const r = seeded(40);
  const [q, ...replies] = t.posts;
  const reply = (p: Post, i: number): string =>
    `<div class="rounded-lg border ${p.accepted ? 'border-green-500 bg-green-50' : 'border-gray-200'} p-6 mt-4" id="reply-${i}">${p.accepted ? '<div class="mb-3 inline-flex items-center gap-1 rounded bg-green-600 px-2 py-0.5 text-xs font-semibold text-white"><svg class="h-3 w-3" viewBox="0 0 20 20"></svg>Solution</div>' : ''}<div class="flex items-center gap-3"><img class="h-10 w-10 rounded-full" src="/u/${i}.png" alt=""><div><a href="/profile/${slug(p.author)}" class="font-semibold text-gray-900">${esc(p.author)}</a><div class="text-xs text-gray-500">${['Independent Advisor', 'Community Member', 'Volunteer Moderator', 'Community Member'][i % 4]} · <time>${esc(p.date)}</time></div></div></div><div class="prose mt-4 max-w-none">${md2html(p.body)}</div><div class="mt-6 flex items-center gap-4 border-t pt-4 text-sm text-gray-600"><span>Was this reply helpful?</span><button class="rounded border px-3 py-1">Yes</button><button class="rounded border px-3 py-1">No</button><span class="ml-auto">${Math.floor(r() * 40)} people found this reply helpful</span><button class="text-blue-600">Report abuse</button></div></div>`;
  const body = `<div class="flex min-h-screen flex-col"><header class="bg-slate-900 text-white"><div class="mx-auto flex max-w-7xl items-center gap-8 px-6 py-4"><a href="/" class="text-lg font-bold">${esc(t.site)}</a><nav class="hidden gap-6 text-sm md:flex">${['Products', 'Support', 'Downloads', 'Community', 'Contact support'].map((x) => `<a href="/${slug(x)}" class="hover:underline">${x}</a>`).join('')}</nav><a href="/signin" class="ml-auto rounded bg-white px-3 py-1 text-sm text-slate-900">Sign in</a></div></header>
<div class="border-b bg-gray-50"><div class="mx-auto max-w-7xl px-6 py-3 text-sm text-gray-600"><a href="/community">Community</a> › <a href="/community/printers">Printers</a> › <a href="/community/printers/wireless">Wireless &amp; network</a></div></div>
<div class="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 gap-10 px-6 py-10 lg:grid-cols-3"><div class="lg:col-span-2">
<div class="rounded-lg border border-gray-200 p-6"><h1 class="text-2xl font-bold text-gray-900">${esc(t.title)}</h1><div class="mt-3 flex items-center gap-3"><img class="h-10 w-10 rounded-full" src="/u/q.png" alt=""><div><a href="/profile/${slug(q.author)}" class="font-semibold">${esc(q.author)}</a><div class="text-xs text-gray-500">Community Member · <time>${esc(q.date)}</time></div></div></div><div class="prose mt-4 max-w-none">${md2html(q.body)}</div><div class="mt-6 flex gap-3 border-t pt-4 text-sm"><button class="rounded border px-3 py-1">I have the same question (${Math.floor(r() * 300)})</button><button class="rounded border px-3 py-1">Subscribe</button><button class="text-blue-600">Report abuse</button></div></div>
<h2 class="mt-10 text-lg font-semibold">Replies (${replies.length})</h2>
${replies.map(reply).join('\n')}
<div class="mt-8 rounded-lg bg-gray-50 p-6 text-center text-sm"><p>This thread is locked. You can vote as helpful, but you cannot reply or subscribe to this thread.</p></div>
</div>
<aside class="space-y-8"><div class="rounded-lg border p-5"><h3 class="font-semibold">Question info</h3><dl class="mt-3 space-y-1 text-sm text-gray-600"><div class="flex justify-between"><dt>Last updated</dt><dd>March 30, 2025</dd></div><div class="flex justify-between"><dt>Views</dt><dd>${Math.floor(r() * 90000)}</dd></div><div class="flex justify-between"><dt>Applies to</dt><dd>Inkjet series 5000</dd></div></dl></div><div class="rounded-lg border p-5"><h3 class="font-semibold">Discussions you might like</h3><ul class="mt-3 space-y-3 text-sm">${['Scanner not found after update', 'Printer prints blank pages', 'Wi-Fi Direct keeps turning on', 'Driver install fails at 90%', 'How to reset network settings'].map((x, i) => `<li><a class="text-blue-700 hover:underline" href="/community/t/${i}">${esc(x)}</a></li>`).join('')}</ul></div></aside></div>
<footer class="bg-gray-100 py-8 text-sm text-gray-600"><div class="mx-auto max-w-7xl px-6">${['Privacy & cookies', 'Terms of use', 'Trademarks', 'Accessibility', 'Sitemap'].map((x) => `<a class="mr-6" href="/${slug(x)}">${esc(x)}</a>`).join('')}<span>© Example Devices 2025</span></div></footer></div>`;
  return doc({ lang: t.lang, title: `${t.title} - ${t.site}`, head: headOf(t, r), body });
}

const THREADS: Array<[Thread, (t: Thread) => string, string]> = [
  [
    {
      id: 'phpbb-collimation',
      lang: 'en',
      site: 'Dark Sky Circle',
      title: 'Collimating a Newtonian without a laser?',
      posts: [
        { author: 'ringnebula', date: 'Sat Feb 01, 2025 8:14 pm', body: `I picked up a second-hand 150mm f/5 Newtonian last month and stars look like little comets at high power. I am fairly sure it needs collimating, but the laser collimator I borrowed seems to be out of alignment itself.\n\nIs there a reliable way to do this with simple tools? I have a film canister, a drill and far too much patience.` },
        { author: 'nightowl', date: 'Sat Feb 01, 2025 9:02 pm', body: `A film canister with a small hole drilled exactly in the centre of the lid is all you need. That is how most of us learned.\n\n1. Point the tube at a bright wall during the day.\n2. Look through the canister in the focuser and adjust the secondary until the primary mirror appears round and centred.\n3. Then adjust the primary until the reflection of the secondary sits in the middle of the centre spot.\n\nFinish with a star test on a night of steady seeing. Defocus a bright star slightly: the rings should be concentric.` },
        { author: 'Colin_M', date: 'Sun Feb 02, 2025 10:37 am', body: `> Is there a reliable way to do this with simple tools?\n\nYes, and at f/5 it is worth doing properly. One tip: a cheap laser can be checked by rolling it in a V-block. If the dot traces a circle on the wall, the laser itself is out and will mislead you.` },
        { author: 'ringnebula', date: 'Sun Feb 02, 2025 11:50 pm', body: `Thank you both. The canister method worked on the second attempt, the first time I had the secondary rotated slightly. Saturn at 150x tonight was the sharpest I have ever seen it.\n\nAnd the borrowed laser traced a circle about the size of a coin on the wall, so that explains a lot.` },
      ],
    },
    phpbb,
    'a phpBB 3 (prosilver) topic: dl.postprofile with rank, post count, joined and location, "Re:" subject per post, quote buttons, a quoted reply, signatures, Jump to forum list and "Who is online"',
  ],
  [
    {
      id: 'vbulletin-rough-idle',
      lang: 'en',
      site: 'Hatchback Heritage Forums',
      title: '1987 hatchback idles rough only when warm',
      posts: [
        { author: 'TwinCamTed', date: '03-14-2025, 07:41 PM', body: `Cold start is perfect, idles at about 1,100 and settles. Once the temperature gauge gets to the middle the idle starts hunting between 600 and 1,000 and it has stalled twice at junctions.\n\nThings already done: new plugs and leads, cleaned the throttle body, checked the timing at 10 degrees BTDC. Any ideas before I start throwing parts at it?` },
        { author: 'rusty_sill', date: '03-14-2025, 08:15 PM', body: `Classic symptom of the coolant temperature sensor going bad. The ECU reads it to decide the fuelling, and if it reports cold when the engine is hot the mixture goes rich.\n\nMeasure the resistance across the sensor with the engine hot. It should be roughly 300 ohms at full temperature. Mine read 2,000 and did exactly what you describe.` },
        { author: 'Mr Fixit', date: '03-15-2025, 09:02 AM', body: `Also check the idle control valve. They gum up with age and a warm engine needs it to close more precisely.\n\n- Pull it off (two bolts) and spray it with carb cleaner.\n- Work the plunger by hand until it moves freely.\n- Replace the gasket, they are cheap.` },
        { author: 'TwinCamTed', date: '03-16-2025, 05:27 PM', body: `Sensor was the culprit. Measured 1,800 ohms hot. Swapped it for a new one this afternoon and the idle is rock steady at 850 after a twenty minute drive.\n\nCleaned the idle valve while I was in there anyway, it was filthy. Thanks all.` },
      ],
    },
    vbulletin,
    'a vBulletin 4 thread: li.postbitlegacy posts with user title, join date, location and post count, blockquote.postcontent bodies, signatures in blockquote.signature, "Reply With Quote", Similar Threads table and Posting Permissions',
  ],
  [
    {
      id: 'discourse-config-precedence',
      lang: 'en',
      site: 'Stackbuild Community',
      title: 'Environment variables ignored after upgrading to v3',
      posts: [
        { author: 'lena_k', date: 'April 1, 2025, 10:00am', body: `After upgrading from 2.9 to 3.0 our deployment ignores \`STACKBUILD_CACHE_DIR\`. The value from \`stackbuild.toml\` wins every time, even though the v2 docs said environment variables override the file.\n\nIs this a bug or did the precedence change?` },
        { author: 'marco.dev', date: 'April 1, 2025, 11:12am', body: `It changed on purpose. In v3 the order is: command-line flags, then the project file, then environment variables, then defaults. The idea was that a checked-in file should be reproducible on every machine.\n\nYou can restore the old behaviour per key:\n\n\`\`\`toml\n[cache]\ndir = { env = "STACKBUILD_CACHE_DIR", default = ".cache" }\n\`\`\`` },
        { author: 'lena_k', date: 'April 1, 2025, 12:40pm', body: `> Is this a bug or did the precedence change?\n\nThanks, that explains it. Is there a way to see which source a value came from? We have a lot of keys.` },
        { author: 'marco.dev', date: 'April 1, 2025, 1:05pm', body: `Run \`stackbuild config --explain\`. It prints every resolved key with the source it came from and the sources it overrode. It is new in 3.0 and mentioned only in the changelog, we should add it to the migration guide.` },
        { author: 'sysadmin_jo', date: 'April 2, 2025, 8:30am', body: `Same problem here on CI. The \`env\` form worked for us, but note that it needs quotes around the variable name or the parser rejects the file with a confusing error about inline tables.` },
      ],
    },
    discourse,
    'a Discourse topic as served to crawlers and no-JS readers: #main-outlet with schema.org DiscussionForumPosting, each reply a .topic-body.crawler-post Comment with author, time and position, an aside.quote, likes counts and a Related topics table',
  ],
  [
    {
      id: 'xenforo-cloudy-water',
      lang: 'en',
      site: 'Freshwater Keepers',
      title: 'Cloudy water three weeks after setting up a 60 litre tank',
      posts: [
        { author: 'Nadia', date: 'Jan 10, 2025', body: `My first tank has been running for three weeks. It is planted, no fish yet. About five days ago the water went milky white and it has not cleared. Ammonia reads 0.5 ppm, nitrite 0, nitrate 5.\n\nI did a 30 percent water change and it came back the next day. Should I be worried?` },
        { author: 'fishfan', date: 'Jan 10, 2025', body: `That is almost certainly a bacterial bloom. Free-floating bacteria multiply quickly when there is spare ammonia and not enough of the bacteria that live on surfaces yet.\n\nIt looks alarming but it is harmless and normal at this stage. Water changes tend to prolong it, so the best thing is to leave it alone.` },
        { author: 'shrimply', date: 'Jan 11, 2025', body: `> Should I be worried?\n\nNo. Mine took about ten days to clear. Keep dosing ammonia to 1 ppm every other day and test every few days. When ammonia and nitrite both hit zero within 24 hours of a dose, the cycle is done.` },
        { author: 'Nadia', date: 'Jan 19, 2025', body: `Update for anyone finding this later: I stopped doing water changes and it cleared completely on day eight. Ammonia and nitrite are now zero a day after dosing, so I am planning to add a small group of rasboras next weekend.` },
      ],
    },
    xenforo,
    'a XenForo 2 thread: article.message--post with message-user cell (title, joined, messages, reaction score), header attribution with share and #N, bbWrapper bodies with bbCodeBlock quotes, signatures, reaction bars, "You must log in or register to reply here." and Similar threads',
  ],
  [
    {
      id: 'stackexchange-ssh-loop',
      lang: 'en',
      site: 'Unix & Linux Stack Exchange-like',
      title: 'Why does my while-read loop stop after the first ssh command?',
      posts: [
        { author: 'kgrant', date: 'Mar 3, 2021 at 9:12', votes: 71, body: `I have a file with one hostname per line and I want to run \`uptime\` on each host:\n\n\`\`\`bash\nwhile read -r host; do\n  ssh "$host" uptime\ndone < hosts.txt\n\`\`\`\n\nIt only ever prints the result for the first host and then exits without an error. If I replace \`ssh\` with \`echo\` it prints every host. What is going on?` },
        { author: 'Ilse V.', date: 'Mar 3, 2021 at 9:20', votes: 112, accepted: true, body: `\`ssh\` reads from standard input, and inside the loop its standard input is the same file the loop is reading. The first \`ssh\` consumes the rest of \`hosts.txt\` and sends it to the remote command, which ignores it. When \`read\` runs again there is nothing left.\n\nTell \`ssh\` not to read standard input:\n\n\`\`\`bash\nwhile read -r host; do\n  ssh -n "$host" uptime\ndone < hosts.txt\n\`\`\`\n\n\`-n\` redirects its input from \`/dev/null\`. Writing \`ssh "$host" uptime < /dev/null\` does the same.` },
        { author: 'pmoreau', date: 'Mar 3, 2021 at 11:45', votes: 38, body: `An alternative that protects every command in the loop, not only \`ssh\`, is to read the file on a different file descriptor:\n\n\`\`\`bash\nwhile read -r host <&3; do\n  ssh "$host" uptime\ndone 3< hosts.txt\n\`\`\`\n\nThis is useful when the loop body calls several programs and you do not know which of them read standard input.` },
        { author: 'dvw', date: 'Jun 11, 2024 at 14:02', votes: 6, body: `The same thing happens with \`ffmpeg\`, \`mplayer\` and anything else that checks the keyboard for commands. If a loop mysteriously stops after one iteration, suspect standard input first.` },
      ],
    },
    stackExchange,
    'a Stack Exchange-like question page: vote cells with counts and an accepted-answer check mark, s-prose bodies with code, tags, Share/Improve/Follow menus, user cards with reputation and badges, "Your Answer" form, Linked/Related/Hot Network Questions sidebars',
  ],
  [
    {
      id: 'reddit-like-hub-service',
      lang: 'en',
      site: 'threadit',
      title: 'Worth servicing a 15-year-old rear hub or just replace the wheel?',
      posts: [
        { author: 'gravel_gerry', date: '4 days ago', votes: 212, body: `My commuter has the original rear wheel from 2010. The hub feels a bit gritty when I spin the axle by hand and there is a tiny amount of play at the rim. The rim itself still has decent brake track left.\n\nA local shop quoted me 45 for a hub service or 130 for a new basic wheel. Is servicing an old cup-and-cone hub worth it?` },
        { author: 'spokewrangler', date: '4 days ago', votes: 188, body: `Cup-and-cone hubs are made to be serviced, that is their whole point. Open it up and look at the races in the hub shell. If they are smooth and shiny, new balls and grease will make it feel new. If they are pitted, the hub is done, because the cups are pressed in and cannot be replaced.` },
        { author: 'gravel_gerry', date: '4 days ago', votes: 40, body: `How do you tell pitted from just dirty? Everything in there is black.` },
        { author: 'spokewrangler', date: '3 days ago', votes: 95, body: `Clean it with a rag and degreaser first. Then run a fingernail around the race. Pitting feels like tiny craters and catches your nail, and you will usually see a dull track with dark spots. Dirt wipes off, pits do not.` },
        { author: 'mech_on_a_budget', date: '3 days ago', votes: 77, body: `Do it yourself. You need two cone spanners (about 15 for a pair), a tub of grease and a bag of 1/4 inch balls. There are plenty of guides, and adjusting the cones is the only fiddly part: tighten until the play disappears, then back off a hair.` },
        { author: 'gravel_gerry', date: '2 days ago', votes: 63, body: `Update: races were fine, just old grease turned to paste and two balls with flat spots. Total cost 19 including the spanners. Wheel spins like new. Thanks everyone.` },
      ],
    },
    redditLike,
    'a Reddit-like thread in web components (shreddit-post with slot="text-body", shreddit-comment at several depths with author/time meta and action rows of vote, Reply, Award, Share), left navigation, community sidebar with rules and "More posts you may like"',
  ],
  [
    {
      id: 'woltlab-de-waermepumpe',
      lang: 'de',
      site: 'Haustechnik-Treff',
      title: 'Wärmepumpe taktet in der Übergangszeit ständig – Heizkurve zu steil?',
      posts: [
        { author: 'Heizungsneuling', date: '1. November 2025', body: `Hallo zusammen, seit dem Frühjahr haben wir eine Luft-Wasser-Wärmepumpe mit 9 kW. Im Winter lief sie ruhig durch, aber jetzt bei 10 bis 14 Grad Außentemperatur geht sie alle 15 bis 20 Minuten an und wieder aus.\n\nDer Installateur hat die Heizkurve auf 0,8 eingestellt, Fußpunkt 28 Grad. Ist das normal oder läuft da etwas falsch?` },
        { author: 'Thermo-Klaus', date: '1. November 2025', body: `Das ist ein klassisches Problem in der Übergangszeit. Die Wärmepumpe kann ihre Leistung nur bis zu einer gewissen Grenze herunterregeln. Wenn das Haus weniger Wärme braucht, als sie mindestens liefert, schaltet sie ab und wieder an.\n\nErster Schritt: Heizkurve flacher stellen, zum Beispiel auf 0,5, und den Fußpunkt etwas senken. Dann einige Tage beobachten.` },
        { author: 'Sole_und_Sonne', date: '2. November 2025', body: `> Ist das normal oder läuft da etwas falsch?\n\nNormal ist es nicht, aber häufig. Wichtig ist auch, dass möglichst alle Heizkreise offen sind. Wenn Einzelraumregler die Hälfte der Räume zumachen, fehlt der Wärmepumpe das Wasservolumen.\n\n- Thermostate in den Haupträumen ganz öffnen.\n- Hysterese in der Regelung prüfen, oft steht sie ab Werk auf 2 Kelvin.\n- Taktungen pro Tag aufschreiben, damit man Änderungen vergleichen kann.` },
        { author: 'Heizungsneuling', date: '6. November 2025', body: `Rückmeldung nach vier Tagen: Heizkurve auf 0,55, Fußpunkt 26 Grad, alle Raumthermostate im Erdgeschoss offen. Statt über 40 Starts am Tag sind es jetzt etwa 12, und es ist trotzdem überall warm genug. Vielen Dank!` },
      ],
    },
    woltlabGerman,
    'a German WoltLab Burning Board thread: article.wbbPost with messageSidebar (title badge, Beiträge, Wohnort, custom Heizung field), messageText bodies with a quoteBox, signatures, Zitieren/Gefällt mir footers, a registration prompt, Ähnliche Themen and a cookie banner',
  ],
  [
    {
      id: 'smf-fr-claquement-diesel',
      lang: 'fr',
      site: 'Forum Mécanique Auto',
      title: 'Claquement à froid sur un moteur diesel',
      posts: [
        { author: 'Bricolo56', date: '12 octobre 2024 à 08:41:17', body: `Bonjour à tous,\n\nMa 306 HDi de 2001 fait un claquement métallique au démarrage à froid, pendant environ une minute, puis le bruit disparaît complètement. Pas de voyant, pas de perte de puissance, consommation normale.\n\nC'est grave ou je peux continuer à rouler comme ça ?` },
        { author: 'Diesel_Dédé', date: '12 octobre 2024 à 09:15:02', body: `Sur ce moteur, un claquement à froid qui disparaît à chaud, c'est très souvent un poussoir hydraulique qui se vide pendant la nuit. Le temps que la pression d'huile remonte, il claque.\n\nCommence par vérifier le niveau et l'âge de l'huile. Une huile trop fluide ou très usée aggrave le phénomène.` },
        { author: 'Garagiste_Nord', date: '12 octobre 2024 à 18:30:44', body: `Je confirme la piste des poussoirs. Deux autres causes possibles à écarter quand même :\n\n- un injecteur qui claque, mais dans ce cas le bruit reste à chaud ;\n- une fuite au niveau des rondelles pare-flamme sous les injecteurs, qui fait un bruit de soufflet.\n\nSi le bruit ne dure qu'une minute, ce n'est pas urgent, mais fais la vidange avec la bonne norme d'huile.` },
        { author: 'Bricolo56', date: '20 octobre 2024 à 19:02:55', body: `Vidange faite avec une 5W40 aux normes constructeur (l'ancienne huile avait plus de 20 000 km…). Le claquement ne dure plus que quelques secondes le matin. Merci pour vos conseils !` },
      ],
    },
    smfFrench,
    'a French Simple Machines Forum 1.1 topic in nested tables: poster cell with rank, stars and post count, "« Réponse #N le : … »" headers, Citer buttons, signatures, Journalisée markers, a jump-to select and the SMF footer',
  ],
  [
    {
      id: 'qa-es-hashed-pan-molde',
      lang: 'es',
      site: 'Cocina Preguntas',
      title: '¿Por qué se hunde el pan de molde al sacarlo del horno?',
      posts: [
        { author: 'panadera_novata', date: '14 feb. 2023', votes: 23, body: `Hago pan de molde con 500 g de harina de fuerza, 300 ml de leche, 10 g de levadura seca, 40 g de mantequilla y sal. Sube muy bien en el molde, pero cuando lo saco del horno la parte de arriba se hunde y los laterales se arrugan.\n\nHorneo a 180 °C durante 30 minutos. ¿Qué estoy haciendo mal?` },
        { author: 'Jordi M.', date: '14 feb. 2023', votes: 31, accepted: true, body: `Casi seguro que es exceso de fermentación. Si la masa sube demasiado en el molde, la estructura de gluten queda muy estirada y no aguanta su propio peso al enfriarse.\n\nPrueba a meterlo en el horno cuando la masa sobresalga uno o dos centímetros del borde, no más. Y desmolda enseguida: si se queda en el molde, el vapor ablanda los laterales.` },
        { author: 'Marisa R.', date: '15 feb. 2023', votes: 12, body: `También puede ser falta de cocción. 30 minutos a 180 °C es poco para un molde grande. Mide la temperatura interior: debe llegar a unos 93 °C. Yo lo dejo 35 o 40 minutos y cubro la parte de arriba con papel de aluminio si se dora demasiado.` },
        { author: 'panadera_novata', date: '18 feb. 2023', votes: 4, body: `Gracias a los dos. He acortado la segunda fermentación y lo he horneado 38 minutos. Ha salido perfecto, sin hundirse nada.` },
      ],
    },
    hashedSpanishQA,
    'a Spanish Q&A page built with hashed CSS-module class names: vote columns with scores and a "Respuesta aceptada" badge, share/follow/report buttons, user cards with reputation, a login prompt instead of the answer form, related questions and network sidebars',
  ],
  [
    {
      id: 'community-tailwind-printer-offline',
      lang: 'en',
      site: 'Example Devices Community',
      title: 'Printer shows offline after every router restart',
      posts: [
        { author: 'Harriet Cole', date: 'March 28, 2025', body: `Every time my router restarts (it updates itself about once a week) my inkjet printer shows as offline on both laptops. Turning the printer off and on fixes it until the next time. The printer is connected over Wi-Fi and the display says it is connected to the network.\n\nWindows 11 on both laptops, printer firmware is up to date.` },
        { author: 'Dev Anand', date: 'March 28, 2025', accepted: true, body: `What usually happens is that the router hands the printer a new IP address after it restarts, but the laptops still look for it at the old one.\n\nThe reliable fix is to give the printer a fixed address:\n\n1. Log in to your router and find the list of connected devices.\n2. Reserve the printer's current address for its MAC address (often called DHCP reservation).\n3. Restart the printer once so it picks up the reserved address.\n\nAfter that, the address never changes and the laptops will find it every time.` },
        { author: 'Harriet Cole', date: 'March 29, 2025', body: `I found the reservation setting in the router under "LAN". Done it, will report back after the next router update.` },
        { author: 'Bram de Wit', date: 'March 30, 2025', body: `If your router does not support reservations, you can also remove the printer in Windows and add it again using its host name instead of the IP address. The host name is printed on the network configuration page of the printer.` },
      ],
    },
    communityTailwind,
    'a vendor support community thread in Tailwind utility classes: question card with "I have the same question" and Subscribe, reply cards with a Solution badge, "Was this reply helpful? Yes/No" rows, report links, a locked-thread notice and a question-info sidebar',
  ],
];

export const pages: PageSpec[] = THREADS.map(([t, tpl, reproduces]) => ({ type: 'forum', id: t.id, lang: t.lang, reproduces, html: tpl(t), expected: expectedOf(t) }));
