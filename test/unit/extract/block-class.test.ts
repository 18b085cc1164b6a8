// The jusText-style block classifier (src/extract/block-class.ts): after an article's last good block, bylines,
// short bio lines, link-list newsletter pitches and orphan headings go; the same short line between two prose
// paragraphs stays; it works from the page's own stop-word language and stays out when it has none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyBlock, rejectByClass } from '../../../src/extract/block-class.ts';
import { pickStopwords, wordsOf } from '../../../src/extract/stopwords.ts';
import { extractDocument } from '../../../src/extract/index.ts';
import type { ContentBlock } from '../../../src/extract/types.ts';

const block = (kind: ContentBlock['kind'], markdown: string, links?: string[]): ContentBlock => ({
  kind,
  markdown,
  text: markdown.replace(/^#+\s*/, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
  selector: 'article > p',
  headingPath: [],
  ...(links ? { links } : {}),
});

const EN = [
  'Cold starts are the time a platform needs to create a fresh execution environment before the first request can run, and they are hard to measure well because the numbers depend on the region, the runtime and the size of the package.',
  'In our tests the smallest functions started in a fraction of a second, while the ones that loaded a large framework took several seconds, which is more than most users are willing to wait for a page.',
  'The lesson is that the package is the thing to cut first: every dependency that is not needed at start-up should be loaded later, when the first request has already been answered.',
];
const DE = [
  'Die Stadt hat in diesem Jahr mehr Geld für den Ausbau der Radwege ausgegeben als je zuvor, und die Zahl der Menschen, die mit dem Rad zur Arbeit fahren, ist nach den Angaben der Verwaltung deutlich gestiegen.',
  'Kritiker sagen aber, dass die neuen Wege oft an den Stellen enden, an denen sie am meisten gebraucht würden, und dass die Kreuzungen für Kinder noch immer zu gefährlich sind.',
  'Im Herbst soll der Rat über einen Plan entscheiden, der die Lücken bis zum Jahr 2030 schließen würde; die Kosten dafür sind noch nicht bekannt.',
];

const keepAll = (blocks: ContentBlock[]): boolean[] => blocks.map(() => true);
const texts = (blocks: ContentBlock[], idx: number[]): string[] => idx.map((i) => blocks[i].text);

test('author bio line, newsletter link pitch, byline and an orphan heading after the article are rejected', () => {
  const blocks = [
    block('heading', '# Measuring cold starts'),
    ...EN.map((t) => block('paragraph', t)),
    block('heading', '## About the writer'),
    block('paragraph', 'Jane Doe covers cloud infrastructure'),
    block('paragraph', '[Get the newsletter](https://x.test/nl) · [Subscribe](https://x.test/sub)', ['https://x.test/nl', 'https://x.test/sub']),
    block('paragraph', 'Jane Doe | Staff writer'),
  ];
  const rejected = texts(blocks, rejectByClass(blocks, keepAll(blocks)));
  assert.deepEqual(rejected, ['About the writer', 'Jane Doe covers cloud infrastructure', 'Get the newsletter · Subscribe', 'Jane Doe | Staff writer']);
});

test('the same short line between two prose paragraphs is kept (context smoothing), and so is a closing sentence', () => {
  const blocks = [
    block('heading', '# Measuring cold starts'),
    block('paragraph', EN[0]),
    block('paragraph', 'Jane Doe covers cloud infrastructure'),
    block('paragraph', EN[1]),
    block('paragraph', EN[2]),
    block('paragraph', 'Thanks for reading.'),
    block('list', '- Region\n- Runtime\n- Package size'),
  ];
  assert.deepEqual(rejectByClass(blocks, keepAll(blocks)), []);
});

test('a heading after the last good block stays when its section keeps something', () => {
  const blocks = [block('heading', '# T'), ...EN.map((t) => block('paragraph', t)), block('heading', '## Measuring the result'), block('paragraph', 'The honest metric is a byte ratio on a real corpus.')];
  assert.deepEqual(rejectByClass(blocks, keepAll(blocks)), []);
});

test('a German article: its stop words are picked, the byline and tag line go, the closing sentence stays', () => {
  const words = wordsOf(DE.join(' '));
  assert.equal(pickStopwords(words)?.lang, 'de');
  const blocks = [
    block('heading', '# Mehr Radwege'),
    ...DE.map((t) => block('paragraph', t)),
    block('paragraph', 'Der Rat tagt am Donnerstag.'),
    block('paragraph', 'Autorin Anna Schmidt'),
    block('paragraph', 'Verkehr · Stadtrat · Radwege'),
  ];
  assert.deepEqual(texts(blocks, rejectByClass(blocks, keepAll(blocks))), ['Autorin Anna Schmidt', 'Verkehr · Stadtrat · Radwege']);
  // The classes themselves: prose is good, a label list is short, a link list is bad.
  const de = pickStopwords(words)!;
  assert.equal(classifyBlock(block('paragraph', DE[0]), de.set, 1), 'good');
  assert.equal(classifyBlock(block('paragraph', 'Verkehr · Stadtrat'), de.set, 1), 'short');
  assert.equal(classifyBlock(block('paragraph', '[Verkehr](https://x.test/v) und [Stadtrat](https://x.test/s) und [Radwege](https://x.test/r) im Überblick', ['https://x.test/v']), de.set, 1), 'bad');
});

test('no stop-word language (Chinese) or too little prose: nothing is rejected', () => {
  const zh = [block('heading', '# 标题'), block('paragraph', '这是一个很长的段落，讲述了城市交通的变化以及市民对新自行车道的看法。'.repeat(4)), block('paragraph', '作者 张三')];
  assert.deepEqual(rejectByClass(zh, keepAll(zh)), []);
  const thin = [block('heading', '# T'), block('paragraph', EN[0]), block('paragraph', 'Jane Doe')];
  assert.deepEqual(rejectByClass(thin, keepAll(thin)), []);
});

test('end to end: under a declared article the bio line and the newsletter links are gone, each counted by its rule', () => {
  const html = `<!DOCTYPE html><html><head><title>Measuring cold starts</title><script type="application/ld+json">{"@type":"NewsArticle"}</script></head><body><article><h1>Measuring cold starts</h1>${EN.map((t) => `<p>${t}</p>`).join('')}<p>Jane Doe covers cloud infrastructure</p><p><a href="/nl">Get the newsletter</a> · <a href="/sub">Subscribe now</a></p></article></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/cold-starts' });
  assert.equal(r.pageType, 'article');
  assert.ok(r.markdown.includes('The lesson is that the package'), r.markdown);
  assert.ok(!r.markdown.includes('Jane Doe'), r.markdown);
  assert.ok(!r.markdown.includes('Get the newsletter'), r.markdown);
  const { class: byClass = 0, tail = 0, 'link-dense': linkDense = 0 } = r.precision.removed;
  assert.ok(byClass + tail + linkDense >= 2, JSON.stringify(r.precision));
});
