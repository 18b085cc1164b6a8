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
