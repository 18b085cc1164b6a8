// parseHtml resolves React 18 streaming SSR (src/extract/dom.ts resolveStreamedBoundaries): the late segments a
// Next.js app-router page sends after its shell are moved where its inline $RC/$RS calls would move them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findFirst, parseHtml, textOf } from '../../../src/extract/dom.ts';

test('React streaming SSR: $RC and $RS calls put streamed segments where their boundaries stand, fallbacks gone', () => {
  const html =
    '<html><body><main><div class="hero"><!--$?--><template id="B:0"></template><p>Loading the hero</p><!--/$--></div>' +
    '<div class="stack"><template id="P:1"></template></div></main>' +
    '<script>$RC=function(b,c){};$RC("B:0","S:0")</script><div hidden id="S:0"><h2>Your fastest path to production</h2></div>' +
    '<div hidden id="S:1"><p>Deploy web services, workers and databases.</p></div><script>$RS("S:1","P:1")</script>' +
    '<div hidden id="S:9"><p>A segment whose boundary never came.</p></div><script>$RC("B:9","S:9")</script></body></html>';
  const doc = parseHtml(html);
  const main = findFirst(doc, (e) => e.name === 'main')!;
  assert.equal(textOf(main), 'Your fastest path to productionDeploy web services, workers and databases.');
  assert.equal(findFirst(doc, (e) => e.name === 'template'), undefined);
  // Without its boundary a segment stays where it was.
  assert.ok(findFirst(doc, (e) => e.attribs.id === 'S:9'));
});
