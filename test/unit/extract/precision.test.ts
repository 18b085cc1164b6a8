// The precision stage (src/extract/precision.ts) and page-type detection: under an article the comment thread,
// recirculation and share prompts go; on a forum every post stays; nothing non-text is ever emitted as raw HTML.
// Pages: test/fixtures/pages/ (written from real markup patterns, see test/fixtures/README.md) and the golden corpus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractDocument } from '../../../src/extract/index.ts';
import { CORPUS_DIR, FIXTURES_DIR, GOLDEN_DIR } from '../../helpers/fixtures.ts';

const PAGES = join(FIXTURES_DIR, 'pages');
const read = (name: string, url = `https://pages.test/${name}`) => extractDocument({ html: readFileSync(join(PAGES, name), 'utf8'), url });

const ARTICLE_TEXT = 'Cold starts are the time a platform needs to create a fresh execution environment before the first request can run, and they are hard to measure well.';

function page(body: string, head = ''): string {
  return `<!DOCTYPE html><html><head><title>Measuring cold starts</title>${head}</head><body>${body}</body></html>`;
}

/** JSON-LD that declares the page an article. */
const NEWS_LD = '<script type="application/ld+json">{"@type":"NewsArticle"}</script>';
const BLOG_LD = '<script type="application/ld+json">{"@type":"BlogPosting"}</script>';

const prose = (n: number): string => Array.from({ length: n }, (_, i) => `<p>${ARTICLE_TEXT} Paragraph ${i + 1} adds its own detail about runtimes, regions and package sizes.</p>`).join('');

/** An HTML tag outside fenced and inline code: what a Markdown renderer would interpret as raw HTML. */
function rawHtmlTags(md: string): string[] {
  const outside = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  const tags = [...outside.matchAll(/(?<!\\)<\/?([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*)?\/?>/g)];
  const HTML = /^(a|abbr|article|aside|b|blockquote|body|br|button|code|div|em|embed|figure|footer|form|h[1-6]|head|header|html|i|iframe|img|input|li|link|main|meta|nav|noscript|object|ol|p|picture|pre|script|section|source|span|strong|style|svg|table|td|th|tr|u|ul|video)$/i;
  return tags.filter((m) => HTML.test(m[1])).map((m) => m[0]);
}

test('WordPress article: the comment list and reply form are dropped, the article stays, pageType article', () => {
  const r = read('article-wordpress-comments.html');
  assert.equal(r.state.ok, true);
  assert.equal(r.pageType, 'article');
  assert.match(r.markdown, /^# Why our sourdough starter finally works/);
  assert.ok(r.markdown.includes('On baking days we build a levain'));
  for (const leak of ['Parking the jar next to the router is genius', 'Marco from Turin', 'Has anyone tried this with rye flour', 'Leave a Reply', 'thoughts on', 'Reply']) {
    assert.ok(!r.markdown.includes(leak), `leaked: ${leak}`);
  }
  assert.ok((r.precision.removed.comments ?? 0) >= 1, JSON.stringify(r.precision));
});

test('share prompts and tracking pixels from <noscript> never reach the Markdown', () => {
  const r = read('article-wordpress-comments.html');
  assert.ok(!r.markdown.includes('Share your thoughts with friends'));
  assert.ok(!/facebook\.com\/tr|px\.ads\.linkedin/.test(r.markdown), r.markdown);
  assert.deepEqual(rawHtmlTags(r.markdown), []);
});

test('news article: "More from", teaser cards, "Top Video" carousel residue, photo credit and reader comments are dropped', () => {
  const r = read('article-news-recirculation.html');
  assert.equal(r.pageType, 'article');
  assert.ok(r.markdown.includes('Councillor Amir Haddad, who proposed the final version'));
  for (const leak of ['More from Local News', 'Harbour dredging to resume', 'Central library extends', 'Derby preview', 'Rowing club names', 'Top Video', 'Reader comments', 'cyclist42', 'Nobody asked the businesses', 'Getty Images']) {
    assert.ok(!r.markdown.includes(leak), `leaked: ${leak}`);
  }
  assert.ok(!/^false$/m.test(r.markdown), 'carousel residue');
  assert.equal((r.markdown.match(/^# /gm) ?? []).length, 1, 'one title');
});

test('Disqus thread under an article is dropped', () => {
  const r = read('article-disqus.html');
  assert.ok(r.markdown.includes('The largest effect was package size.'));
  assert.ok(!r.markdown.includes('provisioned concurrency'));
  assert.ok(!r.markdown.includes('Frankfurt region'));
});

test('forum thread marked up with schema.org Comment: pageType forum and every post is kept', () => {
  const r = read('forum-thread-comments.html');
  assert.equal(r.pageType, 'forum');
  for (const post of ['My starter smells strongly of acetone', 'Acetone usually means it is hungry', 'Switched to one to five yesterday']) {
    assert.ok(r.markdown.includes(post), `missing post: ${post}`);
  }
  assert.equal(r.precision.removed.comments ?? 0, 0);
});

test('the same comment markup is content on a forum and dropped under an article', () => {
  const thread = `<div class="comment-list">${['First reply with a long enough text to count as a real post in the thread here.', 'Second reply that also talks at length about the question that was asked above.', 'Third reply closing the discussion with a summary of what worked in the end.'].map((t, i) => `<div class="comment" id="comment-${i + 1}" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><p>${t}</p></div>`).join('')}</div>`;
  const article = extractDocument({ html: page(`<article>${prose(4)}${thread}</article>`, '<meta property="og:type" content="article">'), url: 'https://blog.test/post' });
  const forum = extractDocument({ html: page(`<article>${prose(1)}${thread}</article>`, '<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>'), url: 'https://blog.test/post' });
  assert.equal(article.pageType, 'article');
  assert.equal(forum.pageType, 'forum');
  assert.ok(!article.markdown.includes('Second reply'), article.markdown);
  assert.ok(forum.markdown.includes('Second reply') && forum.markdown.includes('Third reply'), forum.markdown);
});

test('widening never brings back a rejected block: a thin article root widened to its page still loses the comments', () => {
  // The <article> holds little of the page's text, so findMainContent widens to the wrapper; the comment section
  // that sits in the wrapper is then rejected by the precision stage.
  // Neutral class names: only the schema.org Comment markup says what these are (the boilerplate pass keeps them).
  const comments = `<section class="reader-area">${Array.from({ length: 6 }, (_, i) => `<div class="entry" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><p>Reader comment number ${i + 1} says something long enough to weigh in the text statistics of the page.</p></div>`).join('')}</section>`;
  const html = page(`<div class="wrap"><article><h1>Measuring cold starts</h1>${prose(1)}</article><div class="more">${prose(2)}</div>${comments}</div>`, '<meta property="og:type" content="article">');
  const r = extractDocument({ html, url: 'https://blog.test/post' });
  assert.ok(r.markdown.includes('Paragraph 2 adds'), r.markdown);
  assert.ok(!r.markdown.includes('Reader comment number'), r.markdown);
  assert.ok((r.precision.removed.comments ?? 0) >= 1, JSON.stringify(r.precision));
  assert.notEqual(r.contentRoots[0], 'body > div > article', 'the root was widened past the thin article');
});

test('page type: product, listing, documentation, service and generic are told apart from markup and URL', () => {
  const detect = (head: string, url = 'https://shop.test/item', body = prose(2)) => extractDocument({ html: page(`<div>${body}</div>`, head), url }).pageType;
  assert.equal(detect('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Kettle"}</script>'), 'product');
  assert.equal(detect('<script type="application/ld+json">{"@graph":[{"@type":"CollectionPage"}]}</script>'), 'listing');
  assert.equal(detect('', 'https://docs.tool.test/guide/install'), 'documentation');
  assert.equal(detect('<script type="application/ld+json">{"@type":"LocalBusiness","name":"Pest Control Co"}</script>'), 'service');
  assert.equal(detect(NEWS_LD), 'article');
  assert.equal(detect(''), 'generic');
  // An FAQ block's Questions do not make an article a Q&A thread; a QAPage's Question does.
  const faq = '<script type="application/ld+json">{"@graph":[{"@type":"Article"},{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"How much?"}]}]}</script>';
  assert.equal(detect(faq, 'https://blog.test/best-course-platforms/'), 'article');
  assert.equal(detect('<script type="application/ld+json">{"@type":"QAPage","mainEntity":{"@type":"Question"}}</script>', 'https://qa.test/q/1'), 'forum');
  // Magazines file stories under "/topics/" and "/community/": no forum, declared or not. A numbered topic is one,
  // unless the page says Article; a thread URL stays a forum even when it says Article.
  const article = '<script type="application/ld+json">{"@type":"Article"}</script>';
  assert.equal(detect(article, 'https://mag.test/topics/gadgets/best-scooter'), 'article');
  assert.equal(detect('', 'https://mag.test/topics/gadgets/best-scooter'), 'generic');
  assert.equal(detect('', 'https://board.test/topic/225132-if-the-forum-ends/'), 'forum');
  assert.equal(detect(article, 'https://board.test/topic/225132-if-the-forum-ends/'), 'article');
  assert.equal(detect(article, 'https://board.test/threads/server-hosts.691400/'), 'forum');
});

test('markup written as text is escaped or dropped, never emitted raw; escaped tags read back as text', () => {
  const html = page(`<article><h1>30 Years of &lt;br&gt; Tags</h1>${prose(3)}<p>Old sites were held together with &lt;br&gt; tags and &lt;font color="red"&gt; markup.</p><p>&lt;img height="1" width="1" style="display:none" src="https://px.test/p.gif"&gt;</p><p><img src="/a.png" alt="A chart of &lt;em&gt;cold&lt;/em&gt; start times by runtime"></p></article>`);
  const r = extractDocument({ html, url: 'https://blog.test/br' });
  assert.deepEqual(rawHtmlTags(r.markdown), [], r.markdown);
  assert.ok(!r.markdown.includes('px.test'));
  assert.ok(r.markdown.includes('\\<br> tags'), r.markdown);
  const block = r.blocks.find((b) => b.text.includes('Old sites'));
  assert.equal(block?.text, 'Old sites were held together with <br> tags and <font color="red"> markup.');
  assert.ok(r.markdown.includes('![A chart of cold start times by runtime]'), r.markdown);
});

test('no raw HTML tag outside code blocks in any golden fixture or written page', () => {
  const files = [
    ...readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.html')).map((f) => join(GOLDEN_DIR, f)),
    ...readdirSync(PAGES).filter((f) => f.endsWith('.html')).map((f) => join(PAGES, f)),
    join(CORPUS_DIR, 'representative-input.html'),
  ];
  assert.ok(files.length >= 23, `${files.length} pages`);
  for (const file of files) {
    const r = extractDocument({ html: readFileSync(file, 'utf8'), url: 'https://fixtures.test/page.html' });
    assert.deepEqual(rawHtmlTags(r.markdown), [], file);
  }
});

test('one `#` title: a short h1 that the document title opens with ("Markdown - Wikipedia") is the title', () => {
  const r = extractDocument({ html: `<html><head><title>Markdown - Wikipedia</title></head><body><main><h1>Markdown</h1>${prose(3)}</main></body></html>`, url: 'https://wiki.test/Markdown' });
  assert.deepEqual(r.markdown.match(/^# .*$/gm), ['# Markdown']);
  const logo = extractDocument({ html: `<html><head><title>Apple pie with cinnamon</title></head><body><main><h1>Apple</h1>${prose(3)}</main></body></html>`, url: 'https://wiki.test/pie' });
  assert.equal(logo.markdown.split('\n')[0], '# Apple pie with cinnamon');
  // Two h1s inside the title ("Story… | Site"): the story's, short as it is, never the site name's.
  const site = extractDocument({
    html: `<html><head><title>Time to go… | Market for a good life</title></head><body><header><h1>Market for a good life</h1></header><main><h1>Time to go…</h1>${prose(3)}</main></body></html>`,
    url: 'https://coop.test/time',
  });
  assert.equal(site.markdown.split('\n')[0], '# Time to go…', site.markdown);
  assert.ok(!site.markdown.includes('Market for a good life'), site.markdown);
});

test('one title: a post titled with an h3 (Blogger\'s `h3.post-title`) under a date heading is not repeated under the `#` line', () => {
  const html = `<html><head><title>Zhi neng xiang nian ni (lyrics)</title></head><body><main><h2>Thursday, July 28, 2011</h2>
    <h3 class="post-title">Zhi neng xiang nian ni (lyrics)</h3>${prose(3)}</main></body></html>`;
  const r = extractDocument({ html, url: 'https://lyrics.test/2011/07/zhi.html' });
  assert.equal(r.markdown.split('Zhi neng xiang nian ni (lyrics)').length, 2, r.markdown);
  assert.equal(r.markdown.split('\n')[0], '# Zhi neng xiang nian ni (lyrics)');
});

test('one `#` title: the article\'s leading h1 wins over a differently worded document title; a linked site-name h1 does not', () => {
  const seo = extractDocument({
    html: `<html><head><title>Oranger Wasserstoff: Gas aus der Erdkruste</title></head><body><main><article><h1>Oranger Wasserstoff: Der Traum vom erneuerbaren Gas</h1>${prose(3)}</article></main></body></html>`,
    url: 'https://blog.test/wasserstoff',
  });
  assert.deepEqual(seo.markdown.match(/^# .*$/gm), ['# Oranger Wasserstoff: Der Traum vom erneuerbaren Gas'], seo.markdown);
  assert.equal(seo.title, 'Oranger Wasserstoff: Der Traum vom erneuerbaren Gas');
  const linked = extractDocument({
    html: `<html><head><title>Defer, Panic, and Recover</title></head><body><main><h1><a href="/blog/">The Go Blog</a></h1>${prose(3)}</main></body></html>`,
    url: 'https://go.test/blog/defer',
  });
  assert.equal(linked.markdown.split('\n')[0], '# Defer, Panic, and Recover', linked.markdown);
});

test('link-heavy prose stays: an encyclopedia lead, a sentence of linked names, an infobox cell; link lists still go', () => {
  const a = (t: string) => `<a href="/wiki/${encodeURIComponent(t)}">${t}</a>`;
  const lead = `<p><b>Markdown</b><sup class="reference"><a href="#n9">[9]</a></sup> is a ${a('lightweight markup language')} for creating ${a('formatted text')} using a ${a('plain-text editor')}. ${a('John Gruber')} created Markdown in 2004 as an easy-to-read ${a('markup language')}.</p>`;
  const cms = `<p>Markdown Extra is supported in some ${a('content management systems')} such as ${a('Drupal')}, ${a('Grav (CMS)')}, ${a('Textpattern CMS')} and ${a('TYPO3')}.<sup class="reference"><a href="#n50">[50]</a></sup></p>`;
  const infobox = `<table class="infobox"><tr><th>Filename extensions</th><td>.md, .markdown</td></tr><tr><th>Initial release</th><td>March 9, 2004</td></tr><tr><th>Developed by</th><td><div class="plainlist">${a('John Gruber')}</div></td></tr><tr><th>Website</th><td><span class="url">${a('daringfireball.net')}</span></td></tr></table>`;
  const inline = `<p>${ARTICLE_TEXT} It was measured by <span class="nowrap">${a('Ada Lovelace')}</span> in her lab.</p>`;
  const linkList = `<p>${a('Home')} · ${a('News')} · ${a('Sport')} · ${a('Weather')} · ${a('Contact us')}</p>`;
  const r = extractDocument({ html: page(`<main>${infobox}${lead}${prose(6)}${inline}${cms}${linkList}${prose(2)}</main>`), url: 'https://pages.test/wiki/Markdown' });
  // John Gruber is linked once, in the infobox that comes first; the lead names him again as text.
  for (const kept of ['John Gruber created Markdown', 'a [plain-text editor]', 'such as [Drupal]', 'Developed by | [John Gruber]', 'daringfireball.net', 'measured by [Ada Lovelace]']) {
    assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  }
  assert.ok(!r.markdown.includes('[Weather]'), 'a link list in a paragraph is still dropped');
});

test('after the last prose paragraph a heading with content under it stays; an empty label heading goes', () => {
  const refs = Array.from({ length: 4 }, (_, i) => `<li>Measured run ${i}, eu-west, 128 MB</li>`).join('');
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(6)}<h2>Examples</h2><table><tr><th>Input</th><th>Output</th></tr><tr><td>*a*</td><td>italic a</td></tr></table><h2>Notes</h2><ol>${refs}</ol><h3>Share</h3></article>`), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes('## Examples'), r.markdown);
  assert.ok(r.markdown.includes('## Notes\n\n1.  Measured run 0'), r.markdown);
  assert.ok(!r.markdown.includes('### Share'), r.markdown);
});

test('product page: customer reviews (schema.org Review, a review widget, a "Customer reviews" heading) go; the facts stay', () => {
  const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail 25 Pack"}</script>';
  const specs = '<h2>Technical specs</h2><table><tr><th>Capacity</th><td>25 liters</td></tr><tr><th>Weight</th><td>1 lb 13 oz</td></tr></table>';
  const description = '<p>Keep the gear of a long day within easy reach: the pack fits a wide range of torsos and has pockets for every small thing you carry on the trail.</p>';
  const review = (i: number) => `<div itemprop="review" itemscope itemtype="https://schema.org/Review"><h3>Great bag number ${i}</h3><p>I used it on ${i + 2} day hikes and had no complaints at all; the water bottle pouches are easy to reach while walking.</p><span>Age: 35–44</span></div>`;
  const widget = '<div class="yotpo yotpo-main-widget"><p>Based on 4567 reviews, shoppers say the straps are comfortable and the fabric holds up well.</p></div>';
  const r = extractDocument({ html: page(`<main><h1>Trail 25 Pack</h1>${description}${specs}<section><h2>Customer reviews</h2>${review(1)}${review(2)}${review(3)}</section>${widget}</main>`, ld), url: 'https://shop.test/product/trail-25' });
  assert.equal(r.pageType, 'product');
  for (const kept of ['Keep the gear of a long day', '| Capacity | 25 liters |']) assert.ok(r.markdown.includes(kept), `kept: ${kept}\n${r.markdown}`);
  for (const gone of ['Great bag number', 'no complaints', 'Based on 4567 reviews', 'Customer reviews']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  assert.ok((r.precision.removed.reviews ?? 0) >= 1, JSON.stringify(r.precision));
});

test('article: the author box, site-chrome sentences, a dateline with a time and figure captions go; the article stays', () => {
  const author = '<div class="author-info"><img src="/a.jpg" alt=""><p>Mara Jensen covers cloud infrastructure and has written about serverless platforms since 2016.</p><a href="/author/mara">All posts by Mara</a></div>';
  const chrome = [
    '<p>To view the full story, please subscribe to The Daily Runtime. Already a subscriber? <a href="/login">Log in</a>.</p>',
    '<p>Join our Telegram channel for the latest news.</p>',
    '<p>This post contains affiliate links; we may receive a commission when you buy through them.</p>',
    '<p>© 2024 The Daily Runtime. All rights reserved.</p>',
    '<ul class="sharebar-x"><li>Diesen Artikel teilen</li><li><a href="https://fb.test/">Facebook</a></li><li><a href="https://tw.test/">Twitter</a></li></ul>',
  ].join('');
  const figure = '<figure><img src="/chart.png" alt="Cold start chart"><figcaption>Median cold start per runtime, measured in May.</figcaption></figure>';
  const after = 'After the chart, the article explains why warm pools hide most of the cost, and when provisioned concurrency pays for itself in a busy region.';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1><p>Dienstag, 4. Juni 2019, 15:54</p>${prose(3)}${figure}<p>${after}</p>${chrome}${author}</article>`), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes(after), r.markdown);
  assert.ok(r.markdown.includes('![Cold start chart]'), 'the figure itself stays');
  for (const gone of ['Mara Jensen', 'All posts by', 'To view the full story', 'Telegram channel', 'affiliate links', 'All rights reserved', 'Diesen Artikel teilen', '4. Juni 2019', 'Median cold start per runtime']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
  assert.ok((r.precision.removed.author ?? 0) >= 1, JSON.stringify(r.precision));
});

test('an article that talks about subscriptions keeps its sentences: chrome phrases are specific', () => {
  const body = '<p>Streaming services lost subscribers this quarter, and analysts expect subscription prices to rise again as platforms chase profit over growth.</p><p>Readers who subscribe to several services now pay more than a cable bundle cost in 2015, according to the survey.</p>';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(4)}${body}</article>`), url: 'https://pages.test/streaming' });
  assert.ok(r.markdown.includes('Streaming services lost subscribers'), r.markdown);
  assert.ok(r.markdown.includes('Readers who subscribe to several services'), r.markdown);
});

test('a blog whose reader comments are <article> elements: the post is the content, not the longer comment thread', () => {
  const comment = (i: number) => `<li><article id="comment-${i}" class="comment"><footer>Reader ${i} says:</footer><p>${ARTICLE_TEXT} I measured it myself ${i} times on my own laptop and got a different answer every single time, which is the point.</p></article></li>`;
  const html = page(`<div class="site"><div class="post"><h1>Measuring cold starts</h1>${prose(3)}</div><div id="comments" class="comments-area"><h2>12 Responses</h2><ol class="commentlist">${Array.from({ length: 12 }, (_, i) => comment(i)).join('')}</ol></div></div>`);
  const r = extractDocument({ html, url: 'https://blog.test/2025/12/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 3 adds its own detail'), r.markdown);
  assert.ok(!r.markdown.includes('I measured it myself'), r.markdown);
});

test('a reader-comment heading in its own wrapper takes the whole thread with it, however long; a named anchor is no link', () => {
  const post = (i: number) => `<li class="member"><a class="author person" href="/u/${i}"><h4>Reader ${i}</h4></a><p>${ARTICLE_TEXT} My own reply number ${i} disagrees with the measurement and explains why at some length.</p></li>`;
  const thread = `<div role="region" class="sect sect_commentlinks"><div class="secthead"><h2><a name="Leserkommentare"><span>Leserkommentare</span></a></h2></div><ul class="sectbody directory">${Array.from({ length: 14 }, (_, i) => post(i)).join('')}</ul></div>`;
  const r = extractDocument({ html: page(`<div class="rack"><article><h1>Measuring cold starts</h1>${prose(4)}</article>${thread}</div>`), url: 'https://news.test/artikel/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 4 adds its own detail'), r.markdown);
  assert.ok(!r.markdown.includes('My own reply number'), r.markdown);
  assert.ok(!r.markdown.includes('Leserkommentare'), r.markdown);
});

test('article: captions and credits in their own classed element and a classed metadata line go; a "meta" header with the title stays', () => {
  const captions = [
    '<div class="wp-caption"><img src="/rack.jpg" alt="A server rack"><p class="wp-caption-text">The rack in the Frankfurt region, photographed in May.</p></div>',
    '<div class="post-image-credits"><i class="icon"></i> Jane Roe | Agency Nine</div>',
    '<div class="article__img__caption"><span>Racks cool faster at night.</span></div>',
  ].join('');
  const meta = '<div class="postmetadata">Created on Tuesday 6 May 2014 at 23:30 and filed under <a href="/c/linux">Linux</a>, <a href="/c/tutorials">Tutorials</a></div>';
  const header = '<header class="entry-meta"><h1>Measuring cold starts</h1><span>Posted in Infrastructure</span></header>';
  const after = 'After the pictures, the article explains why warm pools hide most of the cost, and when provisioned concurrency pays for itself in a busy region.';
  const r = extractDocument({ html: page(`<article>${header}${prose(3)}${captions}<p>${after}</p>${prose(2)}${meta}</article>`), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes(after), r.markdown);
  assert.ok(r.markdown.includes('# Measuring cold starts'), r.markdown);
  assert.ok(r.markdown.includes('![A server rack]'), 'the picture itself stays');
  for (const gone of ['Frankfurt region, photographed', 'Agency Nine', 'Racks cool faster', 'Created on Tuesday', 'filed under']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
  // On a product page a caption may be the content (a gallery's labels): the caption rule is for articles.
  const gallery = extractDocument({
    html: page(`<main itemscope itemtype="https://schema.org/Product"><h1>Rack kit</h1><p class="price">$120</p>${prose(2)}<div class="image-caption">Rack kit, front view with both rails</div></main>`),
    url: 'https://shop.test/product/rack-kit',
  });
  assert.ok(gallery.markdown.includes('front view with both rails'), gallery.markdown);
});

test('article: a bare "author" box and "more posts" cards with excerpts go; an unmarked index made of such cards keeps them', () => {
  const author = '<div class="herald-author"><h4>Matthias</h4><p>Medical student, father and former intensive-care nurse, who blogs and runs marathons.</p></div>';
  const excerpt = (n: number) => `A longer excerpt for post ${n} that runs past one line: it sums the other post up in two sentences, as blog themes print them under every card. It ends…`;
  const card = (n: number) => `<div class="card"><h3><a href="/posts/other-${n}">Another post number ${n} about desks</a></h3><p>${excerpt(n)}</p><span>Feb ${n}, 2026</span></div>`;
  const cards = `<section class="more-posts">${[1, 2, 3].map(card).join('')}</section>`;
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(8)}${author}${cards}</article>`, BLOG_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 8 adds'), r.markdown);
  for (const gone of ['former intensive-care nurse', 'Another post number 2']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  // The same cards section after section, with no article around them, are the page's content.
  const sections = [0, 10, 20, 30].map((s) => `<section><h2>Section ${s}</h2><div class="cards">${[1, 2, 3].map((n) => card(s + n)).join('')}</div></section>`);
  const index = extractDocument({ html: page(`<main><h1>Reviews</h1>${sections.join('')}</main>`), url: 'https://pages.test/reviews' });
  for (const kept of ['Another post number 2 ', 'Another post number 13', 'for post 32']) assert.ok(index.markdown.includes(kept), `${kept}
${index.markdown}`);
});

test('article: sign-up consent lines, reading-time and relative-time lines, an embed placeholder, an "Advertisement:" block and a review vendor widget go', () => {
  const top = '<p>13 MIN READ</p><p>3 January, 2025</p><p>3 days ago</p>';
  const signup = '<div><p>Get the deals texted to your phone!</p><p>By clicking Sign Me Up, you confirm you are 16+ and agree to our Terms of Use and Privacy Policy.</p><p>Msg and data rates may apply.</p></div>';
  const embed = '<div><div>Externer Inhalt</div></div>';
  const ad = '<section><h2>Advertisement: Winter Conference On 31 October</h2><p>Join us in London for a day of talks; seats are limited and the early price ends soon, so book today.</p></section>';
  const widget = '<div class="trustpilot-widget"><p>Filing was a breeze, clear explanations made the process very easy and fast for my shop.</p><span>Daniel R.</span></div>';
  const r = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${top}${prose(3)}${embed}${signup}${prose(2)}${widget}${ad}${prose(1)}</article>`, NEWS_LD),
    url: 'https://pages.test/cold-starts',
  });
  assert.ok(r.markdown.includes('Paragraph 3 adds'), r.markdown);
  for (const gone of ['13 MIN READ', '3 January, 2025', '3 days ago', 'you confirm you are 16+', 'data rates may apply', 'Externer Inhalt', 'Winter Conference', 'seats are limited', 'Filing was a breeze']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
});

test('a metadata class repeated on every entry (a listing of papers) is the entries, not an article\'s dateline', () => {
  const entry = (n: number) => `<dt>[${n}] <a href="/abs/${n}">arXiv:${n}</a></dt><dd><div class="meta"><div class="list-title">Title: Paper number ${n} on sparse attention sinks</div><div class="list-authors">Author ${n}</div></div></dd>`;
  const r = extractDocument({ html: page(`<main><h1>Recent submissions</h1>${prose(1)}<dl>${Array.from({ length: 8 }, (_, i) => entry(i + 1)).join('')}</dl><p>Each entry links its abstract, a PDF and the HTML version of the paper; the list is updated every weekday at midnight, and older entries move to the archive pages.</p></main>`), url: 'https://papers.test/list/recent' });
  for (const n of [1, 4, 8]) assert.ok(r.markdown.includes(`Paper number ${n} on sparse`), r.markdown);
});

test('article: linked-headline cards after the article go; a curated list of linked headings inside it and the lead after a linked site name stay', () => {
  const card = (n: number) => `<h2><a href="https://pages.test/2025/other-post-${n}">Other post number ${n} about warm pools</a></h2><p>A short summary of other post ${n}, as themes print it under the card.</p>`;
  const html = page(`<article><h1>Measuring cold starts</h1>${prose(6)}</article><div class="next-post-thumbnails">${[1, 2].map(card).join('')}</div>`, BLOG_LD);
  const r = extractDocument({ html, url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 6 adds'), r.markdown);
  for (const gone of ['Other post number 1', 'summary of other post 2']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  // Linked headings between the article's own paragraphs are a list of resources: its content.
  const resource = (n: number) => `<h2><a href="https://tools.test/tool-${n}">Profiler number ${n}</a></h2><p>Profiler ${n} samples the runtime every millisecond, which is what a cold start needs, and it exports flame graphs that the team can compare across regions.</p>`;
  const list = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(2)}${[1, 2, 3].map(resource).join('')}${prose(2)}</article>`, BLOG_LD), url: 'https://pages.test/tools' });
  for (const kept of ['Profiler number 1', 'Profiler 3 samples']) assert.ok(list.markdown.includes(kept), `${kept}\n${list.markdown}`);
  // A heading linking the home page is the site's name: it goes, the lead under it stays.
  const lead = 'Also this year the team measured cold starts in every region, and the first results are already in.';
  const masthead = extractDocument({ html: page(`<div><h1><a href="https://pages.test/">The Daily Runtime</a></h1><p>${lead}</p>${prose(4)}</div>`, '<meta property="og:type" content="article">'), url: 'https://pages.test/2025/cold-starts' });
  assert.equal(masthead.pageType, 'article');
  assert.ok(masthead.markdown.includes(lead), masthead.markdown);
  assert.ok(!masthead.markdown.includes('The Daily Runtime'), masthead.markdown);
});

test('article: a donation or newsletter heading written as a chrome sentence, a "follow <site> on <network>" line and "Über den Autor" go; prose about following stays', () => {
  const boxes = [
    '<section><h3>Unterstütze Runtime bereits mit 2,50 €!</h3><p>Monatlich kündbar.</p></section>',
    '<section><h2>2026 nichts mehr verpassen!</h2><p>Jeden Freitag in Ihrem Postfach.</p></section>',
    '<p>Puede escribirnos a <a href="mailto:r@pages.test">r@pages.test</a> o seguir a The Daily Runtime en <a href="https://facebook.test/">Facebook</a>.</p>',
    '<p><strong>Follow The Daily Runtime on Twitter and Instagram @dailyruntime.</strong></p>',
    '<p>Über den Autor</p>',
  ].join('');
  const fans = 'Fans of the platform follow the release team on Twitter, where every regression in cold-start times gets discussed within hours of a release going out.';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(4)}<p>${fans}</p>${boxes}</article>`, NEWS_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes(fans), r.markdown);
  for (const gone of ['Unterstütze', 'Monatlich kündbar', 'nichts mehr verpassen', 'Puede escribirnos', 'Follow The Daily Runtime', 'Über den Autor']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
});

test('article: the header\'s labels and dateline between the title and the first paragraph go; a kicker above the title, a lead-in and a run of short lines stay', () => {
  const header = '<div class="kicker">Infrastruktur</div><p>Energie 12.12.2022</p><div><span>Serverless Weekly</span></div>';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${header}<p>Das Beste kommt jetzt:</p>${prose(4)}</article>`, NEWS_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 1 adds'), r.markdown);
  assert.ok(r.markdown.includes('Das Beste kommt jetzt:'), r.markdown);
  for (const gone of ['Infrastruktur', 'Energie 12.12.2022', 'Serverless Weekly']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  // A kicker set above the title heading stays, as in the reference output (reading.md §22).
  const above = extractDocument({ html: page(`<article><p>Infrastruktur · 8 Minuten</p><h1>Measuring cold starts</h1>${prose(4)}</article>`, NEWS_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(above.markdown.includes('Infrastruktur · 8 Minuten'), above.markdown);
  // Many short lines before the first paragraph are content (ingredients set as paragraphs), not a header.
  const ingredients = ['2 cups flour', '1 cup water', '1 tsp salt', '10 g yeast'].map((l) => `<p>${l}</p>`).join('');
  const recipe = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${ingredients}${prose(3)}</article>`, NEWS_LD), url: 'https://pages.test/bread' });
  for (const kept of ['2 cups flour', '10 g yeast']) assert.ok(recipe.markdown.includes(kept), `${kept}\n${recipe.markdown}`);
});

test('article: a short paragraph that ends in a picture credit is a caption and goes; a sentence mentioning a copyright stays', () => {
  const captions = '<div><img src="/rack.jpg" alt=""><div>The rack in the Frankfurt region at night, photographed from the loading bay. | © Agency Nine</div></div><p>Warm pools in the Paris region, where the team measured the longest cold starts. (Foto: Jane Roe)</p>';
  const mention = 'The platform keeps the © notice of every uploaded image, and the team argued at length about whether that belongs in the cold-start path at all.';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(3)}${captions}<p>${mention}</p>${prose(2)}</article>`, NEWS_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes(mention), r.markdown);
  for (const gone of ['Frankfurt region at night', 'Paris region']) assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
});

test('an index page read as an article keeps the card titles after its intro; an article still loses its tail labels', () => {
  const intro = '<p>Our collection of tomato sauce recipes has something for every type of dish, whether you want a big plate of pasta or a baked vegetable tian.</p>';
  const cards = Array.from({ length: 14 }, (_, i) => `<div class="card"><a href="/recipes/${i}"><img src="/img/${i}.jpg" alt=""></a><p class="card__title"><a href="/recipes/${i}">Tomato sauce recipe number ${i + 1}</a></p></div>`).join('');
  const index = extractDocument({
    html: page(`<article><h1>Tomato sauce recipes</h1>${intro}<div class="cards">${cards}</div></article>`, '<meta property="og:type" content="article">'),
    url: 'https://recipes.test/tomato-sauce',
  });
  assert.equal(index.pageType, 'article');
  for (const n of [1, 7, 14]) assert.ok(index.markdown.includes(`Tomato sauce recipe number ${n}`), index.markdown);
  const story = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${prose(4)}<p>Filed under</p><p><a href="/t/serverless">Serverless</a></p><p><a href="/t/latency">Latency</a></p></article>`, '<meta property="og:type" content="article">'),
    url: 'https://blog.test/cold-starts',
  });
  assert.ok(story.markdown.includes('Paragraph 4 adds'), story.markdown);
  assert.ok(!story.markdown.includes('Latency'), story.markdown);
});

test('a pull quote repeating a sentence of the article goes, before or after it; a quote of another source stays', () => {
  const said = 'We measured every cold start twice, once from a warm region and once from a cold one.';
  const cited = 'Latency is a feature, and users notice its absence long before they notice anything else.';
  const story = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${prose(2)}<blockquote class="pullquote"><p>${said}</p></blockquote><p>The team explained its method. ${said} The results follow.</p>${prose(1)}<blockquote><p>${cited}</p></blockquote>${prose(1)}</article>`, '<meta property="og:type" content="article">'),
    url: 'https://blog.test/cold-starts',
  });
  assert.equal(story.markdown.split(said).length, 2, story.markdown);
  assert.ok(!story.markdown.includes(`> ${said}`), story.markdown);
  assert.ok(story.markdown.includes(`> ${cited}`), story.markdown);
});

test('the items of a numbered list set as paragraphs after the last prose paragraph are content, not tail labels', () => {
  // A city department's eligibility rules, numbered by hand in <p>s: short unpunctuated lines, like labels.
  const items = ['Total household income not to exceed $40,000', 'Must be a resident of the city', 'Applicants must be 65 to apply', 'Home must be the primary residence'];
  const story = extractDocument({
    html: page(`<article><h1>Home repair assistance</h1>${prose(3)}<p><strong>Qualifications:</strong></p>${items.map((t, i) => `<p>${i + 1}. ${t}</p>`).join('')}<p>Filed under</p><p><a href="/t/housing">Housing</a></p></article>`, '<meta property="og:type" content="article">'),
    url: 'https://city.test/home-repair',
  });
  for (const t of items) assert.ok(story.markdown.includes(t), `${t}\n${story.markdown}`);
  assert.ok(!story.markdown.includes('Housing'), story.markdown);
});

test('a "Popular" or "Trending" badge inside one tile of a product grid opens no block: the tiles after it stay', () => {
  // Shop category grids set a badge in the tile's image link (<span>Popular</span>); the same label outside any
  // card still takes the links after it.
  const tile = (i: number, extra = ''): string =>
    `<div class="tile"><a href="/p/${i}"><img src="/img/${i}.jpg" alt="">${extra}</a><div><a href="/p/${i}">Standing desk frame model ${i + 1}</a><p>$${299 + i}+</p></div></div>`;
  const tiles = Array.from({ length: 12 }, (_, i) =>
    tile(i, i === 3 ? '<span class="badge">Popular</span>' : i === 7 ? '<span class="badge">Trending</span>' : ''),
  ).join('');
  const shop = extractDocument({
    html: page(`<main><h1>Desk frames</h1><p>Choose from frames designed to complement your workspace and help you work better.</p><section><div class="grid">${tiles}</div></section></main>`),
    url: 'https://shop.test/desk-frames/',
  });
  for (const n of [4, 5, 6, 8, 9, 12]) assert.ok(shop.markdown.includes(`Standing desk frame model ${n}`), shop.markdown);
  const story = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${prose(4)}<div><p>Popular</p><p><a href="/a/1">Cold starts on the edge</a></p><p><a href="/a/2">Warm pools explained</a></p></div></article>`, '<meta property="og:type" content="article">'),
    url: 'https://blog.test/cold-starts',
  });
  assert.ok(story.markdown.includes('Paragraph 4 adds'), story.markdown);
  assert.ok(!story.markdown.includes('Warm pools explained'), story.markdown);
});

test('article: app and support appeals, copyright and licence lines, WordPress post metadata, "read also" callouts, print buttons, content-blocker notices, cart toasts, form error states, result counts and comment widgets go', () => {
  const inside = [
    '<p><strong>PUEDES VER:</strong> <a href="/2025/01/other-story">¿Qué es la Sunedu y para qué sirve?</a></p>',
    '<h3>Lesen Sie auch: <a href="/news/other-story">Neue Regeln für Kaltstarts</a></h3>',
    '<p>Klicken Sie auf den unteren Button, um den Inhalt von maps.pages.test zu laden.</p>',
    '<p><a href="/print/413209">Rezept drucken</a> Bei Pinterest speichern</p>',
    '<p>Der Artikel wurde erfolgreich hinzugefügt.</p>',
  ].join('');
  const after = [
    '<p>For the latest stories and breaking news updates download the Runtime News apps for <a href="https://apps.test/ios">iOS</a> and <a href="https://apps.test/android">Android</a>.</p>',
    '<p>If you enjoyed reading this post – would you consider supporting our work? Just click <a href="https://steady.test/">here</a>. Thanks!</p>',
    '<p>Wenn Ihnen unser Artikel gefallen hat: Unterstützen Sie diese Form des Journalismus.</p>',
    '<p>Der Beitrag wurde am Mittwoch, den 27. November 2019 um 15:21 Uhr veröffentlicht und wurde unter <a href="/category/news">News</a> abgelegt.</p>',
    '<p>Sofern nicht anders ausgewiesen, stehen Inhalte dieser Website unter <a href="https://creativecommons.org/licenses/by/4.0/">CC-BY</a>.</p>',
    '<p>Copyright © 2020 by: runtime.pages.test • Design by: <a href="https://design.test/">Studio</a></p>',
    '<ul><li><a href="/older-post/#comment-14798">Abbey</a></li><li><a href="/other-post/#comment-14801">Ben</a></li></ul>',
    '<div class="form-error"><p>Oops! Something went wrong. Please try again.</p></div>',
    '<p>Es werden die Beiträge 1 bis 10 von insgesamt 19 angezeigt!</p>',
    '<ul><li><strong>Permalink</strong> https://p.pages.test/p/RPYx</li></ul>',
  ].join('');
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(4).replace('<p>' + ARTICLE_TEXT + ' Paragraph 3', inside + '<p>' + ARTICLE_TEXT + ' Paragraph 3')}${after}</article>`, BLOG_LD), url: 'https://pages.test/cold-starts' });
  assert.equal(r.markdown.match(/Cold starts are the time/g)?.length, 4, r.markdown);
  for (const gone of ['PUEDES VER', 'Sunedu', 'Lesen Sie auch', 'Klicken Sie auf den unteren', 'Rezept drucken', 'Pinterest', 'erfolgreich hinzugefügt', 'download the Runtime News apps',
    'If you enjoyed', 'Wenn Ihnen unser Artikel', 'Der Beitrag wurde am', 'Sofern nicht anders', 'Copyright ©', 'Abbey', 'Something went wrong',
    '1 bis 10 von insgesamt', 'Permalink']) {
    assert.ok(!r.markdown.includes(gone), `leaked: ${gone}\n${r.markdown}`);
  }
});

test('article: prose that mentions a kiosk, opens with "Read more:" before its own sentence, or links one comment stays', () => {
  const kept = [
    'Das berichtet das Magazin Runtime Review in seiner aktuellen Ausgabe 7/2019 (jetzt am Kiosk oder hier zu bestellen), zusammen mit einer Messung über zwölf Regionen.',
    'Read more: the vendors publish their cold-start numbers each quarter, and the spread between regions has narrowed since last spring.',
    'As one reader pointed out in the comments, the warm pool hides most of the cost.',
  ];
  const html = page(`<article><h1>Measuring cold starts</h1>${prose(4)}<p>${kept[0]}</p><p>${kept[1].replace('the vendors', '<a href="/vendors">the vendors</a>')}</p><p>${kept[2].replace('in the comments', '<a href="/older-post/#comment-14798">in the comments</a>')}</p>${prose(6).split('</p>').slice(4).join('</p>')}</article>`, NEWS_LD);
  const md = extractDocument({ html, url: 'https://pages.test/cold-starts' }).markdown;
  for (const text of ['jetzt am Kiosk', 'publish their cold-start numbers', 'As one reader pointed out']) assert.ok(md.includes(text), `dropped: ${text}\n${md}`);
});

test('a live ticker whose entries are classed "live-match-comment" is the article; the reader comments under it still go', () => {
  const entry = (min: number) => `<div class="live-match-comment slider-ele left" data-time="${min}"><div class="live-match-comment-time">${min}'</div><div class="live-match-comment-body">Minute ${min}: the home side keeps the ball in midfield and waits for a gap, the visitors press high and force a long ball.</div></div>`;
  const ticker = Array.from({ length: 8 }, (_, i) => entry(10 * (i + 1))).join('');
  const comments = '<section class="comments-area"><h2>3 Comments</h2><ol class="commentlist"><li class="comment"><p>What a dull match, I switched off at half time and regret nothing at all.</p></li></ol></section>';
  const r = extractDocument({ html: page(`<article><h1>Lorient hold Lyon</h1>${prose(1)}<div class="live-match-comments">${ticker}</div>${comments}</article>`, NEWS_LD), url: 'https://pages.test/live/lorient-lyon' });
  for (const min of [10, 40, 80]) assert.ok(r.markdown.includes(`Minute ${min}: the home side`), r.markdown);
  assert.ok(!r.markdown.includes('What a dull match'), r.markdown);
});

test('a list of bare numbers (a star-rating input or a pager without its widget) goes; a list that says something stays', () => {
  const stars = '<ul class="rating"><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li></ul>';
  const pager = '<ul><li><a href="?p=1">1</a></li><li><a href="?p=2">2</a></li><li>…</li><li><a href="?p=9">9</a></li><li><a href="?p=2">Next</a></li></ul>';
  const steps = '<ol><li>1 cup of flour</li><li>2 eggs</li><li>3 tablespoons of sugar</li></ol>';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(2)}<h3>Osprey Atmos 65</h3>${stars}${prose(3).replace(/Paragraph/g, 'Section')}${steps}${pager}</article>`, NEWS_LD), url: 'https://pages.test/cold-starts' });
  assert.ok(r.markdown.includes('2 eggs'), r.markdown);
  const numberItems = r.markdown.split('\n').filter((l) => /^\s*[*-]\s+\[?(\d{1,3}|Next|…)\]?(\([^)]*\))?\s*$/.test(l));
  assert.deepEqual(numberItems, [], r.markdown);
});

test('an endless-scroll page: of several full stories in one template, the one titled like the page (or named by its URL) is the read', () => {
  const story = (slug: string, title: string, word: string) =>
    `<article class="list__item" data-path="news/2025/${slug}"><h2>${title}</h2>${Array.from({ length: 4 }, (_, i) => `<p>${word} ${i + 1}: ${ARTICLE_TEXT} Each story in this scroll is as long as the first one.</p>`).join('')}</article>`;
  const stories = [story('cold-starts', 'Measuring cold starts', 'Own paragraph'), story('warm-pools', 'Warm pools at scale', 'Next story'), story('edge-runtimes', 'Edge runtimes compared', 'Third story')].join('');
  const r = extractDocument({ html: page(`<main>${stories}</main>`, NEWS_LD), url: 'https://news.test/news/2025/cold-starts' });
  assert.ok(r.markdown.includes('Own paragraph 4:'), r.markdown);
  assert.ok(!r.markdown.includes('Next story') && !r.markdown.includes('Third story'), r.markdown);
  // The page's title names none of the stories: the URL's slug in the article's data attribute does.
  const untitled = page(`<main>${stories}</main>`, NEWS_LD).replace('<title>Measuring cold starts</title>', '<title>News</title>');
  const byUrl = extractDocument({ html: untitled, url: 'https://news.test/news/2025/warm-pools' });
  assert.ok(byUrl.markdown.includes('Next story 4:'), byUrl.markdown);
  assert.ok(!byUrl.markdown.includes('Own paragraph') && !byUrl.markdown.includes('Third story'), byUrl.markdown);
});

test('a page whose one article is split into sibling <article> sections (header, steps, notes) keeps every section', () => {
  const section = (cls: string, heading: string, word: string) =>
    `<article class="box ${cls}">${heading}${Array.from({ length: 3 }, (_, i) => `<p>${word} ${i + 1}: ${ARTICLE_TEXT} This section belongs to the same recipe page.</p>`).join('')}</article>`;
  const html = page(
    `<main>${section('recipe-header', '<h1>Measuring cold starts</h1>', 'Header line')}${section('recipe-steps', '<h2>Steps</h2>', 'Step line')}${section('recipe-notes', '', 'Note line')}</main>`,
    BLOG_LD,
  );
  const r = extractDocument({ html, url: 'https://pages.test/recipes/cold-starts' });
  for (const word of ['Header line 3:', 'Step line 3:', 'Note line 3:']) assert.ok(r.markdown.includes(word), r.markdown);
});

test('comment threads named in other languages go under an article ("27 commentaires", class "kommentare"); a taxonomy class with the word stays', () => {
  const thread = (cls: string, heading: string) =>
    `<div class="${cls}"><h2>${heading}</h2><ul class="forum">${Array.from({ length: 4 }, (_, i) => `<li><div class="forum-message"><p>Lecteur ${i}: ${ARTICLE_TEXT} Mon avis de lecteur ${i} diffère du vôtre sur ce point précis.</p></div></li>`).join('')}</ul></div>`;
  for (const [cls, heading] of [['commentaires', '27 commentaires'], ['kommentare', 'Leserstimmen'], ['divforum', '12 comentarios']]) {
    const r = extractDocument({ html: page(`<div id="contenu"><h1>Measuring cold starts</h1>${prose(3)}${thread(cls, heading)}</div>`, NEWS_LD), url: 'https://pages.test/2025/cold-starts' });
    assert.ok(r.markdown.includes('Paragraph 3 adds its own detail'), r.markdown);
    assert.ok(!r.markdown.includes('Mon avis de lecteur'), `${cls} / ${heading}\n${r.markdown}`);
  }
  const tagged = extractDocument({ html: page(`<section id="content" class="post hentry category-estallido-comentarios"><h1>Measuring cold starts</h1>${prose(3)}</section>`, NEWS_LD), url: 'https://pages.test/2025/cold-starts' });
  assert.ok(tagged.markdown.includes('Paragraph 3 adds its own detail'), tagged.markdown);
});

test('article: a long list of bare links (an SEO block of city pages) goes; a short link list and a topic hub\'s list of posts stay', () => {
  const links = (n: number, word: string) => `<ul>${Array.from({ length: n }, (_, i) => `<li><a href="/movers/ny/${word}-${i}/">${word} ${i} movers</a></li>`).join('')}</ul>`;
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(6)}<h3>Popular cities</h3>${links(40, 'Springfield')}<h3>Our test setup</h3>${links(6, 'Shelbyville')}${prose(1).replace('Paragraph 1', 'Closing paragraph')}</article>`, NEWS_LD), url: 'https://pages.test/2025/cold-starts' });
  assert.ok(r.markdown.includes('Paragraph 6 adds its own detail') && r.markdown.includes('Closing paragraph adds'), r.markdown);
  assert.ok(!r.markdown.includes('Springfield 12 movers'), r.markdown);
  assert.ok(r.markdown.includes('Shelbyville 3 movers'), r.markdown);
  const hub = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1><p>${ARTICLE_TEXT}</p>${links(40, 'Springfield')}</article>`, NEWS_LD), url: 'https://pages.test/topics/cold-starts' });
  assert.ok(hub.markdown.includes('Springfield 12 movers'), hub.markdown);
});

test('a heading printed twice back to back (a desktop and a mobile copy) appears once; a section name repeated under each item stays', () => {
  const item = (name: string) => `<h2>${name}</h2><h3>Pros</h3><p>${ARTICLE_TEXT} ${name} starts fast.</p><h3>Cons</h3><p>${ARTICLE_TEXT} ${name} costs more.</p>`;
  const html = page(`<article><h1 class="desktop">Setting up a fast runtime</h1><h1 class="mobile">Setting up a fast runtime</h1>${prose(2)}<h2>Our setup</h2><h2>Our setup</h2>${prose(1)}${item('Alpha')}${item('Beta')}</article>`, NEWS_LD);
  const r = extractDocument({ html, url: 'https://pages.test/2025/fast-runtime' });
  assert.equal(r.markdown.split('\n').filter((l) => l === '# Setting up a fast runtime').length, 1, r.markdown);
  assert.equal(r.markdown.split('\n').filter((l) => l === '## Our setup').length, 1, r.markdown);
  assert.equal(r.markdown.split('\n').filter((l) => l === '### Pros').length, 2, r.markdown);
});

test('a breadcrumb trail set as a line ("Home » News » title") goes; a line of links that does not start at the site\'s home stays', () => {
  const trail = '<p><a href="/">Startseite</a> » <a href="/news/">Alle News</a> » Measuring cold starts</p>';
  const arrows = '<p><a href="https://pages.test/">Home</a> &gt; <a href="https://pages.test/blog/marketing">Marketing</a> &gt; <strong>Measuring cold starts</strong></p>';
  const versions = '<p><a href="/docs/guides/v1/cold-starts">Version 1</a> → <a href="/docs/guides/v2/cold-starts">Version 2</a> → the rewrite</p>';
  const r = extractDocument({ html: page(`<article><h1>Measuring cold starts</h1>${prose(2)}${trail}${versions}${arrows}${prose(3).replace(/Paragraph/g, 'Section')}</article>`, NEWS_LD), url: 'https://pages.test/news/cold-starts' });
  assert.ok(!r.markdown.includes('Startseite') && !r.markdown.includes('Marketing'), r.markdown);
  assert.ok(r.markdown.includes('Version 2') && r.markdown.includes('Section 3 adds'), r.markdown);
});

test('a long run of "More from …" cards after a full article goes even when it holds a good share of the text; cards after a short intro stay', () => {
  const card = (i: number) => `<h3><a href="/news/other-story-${i}">Another story number ${i} from the same newsroom</a></h3><p>A one-line dek for story ${i}, about something else entirely.</p>`;
  const cards = Array.from({ length: 14 }, (_, i) => card(i)).join('');
  const story = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${prose(12)}<div class="rail">${cards}</div></article>`, '<meta property="og:type" content="article">'),
    url: 'https://blog.test/cold-starts',
  });
  assert.ok(story.markdown.includes('Paragraph 12 adds'), story.markdown);
  assert.ok(!story.markdown.includes('Another story number'), story.markdown);
  const hub = extractDocument({
    html: page(`<article><h1>Serverless</h1><p>Everything we wrote about serverless platforms, newest first.</p><div class="rail">${cards}</div></article>`, '<meta property="og:type" content="article">'),
    url: 'https://blog.test/topics/serverless',
  });
  for (const n of [0, 7, 13]) assert.ok(hub.markdown.includes(`Another story number ${n}`), hub.markdown);
});

test('a story rendered twice on one page (a second copy of the same body further down) is read once', () => {
  const body = `<div class="story-body"><p>${ARTICLE_TEXT} The first paragraph of the story sets out the measurement.</p>${prose(6)}</div>`;
  // The second rendering sets the same text as one block broken by <br>s (an app or print view): no block repeats.
  const second = `<div class="print-view">${body.replace(/<\/p><p>/g, '<br><br>').replace(/<\/?(p|div)[^>]*>/g, '')}</div>`;
  const r = extractDocument({
    html: page(`<article><h1>Measuring cold starts</h1>${body}<div class="share"><a href="/s">Share</a></div>${second}</article>`),
    url: 'https://blog.test/cold-starts',
  });
  assert.equal(r.markdown.split('Paragraph 6 adds').length, 2, r.markdown);
  assert.equal(r.markdown.split('sets out the measurement').length, 2, r.markdown);
});
