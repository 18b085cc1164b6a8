// Forum and Q&A pages (src/extract/forum.ts, applied by the precision stage on forum pages): every post and its
// author stay; the chrome the engine prints around each post goes. Fixtures are written from the markup patterns
// of the engines (XenForo, phpBB, Stack Exchange), with neutral text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';

const POSTS = [
  'My sourdough starter smells strongly of acetone after two days in the fridge, and it barely rises any more. What went wrong?',
  'Acetone usually means the yeast is hungry: feed it twice a day at room temperature for a few days before you bake with it.',
  'Switched to feeding it one part starter to five parts flour yesterday, and this morning it doubled in four hours. Thanks!',
];

const page = (body: string, head = ''): string =>
  `<!DOCTYPE html><html><head><title>Starter smells of acetone</title>${head}</head><body><h1>Starter smells of acetone</h1>${body}</body></html>`;

function xenforoPost(i: number, user: string, body = POSTS[i - 1]): string {
  return `<article class="message message--post" data-author="${user}" id="js-post-${i}">
    <div class="message-inner">
      <div class="message-cell message-cell--user"><section class="message-user">
        <div class="message-avatar"><div class="message-avatar-wrapper"><a class="avatar" href="/members/${user}.${i}/"><span>${user[0].toUpperCase()}</span></a></div></div>
        <div class="message-userDetails">
          <h4 class="message-name"><a class="username" href="/members/${user}.${i}/">${user}</a></h4>
          <h5 class="userTitle message-userTitle">Well-known member</h5>
          <div class="userBanner message-userBanner"><strong>Original poster</strong></div>
        </div>
        <div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>Apr 13, 2009</dd></dl><dl class="pairs pairs--justified"><dt>Messages</dt><dd>8,871</dd></dl><dl class="pairs pairs--justified"><dt>Location</dt><dd>Vancouver, Canada</dd></dl></div>
      </section></div>
      <div class="message-cell message-cell--main"><div class="message-main">
        <header class="message-attribution message-attribution--split">
          <ul class="message-attribution-main listInline"><li><a href="/threads/starter.1/post-${i}"><time class="u-dt" datetime="2022-07-0${i}">Jul ${i}, 2022</time></a></li></ul>
          <ul class="message-attribution-opposite message-attribution-opposite--list"><li><a href="/threads/starter.1/post-${i}">Share</a></li><li><a href="/threads/starter.1/post-${i}">#${i}</a></li></ul>
        </header>
        <div class="message-content js-messageContent"><div class="message-userContent"><article class="message-body js-selectToQuote"><div class="bbWrapper">${body}</div></article></div>
          <div class="message-lastEdit">Last edited: <time>Jul ${i + 1}, 2022</time></div>
          <aside class="message-signature"><div class="bbWrapper">Baking bread since 1998 in a cold kitchen. My blog has all my recipes.</div></aside>
        </div>
        <footer class="message-footer"><div class="message-actionBar actionBar"><a class="actionBar-action--report">Report</a><a class="actionBar-action--like">Like</a><a class="actionBar-action--reply">Reply</a></div>
          <div class="reactionsBar js-reactionsList is-active"><a class="reactionsBar-link">Reactions: someone and 3 others</a></div></footer>
      </div></div>
    </div></article>`;
}

test('XenForo thread: every post and its author stay; user card, post number, signature, actions and reactions go', () => {
  const html = page(`<div class="block-body js-replyNewMessageContainer">${xenforoPost(1, 'felixen')}${xenforoPost(2, 'spikeymike')}${xenforoPost(3, 'felixen')}</div>`);
  const r = extractDocument({ html, url: 'https://forums.example.test/threads/starter-smells-of-acetone.2350553/' });
  assert.equal(r.pageType, 'forum');
  for (const post of POSTS) assert.ok(r.markdown.includes(post), `missing post: ${post}\n${r.markdown}`);
  assert.ok(r.markdown.includes('spikeymike') && r.markdown.includes('Jul 2, 2022'), 'the author and the date stay');
  for (const chrome of ['Well-known member', 'Original poster', 'Joined', '8,871', 'Vancouver', '#2', 'Last edited', 'Baking bread since 1998', 'Report', 'Reactions:']) {
    assert.ok(!r.markdown.includes(chrome), `chrome kept: ${chrome}\n${r.markdown}`);
  }
  assert.ok((r.precision.removed['post-chrome'] ?? 0) >= 3, JSON.stringify(r.precision.removed));
});

test('a reply\'s quote of a post the read already holds goes; a quote of something it does not hold, and the reply, stay', () => {
  const quote = (user: string, text: string): string =>
    `<blockquote class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote" data-quote="${user}"><div class="bbCodeBlock-title">${user} said:</div><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${text}</div><div class="bbCodeBlock-expandLink"><a role="button">Click to expand...</a></div></div></blockquote>`;
  const elsewhere = 'A starter kept in the fridge for a week needs three feedings before it is lively enough to raise a loaf.';
  const reply = `${quote('felixen', POSTS[0])}${POSTS[2]}`;
  const citing = `${quote('bakerbob', elsewhere)}Agreed, and the same goes for rye starters in my experience.`;
  const html = page(`<div class="block-body">${xenforoPost(1, 'felixen')}${xenforoPost(2, 'spikeymike')}${xenforoPost(3, 'felixen', reply)}${xenforoPost(4, 'spikeymike', citing)}</div>`);
  const r = extractDocument({ html, url: 'https://forums.example.test/threads/starter-smells-of-acetone.2350553/' });
  assert.equal(r.pageType, 'forum');
  assert.equal(r.markdown.split(POSTS[0]).length, 2, `the quoted post is read once\n${r.markdown}`);
  for (const kept of [POSTS[1], POSTS[2], elsewhere, 'Agreed, and the same goes']) assert.ok(r.markdown.includes(kept), `${kept}\n${r.markdown}`);
  assert.ok((r.precision.removed.duplicate ?? 0) >= 1, JSON.stringify(r.precision.removed));
});

test('phpBB thread: the poster profile (rank, post count, join date), signature and post buttons go, the posts stay', () => {
  const post = (i: number, user: string): string => `<div id="p${i}" class="post has-profile bg2"><div class="inner">
    <dl class="postprofile" id="profile${i}"><dt class="has-profile-rank"><a class="username">${user}</a></dt><dd class="profile-rank">Posts: a lot</dd><dd class="profile-posts"><strong>Posts:</strong> 2630</dd><dd class="profile-joined"><strong>Joined:</strong> Mon Jul 24, 2017 9:28 am</dd></dl>
    <div class="postbody"><div id="post_content${i}"><h3><a href="#p${i}">Re: Starter smells of acetone</a></h3>
      <ul class="post-buttons"><li><a class="button button-icon-only" title="Quote">Quote</a></li></ul>
      <p class="author"><span>by <strong><a class="username">${user}</a></strong> » Sat Feb 24, 2024 5:43 pm</span></p>
      <div class="content">${POSTS[i - 1]}</div>
      <div id="sig${i}" class="signature">Member of the bread guild. Views are my own and nobody else's.</div>
    </div></div></div></div>`;
  const html = page(`<div class="page-body" id="page-body">${post(1, 'changingtimes')}${post(2, 'nhs76')}${post(3, 'changingtimes')}</div>`);
  const r = extractDocument({ html, url: 'https://www.example.test/forum/viewtopic.php?t=425337' });
  assert.equal(r.pageType, 'forum');
  for (const p of POSTS) assert.ok(r.markdown.includes(p), `missing post: ${p}\n${r.markdown}`);
  assert.ok(r.markdown.includes('nhs76'), 'the author line stays');
  for (const chrome of ['2630', 'Joined:', 'Member of the bread guild', 'Quote']) assert.ok(!r.markdown.includes(chrome), `chrome kept: ${chrome}\n${r.markdown}`);
});

test('Q&A page (schema.org QAPage): question and answers stay; votes, user cards, menus and the remarks under them go', () => {
  const remark = (t: string) => `<li class="comment js-comment" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div class="comment-text"><span class="comment-copy" itemprop="text">${t}</span> – <a class="comment-user" itemprop="author">Joe</a> <span class="comment-date">Commented Feb 12, 2011 at 1:30</span></div></li>`;
  const post = (kind: 'question' | 'answer', i: number, body: string) => `<div class="${kind} js-${kind}" id="${kind}-${i}" itemprop="${kind === 'question' ? 'mainEntity' : 'suggestedAnswer'}" itemscope itemtype="https://schema.org/${kind === 'question' ? 'Question' : 'Answer'}">
    <div class="post-layout"><div class="votecell post-layout--left"><div class="js-voting-container d-flex"><div class="js-vote-count flex--item" itemprop="upvoteCount">${18 - i}</div></div></div>
    <div class="postcell post-layout--right"><div class="s-prose js-post-body" itemprop="text"><p>${body}</p></div>
      <div class="mt24 mb12"><div class="post-taglist d-flex"><ul><li><a class="s-tag post-tag">baking</a></li><li><a class="s-tag post-tag">sourdough</a></li></ul></div></div>
      <div class="mt16 d-flex"><div class="js-post-menu pt2"><a class="js-share-link">Share</a><a class="js-suggest-edit-post">Improve this ${kind}</a><button>Follow</button></div>
      <div class="post-signature owner"><div class="user-info"><div class="user-action-time">${kind === 'question' ? 'asked' : 'answered'} Feb 11, 2011 at 23:49</div><div class="user-details"><a href="/users/${i}/someone">Someone ${i}</a><div class="-flair"><span class="reputation-score">55.4k</span> 24 gold badges 197 silver badges</div></div></div></div></div>
    </div>
    <div class="post-layout--right js-post-comments-component"><div class="comments js-comments-container" id="comments-${i}"><ul class="comments-list js-comments-list">${remark(`And for the paranoid: do not forget the oven mitts, number ${i}. You never know.`)}${remark(`Have backups and check again, says remark ${i}.`)}</ul></div><a class="js-add-link comments-link">Add a comment</a></div></div></div>`;
  const html = page(
    `<div id="mainbar" itemscope itemtype="https://schema.org/QAPage">${post('question', 1, POSTS[0])}<div id="answers">${post('answer', 2, POSTS[1])}${post('answer', 3, POSTS[2])}</div></div>`,
  );
  const r = extractDocument({ html, url: 'https://cooking.example.test/questions/12068/starter-smells-of-acetone' });
  assert.equal(r.pageType, 'forum');
  for (const p of POSTS) assert.ok(r.markdown.includes(p), `missing post: ${p}\n${r.markdown}`);
  for (const chrome of ['oven mitts', 'Have backups', 'Improve this', 'asked Feb 11', '55.4k', 'gold badges', 'Add a comment', 'sourdough\n']) {
    assert.ok(!r.markdown.includes(chrome), `chrome kept: ${chrome}\n${r.markdown}`);
  }
  assert.doesNotMatch(r.markdown, /^1[5-7]$/m, 'vote counts go');
});

test('post chrome is left alone outside forums: an article keeps a box its theme calls "signature"', () => {
  const prose = Array.from({ length: 4 }, (_, i) => `<p>Cold starts are the time a platform needs to create a fresh execution environment before the first request can run, paragraph ${i + 1}.</p>`).join('');
  const html = `<!DOCTYPE html><html><head><title>Cold starts</title><meta property="og:type" content="article"></head><body><article><h1>Cold starts</h1>${prose}<div class="signature">The signature dish of this kitchen is slow bread, and it has been for twenty years now.</div></article></body></html>`;
  const r = extractDocument({ html, url: 'https://blog.example.test/2024/cold-starts' });
  assert.equal(r.pageType, 'article');
  assert.ok(r.markdown.includes('The signature dish of this kitchen'), r.markdown);
  assert.equal(r.precision.removed['post-chrome'] ?? 0, 0);
});

test('thread chrome between posts goes on a forum: counters, sort control, "Re: <title>" subjects, navigation, log-in prompt', () => {
  const post = (i: number) => `<div class="post" id="p${i}"><h3>${i === 1 ? 'Starter smells of acetone' : 'Re: Starter smells of acetone'}</h3><div class="content"><p>${POSTS[i - 1]}</p></div><p>Reply with quote</p></div>`;
  const html = page(`<div id="page-body"><h2>3 Replies</h2><div>Sorted by: oldest first</div>${post(1)}${post(2)}${post(3)}<p>Click to expand...</p><p>Return to General Discussion</p><h3>Who is online</h3><p>Create an account or sign in to comment</p><h2>Kommentieren</h2><h3>Sie müssen sich <a href="/account/login">einloggen</a>, um sich an einer Diskussion beteiligen zu können.</h3></div>`);
  const r = extractDocument({ html, url: 'https://www.example.test/forum/viewtopic.php?t=4253' });
  assert.equal(r.pageType, 'forum');
  for (const p of POSTS) assert.ok(r.markdown.includes(p), `missing post: ${p}\n${r.markdown}`);
  assert.equal(r.markdown.match(/Starter smells of acetone/g)?.length, 1, `only the title names the thread\n${r.markdown}`);
  for (const chrome of ['3 Replies', 'Sorted by', 'Reply with quote', 'Click to expand', 'Return to General', 'Who is online', 'sign in to comment', 'Kommentieren', 'Diskussion beteiligen']) {
    assert.ok(!r.markdown.includes(chrome), `chrome kept: ${chrome}\n${r.markdown}`);
  }
});

test('a post that only mentions replies, sorting or logging in is kept: the chrome lines match whole blocks', () => {
  const talk = ['Reply to the seller first and ask for a refund, then open a dispute if they ignore you.', 'Sorted by price the cheapest flour is fine for a starter, but rye works faster.', 'Log in to the router and check the DHCP table, the printer shows up there.'];
  const html = page(`<div id="page-body">${talk.map((t, i) => `<div class="post" id="p${i}"><div class="content"><p>${t}</p></div></div>`).join('')}</div>`);
  const r = extractDocument({ html, url: 'https://www.example.test/forum/viewtopic.php?t=4254' });
  assert.equal(r.pageType, 'forum');
  for (const t of talk) assert.ok(r.markdown.includes(t), `post dropped: ${t}\n${r.markdown}`);
});

test('page type: forum URLs carry a thread number; FAQ questions and bare /topic/ or /t/ sections are no thread', () => {
  const body = `<main><h1>Starter smells of acetone</h1>${POSTS.map((p) => `<p>${p}</p>`).join('')}</main>`;
  const type = (url: string, head = '') => extractDocument({ html: page(body, head), url }).pageType;
  assert.equal(type('https://community.example.test/t/start-making-my-home-smart/68911'), 'forum', 'Discourse topic');
  assert.equal(type('https://www.example.test/t/123270/Year-Tiny-House'), 'forum', 'topic number first');
  assert.equal(type('https://www.example.test/community/index.php?topic=589061.0'), 'forum', 'SMF thread id in the query');
  assert.equal(type('https://www.example.test/topic/225132-if-the-forum-comes-to-an-end/'), 'forum', 'numbered topic');
  assert.notEqual(type('https://www.example.test/t/pegasus-41-road-running-shoes-LMhfRGdO'), 'forum', 'a shop path under /t/');
  assert.notEqual(type('https://news.example.test/topic/software'), 'forum', "a magazine's topic collection");
  assert.notEqual(type('https://docs.example.test/en/5.1/topics/db/models/'), 'forum', 'documentation topics');
  assert.notEqual(type('https://www.example.test/vs/community/'), 'forum', "a vendor's community edition");
  const faq = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},${[1, 2, 3].map((i) => `{"@type":"Question","name":"Question ${i}?","acceptedAnswer":{"@type":"Answer","text":"Answer ${i}."}}`).join(',')}]}</script>`;
  assert.notEqual(type('https://www.example.test/services/data-to-insights', faq), 'forum', 'several Questions are an FAQ');
  const qa = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Question","name":"Starter smells of acetone?","answerCount":2}</script>';
  assert.equal(type('https://www.example.test/q/12068', qa), 'forum', 'one Question is a Q&A thread');
  assert.equal(type('https://help.example.test/start-making-my-home-smart', '<meta name="generator" content="Discourse 3.4.0 - https://github.com/discourse/discourse">'), 'forum', 'the engine names itself');
  assert.notEqual(type('https://blog.example.test/start-making-my-home-smart', '<meta name="generator" content="WordPress 6.9">'), 'forum');
});

test('link preview cards in posts go on a forum (Discourse onebox, XenForo unfurl); the link in the post stays', () => {
  const preview = (i: number) => `<aside class="onebox allowlistedgeneric"><header class="source"><a href="https://flour.example.test/${i}">flour.example.test</a></header><article class="onebox-body"><h3><a href="https://flour.example.test/${i}">The best flour for a sourdough starter, tested ${i}</a></h3><p>We fed twelve starters for a month to find out which flour works fastest.</p></article></aside>`;
  const unfurl = `<div class="bbCodeBlock bbCodeBlock--unfurl js-unfurl fauxBlockLink"><div class="contentRow"><div class="contentRow-main"><h3 class="contentRow-header js-unfurl-title"><a href="https://support.example.test/HT208532">Keep your starter alive on holiday</a></h3><div class="contentRow-snippet js-unfurl-desc">Freeze a spoonful, or dry it on baking paper.</div><div class="contentRow-minor">support.example.test</div></div></div></div>`;
  const post = (i: number, extra: string) => `<div class="topic-body crawler-post" id="post_${i}"><div class="post" itemprop="text"><p>${POSTS[i - 1]} See <a href="https://flour.example.test/${i}">this test</a>.</p>${extra}</div></div>`;
  const html = page(`<div id="main-outlet">${post(1, preview(1))}${post(2, unfurl)}${post(3, preview(3))}</div>`, '<meta name="generator" content="Discourse 3.4.0">');
  const r = extractDocument({ html, url: 'https://community.example.test/t/starter-smells-of-acetone/8251' });
  assert.equal(r.pageType, 'forum');
  for (const p of POSTS) assert.ok(r.markdown.includes(p), `missing post: ${p}\n${r.markdown}`);
  assert.ok(r.markdown.includes('[this test](https://flour.example.test/1)'), r.markdown);
  for (const chrome of ['We fed twelve starters', 'The best flour for a sourdough starter', 'Freeze a spoonful', 'Keep your starter alive']) {
    assert.ok(!r.markdown.includes(chrome), `preview kept: ${chrome}\n${r.markdown}`);
  }
});

test('forum poster stats, online status, guest sign-up pitch and the "Suggested Topics" block go; the posts stay', () => {
  const post = (i: number, user: string) => `<div class="blockpost rowodd" id="p${i}"><div class="box"><div class="inbox"><div class="postbody">
    <div class="postleft"><dl><dt><strong><a href="/profile.php?id=${i}">${user}</a></strong></dt><dd class="usertitle"><strong>Member</strong></dd><dd><span>Registered: 2012-09-03</span></dd><dd><span>Posts: 73,365</span></dd><dd><span>From: Brisbane, AU</span></dd></dl></div>
    <div class="postright"><div class="postmsg"><p>${POSTS[i - 1]}</p></div><div class="postsignature postmsg"><hr><p>"UNIX is simple and coherent" and my other favourite quotes.</p></div></div>
    </div><div class="postfoot clearb"><div class="postfootleft"><p><span>Offline</span></p></div></div></div></div></div>`;
  const suggested = `<h4>Suggested Topics</h4><ul>${['Feeding schedule for a rye starter', 'Why does my bread collapse in the oven', 'Best banneton for a beginner'].map((t, i) => `<li class="category-item"><h3 class="title"><a href="/topic/${100 + i}/x">${t}</a></h3><span>${i + 3} posts · 2 days ago</span></li>`).join('')}</ul>`;
  const cta = '<div class="alert alert-warning" id="guest-cta-alert"><p>Hello! It looks like you are interested in this conversation, but you do not have an account yet. Sign up and we will remember what you read.</p></div>';
  const html = page(`<div id="brdmain">${post(1, 'chunix64')}${cta}${post(2, 'nl6720')}${post(3, 'chunix64')}${suggested}</div>`);
  const r = extractDocument({ html, url: 'https://bbs.example.test/viewtopic.php?id=309936' });
  assert.equal(r.pageType, 'forum');
  for (const p of POSTS) assert.ok(r.markdown.includes(p), `missing post: ${p}\n${r.markdown}`);
  assert.ok(r.markdown.includes('nl6720'), 'the author stays');
  for (const chrome of ['Registered:', 'Posts: 73,365', 'Brisbane', 'Offline', 'UNIX is simple', 'do not have an account yet', 'Suggested Topics', 'Feeding schedule for a rye starter']) {
    assert.ok(!r.markdown.includes(chrome), `chrome kept: ${chrome}\n${r.markdown}`);
  }
});

test('vBulletin: each post\'s member menu, online badge and post buttons go; the poster\'s name and every post stay', () => {
  const post = (i: number, user: string) => `<li class="postbitlegacy postcontainer" id="post_${i}">
    <div class="posthead"><span class="date">03.03.2011, 14:1${i}</span></div>
    <div class="postdetails"><div class="userinfo">
      <div class="popupmenu memberaction"><a class="username offline popupctrl" href="/members/${i}_${user}.html"><strong>${user}</strong></a>
        <ul class="popupbody popuphover memberaction_body"><li><a href="/members/${i}_${user}.html">Profil</a></li><li><a href="/search.php?do=finduser&amp;userid=${i}">Beiträge anzeigen</a></li><li><a href="/private.php?do=newpm&amp;u=${i}">Private Nachricht</a></li></ul></div>
      <img class="inlineimg onlinestatus" src="/images/statusicon/user-offline.png" alt="${user} ist offline">
    </div>
    <div class="postbody"><div class="content"><blockquote class="postcontent restore">${POSTS[i - 1]}</blockquote></div></div></div>
    <div class="postfoot"><div class="textcontrols floatcontainer"><span class="postcontrols"><a class="quote" href="/newreply.php?p=${i}"><img src="/quote.png" alt="Zitat"> Zitieren</a><a href="/thanks.php?p=${i}">Danke sagen</a></span></div></div>
  </li>`;
  const html = page(`<ol id="posts" class="posts">${post(1, 'predator')}${post(2, 'chatfix')}${post(3, 'sunset')}</ol>`, '<meta name="generator" content="vBulletin 4.2.5">');
  const r = extractDocument({ html, url: 'https://forum.test/windows-phone/122760-starter-smells-of-acetone.html' });
  assert.equal(r.pageType, 'forum');
  for (const text of POSTS) assert.ok(r.markdown.includes(text), r.markdown);
  for (const user of ['predator', 'chatfix', 'sunset']) assert.ok(r.markdown.includes(user), r.markdown);
  for (const chrome of ['Beiträge anzeigen', 'Private Nachricht', 'ist offline', 'Danke sagen', 'Zitieren']) assert.ok(!r.markdown.includes(chrome), `${chrome}\n${r.markdown}`);
});

// A discussion on a site whose URL and markup say nothing of forums (a link aggregator declaring og:type article):
// its run of dated, signed posts with sentences in them makes it a thread, and every reply is read.
const REPLIES = [
  'I tried the fridge trick last winter and the starter came back after two feedings, so it is not dead yet. Give it a warm spot on the counter and a little patience before you give up on it. Mine smelled of nail polish too.',
  'The smell is the alcohol the yeast makes when it runs out of food; pour off the liquid and feed it more often. Twice a day at room temperature is what worked for me over a long weekend. After that it never smelled again.',
  'Rye flour helped mine more than anything else did. It rose twice as high within a day of switching over, and the sharp smell was gone by the second morning of regular feedings. I still use half rye today.',
  'Thanks, everyone. I fed it twice today as suggested, and the smell is already weaker than it was this morning.',
  'Glad it worked out. Post a picture of the first loaf when you bake with it; I would like to see how it rises.',
  'Keep a spare in the freezer next time. Mine survived three months there and woke up within a week, which saved me from starting a new one from scratch in the middle of winter. Label the jar with the date.',
];

function aggregatorPage(): string {
  const comment = (i: number, user: string) =>
    `<div class="c-item" id="c${i}"><div class="c-head"><a href="/~${user}">${user}</a> <span title="2024-05-0${i}">${i + 1} hours ago</span> <a href="#c${i}">link</a></div><div class="c-text"><p>${REPLIES[i]}</p></div><div class="c-acts"><a href="/reply/${i}">reply</a></div></div>`;
  const users = ['spikeymike', 'rye_fan', 'dough_nut', 'mia', 'felixen', 'crumb'];
  return `<!DOCTYPE html><html><head><title>Starter smells of acetone | Linkhub</title><meta property="og:type" content="article"></head><body>
    <nav><a href="/">Linkhub</a> <a href="/new">new</a> <a href="/top">top</a></nav>
    <div class="story"><h1><a href="https://blog.example.test/acetone">Starter smells of acetone</a></h1><a href="/~felixen">felixen</a> <span>5 hours ago</span></div>
    <div class="c-list">${REPLIES.map((_, i) => comment(i, users[i])).join('')}</div>
    <footer><a href="/about">About</a></footer></body></html>`;
}

test('a thread is told by its structure: a run of signed, dated posts opening the page makes it a forum and every reply stays', () => {
  const r = extractDocument({ html: aggregatorPage(), url: 'https://linkhub.example.test/s/abc123/starter_smells_of_acetone' });
  assert.equal(r.pageType, 'forum');
  for (const reply of REPLIES) assert.ok(r.markdown.includes(reply), `missing reply: ${reply}\n${r.markdown}`);
});

test('an article with a comment section under it stays an article, and the comments still go', () => {
  const body = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1} of the article explains, at some length and with care, why a starter that smells of acetone is only hungry and how a few regular feedings at room temperature bring it back to full strength.</p>`).join('');
  const comments = REPLIES.map((t, i) => `<li class="comment"><div class="comment-author"><a href="/author/u${i}">reader${i}</a></div><time datetime="2024-05-0${i + 1}">May ${i + 1}, 2024</time><div class="comment-content"><p>${t}</p></div></li>`).join('');
  const html = `<!DOCTYPE html><html><head><title>Why starters smell of acetone</title></head><body><article><h1>Why starters smell of acetone</h1>${body}</article><section id="comments"><h2>4 comments</h2><ol class="commentlist">${comments}</ol></section></body></html>`;
  const r = extractDocument({ html, url: 'https://blog.example.test/2024/05/acetone-starter' });
  assert.notEqual(r.pageType, 'forum');
  assert.ok(r.markdown.includes('Paragraph 8 of the article'));
  for (const reply of REPLIES) assert.ok(!r.markdown.includes(reply), `comment kept: ${reply}`);
});

test('a JSON-LD block that does not parse (a raw newline in a string) still declares its type', () => {
  const ld = '<script type="application/ld+json">{"@context":"http://schema.org","@type":"DiscussionForumPosting","text":"line one\nline two"}</script>';
  const html = page(`<div class="thread"><p>${POSTS[0]}</p><p>${POSTS[1]}</p></div>`, ld);
  const r = extractDocument({ html, url: 'https://games.example.test/boards/189706-switch/80702016' });
  assert.equal(r.pageType, 'forum');
});
