// The read's trace (ExtractOptions.trace): which stage removed what, by which rule id, with the removed text's start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { ruleById } from '../../../src/extract/rules/catalogue.ts';

const SENTENCE = 'The council voted on Tuesday to close the old river bridge for repairs, and the work will take most of the summer.';
const story = Array.from({ length: 6 }, (_, i) => `<p>${SENTENCE} Paragraph ${i + 1} adds what the engineers found.</p>`).join('');
const html = `<!DOCTYPE html><html><head><title>Bridge closes</title></head><body>
<div id="onetrust-banner-sdk"><p>We use cookies to give you the best experience on this site, accept them all or manage them.</p></div>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Bridge closes</h1>${story}<h2>Related posts</h2><ul><li><a href="/a">Another bridge story</a></li><li><a href="/b">A third bridge story</a></li></ul></article>
</body></html>`;

test('a traced read names the stage, the rule id and the start of what each rule removed; an untraced read is the same read', () => {
  const plain = extractDocument({ html, url: 'https://news.test/bridge' });
  const traced = extractDocument({ html, url: 'https://news.test/bridge' }, { trace: true });
  assert.equal(traced.markdown, plain.markdown);
  assert.equal(plain.trace, undefined);
  const trace = traced.trace ?? [];
  const consent = trace.find((t) => t.rule === 'chrome.consent-platform');
  assert.ok(consent && consent.stage === 'strip-chrome' && consent.removed === 1, JSON.stringify(trace));
  assert.ok(consent.samples?.[0]?.startsWith('We use cookies'), JSON.stringify(consent));
  assert.ok(ruleById(consent.rule), 'a catalogue row decides the consent removal');
  assert.ok(trace.some((t) => t.stage === 'strip-chrome' && t.rule === 'strip-chrome.chrome-tag-or-role' && t.samples?.some((s) => s.includes('Home'))), JSON.stringify(trace));
  assert.ok(!traced.markdown.includes('Another bridge story'), traced.markdown);
  assert.ok(
    trace.some((t) => (t.stage === 'prune-blocks' || t.stage === 'main-content') && t.rule.endsWith('.heading') && t.removed > 0),
    JSON.stringify(trace),
  );
  for (const t of trace) assert.match(t.rule, /^(second-opinion:(engine|density)|[a-z-]+\.[a-z-]+)$/, t.rule);
});
