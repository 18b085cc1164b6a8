// Markdown rendering rules (reading.md §10 step 5–7): tables, code language, nested lists, links, images, blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { findFirst, parseHtml } from '../../../src/extract/dom.ts';

const URL_BASE = 'https://site.test/docs/page.html';

/** Wraps body HTML in an article with enough prose that the page is read as content, not a shell. */
function page(body: string, title = 'Fixture page'): string {
  const prose = '<p>This paragraph gives the fixture enough ordinary prose, with commas, clauses and full sentences, that the extractor treats the page as a real article rather than a stub.</p>';
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${title}</h1>${prose}${body}${prose.replace('This paragraph', 'A closing paragraph')}</article><footer>Copyright footer text</footer></body></html>`;
}

function md(body: string): string {
  const r = extractDocument({ html: page(body), url: URL_BASE });
  assert.equal(r.state.ok, true);
  return r.markdown;
}

test('table: first row is the header, separator follows, ragged rows are padded', () => {
  const out = md('<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td>1</td><td>2</td></tr></table>');
  assert.ok(out.includes('| A | B | C |\n| --- | --- | --- |\n| 1 | 2 | |'), out);
});

test('table: colspan pads the spanned columns and rowspan repeats the value below', () => {
  const out = md(
    '<table><tr><th>Name</th><th colspan="2">Scores</th></tr><tr><td rowspan="2">Ada</td><td>9</td><td>8</td></tr><tr><td>7</td><td>6</td></tr></table>',
  );
  assert.ok(out.includes('| Name | Scores | |'), out);
  assert.ok(out.includes('| Ada | 9 | 8 |'), out);
  assert.ok(out.includes('| Ada | 7 | 6 |'), out);
});

test('table: nested tables are flattened into the cell, pipes escaped; tables are exposed as data', () => {
  const r = extractDocument({
    html: page('<table><thead><tr><th>K</th><th>V</th></tr></thead><tr><td>x</td><td><table><tr><td>in|ner</td></tr></table></td></tr></table>'),
    url: URL_BASE,
  });
  assert.ok(r.markdown.includes('| x | in\\|ner |'), r.markdown);
  assert.equal(r.tables.length, 1);
  assert.deepEqual(r.tables[0].headers, ['K', 'V']);
  assert.equal(r.tables[0].rows[0][0], 'x');
  assert.match(r.tables[0].selector, /table/);
});

test('code: fenced with the language from language-x / lang-x / data-lang, content verbatim', () => {
  assert.ok(md('<pre><code class="language-python">x = 1\n  y = 2</code></pre>').includes('```python\nx = 1\n  y = 2\n```'));
  assert.ok(md('<pre class="lang-rust"><code>fn main() {}</code></pre>').includes('```rust\nfn main() {}\n```'));
  assert.ok(md('<pre data-lang="go">package main</pre>').includes('```go\npackage main\n```'));
  assert.ok(md('<pre><code>a &lt; b</code></pre>').includes('```\na < b\n```'));
  const fence = md('<pre><code>```inner```</code></pre>');
  assert.ok(fence.includes('````\n```inner```\n````'), fence);
});

test('inline: code, emphasis and links resolved against the page URL; empty and fragment links dropped', () => {
  const out = md('<p>Use <code>npm ci</code>, <strong>always</strong>, see <a href="../guide/setup.html">the setup guide</a><a href="/x"></a> or <a href="#top">top</a>.</p>');
  assert.ok(out.includes('Use `npm ci`, **always**, see [the setup guide](https://site.test/guide/setup.html) or top.'), out);
  assert.ok(!out.includes(']()') && !out.includes('[](https'), out);
});

test('links: a target is linked where the read first names it; later links to it keep their text, code spans stay verbatim', () => {
  const r = extractDocument({
    html: page(
      '<p>Before you start, read <a href="/guide">the guide</a> from the first page to the last, and keep <a href="/api">the API</a> reference open beside it while you work.</p>' +
        '<ul><li>The <a href="/guide">guide again</a>, and in particular <a href="/guide#install">its install section</a>, which lists every step in order.</li></ul>' +
        '<p>Write <code>[x](/guide)</code> to link; <a href="/api">API</a> once more, <a href="/wiki/Grav_(CMS)">Grav (CMS)</a>, <a href="/wiki/Grav_(CMS)">Grav</a>.</p>' +
        '<pre><code>[the guide](https://site.test/guide)</code></pre><h2><a href="/guide">Guide</a></h2><p>Closing words about the guide for the reader.</p>',
    ),
    url: URL_BASE,
  });
  const out = r.markdown;
  assert.ok(out.includes('read [the guide](https://site.test/guide) from the first page to the last, and keep [the API](https://site.test/api) reference'), out);
  // Another fragment is another target; the repeated page is text.
  assert.ok(out.includes('*   The guide again, and in particular [its install section](https://site.test/guide#install), which'), out);
  // Parentheses in a target are percent-encoded, so a destination ends at its first ")".
  assert.ok(out.includes('Write `[x](/guide)` to link; API once more, [Grav (CMS)](https://site.test/wiki/Grav_%28CMS%29), Grav.'), out);
  assert.ok(out.includes('```\n[the guide](https://site.test/guide)\n```'), out);
  assert.ok(out.includes('## Guide\n'), out);
  assert.equal(out.match(/\]\(https:\/\/site\.test\/guide\)/g)?.length, 2, 'once in prose, once in the code block');
  // The page's link list and the blocks' targets still name every target.
  assert.deepEqual(r.links.map((l) => l.url).filter((u) => u.endsWith('/guide')), ['https://site.test/guide']);
  assert.equal(out, r.blocks.map((b) => b.markdown).join('\n\n'));
});

test('lists: nested lists indent by four spaces with the reference bullet style; ordered lists count', () => {
  const out = md('<ul><li>src<ul><li>core</li><li>utils</li></ul></li><li>tests</li></ul><ol start="3"><li>three</li><li>four</li></ol>');
  assert.ok(out.includes('*   src\n    *   core\n    *   utils\n*   tests'), out);
  assert.ok(out.includes('3.  three\n4.  four'), out);
});

test('quotes and images: blockquote lines prefixed, descriptive images kept as ![alt](absolute url)', () => {
  const out = md('<blockquote><p>First line.</p><p>Second line.</p></blockquote><figure><img src="/img/hawk.jpg" alt="A hawk on a post"><figcaption>Caption here.</figcaption></figure><img src="/spacer.gif">');
  assert.ok(out.includes('> First line.\n>\n> Second line.'), out);
  assert.ok(out.includes('![A hawk on a post](https://site.test/img/hawk.jpg)'), out);
  assert.ok(!out.includes('spacer.gif'), out);
});

test('a picture whose alt text repeats the read (the headline, the dek or a caption set as alt) goes from the text; the words and other pictures stay', () => {
  const dek = 'The river rose two metres overnight and the town council closed the old bridge until further notice.';
  const caption = 'Sandbags stacked along the quay wall before the second high tide of the night';
  const r = extractDocument({
    html: page(
      `<figure><img src="/img/lead.jpg" alt="Fixture page"></figure><figure><img src="/img/river.jpg" alt="${dek}"></figure><p>${dek}</p>` +
        `<figure><img src="/img/quay.jpg" alt="${caption}"><figcaption><p>${caption}. Photo: Town archive</p></figcaption></figure>` +
        '<figure><img src="/img/bridge.jpg" alt="The old bridge at dawn, seen from the east bank"></figure>',
    ),
    url: URL_BASE,
  });
  assert.ok(r.markdown.includes(`\n\n${dek}\n\n`), r.markdown);
  assert.ok(r.markdown.includes(`${caption}. Photo: Town archive`), r.markdown);
  for (const gone of ['lead.jpg', 'river.jpg', 'quay.jpg']) assert.ok(!r.markdown.includes(gone), `${gone}\n${r.markdown}`);
  assert.ok(r.markdown.includes('![The old bridge at dawn, seen from the east bank](https://site.test/img/bridge.jpg)'), r.markdown);
  for (const kept of ['lead.jpg', 'river.jpg', 'quay.jpg']) assert.ok(r.mediaRefs.some((m) => m.url.endsWith(kept)), `${kept} stays in mediaRefs`);
});

test('on a listing, a card picture named after its card heading stays: it is the card picture', () => {
  const card = (n: number) => `<div class="card"><img src="/img/p${n}.jpg" alt="Garden trowel model ${n}"><h3><a href="/p/${n}">Garden trowel model ${n}</a></h3><p>Stainless steel blade and an ash handle, sharpened by hand in our workshop before it ships.</p></div>`;
  const html = `<!doctype html><html><head><title>Garden trowels</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"CollectionPage","name":"Garden trowels"}</script></head><body><main><h1>Garden trowels</h1>${[1, 2, 3, 4, 5, 6].map(card).join('')}</main></body></html>`;
  const r = extractDocument({ html, url: 'https://shop.test/trowels' });
  assert.equal(r.pageType, 'listing');
  assert.ok(r.markdown.includes('![Garden trowel model 2](https://shop.test/img/p2.jpg)\n\n### [Garden trowel model 2](https://shop.test/p/2)'), r.markdown);
});

test('blocks: kinds, selectors, heading paths; markdown is the blocks joined', () => {
  const r = extractDocument({
    html: page('<h2>Install</h2><p>Run the installer with the default options and wait for it to finish completely.</p><h3>Verify</h3><ul><li>run doctor</li></ul>'),
    url: URL_BASE,
  });
  assert.equal(r.markdown, r.blocks.map((b) => b.markdown).join('\n\n'));
  assert.equal(r.blocks[0].kind, 'heading');
  assert.equal(r.blocks[0].markdown, '# Fixture page');
  const list = r.blocks.find((b) => b.kind === 'list')!;
  assert.deepEqual(list.headingPath, ['Fixture page', 'Install', 'Verify']);
  assert.equal(list.text, 'run doctor');
  assert.match(list.selector, /^body > article > ul$/);
  const install = r.blocks.find((b) => b.text === 'Install')!;
  assert.equal(install.level, 2);
});

test('metadata: title without site suffix, lang, canonical, description, author, published date', () => {
  const html = `<!doctype html><html lang="de"><head><title>Deep dive into queues | Example Blog</title>
    <link rel="canonical" href="/posts/queues"><meta name="description" content="All about queues.">
    <meta name="author" content="Ada Lovelace"><meta property="article:published_time" content="2026-01-02T03:04:05Z"></head>
    <body><article><p>${'Queues are everywhere in systems, and they matter a lot. '.repeat(8)}</p></article></body></html>`;
  const r = extractDocument({ html, url: 'https://blog.test/p?id=1' });
  assert.equal(r.title, 'Deep dive into queues');
  assert.deepEqual(r.meta, {
    title: 'Deep dive into queues',
    description: 'All about queues.',
    author: 'Ada Lovelace',
    publishedAt: '2026-01-02T03:04:05Z',
    lang: 'de',
    canonical: 'https://blog.test/posts/queues',
  });
});

test('pathologically deep nesting is flattened instead of overflowing the stack', () => {
  const depth = 5000;
  const html = `<html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}<p>${'Deeply nested prose, with clauses and commas, still reads as text. '.repeat(6)}</p>${'</div>'.repeat(depth)}</body></html>`;
  const r = extractDocument({ html, url: URL_BASE });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.includes('Deeply nested prose'));
});

test('a paragraph that opens like list or heading syntax stays a paragraph (the marker is escaped) and reads back as text', () => {
  const out = md('<p>15. Mai 2019, 05:28 Uhr</p><p>- 3 °C at night</p><p># 1 hit of the summer</p>');
  assert.ok(out.includes('15\\. Mai 2019, 05:28 Uhr'), out);
  assert.ok(out.includes('\\- 3 °C at night'), out);
  assert.ok(out.includes('\\# 1 hit of the summer'), out);
  const r = extractDocument({ html: page('<p>15. Mai 2019, 05:28 Uhr</p>'), url: URL_BASE });
  assert.ok(r.blocks.some((b) => b.kind === 'paragraph' && b.text === '15. Mai 2019, 05:28 Uhr'), JSON.stringify(r.blocks.map((b) => b.text)));
});

test('markup after </body></html> is the body’s, as a browser shows it (a template that closes the document early)', () => {
  const para = 'The whole article of this page is printed after the document was closed, and browsers still show it in the body.';
  const html = `<!doctype html><html><head><title>Early close</title></head><body></body></html>\n<!-- rest --><div class="site"><article><h1>Early close</h1><p>${para}</p><p>${para.replace('whole', 'second')}</p></article></div>`;
  const r = extractDocument({ html, url: URL_BASE });
  assert.equal(r.state.ok, true, JSON.stringify(r.state));
  assert.ok(r.markdown.includes('The whole article of this page'), r.markdown);
  assert.ok(r.markdown.includes('The second article'), r.markdown);
});

test('a page that never closes its <head> nor opens <body> is read: the first body element ends the head, as in a browser', () => {
  const para = 'The article of this page follows a head that is never closed, and browsers start the body at its first element.';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Open head</title><link rel="icon" href="/f.ico"><script>var a = 1;</script>
    <div class="site"><div id="article"><h1>Open head</h1><div class="content"><p>${para}</p><p>${para.replace('The article', 'The second paragraph')}</p></div></div></div></html>`;
  const r = extractDocument({ html, url: URL_BASE });
  assert.equal(r.state.ok, true, JSON.stringify(r.state));
  assert.ok(r.markdown.includes('The article of this page follows') && r.markdown.includes('The second paragraph of this page'), r.markdown);
  assert.equal(r.title, 'Open head');
  assert.ok(!r.markdown.includes('var a'), r.markdown);
  // A stray pixel in the head of a page that has its body: the title and metadata after it stay metadata.
  const pixel = `<!doctype html><html><head><img src="/px.gif" width="1" height="1"><title>Pixel head</title><meta name="description" content="About the pixel page">
    </head><body><article><h1>Pixel head</h1><p>${para}</p><p>${para}</p></article></body></html>`;
  const p = extractDocument({ html: pixel, url: URL_BASE });
  assert.equal(p.title, 'Pixel head');
  assert.equal(p.markdown.split('Pixel head').length, 2, p.markdown);
  assert.ok(!p.markdown.includes('About the pixel page'), p.markdown);
  const head = findFirst(parseHtml(pixel), (e) => e.name === 'head')!;
  assert.ok(findFirst(head, (e) => e.name === 'title'), 'the <title> stays in the head');
});

test('soft hyphens (&shy;, U+00AD) are not read: a hyphenated word stays one searchable word', () => {
  const para = 'Wäh&shy;rend Sie über den Markt schlen\u00addern, pro&shy;bie&shy;ren Sie aller&shy;lei feine Köst&shy;lich&shy;kei&shy;ten aus der Region und der Stadt.';
  const html = `<!doctype html><html><head><title>Markt</title></head><body><article><h1>Markt</h1><p>${para}</p><p>${para}</p><p>${para}</p></article></body></html>`;
  const r = extractDocument({ html, url: URL_BASE });
  assert.ok(r.markdown.includes('Während Sie über den Markt schlendern, probieren Sie allerlei feine Köstlichkeiten'), r.markdown);
  assert.ok(!r.markdown.includes('\u00ad'), r.markdown);
});

test('a mismatched heading end tag closes the open heading, as in a browser: the article after it is not one heading', () => {
  const para = 'Strange tattoos are plentiful around the world, but you would still be hard pressed to find one of a state epidemiologist on an arm.';
  const html = `<html><head><title>Tattoo</title></head><body><article><h1>Tattoo</h1><h2 class="excerpt">The excerpt that opens the story.</h3><p>${para}</p><p>${para} Again.</p><table><tr><td><h4>cell</h5>kept in cell</td></tr></table></article></body></html>`;
  const r = extractDocument({ html, url: 'https://pages.test/tattoo' });
  assert.match(r.markdown, /^## The excerpt that opens the story\.$/m, r.markdown);
  assert.match(r.markdown, new RegExp(`^${para.slice(0, 40)}`, 'm'), 'the paragraph is a paragraph of its own');
});

test('a stray <![CDATA[ in the body is a bogus comment ending at the next ">", as in a browser: the page after it is kept', () => {
  const post = 'After helping friends choose a graphics card for years, I have put together a comparison of the current cards and what each is good at.';
  // A forum theme prints `<![CDATA[` after <body>; the only `]]>` is in a script at the end of the page.
  const html = `<html><head><title>GPU guide</title></head><body><![CDATA[\n<div id="jumpToTop"></div><article class="message-body"><div class="bbWrapper">${post}</div><div class="bbWrapper">${post} Second post.</div></article><svg><![CDATA[ a > b ]]></svg><script>//<![CDATA[\nvar ok = 1 < 2;\n//]]></script></body></html>`;
  const r = extractDocument({ html, url: 'https://forum.test/threads/gpu-guide.1/' });
  assert.equal(r.state.ok, true, JSON.stringify(r.state));
  assert.ok(r.markdown.includes(post.slice(0, 60)), r.markdown);
  assert.ok(r.markdown.includes('Second post.'), r.markdown);
  assert.ok(!r.markdown.includes('CDATA') && !r.markdown.includes('jumpToTop'), r.markdown);
});

test('<noscript> is raw text, as in a browser with scripting on: a self-closed tag-manager <iframe/> inside it does not swallow the page', () => {
  const para = 'Render hosts web services, static sites and databases, and deploys each push to the branch it watches within a minute or two.';
  // Google Tag Manager's snippet right after <body>: the iframe is self-closed, which HTML ignores on a non-void
  // element, and an iframe's content is raw text up to `</iframe` — parsed as elements, it would hold the page.
  const html = `<html><head><title>Hosting</title></head><body><noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display:none;visibility:hidden"/></noscript><main><h1>Hosting</h1><p>${para}</p><p>${para} Again, for the second paragraph.</p></main></body></html>`;
  const r = extractDocument({ html, url: 'https://hosting.test/' });
  assert.equal(r.state.ok, true, JSON.stringify(r.state));
  assert.ok(r.markdown.includes('second paragraph'), r.markdown);
  assert.ok(!/iframe|googletagmanager/.test(r.markdown), r.markdown);
});

test('inline: sibling elements laid out apart (a label and its value) do not run into one word; split letters stay one word', () => {
  const spec = ['Publisher', 'Houghton Mifflin', 'Language', 'English', 'Print length', '288 pages']
    .reduce((rows, t, i) => (i % 2 ? `${rows}<span class="value">${t}</span></li>` : `${rows}<li><span class="label">${t}</span>`), '');
  const html = `<html><head><title>Spec</title></head><body><main><h1>A book</h1><p>${'A long description of the book that says what it is about and why it matters to its readers. '.repeat(3)}</p>
    <p><span class="label">Publisher</span><span class="value">Houghton Mifflin</span></p><ul>${spec}</ul>
    <p>The word <span>Hel</span><span>lo</span> is written in two spans; so is <span>i</span><span>Phone</span> and <span>mp</span><span>3</span>.</p></main></body></html>`;
  const md = extractDocument({ html, url: 'https://books.test/a' }).markdown;
  assert.ok(md.includes('Publisher Houghton Mifflin'), md);
  assert.ok(md.includes('Print length 288 pages'), md);
  assert.ok(md.includes('Language English'), md);
  assert.ok(md.includes("The word Hello is written"), md);
  assert.ok(md.includes("so is iPhone and mp3."), md);
  assert.ok(!md.includes('PublisherHoughton'), md);
});

test('code: the language class on a highlighter wrapper a few levels up counts (Sphinx div.highlight-python > div.highlight > pre); an ancestor lang does not', () => {
  assert.ok(md('<div class="highlight-python notranslate"><div class="highlight"><pre><span></span>import json\njson.dumps([1, 2])</pre></div></div>').includes('```python\nimport json'));
  assert.ok(md('<div class="highlight-default notranslate"><div class="highlight"><pre>make html</pre></div></div>').includes('```\nmake html'));
  assert.ok(md('<div lang="de"><div><pre>ls -la</pre></div></div>').includes('```\nls -la'));
});

test('docs: a heading or definition term keeps its words but loses its permalink marker (¶, §, #)', () => {
  const out = md(
    '<h2>Basic usage<a class="headerlink" href="#basic-usage" title="Link to this heading">¶</a></h2><p>How to call it, with an example and the options it takes.</p>' +
      '<dl class="py function"><dt class="sig" id="json.dump"><span class="sig-name">json.dump</span>(<em>obj</em>, <em>fp</em>)<a class="headerlink" href="#json.dump">¶</a></dt><dd><p>Serialize obj as a JSON formatted stream to fp.</p></dd></dl>' +
      '<h3><a href="#install">Install</a><a href="https://site.test/docs/page.html#install">§</a></h3><p>Install it with the package manager of your system.</p>',
  );
  assert.ok(!/[¶§]/.test(out), out);
  assert.ok(out.includes('## Basic usage') && out.includes('json.dump(_obj_, _fp_)') && out.includes('### Install'), out);
});
