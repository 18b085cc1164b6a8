// occam_map's anchor scan (src/read/map.ts anchorsOf, issue 30): one streaming pass with the reader's browser rules,
// at most MAP_MAX_ANCHORS links, each with its own text as title and its parent's text as ranking context, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anchorsOf, MAP_MAX_ANCHORS } from '../../../src/read/map.ts';

const page = (body: string) => `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;

test('a link\'s title is its own text, its context its parent\'s whole text (before and after it), as the tree would give', async () => {
  const { candidates, capped } = await anchorsOf(
    page(`<ul><li>Read the <a href="/guide#top"> install   <b>guide</b> </a> before upgrading.</li><li><a href="/faq" title="Questions">  </a></li></ul>
<p>Skip <a href="#x">this</a> <a href="javascript:void 0">and this</a> <a href="mailto:a@b.c">mail</a></p>`),
    'https://example.test/docs/',
  );
  assert.equal(capped, false);
  assert.deepEqual(
    candidates.map(({ url, title, context }) => ({ url, title, context })),
    [
      { url: 'https://example.test/guide', title: 'install guide', context: 'Read the install guide before upgrading.' },
      { url: 'https://example.test/faq', title: 'Questions', context: '' },
    ],
  );
});

test('script-like content is no text: a link inside <template> keeps its own text, <noscript> holds no links, soft hyphens go', async () => {
  const { candidates } = await anchorsOf(
    page(`<div><template><div><a href="/t">Tem\u00adplate link<script>var x = "no";</script></a></div></template>
<noscript><a href="/ns">No script</a></noscript><p><a href="/p">Para</a><svg><text>svg text</text></svg> after</p></div>`),
    'https://example.test/',
  );
  assert.deepEqual(
    candidates.map(({ path, title, context }) => ({ path, title, context })),
    [
      { path: '/t', title: 'Template link', context: 'Template link' },
      { path: '/p', title: 'Para', context: 'Para after' },
    ],
  );
});

test('issue 30: a flood of links in one parent is capped at MAP_MAX_ANCHORS, with bounded titles and contexts', async () => {
  const links = Array.from({ length: MAP_MAX_ANCHORS + 2000 }, (_, i) => `<a href="/a/${i}">Archive ${i} ${'word '.repeat(i === 0 ? 400 : 1)}</a>`);
  const { candidates, capped } = await anchorsOf(page(`<div>${links.join(' ')}</div>`), 'https://example.test/');
  assert.equal(capped, true);
  assert.equal(candidates.length, MAP_MAX_ANCHORS);
  assert.equal(candidates.at(-1)!.path, `/a/${MAP_MAX_ANCHORS - 1}`);
  assert.equal(candidates[0].title.length, 1000, 'a title is cut at 1,000 characters');
  assert.ok(candidates.every((c) => c.context.length === 300), 'every context is the parent\'s first 300 characters');
  assert.ok(candidates[0].context.startsWith('Archive 0 word word'));
});

test('an aborted scan rejects with the signal\'s reason', async () => {
  const controller = new AbortController();
  controller.abort(new Error('deadline'));
  await assert.rejects(anchorsOf(page('<a href="/x">x</a>'), 'https://example.test/', controller.signal), /deadline/);
});
