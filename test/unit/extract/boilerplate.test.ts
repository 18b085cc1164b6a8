// Boilerplate removal and main-content finding beyond articles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';

const SENTENCE = 'The committee reviewed the proposal in detail, weighed the costs against the benefits, and agreed to proceed. ';

test('chrome is removed: nav, header, aside, footer, cookie banner, newsletter, share bar, related links, hidden, scripts', () => {
  const html = `<!doctype html><html><head><title>Budget review</title><style>.x{}</style><script>var tracker = 1;</script></head><body>
    <header class="site-header"><a href="/">Brand</a><form role="search"><input name="q"></form></header>
    <nav><a href="/a">Menu item one</a></nav>
    <div class="cookie-consent"><p>We use cookies to improve your experience.</p><button>Accept all</button></div>
    <main><article><h1>Budget review</h1><p>${SENTENCE.repeat(3)}</p>
      <div class="share-buttons">Share on Twitter Facebook</div>
      <p>${SENTENCE.repeat(2)}</p>
      <div style="display:none">Invisible promo text</div>
      <section class="related-posts"><h3>Related posts</h3><ul><li><a href="/1">Other story</a></li></ul></section>
    </article>
    <aside><p>Sidebar widget text that is not content.</p></aside></main>
    <div class="newsletter-signup"><p>Subscribe to our newsletter for weekly updates.</p></div>
    <footer><p>Copyright 2026 Example Corp.</p></footer></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/budget' });
  assert.equal(r.state.ok, true);
  for (const junk of ['Brand', 'Menu item', 'cookies', 'Share on', 'Invisible', 'Related posts', 'Other story', 'Sidebar widget', 'newsletter', 'Copyright', 'tracker']) {
    assert.ok(!r.markdown.includes(junk), `${junk} leaked:\n${r.markdown}`);
  }
  assert.ok(r.markdown.startsWith('# Budget review\n\nThe committee reviewed'));
  assert.equal(r.strategy, 'semantic');
});

test('code hidden by its own attributes goes (the article again as Markdown for "copy for AI", a copy button source); a sample under a hiding class and an opened tab panel stay', () => {
  const article = `<h1>Choosing a queue</h1><p>${SENTENCE.repeat(3)}</p><pre><code>queue.push(job)</code></pre><p>${SENTENCE.repeat(2)}</p>`;
  const html = `<html><head><title>Choosing a queue</title></head><body><main><article>${article}
    <button aria-expanded="false" aria-controls="tab-py">Python</button><pre id="tab-py" hidden><code>queue.put(job)</code></pre>
    <pre class="brush: css hidden live-sample">.box { display: flex; }</pre>
    <pre hidden><code>npm install queue-copy-source</code></pre>
    <div style="display:none"><span>visible-looking wrapper</span></div></article>
    <pre aria-hidden="true" class="rawMarkdown" hidden># Choosing a queue\n\n${SENTENCE.repeat(5)}\n\nqueue.push(job)</pre>
    <pre style="display: none">{"ad": "inline", "slot": 3}</pre></main></body></html>`;
  const r = extractDocument({ html, url: 'https://dev.test/queues' });
  assert.equal(r.state.ok, true);
  for (const kept of ['queue.push(job)', 'queue.put(job)', '.box { display: flex; }']) assert.ok(r.markdown.includes(kept), `${kept}\n${r.markdown}`);
  for (const gone of ['# Choosing a queue\\n', 'queue-copy-source', '"slot"']) assert.ok(!r.markdown.includes(gone), `${gone}\n${r.markdown}`);
  assert.equal(r.markdown.split('queue.push(job)').length, 2, 'the article once');
  assert.equal(r.markdown.split('The committee reviewed').length, 6, 'its two paragraphs (five sentences) once each');
});

test('a wrapper whose class looks like chrome but holds the article survives', () => {
  const html = `<html><head><title>Wrapped</title></head><body><div class="page has-sidebar layout-nav-open"><div class="story">
    <p>${SENTENCE.repeat(4)}</p><p>${SENTENCE.repeat(3)}</p></div></div></body></html>`;
  const r = extractDocument({ html, url: 'https://x.test/' });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.includes('The committee reviewed'), r.markdown);
});

test('no semantic markup: the scorer finds the prose among link-heavy blocks', () => {
  const links = Array.from({ length: 12 }, (_, i) => `<a href="/l${i}">Link number ${i}</a>`).join(' ');
  const html = `<html><head><title>Plain page</title></head><body><div id="top">${links}</div>
    <div id="wrap"><div class="txt"><p>${SENTENCE.repeat(3)}</p><p>${SENTENCE.repeat(3)}</p><p>${SENTENCE.repeat(2)}</p></div></div>
    <div id="bottom">${links}</div></body></html>`;
  const r = extractDocument({ html, url: 'https://x.test/' });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.includes('The committee reviewed'));
  assert.ok(!r.markdown.includes('Link number'), r.markdown);
});

test('forum threads keep every post (comments are content on forums)', () => {
  const post = (who: string, text: string): string => `<div class="comment"><div class="comment-author">${who}</div><div class="comment-body"><p>${text}</p></div></div>`;
  const html = `<html><head><title>How do I tune the cache?</title></head><body><div id="thread">
    <h1>How do I tune the cache?</h1>
    ${post('alice', 'I am trying to tune the cache for a read-heavy workload, and the hit ratio stays low whatever I do.')}
    ${post('bob', 'Increase the segment size first, then measure again, because eviction dominates with tiny segments.')}
    ${post('carol', 'Also check the key distribution, since a skewed distribution defeats any size setting you choose.')}
    </div></body></html>`;
  const r = extractDocument({ html, url: 'https://forum.example.test/t/how-do-i-tune-the-cache/42' });
  assert.equal(r.pageType, 'forum');
  for (const s of ['read-heavy workload', 'Increase the segment size', 'skewed distribution']) assert.ok(r.markdown.includes(s), s);
});

test('server-rendered content inside <noscript> of a JS shell is read', () => {
  const html = `<html><head><title>Thread</title></head><body><div id="app"></div>
    <noscript><div id="main-outlet"><h1>Thread</h1><p>${SENTENCE.repeat(5)}</p></div></noscript></body></html>`;
  const r = extractDocument({ html, url: 'https://x.test/t/1' });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.includes('The committee reviewed'));
});

test('playbook content and strip selectors steer extraction', () => {
  const html = `<html><head><title>Docs</title></head><body><div class="a"><p>${SENTENCE.repeat(3)}</p></div>
    <div class="b"><p>Second region text that a playbook wants, with a few words more to be a paragraph.</p><p class="ad-note">Remove me please.</p></div></body></html>`;
  const r = extractDocument({ html, url: 'https://x.test/' }, { contentSelectors: ['div.b'], stripSelectors: ['.ad-note'] });
  assert.equal(r.strategy, 'content_selectors');
  assert.ok(r.markdown.includes('Second region'));
  assert.ok(!r.markdown.includes('committee') && !r.markdown.includes('Remove me'), r.markdown);
});

test('responsive duplicates are emitted once', () => {
  const para = '<p>Our service covers planning, delivery and support for the whole lifecycle of your platform.</p>';
  const html = `<html><head><title>Service</title></head><body><main><div class="mobile">${para}</div><div class="desktop">${para}</div><p>${SENTENCE.repeat(3)}</p></main></body></html>`;
  const r = extractDocument({ html, url: 'https://x.test/' });
  assert.equal(r.markdown.split('Our service covers').length, 2, r.markdown);
});

test('sidebar widgets go even when they hold teaser <article>s; a content div named after its layout stays', () => {
  const teaser = (n: number): string => `<article class="teaser"><h2>Teaser headline ${n}</h2><p>Short teaser text number ${n} for another story.</p></article>`;
  const html = `<html><head><title>Quarterly deals</title></head><body><article class="post">
    <div class="entry sidebar-enabled--false content"><p>${SENTENCE.repeat(5)}</p><p>${SENTENCE.repeat(4)}</p></div>
    <div class="side-wrap"><div class="zox-side-widget widget_text">${teaser(1)}${teaser(2)}${teaser(3)}</div></div>
    </article></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/deals' });
  assert.ok(r.markdown.includes('The committee reviewed'), r.markdown);
  assert.ok(!r.markdown.includes('Teaser headline'), r.markdown);
});

test('a site-wide footer or nav named as one word ("ac-globalfooter", "sitefooter") is chrome too', () => {
  const legal = 'Pricing includes VAT where applicable. Trade-in values vary by condition, model and configuration, and offers may end at any time without notice. ';
  const html = `<!doctype html><html><head><title>Shop the range</title></head><body>
    <div><h1>Shop the range</h1><p>${SENTENCE.repeat(2)}</p><p>${SENTENCE.repeat(2)} Every model ships in two sizes.</p></div>
    <div id="ac-globalfooter" class="no-js"><div class="ac-gf-footnotes"><p>${legal.repeat(4)}</p></div></div>
    <div class="sitefooter"><p>${legal.repeat(3)}</p></div>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://shop.test/range' });
  assert.ok(r.markdown.includes('Every model ships in two sizes'), r.markdown);
  assert.ok(!r.markdown.includes('Trade-in values vary'), r.markdown);
});

test('a consent platform\'s preference centre goes even when it outweighs a listing of short titles', () => {
  const purpose = (n: number): string =>
    `<h4>Purpose ${n}</h4><p>These cookies may be set through our site by our advertising partners to build a profile of your interests and show you relevant adverts on other sites, number ${n}.</p>`;
  const cards = Array.from({ length: 8 }, (_, i) => `<li class="card"><a href="/recipe/${i}"><span>Slow-cooked sauce number ${i}</span></a></li>`).join('');
  const html = `<!doctype html><html><head><title>Sauce recipes</title></head><body>
    <div class="page"><h1>Sauce recipes</h1><p>Our collection of sauce recipes has something for every dish.</p><ul class="cards">${cards}</ul></div>
    <div id="onetrust-consent-sdk"><div id="onetrust-pc-sdk" class="otPcTab"><h2>Privacy Preference Center</h2>${Array.from({ length: 8 }, (_, i) => purpose(i)).join('')}</div></div>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://recipes.test/sauces' });
  assert.ok(r.markdown.includes('Slow-cooked sauce number 3'), r.markdown);
  assert.ok(!r.markdown.includes('Privacy Preference Center') && !r.markdown.includes('advertising partners'), r.markdown);
});

test('the page footer goes even when its legal footnotes outweigh the product tiles above it', () => {
  const legal = 'Financing is subject to credit approval and the card agreement; trade-in values vary by condition, model and configuration, and offers may end at any time. ';
  const tile = (n: number): string => `<div class="tile"><h3>Watch model ${n}</h3><p>The everyday watch, model ${n}.</p><p>From $${n}99</p></div>`;
  const html = `<!doctype html><html><head><title>Watches</title></head><body>
    <div class="page"><h2>Explore the lineup.</h2>${[1, 2, 3, 4].map(tile).join('')}</div>
    <footer role="contentinfo" class="globalfooter-x"><section class="footnotes"><ol>${Array.from({ length: 8 }, () => `<li><p>${legal}</p></li>`).join('')}</ol></section></footer>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://shop.test/watches' });
  assert.ok(r.markdown.includes('Watch model 3'), r.markdown);
  assert.ok(!r.markdown.includes('Financing is subject'), r.markdown);
});

test('a category page of card groups keeps every group, not the one the scorer picked', () => {
  const card = (g: number, i: number): string =>
    `<a class="card-list-card" href="/recipe/${g}-${i}"><div class="card__media"><img src="/img/${g}-${i}.jpg" alt=""></div><div class="card__content"><span class="card__title">Weeknight dinner idea ${g}-${i}, ready in thirty minutes or less</span></div></a>`;
  const group = (g: number, n: number): string => `<h2>Dinner section ${g}</h2><div class="card-list" id="list-${g}">${Array.from({ length: n }, (_, i) => card(g, i)).join('')}</div>`;
  const html = `<!doctype html><html><head><title>Dinner recipes</title></head><body>
    <div class="wrap"><section class="taxonomy"><h1>Dinner recipes</h1><p>What is for dinner? Take the work out of it with these popular recipes.</p>
    ${group(1, 8)}${group(2, 5)}${group(3, 5)}</section></div>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://recipes.test/dinner' });
  for (const t of ['Weeknight dinner idea 1-2', 'Weeknight dinner idea 2-3', 'Weeknight dinner idea 3-4']) assert.ok(r.markdown.includes(t), `${t} missing:\n${r.markdown}`);
});

test('a collapsed accordion panel (aria-controls of an aria-expanded control) is read; other aria-hidden text is not', () => {
  const panel = (n: number): string =>
    `<h3><button aria-expanded="false" aria-controls="acc-${n}-panel">How to choose, part ${n}</button></h3>
     <div class="accordion__content accordion--closed" style="max-height:0px"><div id="acc-${n}-panel" aria-hidden="true"><p>Guide answer ${n}: stoves are sorted by the fuel they burn and how that fuel is stored, which decides weight and upkeep.</p></div></div>`;
  const html = `<!doctype html><html><head><title>Camp stoves</title></head><body><main>
    <h1>Camp stoves</h1><p>${SENTENCE.repeat(2)}</p>
    <div class="buying-guides"><h2>Expert advice</h2>${[1, 2, 3].map(panel).join('')}</div>
    <div aria-hidden="true"><p>Decorative duplicate text for sighted layouts only, never read aloud.</p></div>
  </main></body></html>`;
  const r = extractDocument({ html, url: 'https://shop.test/stoves' });
  for (const n of [1, 2, 3]) assert.ok(r.markdown.includes(`Guide answer ${n}`), r.markdown);
  assert.ok(!r.markdown.includes('Decorative duplicate'), r.markdown);
});

test('a card\'s excerpt in its redundant link (aria-hidden, tabindex=-1) is read; a picture-only one and other aria-hidden text are not', () => {
  // News rivers and blog indexes link a card's picture and excerpt a second time, hidden from screen readers so the
  // card is announced once; the excerpt is on screen all the same.
  const card = (n: number): string =>
    `<article class="river-card"><a href="/articles/${n}" aria-hidden="true" tabindex="-1"><img src="/img/${n}.jpg" alt="Thumbnail of story ${n}"></a>
     <h2><a href="/articles/${n}">Headphone story number ${n}</a></h2>
     <p class="desc"><a href="/articles/${n}" aria-hidden="true" tabindex="-1">Excerpt ${n}: the firmware update changes how the noise cancelling adapts to the room around the listener.</a></p>
     <div class="aux"><time datetime="2025-05-20">6 months ago</time></div></article>`;
  const html = `<!doctype html><html><head><title>Headphones news</title></head><body><main>
    <h1>Headphones</h1><section>${[1, 2, 3, 4, 5, 6].map(card).join('')}</section>
    <div aria-hidden="true"><p>Decorative duplicate text for sighted layouts only, never read aloud.</p></div>
  </main></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/topic/headphones' });
  for (const n of [1, 4, 6]) assert.ok(r.markdown.includes(`Excerpt ${n}: the firmware`), r.markdown);
  assert.ok(!r.markdown.includes('Thumbnail of story'), r.markdown);
  assert.ok(!r.markdown.includes('Decorative duplicate'), r.markdown);
});

test('the caption of a tile\'s compare checkbox goes on every tile; a checkbox caption that links somewhere stays', () => {
  // Shop grids put a "Compare" / "Remove from compare" toggle (a checkbox and its <label for>, one shown at a time)
  // on every tile; a list of venues to tick, each caption a link to the venue, is content.
  const tile = (n: number): string =>
    `<li class="tile"><div class="compare"><input type="checkbox" id="cmp-${n}" data-id="${n}"><label for="cmp-${n}">Add to compare</label><label class="d-none" for="cmp-${n}">Remove from compare</label></div>
     <a href="/grills/${n}"><img src="/img/${n}.jpg" alt=""></a><h3><a href="/grills/${n}">Gas grill model ${n}</a></h3><span class="price">${400 + n} €</span></li>`;
  const html = `<!doctype html><html><head><title>Gas grills</title></head><body><main>
    <h1>Gas grills</h1><p>${SENTENCE}</p><ul class="grid">${[1, 2, 3, 4, 5, 6, 7, 8].map(tile).join('')}</ul>
    <table><tr><td><label for="v-aaai"><a href="https://venues.test/aaai">AAAI venue</a></label></td><td><input type="checkbox" id="v-aaai"></td></tr></table>
  </main></body></html>`;
  const r = extractDocument({ html, url: 'https://shop.test/gas-grills' });
  for (const n of [1, 5, 8]) assert.ok(r.markdown.includes(`Gas grill model ${n}`), r.markdown);
  assert.ok(!r.markdown.includes('compare'), r.markdown);
  assert.ok(r.markdown.includes('AAAI venue'), r.markdown);
  // A page that is a form of checkboxes (a ranking's areas to tick) reads its captions: the form rule decides there.
  const areas = ['Artificial intelligence', 'Computer vision', 'Machine learning', 'Natural language processing', 'Robotics', 'Databases'];
  const form = extractDocument({
    html: `<!doctype html><html><head><title>Rankings</title></head><body><form><h1>Rankings by area</h1><p>${SENTENCE}</p><table>${areas.map((a, i) => `<tr><td><label for="area-${i}">${a}</label></td><td><input type="checkbox" id="area-${i}"></td></tr>`).join('')}</table></form></body></html>`,
    url: 'https://rankings.test/',
  });
  for (const a of areas) assert.ok(form.markdown.includes(a), form.markdown);
});

test('a shop grid of pictured product cards is the content, not the one sentence beside it', () => {
  const product = (n: number): string =>
    `<li class="product type-product"><a href="/product/cup-${n}" class="loop-product-link"><img src="/img/cup-${n}.png" alt=""><h2 class="loop-product__title">Glass cup ${n}oz</h2></a>
     <div class="product-swatches">${['Amber', 'Lilac', 'Ruby', 'Sandstone', 'Meadow', 'Indigo', 'Flaxen', 'Violet'].map((c) => `<a href="/product/cup-${n}?colour=${c}">${c}</a>`).join('')}</div>
     <span class="price">$${20 + n}.95</span></li>`;
  const html = `<!doctype html><html><head><title>Shop</title></head><body>
    <div class="currency_notice"><p>You are now shopping in the currency AUD. Prices include GST and shipping is calculated at checkout for every order we send.</p><a href="#" class="button">Continue</a></div>
    <div id="page-content" class="container"><h1>Shop</h1><ul class="products columns-4">${Array.from({ length: 10 }, (_, i) => product(i + 4)).join('')}</ul></div>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://cups.test/shop/' });
  for (const n of [4, 8, 11]) assert.ok(r.markdown.includes(`Glass cup ${n}oz`), r.markdown);
  assert.ok(r.markdown.includes('$15.95') || r.markdown.includes('$24.95'), r.markdown);
});

test('the fallback text inside <video> and <audio> is not read', () => {
  const html = `<!doctype html><html><head><title>Standing desks</title></head><body><main><h1>Standing desks</h1>
    <video autoplay muted loop poster="/hero.jpg"><source src="/hero.mp4" type="video/mp4">Your browser does not support the video tag.</video>
    <p>${SENTENCE.repeat(3)}</p><audio controls src="/intro.mp3">Your browser does not support the audio element.</audio></main></body></html>`;
  const r = extractDocument({ html, url: 'https://desks.test/standing' });
  assert.ok(r.markdown.includes('The committee reviewed'), r.markdown);
  assert.ok(!r.markdown.includes('does not support'), r.markdown);
});

test('ruby annotations are not read into the base text: a glossed word stays searchable', () => {
  const glossed = '<ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby>をなくすための<ruby>法律<rt>ほうりつ</rt></ruby>ができました。';
  const html = `<!doctype html><html><head><title>Easy news</title></head><body><main><h1>Easy news</h1>
    <p>${glossed.repeat(6)}</p><p>${SENTENCE.repeat(2)}</p></main></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/easy' });
  assert.ok(r.markdown.includes('子どもへの虐待をなくすための法律ができました。'), r.markdown);
  for (const gloss of ['(こ)', 'こども', 'ぎゃくたい', 'ほうりつ']) assert.ok(!r.markdown.includes(gloss), `${gloss}\n${r.markdown}`);
});

test('a script-rendered page whose markup holds only its footer is not read as the footer', () => {
  const legal = 'Prices and availability are subject to change without notice; offers are valid while stocks last and cannot be combined. ';
  const html = `<!doctype html><html><head><title>Trail runner</title></head><body><div id="root"></div>
    <footer class="site-footer"><p>${legal.repeat(4)}</p><ul><li><a href="/help">Help centre</a></li><li><a href="/returns">Returns</a></li></ul></footer>
  </body></html>`;
  const r = extractDocument({ html, url: 'https://shoes.test/p/trail-runner' });
  assert.ok(!r.markdown.includes('Prices and availability'), r.markdown);
  assert.equal(r.state.ok, false, r.markdown);
});

test('a script-rendered page whose served HTML is a shell and the site footer reads as thin, not as the footer', () => {
  // The product itself is rendered by script: the served body is an empty app root, a title, and the site footer's
  // link lists, which then hold most of the page's text.
  const col = (name: string, i: number) =>
    `<div class="col"><h5>${name}</h5>${Array.from({ length: 8 }, (_, k) => `<a href="/help/${i}/${k}">${name} topic ${k} and more</a>`).join(', ')}</div>`;
  const footer = `<footer><div class="footer-links">${['Help', 'Browse by Category', 'Company', 'Multi-Language Sites'].map(col).join('')}<p>Copyright 2026 Example Marketplace. All rights reserved.</p></div></footer>`;
  const shell = extractDocument({
    html: `<html><head><title>Wireless keyboard</title></head><body><div id="root"></div><script>window.__INIT__={}</script>${footer}</body></html>`,
    url: 'https://market.test/item/1005.html',
  });
  assert.equal(shell.state.ok, false, shell.markdown);
  assert.ok(!shell.markdown.includes('Browse by Category'), shell.markdown);
  // With the page served, the same footer goes as before and the article is read.
  const article = extractDocument({
    html: `<html><head><title>Budget review</title></head><body><article><h1>Budget review</h1><p>${SENTENCE.repeat(4)}</p></article>${footer}</body></html>`,
    url: 'https://news.test/budget',
  });
  assert.equal(article.state.ok, true);
  assert.ok(article.markdown.includes('The committee reviewed'), article.markdown);
  assert.ok(!article.markdown.includes('Browse by Category'), article.markdown);
});

test('a hidden data list goes however long it is; a hidden page wrapper with headings (revealed by script) is still read', () => {
  // A shop's serialised product fields in a hidden <dl>: more text than the product's own description.
  const fields = Array.from({ length: 40 }, (_, i) => `<dt>cat_thumb_colour_${i}:</dt><dd>https://cdn.shop.test/images/stencil/160x160/thumbs/colour_${i}_thumb.jpg</dd>`).join('');
  const product = extractDocument({
    html: `<html><head><title>Staple Tee</title></head><body><main><h1>Staple Tee</h1><p>${SENTENCE.repeat(2)}</p><dl class="product-info hide">${fields}</dl></main></body></html>`,
    url: 'https://shop.test/staple-tee/',
  });
  assert.ok(product.markdown.includes('The committee reviewed'), product.markdown);
  assert.ok(!product.markdown.includes('colour_3_thumb.jpg'), product.markdown);
  // The whole page hidden until script shows it: its headings say it is the page, and it is read.
  const wrapped = extractDocument({
    html: `<html><head><title>Budget review</title></head><body><div class="page hidden"><h1>Budget review</h1><p>${SENTENCE.repeat(4)}</p></div></body></html>`,
    url: 'https://news.test/budget',
  });
  assert.ok(wrapped.markdown.includes('The committee reviewed'), wrapped.markdown);
});

test('a blog platform\'s post widget (Blogger\'s "widget Blog") is the post, even beside a far longer label list', () => {
  // Blogger's layout: every post sits in <div class="widget Blog">, the sidebar's label widget lists every label with
  // its post count. A short post (song lyrics, one line per <br>) beside a thousand labels must still be the read.
  const lines = Array.from({ length: 24 }, (_, i) => `Verse line ${i + 1} of the song, sung softly`).join('<br />');
  const labels = Array.from({ length: 400 }, (_, i) => `<li><a href="/search/label/Artist${i}">Artist name ${i}</a> (${(i % 30) + 1})</li>`).join('');
  const html = `<!doctype html><html><head><title>A song - Lyrics blog</title></head><body><div class="content-outer">
    <div class="columns"><div class="column-center-inner"><div class="main section" id="main"><div class="widget Blog" id="Blog1">
      <div class="post hentry"><h3 class="post-title entry-title">A song</h3>
      <div class="post-body entry-content">${lines}</div>
      <div class="post-footer">Posted by the editor</div></div></div></div></div>
    <div class="column-right-inner"><aside><div class="sidebar section" id="sidebar-right-1">
      <div class="widget Label" id="Label1"><h2>Labels</h2><div class="widget-content list-label-widget-content"><ul>${labels}</ul></div></div>
    </div></aside></div></div></div></body></html>`;
  const r = extractDocument({ html, url: 'https://lyrics.test/2011/07/a-song.html' });
  assert.ok(r.markdown.includes('Verse line 1 of the song') && r.markdown.includes('Verse line 24 of the song'), r.markdown.slice(0, 400));
  assert.ok(!r.markdown.includes('Artist name'), r.markdown.slice(0, 400));
});
