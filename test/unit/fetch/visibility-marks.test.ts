// The browser path's hidden-element marks (src/fetch/browser/visibility-marks.ts): the page script is valid
// JavaScript that names the mark the extraction reads, and a page that cannot be evaluated is left unmarked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HIDDEN_MARK, MARK_SCRIPT, markHiddenElements } from '../../../src/fetch/browser/visibility-marks.ts';
import { RENDERED_HIDDEN_ATTRIBUTE } from '../../../src/extract/visibility.ts';

test('the mark the browser sets is the one the extraction stage removes', () => {
  assert.equal(HIDDEN_MARK, RENDERED_HIDDEN_ATTRIBUTE);
  assert.doesNotThrow(() => new Function(`return ${MARK_SCRIPT}`), 'the page script parses');
  assert.match(MARK_SCRIPT, /checkVisibility\(\{ opacityProperty: true, visibilityProperty: true \}\)/);
});

test('a page whose evaluation fails is left as it is', async () => {
  assert.equal(await markHiddenElements({ evaluate: () => Promise.reject(new Error('detached')) }), 0);
  assert.equal(await markHiddenElements({ evaluate: <T>() => Promise.resolve(3 as T) }), 3);
});
