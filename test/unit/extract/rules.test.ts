// The seed of the rules catalogue (src/extract/rules/): every row names itself once, says why it exists, which page
// types it applies to, and what it fires on and must not fire on; a pattern row fires on its glyph examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RuleRow } from '../../../src/extract/rules/index.ts';
import * as docs from '../../../src/extract/rules/docs.ts';
import * as duplicate from '../../../src/extract/rules/duplicate.ts';
import * as recirculation from '../../../src/extract/rules/recirculation.ts';
import * as secondOpinion from '../../../src/extract/rules/second-opinion.ts';
import * as product from '../../../src/extract/rules/product.ts';
import * as thread from '../../../src/extract/rules/thread.ts';
import * as visibility from '../../../src/extract/rules/visibility.ts';

const rows = [docs, duplicate, product, recirculation, secondOpinion, thread, visibility].flatMap((m) => Object.values(m) as Array<RuleRow<unknown>>);

test('every catalogue row has a unique id, a reason, page types, an example and a counter-example', () => {
  assert.ok(rows.length >= 10);
  const ids = rows.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids}`);
  for (const r of rows) {
    assert.match(r.id, /^[a-z-]+\.[a-z-]+$/, r.id);
    for (const field of ['reason', 'example', 'counterExample'] as const) assert.ok(r[field].length >= 10, `${r.id}.${field}`);
    assert.ok(r.appliesTo === 'all' || r.appliesTo.length > 0, r.id);
    assert.ok(r.value !== undefined, r.id);
  }
});

test('the permalink-marker pattern takes the glyphs and nothing with words in it', () => {
  for (const mark of ['¶', '§', '#', '🔗', 'permalink']) assert.ok(docs.PERMALINK_MARK.value.test(mark), mark);
  for (const text of ['Install', '# of items', '¶ 12']) assert.ok(!docs.PERMALINK_MARK.value.test(text), text);
});
