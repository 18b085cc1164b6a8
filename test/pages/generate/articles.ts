// Article pages: news sites, blogs and magazines. The main content is the headline, the standfirst and the story;
// menus, rails, recirculation, newsletter boxes, share bars, pull quotes, inline "read also" promos and the
// comment section under the story are chrome.
import { BASE_CSS, breakingRail, commentsSection, cookieBanner, footer, headline, jsonLd, megaMenu, newsletterBox, recirculation, scripts, shareBar, sidebarWidgets, simpleNav, styleBlock, topBar, words, type Lang, type Scheme } from './chrome.ts';
import { doc, esc, hashed, md2html, parseBlocks, renderBlocks, seeded, slug, type PageSpec, type Rand, type Theme } from './lib.ts';

interface Story {
  id: string;
  lang: Lang;
  site: string;
  title: string;
  dek: string;
  author: string;
  body: string;
}

const expectedOf = (s: Story): string => `# ${s.title}\n\n${s.dek}\n\n${s.body.trim()}\n`;

function head(s: Story, r: Rand, extra = ''): string {
  return `${styleBlock(BASE_CSS)}
<meta property="og:type" content="article"><meta property="og:title" content="${esc(s.title)}"><meta name="description" content="${esc(s.dek)}">
${jsonLd({ '@type': 'NewsArticle', headline: s.title, description: s.dek, author: { '@type': 'Person', name: s.author }, datePublished: '2025-03-14T08:00:00Z' })}
${scripts(r)}${extra}`;
}

/** Splits a story's blocks after the n-th paragraph, so a box can sit inside the body as it does on news sites. */
function splitAfter(md: string, n: number, theme?: Theme): [string, string] {
  const blocks = parseBlocks(md);
  let seen = 0;
  let at = blocks.length;
  for (let i = 0; i < blocks.length; i++) if (blocks[i].kind === 'p' && ++seen === n) at = i + 1;
  return [renderBlocks(blocks.slice(0, at), theme), renderBlocks(blocks.slice(at), theme)];
}

function newsMegaMenu(s: Story): string {
  const r = seeded(11);
  const sc: Scheme = 'bem';
  const [a, b] = splitAfter(s.body, 3);
  const body = `${cookieBanner(s.lang, sc)}
<div class="page">
${topBar(r, s.lang, sc, s.site, ['Subscribe'])}
${megaMenu(r, s.lang, sc, true)}
<div class="layout layout--article">
${breakingRail(r, s.lang, sc, 8)}
<main class="layout__main" id="main">
<article class="article">
<header class="article__header"><p class="article__kicker"><a href="/climate">Climate</a></p><h1 class="article__headline">${esc(s.title)}</h1><p class="article__standfirst">${esc(s.dek)}</p>
<div class="article__byline">By <a href="/authors/${slug(s.author)}">${esc(s.author)}</a> · <time datetime="2025-03-14">March 14, 2025</time> · 6 ${words(s.lang).minutes}</div></header>
<figure class="article__lead-image"><img src="/img/lead.jpg" alt="Volunteers plant marram grass on a dune"><figcaption>Volunteers replanting the north dune in February. Photo: Staff photographer</figcaption></figure>
${shareBar(s.lang, sc)}
<div class="article__body">
${a}
${newsletterBox(s.lang, sc)}
${b}
</div>
<ul class="article__tags"><li><a href="/tags/coast">Coast</a></li><li><a href="/tags/climate">Climate</a></li><li><a href="/tags/local-government">Local government</a></li></ul>
</article>
${recirculation(r, s.lang, sc, 20, 'Climate')}
${commentsSection(r, s.lang, sc, 6)}
</main>
</div>
${footer(r, s.lang, sc, s.site)}
</div>`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: head(s, r), body });
}

function newsHiddenDuplicate(s: Story): string {
  const r = seeded(12);
  const sc: Scheme = 'utility';
  const theme: Theme = { cls: { p: 'mb-5 text-lg leading-8', h2: 'mt-10 mb-4 text-2xl font-bold', ul: 'list-disc pl-6 mb-5' } };
  const html = md2html(s.body, theme);
  const body = `${cookieBanner(s.lang, sc)}
${topBar(r, s.lang, sc, s.site)}
${megaMenu(r, s.lang, sc, false)}
<div class="mx-auto max-w-7xl grid grid-cols-12 gap-8 px-4">
<div class="col-span-12 lg:col-span-8">
<h1 class="text-4xl font-extrabold tracking-tight mt-8">${esc(s.title)}</h1>
<p class="text-xl text-gray-600 mt-3">${esc(s.dek)}</p>
<div class="flex items-center gap-3 text-sm text-gray-500 mt-4"><img class="h-8 w-8 rounded-full" src="/img/a.jpg" alt=""><span>${esc(s.author)}</span><span>·</span><span>Updated 2 hours ago</span></div>
${shareBar(s.lang, sc)}
<div class="prose prose-lg max-w-none mt-6">
${html}
</div>
<div class="hidden print:block" aria-hidden="true" style="display:none">
<h1>${esc(s.title)}</h1>
${md2html(s.body)}
</div>
${newsletterBox(s.lang, sc)}
${recirculation(r, s.lang, sc, 14)}
</div>
<div class="col-span-12 lg:col-span-4">${breakingRail(r, s.lang, sc, 10)}</div>
</div>
${footer(r, s.lang, sc, s.site)}`;
  return doc({ lang: s.lang, title: `${s.title} - ${s.site}`, head: head(s, r), body });
}

function wordpress(s: Story): string {
  const r = seeded(13);
  const html = md2html(s.body, { code: (lang, code) => `<pre class="wp-block-code"><code lang="${lang}" class="language-${lang}">${esc(code)}</code></pre>`, p: (h) => `<p>${h}</p>` });
  const body = `<div id="page" class="site">
<a class="skip-link screen-reader-text" href="#primary">Skip to content</a>
<header id="masthead" class="site-header"><div class="site-branding"><p class="site-title"><a href="/" rel="home">${esc(s.site)}</a></p><p class="site-description">Notes from a small allotment</p></div>
<nav id="site-navigation" class="main-navigation"><button class="menu-toggle" aria-controls="primary-menu">Menu</button><div class="menu-main-container"><ul id="primary-menu" class="menu">${['Home', 'Growing guides', 'Recipes', 'Seed swap', 'About', 'Contact'].map((x, i) => `<li id="menu-item-${20 + i}" class="menu-item menu-item-type-post_type"><a href="/${slug(x)}/">${x}</a></li>`).join('')}</ul></div></nav></header>
<div id="content" class="site-content">
<div id="primary" class="content-area"><main id="main" class="site-main">
<article id="post-1482" class="post-1482 post type-post status-publish format-standard has-post-thumbnail hentry category-growing">
<header class="entry-header"><h1 class="entry-title">${esc(s.title)}</h1><div class="entry-meta"><span class="posted-on">Posted on <a href="/2025/03/14/" rel="bookmark"><time class="entry-date published" datetime="2025-03-14T09:12:00+00:00">March 14, 2025</time></a></span><span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/${slug(s.author)}/">${esc(s.author)}</a></span></span></div></header>
<div class="post-thumbnail"><img width="1200" height="675" src="/wp-content/uploads/2025/03/beds.jpg" class="attachment-post-thumbnail wp-post-image" alt=""></div>
<div class="entry-content">
<p class="has-large-font-size"><em>${esc(s.dek)}</em></p>
${html}
<div class="sharedaddy sd-sharing-enabled"><div class="robots-nocontent sd-block sd-social"><h3 class="sd-title">Share this:</h3><div class="sd-content"><ul><li class="share-twitter"><a class="share-twitter sd-button" href="?share=twitter">Twitter</a></li><li class="share-facebook"><a class="share-facebook sd-button" href="?share=facebook">Facebook</a></li></ul></div></div></div>
<div id="jp-relatedposts" class="jp-relatedposts"><h3 class="jp-relatedposts-headline"><em>Related</em></h3>${Array.from({ length: 3 }, () => `<div class="jp-relatedposts-post"><h4 class="jp-relatedposts-post-title"><a href="/${Math.floor(r() * 1e4)}/">${esc(headline(r, 'en'))}</a></h4><p class="jp-relatedposts-post-date">In "Growing guides"</p></div>`).join('')}</div>
</div>
<footer class="entry-footer"><span class="cat-links">Posted in <a href="/category/growing/" rel="category tag">Growing</a></span><span class="tags-links">Tagged <a href="/tag/soil/" rel="tag">soil</a>, <a href="/tag/no-dig/" rel="tag">no-dig</a></span></footer>
</article>
<nav class="navigation post-navigation" aria-label="Posts"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-links"><div class="nav-previous"><a href="/leeks/" rel="prev"><span class="meta-nav">Previous post</span> <span class="post-title">Leeks in a wet winter</span></a></div><div class="nav-next"><a href="/seed-order/" rel="next"><span class="meta-nav">Next post</span> <span class="post-title">My seed order for this year</span></a></div></div></nav>
<div id="comments" class="comments-area"><h2 class="comments-title">4 thoughts on &ldquo;${esc(s.title)}&rdquo;</h2><ol class="comment-list">${Array.from({ length: 4 }, (_, i) => `<li id="comment-${300 + i}" class="comment even thread-even depth-1"><article id="div-comment-${300 + i}" class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><b class="fn">${['Pat', 'Hannah W', 'Ferdie', 'sue_grows'][i]}</b> <span class="says">says:</span></div><div class="comment-metadata"><time>March ${15 + i}, 2025 at 8:0${i} am</time></div></footer><div class="comment-content"><p>${['I tried this last year and the difference in the carrots was amazing.', 'Do you water the cardboard before laying the compost?', 'Where do you get that much compost from?', 'Lovely post as always.'][i]}</p></div><div class="reply"><a rel="nofollow" class="comment-reply-link" href="#respond">Reply</a></div></article></li>`).join('')}</ol>
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a Reply</h3><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p class="comment-notes">Your email address will not be published. Required fields are marked *</p><p class="comment-form-comment"><label for="comment">Comment *</label><textarea id="comment" name="comment"></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Post Comment"></p></form></div></div>
</main></div>
<aside id="secondary" class="widget-area">${sidebarWidgets(r, 'en', 'bare')}</aside>
</div>
<footer id="colophon" class="site-footer"><div class="site-info"><a href="https://wordpress.org/">Proudly powered by WordPress</a></div></footer>
</div>`;
  return doc({ lang: s.lang, title: `${s.title} – ${s.site}`, head: `${head(s, r)}<link rel="stylesheet" id="twentytwenty-style-css" href="/wp-content/themes/twentytwenty/style.css?ver=2.6" media="all">`, bodyAttrs: 'class="post-template-default single single-post postid-1482 single-format-standard"', body });
}

function ghost(s: Story): string {
  const r = seeded(14);
  const theme: Theme = {
    quote: (h) => `<div class="kg-card kg-callout-card kg-callout-card-blue"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">${h}</div></div>`,
    code: (lang, code) => `<pre><code class="language-${lang}">${esc(code)}</code></pre>`,
  };
  const body = `<div class="viewport">
<header id="gh-head" class="gh-head outer"><div class="gh-head-inner inner"><div class="gh-head-brand"><a class="gh-head-logo" href="/">${esc(s.site)}</a></div><nav class="gh-head-menu"><ul class="nav">${['Home', 'Essays', 'Field notes', 'Archive', 'About'].map((x) => `<li class="nav-${slug(x)}"><a href="/${slug(x)}/">${x}</a></li>`).join('')}</ul></nav><div class="gh-head-actions"><a class="gh-head-link" href="#/portal/signin" data-portal="signin">Sign in</a><a class="gh-head-button" href="#/portal/signup" data-portal="signup">Subscribe</a></div></div></header>
<div class="site-content">
<main id="site-main" class="site-main">
<article class="article post tag-essays featured">
<header class="article-header gh-canvas"><section class="article-tag post-card-meta"><a class="post-card-primary-tag" href="/tag/essays/">Essays</a></section><h1 class="article-title">${esc(s.title)}</h1><p class="article-excerpt">${esc(s.dek)}</p>
<div class="article-byline"><div class="article-byline-content"><ul class="author-list"><li class="author-list-item"><a href="/author/${slug(s.author)}/" class="author-avatar"><img class="author-profile-image" src="/content/images/size/w100/author.jpg" alt="${esc(s.author)}"></a></li></ul><div class="article-byline-meta"><h4 class="author-name"><a href="/author/${slug(s.author)}/">${esc(s.author)}</a></h4><div class="byline-meta-content"><time class="byline-meta-date" datetime="2025-02-02">Feb 2, 2025</time><span class="byline-reading-time"><span class="bull">•</span> 5 min read</span></div></div></div></div>
<figure class="article-image"><img srcset="/content/images/size/w300/2025/02/kiln.jpg 300w" src="/content/images/size/w2000/2025/02/kiln.jpg" alt=""></figure></header>
<section class="gh-content gh-canvas">
${md2html(s.body, theme)}
</section>
<aside class="gh-post-upgrade-cta"><div class="gh-post-upgrade-cta-content" style="background-color: #15171A"><h2>This post is for subscribers only</h2><p>Join 4,200 readers who get every essay first.</p><a class="gh-btn" data-portal="signup" href="#/portal/signup">Subscribe now</a><p><small>Already have an account? <a data-portal="signin" href="#/portal/signin">Sign in</a></small></p></div></aside>
</article>
</main>
<aside class="read-more-wrap outer"><div class="read-more inner"><h3>Read next</h3>${Array.from({ length: 3 }, () => {
    const h = headline(r, 'en');
    return `<article class="post-card post"><a class="post-card-image-link" href="/${slug(h)}/"><img class="post-card-image" src="/content/images/${slug(h).slice(0, 10)}.jpg" alt="" loading="lazy"></a><div class="post-card-content"><a class="post-card-content-link" href="/${slug(h)}/"><header class="post-card-header"><h2 class="post-card-title">${esc(h)}</h2></header><div class="post-card-excerpt">${esc(pickDek(r))}</div></a><footer class="post-card-meta"><time class="post-card-meta-date">Jan ${Math.floor(r() * 27 + 1)}, 2025</time></footer></div></article>`;
  }).join('')}</div></aside>
</div>
<footer class="site-footer outer"><div class="inner"><section class="copyright"><a href="/">${esc(s.site)}</a> © 2025</section><nav class="site-footer-nav"><ul class="nav"><li><a href="/sign-up/">Sign up</a></li><li><a href="/rss/">RSS</a></li></ul></nav><div class="gh-powered-by"><a href="https://ghost.org/" target="_blank" rel="noopener">Powered by Ghost</a></div></div></footer>
</div>`;
  return doc({ lang: s.lang, title: s.title, head: `${head(s, r)}<meta name="generator" content="Ghost 5.82">`, bodyAttrs: 'class="post-template tag-essays"', body });
}

function pickDek(r: Rand): string {
  return ['Notes on making things slowly.', 'A season in the workshop.', 'What the fire teaches.', 'On learning from failure.'][Math.floor(r() * 4)];
}

function mediumLike(s: Story): string {
  const r = seeded(15);
  const c = (p: string): string => `${p} ${['ab', 'cd', 'ef', 'gh', 'ij'].map((x) => x + Math.floor(r() * 9)).join(' ')}`;
  const theme: Theme = {
    p: (h) => `<p class="${c('pw-post-body-paragraph')}" data-selectable-paragraph="">${h}</p>`,
    heading: (l, h) => `<h${l} class="${c('pw-post-body-heading')}" data-selectable-paragraph="">${h}</h${l}>`,
    quote: (h) => `<blockquote class="${c('')}"><p class="${c('pw-post-body-paragraph')}">${h}</p></blockquote>`,
    list: (o, items) => `<${o ? 'ol' : 'ul'} class="">${items.map((x) => `<li class="${c('mo mp')}" data-selectable-paragraph="">${x}</li>`).join('')}</${o ? 'ol' : 'ul'}>`,
    code: (_l, code) => `<pre class="${c('nh ni')}"><span class="${c('nk')}" data-code-block-mode="2" data-code-block-lang="python">${esc(code)}</span></pre>`,
  };
  const bar = (n: number): string => `<div class="${c('speechify-ignore')}"><div class="${c('l')}"><button aria-label="clap" class="${c('clap')}">${n}</button><span class="${c('pw-multi-vote-count')}">${n}</span><button aria-label="responses" class="${c('')}">${Math.floor(n / 40)}</button><button aria-label="Add to list">Save</button><button aria-label="Listen">Listen</button><button aria-label="Share">Share</button></div></div>`;
  const more = (title: string, n: number): string =>
    `<div class="${c('')}"><h2 class="${c('')}">${title}</h2>${Array.from({ length: n }, () => {
      const h = headline(r, 'en');
      return `<div class="${c('')}" role="link" data-href="/@x/${slug(h)}"><div class="${c('')}"><a href="/@x/${slug(h)}"><h2 class="${c('')}">${esc(h)}</h2><div class="${c('')}"><h3 class="${c('')}">${esc(pickDek(r))}</h3></div></a><span>${Math.floor(r() * 900)}</span><span>${Math.floor(r() * 30)}</span></div></div>`;
    }).join('')}</div>`;
  const body = `<div id="root"><div class="${c('a b c')}"><div class="${c('')}"><nav class="${c('')}"><a href="/">Medium-ish</a><a href="/new-story">Write</a><a href="/m/signin">Sign in</a></nav></div>
<div class="${c('')}"><article><div class="${c('')}"><section><div class="${c('')}"><div class="${c('')}">
<h1 id="a1b2" class="${c('pw-post-title')}" data-testid="storyTitle" data-selectable-paragraph="">${esc(s.title)}</h1>
<h2 id="c3d4" class="${c('pw-subtitle-paragraph')}">${esc(s.dek)}</h2>
<div class="${c('')}"><a href="/@${slug(s.author)}" rel="noopener follow"><img alt="${esc(s.author)}" src="/avatar.png"></a><div><span><a data-testid="authorName" href="/@${slug(s.author)}">${esc(s.author)}</a></span><span><button>Follow</button></span></div><div><span data-testid="storyReadTime">7 min read</span><span>·</span><span data-testid="storyPublishDate">Apr 3, 2025</span></div></div>
${bar(2300)}
${md2html(s.body, theme)}
</div></div></section></div></article>
${bar(2300)}
<div class="${c('')}"><div><a href="/@${slug(s.author)}"><h2 class="${c('')}">Written by ${esc(s.author)}</h2></a><p>1.2K followers · 89 following</p><p>Engineer, occasional woodworker, writes about tools and the people who use them.</p><button>Follow</button></div></div>
<div class="${c('')}"><h2>Responses (57)</h2><button>See all responses</button></div>
${more(`More from ${esc(s.author)}`, 4)}
${more('Recommended from Medium-ish', 6)}
</div></div></div>`;
  return doc({ lang: s.lang, title: `${s.title} | by ${s.author} | Medium-ish`, head: head(s, r), body });
}

function germanDivSoup(s: Story): string {
  const r = seeded(16);
  const sc: Scheme = 'bare';
  const theme: Theme = { p: (h) => `<div style="margin:0 0 1em">${h}</div>`, heading: (l, h) => `<div style="font-weight:bold;font-size:1.3em;margin-top:1.5em" role="heading" aria-level="${l}">${h}</div>` };
  const body = `${cookieBanner(s.lang, sc)}
<div id="wrapper"><div id="kopf">${topBar(r, s.lang, sc, s.site, ['Abo'])}${megaMenu(r, s.lang, sc, false)}</div>
<div id="spalten"><div id="links">
<div id="artikel">
<div style="color:#900;font-size:.9em">Verkehr</div>
<h1>${esc(s.title)}</h1>
<div style="font-weight:bold">${esc(s.dek)}</div>
<div style="font-size:.8em;color:#666">Von ${esc(s.author)} · 14.03.2025, 11.42 Uhr</div>
${shareBar(s.lang, sc)}
<div id="text">
${md2html(s.body, theme)}
</div>
<div>${newsletterBox(s.lang, sc)}</div>
</div>
<div id="mehr">${recirculation(r, s.lang, sc, 12, 'Wirtschaft')}</div>
${commentsSection(r, s.lang, sc, 5)}
</div>
<div id="rechts">${breakingRail(r, s.lang, sc, 9)}<div><div>Anzeige</div><div style="width:300px;height:250px"></div></div></div>
</div>
${footer(r, s.lang, sc, s.site)}
</div>`;
  return doc({ lang: s.lang, title: `${s.title} - ${s.site}`, head: head(s, r), body });
}

function hugoFrench(s: Story): string {
  const r = seeded(17);
  const body = `<header class="site-header"><a class="site-title" href="/">${esc(s.site)}</a>${simpleNav(['Articles', 'Carnets', 'Lectures', 'À propos'], 'bem')}</header>
<main class="main">
<article class="post-single">
<header class="post-header"><div class="breadcrumbs"><a href="/">Accueil</a>&nbsp;»&nbsp;<a href="/posts/">Articles</a></div><h1 class="post-title">${esc(s.title)}</h1><div class="post-description">${esc(s.dek)}</div><div class="post-meta"><span title="2025-01-19">19 janvier 2025</span>&nbsp;·&nbsp;6 min&nbsp;·&nbsp;${esc(s.author)}</div></header>
<div class="toc"><details open><summary><span class="details">Sommaire</span></summary><div class="inner"><ul>${parseBlocks(s.body)
    .filter((b) => b.kind === 'heading')
    .map((b) => `<li><a href="#${slug(b.kind === 'heading' ? b.text : '')}">${esc(b.kind === 'heading' ? b.text : '')}</a></li>`)
    .join('')}</ul></div></details></div>
<div class="post-content">
${md2html(s.body, { heading: (l, h, t) => `<h${l} id="${slug(t)}">${h}<a hidden class="anchor" aria-hidden="true" href="#${slug(t)}">#</a></h${l}>` })}
</div>
<footer class="post-footer"><ul class="post-tags"><li><a href="/tags/boulangerie/">boulangerie</a></li><li><a href="/tags/levain/">levain</a></li></ul><nav class="paginav"><a class="prev" href="/posts/fours/"><span class="title">« Précédent</span><br><span>Le four à bois de mon grand-père</span></a><a class="next" href="/posts/farines/"><span class="title">Suivant »</span><br><span>Farines anciennes : mode d’emploi</span></a></nav>
<div class="share-buttons">${['X', 'LinkedIn', 'Reddit', 'Facebook', 'WhatsApp', 'Telegram'].map((x) => `<a target="_blank" rel="noopener noreferrer" aria-label="partager sur ${x}" href="https://share.example/${x}">${x}</a>`).join('')}</div></footer>
</article>
</main>
<footer class="footer"><span>© 2025 <a href="/">${esc(s.site)}</a></span> · <span>Propulsé par <a href="https://gohugo.io/" rel="noopener noreferrer" target="_blank">Hugo</a> &amp; <a href="https://github.com/adityatelange/hugo-PaperMod/" rel="noopener" target="_blank">PaperMod</a></span></footer>`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: `${head(s, r)}<meta name="generator" content="Hugo 0.140.0">`, bodyAttrs: 'class="list" id="top"', body });
}

function spanishRailFirst(s: Story): string {
  const r = seeded(18);
  const sc: Scheme = 'utility';
  const teaserBlock = Array.from({ length: 6 }, () => {
    const h = headline(r, 'es');
    return `<article class="border-b py-3"><h2 class="text-lg font-bold"><a href="/${slug(h)}.html">${esc(h)}</a></h2><p class="text-sm">${esc(['Las claves para entenderlo.', 'La oposición cuestiona las cifras.', 'Qué supone la decisión para los vecinos.'][Math.floor(r() * 3)])}</p></article>`;
  }).join('');
  const body = `${cookieBanner(s.lang, sc)}
${topBar(r, s.lang, sc, s.site, ['Suscríbete'])}
${megaMenu(r, s.lang, sc, true)}
<div class="container mx-auto">
${breakingRail(r, s.lang, sc, 12)}
<section class="grid grid-cols-3 gap-4 my-6">${teaserBlock}</section>
<main class="max-w-3xl mx-auto">
<article>
<div class="text-xs uppercase text-blue-700"><a href="/local/">Local</a></div>
<h1 class="text-4xl font-serif font-bold">${esc(s.title)}</h1>
<h2 class="text-xl font-serif text-gray-700 mt-2">${esc(s.dek)}</h2>
<div class="text-sm mt-3"><a href="/autor/${slug(s.author)}">${esc(s.author)}</a> <span>Sevilla</span> <time datetime="2025-05-20T07:30">20 may. 2025 - 07:30</time></div>
${shareBar(s.lang, sc)}
<div class="font-serif text-lg leading-relaxed">
${md2html(s.body, { cls: { p: 'mb-4' } })}
</div>
</article>
${newsletterBox(s.lang, sc)}
${recirculation(r, s.lang, sc, 16, 'Local')}
${commentsSection(r, s.lang, sc, 4)}
</main>
</div>
${footer(r, s.lang, sc, s.site)}`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: head(s, r), body });
}

function magazineInlinePromos(s: Story): string {
  const r = seeded(19);
  const comp = 'Longform';
  const k = (part: string): string => hashed(comp, part);
  const blocks = parseBlocks(s.body);
  const parts: string[] = [];
  let paras = 0;
  for (const b of blocks) {
    parts.push(renderBlocks([b], { p: (h) => `<p class="${k('paragraph')}">${h}</p>`, table: (hd, rows) => `<div class="${k('tableWrap')}"><table class="${k('table')}"><caption class="${k('caption')}"></caption><thead><tr>${hd.map((x) => `<th scope="col">${x}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map((x, i) => (i === 0 ? `<th scope="row">${x}</th>` : `<td>${x}</td>`)).join('')}</tr>`).join('')}</tbody></table></div>` }));
    if (b.kind === 'p') {
      paras++;
      if (paras === 2) {
        const h = headline(r, 'en');
        parts.push(`<aside class="${k('inlineRelated')}" data-component="related-inline"><span class="${k('label')}">Read also</span><a href="/${slug(h)}">${esc(h)}</a></aside>`);
      }
      if (paras === 4) parts.push(`<aside class="${k('pullQuote')}" aria-hidden="true"><p>“The tide does not negotiate.”</p></aside>`);
      if (paras === 6) parts.push(`<div class="${k('adSlot')}" data-ad="mid-article"><span>Advertisement</span></div>`);
    }
  }
  const body = `<div id="__app"><header class="${k('masthead')}"><a href="/" class="${k('logo')}">${esc(s.site)}</a><nav class="${k('nav')}">${['Features', 'Science', 'Places', 'Ideas', 'Archive', 'Subscribe'].map((x) => `<a class="${k('navLink')}" href="/${slug(x)}">${x}</a>`).join('')}</nav></header>
<main class="${k('main')}"><div class="${k('hero')}"><h1 class="${k('title')}">${esc(s.title)}</h1><p class="${k('dek')}">${esc(s.dek)}</p><p class="${k('byline')}">Words by <a href="/contributors/${slug(s.author)}">${esc(s.author)}</a> · Photographs by Ana Ruiz</p></div>
<div class="${k('body')}">${parts.join('\n')}</div>
<div class="${k('bio')}"><p><em>${esc(s.author)} writes about coasts and the people who live on them.</em></p></div>
${recirculation(r, 'en', 'hashed', 10, 'Features')}
</main>
${footer(r, 'en', 'hashed', s.site)}</div>`;
  return doc({ lang: s.lang, title: `${s.title} — ${s.site}`, head: head(s, r), body });
}

function nextEngineeringBlog(s: Story): string {
  const r = seeded(20);
  const theme: Theme = {
    cls: { p: 'my-5 leading-7', h2: 'mt-12 text-2xl font-semibold scroll-mt-24', ul: 'my-5 list-disc pl-6', ol: 'my-5 list-decimal pl-6' },
    code: (lang, code) => `<div class="relative my-6 rounded-lg bg-slate-900" data-rehype-pretty-code-fragment=""><div class="flex justify-between px-4 py-2 text-xs text-slate-400"><span>${lang}</span><button class="copy-button" aria-label="Copy code">Copy</button></div><pre class="overflow-x-auto p-4 text-sm" data-language="${lang}"><code data-language="${lang}">${esc(code)
      .split('\n')
      .map((l) => `<span class="line">${l}</span>`)
      .join('\n')}</code></pre></div>`,
  };
  const toc = parseBlocks(s.body)
    .filter((b) => b.kind === 'heading')
    .map((b) => (b.kind === 'heading' ? `<li><a class="text-slate-500 hover:text-slate-900" href="#${slug(b.text)}">${esc(b.text)}</a></li>` : ''))
    .join('');
  const nextData = JSON.stringify({ props: { pageProps: { post: { slug: slug(s.title), title: s.title, excerpt: s.dek, readingTime: 8 } } }, page: '/blog/[slug]', buildId: 'kX3f9aQ' });
  const body = `<div id="__next"><div class="min-h-screen bg-white">
<header class="sticky top-0 z-40 border-b bg-white/80 backdrop-blur"><div class="mx-auto flex h-16 max-w-6xl items-center justify-between px-4"><a href="/" class="font-bold">${esc(s.site)}</a><nav class="hidden gap-6 text-sm md:flex">${['Product', 'Pricing', 'Docs', 'Blog', 'Changelog', 'Careers'].map((x) => `<a href="/${slug(x)}">${x}</a>`).join('')}</nav><a class="rounded-md bg-black px-3 py-1.5 text-sm text-white" href="/signup">Start free</a></div></header>
<div class="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 lg:grid-cols-[1fr_220px]">
<div><a href="/blog" class="text-sm text-slate-500">← Back to blog</a>
<h1 class="mt-4 text-4xl font-bold tracking-tight">${esc(s.title)}</h1>
<p class="mt-4 text-lg text-slate-600">${esc(s.dek)}</p>
<div class="mt-6 flex items-center gap-3 text-sm"><img class="h-9 w-9 rounded-full" src="/team/${slug(s.author)}.jpg" alt=""><div><div class="font-medium">${esc(s.author)}</div><div class="text-slate-500">Staff engineer · Jun 10, 2025 · 8 min read</div></div></div>
<div class="mt-10">${md2html(s.body, theme)}</div>
<div class="mt-16 rounded-xl border p-8"><h3 class="text-xl font-semibold">Try it on your own cluster</h3><p class="mt-2 text-slate-600">Free for teams up to five engineers. No credit card required.</p><a class="mt-4 inline-block rounded-md bg-black px-4 py-2 text-white" href="/signup">Get started</a></div>
<div class="mt-16"><h2 class="text-lg font-semibold">Related posts</h2><div class="mt-4 grid gap-6 sm:grid-cols-2">${Array.from({ length: 4 }, () => {
    const h = headline(r, 'en');
    return `<a class="block rounded-lg border p-5 hover:shadow" href="/blog/${slug(h)}"><p class="text-xs text-slate-500">Engineering</p><h3 class="mt-1 font-semibold">${esc(h)}</h3><p class="mt-2 text-sm text-slate-600">${esc(pickDek(r))}</p></a>`;
  }).join('')}</div></div></div>
<aside class="hidden lg:block"><div class="sticky top-24"><p class="text-xs font-semibold uppercase text-slate-400">On this page</p><ul class="mt-3 space-y-2 text-sm">${toc}</ul></div></aside>
</div>
<footer class="border-t py-10 text-sm text-slate-500"><div class="mx-auto max-w-6xl px-4">© 2025 ${esc(s.site)} Inc. · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="/status">Status</a></div></footer>
</div></div>
<script id="__NEXT_DATA__" type="application/json">${nextData}</script>`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site} Blog`, head: head(s, r), body });
}


/** A short story under a very large menu: every section panel carries three teaser stories with two-sentence deks. */
function shortStoryBigMenu(s: Story): string {
  const r = seeded(21);
  const sections = ['News', 'Politics', 'Business', 'Health', 'Science', 'Sport', 'Culture', 'Travel'];
  const panel = (sec: string): string =>
    `<div class="menu-panel" data-section="${slug(sec)}"><p class="menu-panel-title">${sec}</p>${Array.from({ length: 3 }, () => {
      const h = headline(r, 'en');
      return `<div class="menu-teaser"><a href="/${slug(sec)}/${slug(h)}"><strong>${esc(h)}</strong></a><span>${esc(`${pickDek(r)} ${['Councillors will meet again next month to decide on the final budget.', 'Residents have been asked to send their views before the end of the week.', 'The figures will be published in full on the council website.'][Math.floor(r() * 3)]}`)}</span></div>`;
    }).join('')}<ul>${['Latest', 'Analysis', 'Explainers', 'Video'].map((x) => `<li><a href="/${slug(sec)}/${slug(x)}">${x}</a></li>`).join('')}</ul></div>`;
  const body = `${cookieBanner(s.lang, 'bare')}
<div id="top"><a href="/" id="logo">${esc(s.site)}</a><div id="menu">${sections.map(panel).join('\n')}</div></div>
<div id="wrap"><div id="story">
<h1>${esc(s.title)}</h1>
<p><b>${esc(s.dek)}</b></p>
<p><small>${esc(s.author)} | 9 July 2025</small></p>
${md2html(s.body)}
</div>
<div id="side">${breakingRail(r, s.lang, 'bare', 8)}</div>
${recirculation(r, s.lang, 'bare', 12, 'News')}</div>
${footer(r, s.lang, 'bare', s.site)}`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: head(s, r), body });
}

/** The story twice in the DOM: a desktop and a mobile rendering switched by utility classes only (no inline style). */
function responsiveDuplicate(s: Story): string {
  const r = seeded(22);
  const sc: Scheme = 'utility';
  const body = `${topBar(r, s.lang, sc, s.site)}
${megaMenu(r, s.lang, sc, false)}
<main class="mx-auto max-w-6xl px-4">
<div class="hidden lg:block"><article class="grid grid-cols-12 gap-8"><div class="col-span-8"><h1 class="text-5xl font-black">${esc(s.title)}</h1><p class="mt-4 text-2xl text-gray-600">${esc(s.dek)}</p><p class="mt-2 text-sm">${esc(s.author)} · 3 September 2025</p><div class="mt-8 text-lg leading-8">${md2html(s.body, { cls: { p: 'mb-6' } })}</div></div><aside class="col-span-4">${breakingRail(r, s.lang, sc, 6)}</aside></article></div>
<div class="lg:hidden"><section class="px-2"><h1 class="text-3xl font-black">${esc(s.title)}</h1><p class="mt-2 text-lg text-gray-600">${esc(s.dek)}</p><div class="mt-4 text-base leading-7">${md2html(s.body, { cls: { p: 'mb-4' } })}</div></section></div>
${recirculation(r, s.lang, sc, 18)}
</main>
${footer(r, s.lang, sc, s.site)}`;
  return doc({ lang: s.lang, title: `${s.title} | ${s.site}`, head: head(s, r), body });
}

/** Recirculation inside the article element: 24 "More from" cards with one-sentence deks right after the body. */
function recirculationInsideArticle(s: Story): string {
  const r = seeded(23);
  const cards = Array.from({ length: 24 }, () => {
    const h = headline(r, 'en');
    return `<div class="more-item"><h3><a href="/${slug(h)}/">${esc(h)}</a></h3><p>${esc(`${pickDek(r)} ${['It follows a year of delays and rising costs across the region.', 'Local groups say they were not consulted before the announcement.', 'The first changes are expected to be visible within months.'][Math.floor(r() * 3)]}`)}</p></div>`;
  }).join('\n');
  const body = `<div id="page" class="site"><header id="masthead" class="site-header"><p class="site-title"><a href="/">${esc(s.site)}</a></p>${simpleNav(['Home', 'Local', 'Business', 'Opinion', 'Sport', 'Contact'], 'bare')}</header>
<div id="content" class="site-content"><main id="main" class="site-main">
<article id="post-9917" class="post-9917 post type-post status-publish hentry">
<header class="entry-header"><h1 class="entry-title">${esc(s.title)}</h1><div class="entry-meta">${esc(s.author)} · October 2, 2025</div></header>
<div class="entry-content">
<p class="lead"><strong>${esc(s.dek)}</strong></p>
${md2html(s.body)}
<h2>More from ${esc(s.site)}</h2>
${cards}
</div>
</article></main>
${sidebarWidgets(r, 'en', 'bare')}</div>
${footer(r, 'en', 'bare', s.site)}</div>`;
  return doc({ lang: s.lang, title: `${s.title} – ${s.site}`, head: head(s, r), body });
}

const STORIES: Array<[Story, (s: Story) => string, string]> = [
  [
    {
      id: 'news-megamenu-dunes',
      lang: 'en',
      site: 'The Coastal Courier',
      title: 'Town votes to let the north dune move inland',
      dek: 'After three failed sea walls, Marrow Bay will stop defending its oldest beach and let the sand go where it wants.',
      author: 'Priya Lennox',
      body: `Marrow Bay's council voted six to three on Thursday to abandon the concrete defences along the north dune and instead buy out the four properties that stand in the way of its natural retreat.

The decision ends a thirty-year argument in the town. Since 1994 the council has paid for three separate sea walls along the same four hundred metres of coast. Each one was undermined by winter storms within a decade, and the last, finished in 2016, cracked along half its length during the storm surge of January 2024.

"We have been pouring money into the one place the sea has made clear it wants," said councillor Hamish Doyle, who proposed the motion. "The dune is trying to move. Our job now is to get out of its way safely."

## What the plan does

Under the plan, the council will remove the broken wall over the next two summers and replant the exposed sand with marram grass, which traps windblown sand and lets the dune rebuild itself. A footpath that runs along the crest will be moved forty metres inland.

- Four homeowners will be offered the pre-storm market value of their houses, paid from a regional adaptation fund.
- The beach car park will shrink by a third and move behind the new dune line.
- Volunteers will be asked to help with planting each February, when the sand is wettest.

## Why now

Coastal engineers hired by the town reported last autumn that a fourth wall would cost about 2.8 million pounds and would probably need major repairs within twelve years. Letting the dune retreat, including the buyouts, was estimated at 1.9 million.

The engineers also found that the walls had made the problem worse further along the bay. Waves hitting concrete bounce back with more energy than waves running up a sandy slope, and that energy had been stripping sand from the beach in front of the harbour.

## Opposition

Not everyone is convinced. Two of the four homeowners say the offer does not reflect what it will cost to buy elsewhere in a town where prices have risen sharply. "Market value from before the storm is not market value today," said Elaine Morrow, whose family has owned a cottage on the dune since 1961.

The three councillors who voted against the plan argued that it sets a precedent the town cannot afford if other streets ask for the same treatment. The council's finance officer said the adaptation fund would be reviewed each year and that no further buyouts were planned.

Work on removing the wall is due to start in June, after the nesting season for ringed plovers ends.`,
    },
    newsMegaMenu,
    'a news site: cookie banner, mega-menu with a teaser story per section, a Breaking News rail before the story, a newsletter box inside the body, 20 "More from" cards and a comment section after it (BEM classes)',
  ],
  [
    {
      id: 'news-hidden-print-copy',
      lang: 'en',
      site: 'Metro Ledger',
      title: 'Night buses return to six routes after driver deal',
      dek: 'A pay agreement ends a nine-month gap in late-night service across the east of the city.',
      author: 'Tom Achebe',
      body: `Six night bus routes that were cut last spring will run again from 2 June, the city's transport authority said on Monday, after drivers accepted a new pay offer that adds a premium for shifts ending after 1 a.m.

The routes, which link the hospital district, the university and three large housing estates to the city centre, were suspended in August when the operator said it could not find enough drivers willing to work overnight. Ridership on the remaining night routes rose by a fifth in the months that followed, and several buses regularly left passengers at stops.

## What changes for passengers

The returning routes will run every 30 minutes between midnight and 5 a.m. on weekdays, and every 20 minutes on Friday and Saturday nights. Fares stay the same as daytime fares, and day tickets bought after 6 p.m. remain valid until the first morning service.

- N14 and N15 restore the link between the hospital district and the central station.
- N22 returns to the university campus, with a new stop at the sports centre.
- N31, N33 and N38 serve the eastern estates.

## The deal

Drivers will receive an extra 4.20 per hour for any shift that ends between 1 a.m. and 5 a.m., and night shifts will be capped at four in a row. The union had asked for a cap of three.

"This is not everything we wanted, but it is enough for people to come back to nights," said Carla Benn, the union's regional organiser. Around 40 drivers have already signed up for the new night rota, the operator said, and it expects to recruit another 25 before June.

Hospital staff, many of whom finish shifts after midnight, had campaigned for the routes to return. A petition organised by nurses collected more than 11,000 signatures in three weeks.`,
    },
    newsHiddenDuplicate,
    'a news site in utility CSS whose page carries a second, hidden print rendering of the same story (display:none) after the visible one, plus a mega-menu, a Breaking News rail beside the story and 14 recirculation cards',
  ],
  [
    {
      id: 'wordpress-allotment-no-dig',
      lang: 'en',
      site: 'Plot 27',
      title: 'Three years of no-dig beds: what actually changed',
      dek: 'I stopped turning the soil on half my plot in 2022. Here is an honest account of what happened to weeds, yields and my back.',
      author: 'Gwen Harper',
      body: `When I took on plot 27 it was mostly couch grass and broken glass. For the first two years I dug everything, twice a year, the way my neighbour on plot 26 had done for four decades. In the autumn of 2022 I split the plot down the middle and stopped digging the eastern half.

The method is simple. You lay cardboard over the ground, cover it with about fifteen centimetres of compost, and plant straight into the compost. Every winter you add another few centimetres on top. You never turn the soil.

## Weeds

The first spring was the most dramatic difference. The dug half came up green with seedlings within three weeks of the last frost; the no-dig half barely had any. Digging brings buried weed seeds to the surface where they can germinate, and a layer of compost on top keeps most of them in the dark.

Perennial weeds were a different story. Bindweed came straight through the cardboard in the first year, and I still pull it out of the no-dig beds every fortnight in summer. It is weaker each year, but it has not gone.

## Yields

I kept rough records by weighing harvests on a kitchen scale. They are not scientific, but the pattern is consistent:

| Crop | Dug half (kg) | No-dig half (kg) |
|---|---|---|
| Potatoes | 31 | 36 |
| Carrots | 6.5 | 9 |
| Onions | 12 | 12.5 |
| Runner beans | 14 | 13 |

Carrots did much better in the compost, probably because it has no stones. Beans were about the same, which makes sense for a crop with deep roots.

## The costs

The honest downside is compost. Covering a half plot properly took about two cubic metres in the first year, and I could not make that much myself. I bought municipal green-waste compost, which was cheap but full of plastic fragments that I am still picking out.

## Would I do it again?

Yes, and this winter I am converting the other half. The deciding factor is not the yields, which were only a little better, but the time. I spend perhaps a third as long on the no-dig beds as on the dug ones, and my back has noticed.`,
    },
    wordpress,
    'a WordPress blog post (Twenty-style theme: #masthead, .entry-content, Jetpack share and related posts inside the content, post navigation, #comments.comments-area with replies, widget sidebar)',
  ],
  [
    {
      id: 'ghost-pottery-kiln',
      lang: 'en',
      site: 'Slow Clay',
      title: 'The kiln that cracked every third pot',
      dek: 'Six months of failed firings taught me more about heat than any course did.',
      author: 'Ines Okafor',
      body: `For most of last year one shelf of my kiln ruined pots. Not every firing, and not every pot, but often enough that I started keeping a notebook. Roughly one in three pieces on the top shelf came out with a fine crack running from the rim down towards the foot.

I tried the obvious things first. I changed clay bodies, thinking one batch had been badly mixed. I dried pots for longer before the bisque firing. I bought a new set of shelves. None of it made any difference.

## Looking at the numbers

The breakthrough came from a cheap thermocouple and a lot of patience. I logged the temperature at the top and bottom of the kiln every minute for five firings. The bottom followed the controller's programme closely. The top lagged behind during the climb and then overshot by almost forty degrees near the peak.

> A crack that runs from the rim is usually a cooling crack: the rim shrinks faster than the foot and the pot tears itself apart.

The overshoot was not the real problem. The problem was what happened after it: the top of the kiln cooled much faster than the bottom, because the lid seal had worn away on one side. Hot air was leaking out through a gap I could not see.

## The fix

The repair cost less than the thermocouple. I replaced the fibre rope seal on the lid and added a slow cooling segment to the programme, holding at 600 degrees for forty minutes before letting the kiln cool naturally.

1. Replace the lid seal and check it with a strip of paper: it should grip all the way round.
2. Add a hold during cooling at around the quartz inversion temperature.
3. Keep the top shelf for sturdier forms until you have two clean firings.

Since then I have fired twenty-two loads without a single cooling crack. The notebook stays by the kiln anyway. It turns out that writing things down is the only way I ever notice patterns.`,
    },
    ghost,
    'a Ghost blog post (Casper-like: .gh-head, article.article > .gh-content.gh-canvas with a kg-callout card, members upgrade CTA, "Read next" post cards, Powered by Ghost footer)',
  ],
  [
    {
      id: 'medium-like-code-review',
      lang: 'en',
      site: 'Medium-ish',
      title: 'Code review is a conversation, not a gate',
      dek: 'What changed when our team stopped treating approvals as the goal.',
      author: 'Marcus Lindqvist',
      body: `For two years my team measured code review the way most teams do: how long a pull request waited before someone approved it. We got that number down to under four hours. We were also, it turned out, shipping more bugs than ever.

The problem was not speed. The problem was that we had turned review into a checkpoint. Authors wanted a green tick, reviewers wanted to clear their queue, and both sides quietly agreed to look at the diff and nothing else.

## What we changed

We made three changes over one quarter. None of them was technical.

- Every pull request description had to say what the author was unsure about.
- Reviewers were asked to leave at least one question, not just comments.
- We stopped reporting time-to-approval on the team dashboard.

The first change mattered most. Once authors wrote down their doubts, reviewers had somewhere to start. A comment like "I am not sure the retry logic handles a timeout during the second call" turns a skim into a real read.

## A small example

One pull request added a cache in front of a slow pricing service. The author noted that she was unsure about invalidation. The reviewer asked what happened when a price changed during a sale, and the two of them wrote this test together:

\`\`\`python
def test_price_change_invalidates_cache(cache, pricing):
    pricing.set("sku-1", 1000)
    assert cache.get_price("sku-1") == 1000
    pricing.set("sku-1", 800)
    cache.on_price_event("sku-1")
    assert cache.get_price("sku-1") == 800
\`\`\`

The test failed. The event handler had a typo in the key format, and it would have served stale prices for the whole of a promotion weekend.

## What happened to the numbers

Time-to-approval went up, from under four hours to about a day. Bugs found in production fell by roughly a third over the next two quarters. More interesting to me, the number of comments that started with a question mark more than doubled.

I do not think there is a process that guarantees good reviews. But if your reviews only ever say "looks good", it is worth asking what your team has been taught to want from them.`,
    },
    mediumLike,
    'a Medium-like story page: hashed atomic class names (pw-post-body-paragraph plus random utility classes), clap/response/share bars above and below, an author box, "More from" and "Recommended" runs of linked headings with subtitles',
  ],
  [
    {
      id: 'news-de-divsoup-radweg',
      lang: 'de',
      site: 'Nordstadt Anzeiger',
      title: 'Radschnellweg nach Lindenau kommt zwei Jahre später',
      dek: 'Die Stadt verschiebt den Baubeginn auf 2027. Grund sind Streit um eine Brücke und fehlende Fördermittel.',
      author: 'Katrin Wessel',
      body: `Der geplante Radschnellweg zwischen der Innenstadt und Lindenau wird frühestens 2029 fertig. Das hat die Stadtverwaltung am Dienstag im Verkehrsausschuss mitgeteilt. Ursprünglich sollte die elf Kilometer lange Strecke bereits 2027 befahrbar sein.

Hauptgrund für die Verzögerung ist eine alte Eisenbahnbrücke über den Kanal. Die Stadt wollte sie für den Radverkehr umbauen, doch ein Gutachten vom vergangenen Herbst kam zu dem Ergebnis, dass das Bauwerk nicht mehr zu retten ist. Ein Neubau muss nun eigens geplant und ausgeschrieben werden.

## Fördermittel noch nicht bewilligt

Hinzu kommt die Finanzierung. Von den geschätzten 24 Millionen Euro sollte der Bund rund zwei Drittel übernehmen. Der Förderbescheid liegt bislang aber nicht vor, weil der Antrag wegen der Brücke überarbeitet werden muss.

„Wir bauen lieber zwei Jahre später als mit einer Lücke in der Mitte“, sagte Baubürgermeister Jens Altmann. Ein Radweg, der vor dem Kanal ende, nütze niemandem.

## Kritik vom Fahrradclub

Der örtliche Fahrradclub reagierte enttäuscht. Seit Jahren pendelten täglich mehrere tausend Menschen zwischen Lindenau und dem Zentrum, viele davon auf einer viel befahrenen Bundesstraße ohne eigenen Radstreifen.

- Der Club fordert eine provisorische Verbindung über die Hafenstraße.
- Außerdem sollen die Abschnitte östlich des Kanals vorgezogen werden.
- Die Stadt will beide Vorschläge bis zum Sommer prüfen.

Der Verkehrsausschuss soll im Juni erneut über das Projekt beraten. Dann will die Verwaltung auch einen neuen Zeitplan für die Brücke vorlegen.`,
    },
    germanDivSoup,
    'a German regional news page in class-less div soup (ids only, headings as styled divs with role=heading), mega-menu, newsletter box, 12 recirculation cards, an Eilmeldung rail and reader comments',
  ],
  [
    {
      id: 'blog-fr-hugo-levain',
      lang: 'fr',
      site: 'Carnets de fournil',
      title: 'Entretenir un levain quand on part en vacances',
      dek: 'Trois méthodes testées cet été pour retrouver un levain vivant après deux semaines d’absence.',
      author: 'Élodie Marchand',
      body: `Chaque été, la même question revient dans les messages que je reçois : que faire de son levain quand on s’absente ? Cette année, j’ai profité de trois semaines de vacances pour tester les méthodes les plus courantes, avec trois pots du même levain.

## Au réfrigérateur, tel quel

La méthode la plus simple consiste à nourrir le levain, attendre une heure, puis le placer au réfrigérateur. À mon retour, après dix-neuf jours, une couche de liquide grisâtre s’était formée à la surface. Ce liquide est normal : c’est de l’alcool produit par les levures affamées.

Après deux rafraîchis espacés de douze heures, le levain avait retrouvé sa vigueur. Le pain du troisième jour était tout à fait correct, un peu plus acide que d’habitude.

## Plus ferme, pour ralentir

Pour le deuxième pot, j’ai préparé un levain très ferme, avec deux fois plus de farine que d’eau. Moins d’eau signifie une fermentation plus lente. Résultat : aucune couche de liquide, une odeur agréable, et un levain actif dès le premier rafraîchi.

## Séché

Le troisième pot a été étalé en couche fine sur du papier cuisson, séché à l’air pendant deux jours, puis émietté et conservé dans un bocal. C’est la méthode la plus sûre pour de longues absences, mais aussi la plus lente au retour : il m’a fallu quatre jours de rafraîchis pour obtenir un levain capable de faire lever une pâte.

## Mon conseil

Pour une absence de moins de trois semaines, le levain ferme au réfrigérateur est de loin la meilleure option :

1. Rafraîchir avec une part de levain, quatre parts de farine et deux parts d’eau.
2. Laisser une heure à température ambiante.
3. Fermer le bocal sans le visser complètement et le placer au fond du réfrigérateur.

Au-delà d’un mois, séchez-en une partie. Un bocal de levain séché ne prend pas de place et vous évitera de repartir de zéro.`,
    },
    hugoFrench,
    'a French Hugo blog post (PaperMod theme: breadcrumbs, collapsible table of contents repeating the headings, hidden heading anchors, tags, previous/next navigation, share buttons)',
  ],
  [
    {
      id: 'news-es-rail-first-mercado',
      lang: 'es',
      site: 'Diario del Sur',
      title: 'El mercado de abastos reabre tras dos años de obras',
      dek: 'Los puestos vuelven a un edificio rehabilitado con placas solares, cámaras frigoríficas compartidas y un horario de tarde.',
      author: 'Lucía Romero',
      body: `El mercado de abastos del barrio de San Bernardo volvió a abrir sus puertas este lunes, después de veintiséis meses de obras que costaron 7,4 millones de euros. De los cuarenta y dos puestos que había antes del cierre, treinta y cinco han regresado al edificio.

Durante las obras, los comerciantes trabajaron en una carpa provisional instalada en la plaza de enfrente. Varios de ellos aseguran que las ventas cayeron a la mitad en los meses de verano por el calor dentro de la estructura.

## Qué ha cambiado

El edificio, de 1928, conserva su estructura de hierro y la fachada de ladrillo, pero por dentro es prácticamente nuevo. La cubierta tiene ahora placas solares que, según el ayuntamiento, cubrirán alrededor del cuarenta por ciento del consumo eléctrico.

- Cámaras frigoríficas compartidas para los puestos de pescado y carne.
- Un horario de tarde los jueves y viernes, hasta las 20.30.
- Una zona de degustación con doce mesas junto a la entrada norte.

## Los puestos que no vuelven

Siete comerciantes han decidido no regresar. Algunos se han jubilado durante las obras y otros han abierto locales en la calle. La concejala de Comercio, Marta Villalba, explicó que los puestos vacíos saldrán a concurso antes del verano y que se dará prioridad a productores locales.

"Lo importante es que el barrio recupera su mercado", dijo Antonio Gil, que vende fruta en el mismo puesto desde hace treinta y un años. "Ahora falta que la gente vuelva a bajar a comprar".`,
    },
    spanishRailFirst,
    'a Spanish news page whose first screen is an Última hora rail and a block of six linked teasers with deks before the story, mega-menu with teasers, newsletter, 16 recirculation cards and comments (utility CSS)',
  ],
  [
    {
      id: 'magazine-hashed-tidal-island',
      lang: 'en',
      site: 'Meridian Quarterly',
      title: 'Living by the tide table',
      dek: 'On a tidal island, the sea decides when you can go shopping. A season with the forty people who like it that way.',
      author: 'Oona Fairley',
      body: `Twice a day the causeway to Keld Island disappears. For about five hours the only way across is by boat, and the island's forty-one residents plan their lives around the gap. School runs, hospital appointments and deliveries are all timed by a printed tide table that hangs in almost every kitchen.

I arrived in late March, when the spring tides were at their highest. The causeway was open for barely four hours that first afternoon, and by the time I had unloaded my bags the water was already creeping across the stones.

Marian Coe has run the island's only shop for nineteen years. She orders stock a week ahead and keeps a chest freezer of bread for the days when the van cannot cross. "People think it must be lonely," she told me. "It's the opposite. You cannot avoid anyone here."

## A calendar written by the moon

The rhythm is not simple. The safe crossing window moves by about fifty minutes every day, and it shrinks and grows with the moon. During neap tides the causeway can stay dry for nine hours; during spring tides it may be open for less than four.

| Tide | Typical dry window | Crossings a day |
|---|---|---|
| Spring | 3.5 to 4.5 hours | 2 |
| Mid | 5 to 7 hours | 2 |
| Neap | 7 to 9 hours | 2 |

Visitors misjudge it every year. The coastguard was called to cars stranded on the causeway eleven times last summer, usually because drivers trusted a phone app that showed the wrong harbour.

## Who stays

Most of the residents are older, but not all. Two families with young children moved over in the last five years, drawn by a house price roughly half of what the same cottage would cost on the mainland. The island school closed in 1987, so the children cross every morning in a minibus that waits at the far end when the tide runs late.

Sam and Eilidh Porter, who run a boat repair business from a shed by the slipway, say the tide forces a discipline they never had in the city. "You cannot pop out for something," Eilidh said. "So you think about what you actually need."

## The causeway question

The council has twice studied raising the causeway to keep it open at all tides. Both studies concluded it would cost too much and damage the mudflats, which are protected for their wading birds. Residents are split. Some want a permanent road; others fear it would bring day-trippers and second homes.

On my last evening the tide came in faster than I expected. I stood on the slipway and watched the stones go under one by one, until the mainland was just a line of lights across the water.`,
    },
    magazineInlinePromos,
    'a magazine feature with hashed CSS-module class names, a "Read also" promo, a pull quote repeating nothing of the text and an ad slot placed between body paragraphs, an author bio and 10 recirculation cards',
  ],
  [
    {
      id: 'engineering-blog-next-flaky-tests',
      lang: 'en',
      site: 'Gridline',
      title: 'How we cut flaky test reruns by 80 percent',
      dek: 'Quarantine, ownership and one boring retry policy did more than any clever tooling.',
      author: 'Deepa Raman',
      body: `Eighteen months ago, one in every four CI runs on our main repository failed at least once for reasons that had nothing to do with the change being tested. Engineers had learned to press "re-run" without reading the logs. Each rerun cost about twelve minutes, and on a busy day we were burning more than forty machine-hours on them.

## Measuring flakiness first

Before fixing anything we needed to know which tests were flaky. We added a small step to the pipeline that recorded every test result, with the commit, the machine and the attempt number, into a table. A test counts as flaky when it both passes and fails on the same commit.

\`\`\`sql
SELECT test_name, count(*) AS flaky_commits
FROM test_results
GROUP BY test_name, commit_sha
HAVING bool_or(passed) AND bool_or(NOT passed)
ORDER BY flaky_commits DESC
LIMIT 50;
\`\`\`

After two weeks the list had 212 tests on it. Forty of them caused more than half of all reruns.

## Quarantine with an owner

We did not want to delete tests, and we did not want to keep blocking merges on them. So we built a quarantine: a flaky test still runs, but its failure no longer fails the build. Every quarantined test is assigned to the team that owns the code it covers, and it leaves quarantine after ten clean runs in a row.

- A test that stays in quarantine for thirty days opens a ticket for its team.
- A test that stays for ninety days is deleted, with a note in the changelog.
- Quarantine is visible on the team dashboard next to open incidents.

## One retry, not three

The last change was the least exciting. We had three different retry mechanisms in different parts of the pipeline, some of them retrying up to three times. We replaced all of them with one rule: a failed test is retried once, and only if it is not in quarantine. A test that fails twice is a real failure.

## Results

Reruns fell by about 80 percent over two quarters. The quarantine list peaked at 140 tests and is now at 23. The biggest cause of flakiness, once we looked, was not timing at all but tests sharing a database schema and leaving rows behind. Fixing the test fixtures removed more flaky tests than any other single change.`,
    },
    nextEngineeringBlog,
    'a company engineering blog built with Next.js and Tailwind: rehype-pretty-code blocks with a language label and Copy button, a sticky "On this page" table of contents, a CTA box, related post cards and a __NEXT_DATA__ script',
  ],
  [
    {
      id: 'news-short-story-big-menu',
      lang: 'en',
      site: 'Valley Evening Post',
      title: 'Library keeps its Sunday opening after petition',
      dek: 'The council reverses a plan to close the central library on Sundays from September.',
      author: 'Ruth Okonjo',
      body: `The central library will stay open on Sundays after all. The council's culture committee voted on Tuesday to drop a proposal that would have closed it every Sunday from September, saving about 38,000 pounds a year.

More than 4,000 people signed a petition against the closure in three weeks. Many said Sunday was the only day they could bring children, and students said the reading room was the one quiet place they could work at weekends.

The committee will look for the savings elsewhere, starting with the library's heating contract, which is due for renewal in the spring.`,
    },
    shortStoryBigMenu,
    'a news page whose short three-paragraph story sits under a very large class-less menu (8 section panels, each with three teaser stories carrying two-sentence deks), with a Breaking News rail beside the story and 12 recirculation cards after it',
  ],
  [
    {
      id: 'news-responsive-twice',
      lang: 'en',
      site: 'Harbour Gazette',
      title: 'Ferry fares to rise by eight percent in November',
      dek: 'Island residents keep their discount, but visitors and freight will pay more from the winter timetable.',
      author: 'Colm Reddy',
      body: `Fares on the island ferry will go up by eight percent from 3 November, the operator announced on Wednesday, blaming higher fuel costs and the price of the new vessel that entered service in the spring.

Residents with an island card keep their 40 percent discount, and the price of a resident return ticket will rise by less than a pound. Visitors will pay 31 pounds for a car and driver each way, up from 28.70.

Freight operators say the increase will feed straight into shop prices on the island. "Everything on the shelves came over on that boat," said Morag Finlay, who runs the island's general store. The operator said it would review freight fares again in March.`,
    },
    responsiveDuplicate,
    'a news page that renders the story twice in the DOM — a desktop layout and a mobile layout switched only by utility classes (hidden lg:block / lg:hidden), as responsive sites do — with a mega-menu, a Breaking News rail and 18 recirculation cards',
  ],
  [
    {
      id: 'wordpress-more-from-inside-article',
      lang: 'en',
      site: 'Riverside Herald',
      title: 'New footbridge opens a year late and over budget',
      dek: 'The bridge links the station to the old town for the first time since the ferry stopped in 1974.',
      author: 'Jan Moreau',
      body: `The footbridge over the River Lune opened to the public on Saturday, twelve months later than planned and at a final cost of 6.1 million pounds, almost a third more than the original estimate.

The council blamed the delay on a supplier that went out of business halfway through making the steel deck, and on flooding last winter that kept cranes off the riverbank for seven weeks.

Hundreds of people crossed in the first hour. For many, the bridge cuts a twenty-minute walk round by the road bridge to under five minutes. "I have waited my whole life for this," said Edna Baxter, 81, who remembers the ferry that used to run from the same spot.

The bridge is lit at night and has a gentle slope at each end so that wheelchairs and bicycles can use it. Cyclists are asked to dismount at busy times.`,
    },
    recirculationInsideArticle,
    'a WordPress news post whose theme puts a "More from" run of 24 linked headlines with one-sentence deks inside .entry-content of the article element, right after the last paragraph, with a widget sidebar',
  ],
];

export const pages: PageSpec[] = STORIES.map(([s, tpl, reproduces]) => ({ type: 'article', id: s.id, lang: s.lang, reproduces, html: tpl(s), expected: expectedOf(s) }));

