// The rules catalogue by construction: every lexicon row matches its example and not its counter-example, ids are
// unique and well formed, and the catalogue's size is pinned, so a rule added or removed shows up here on purpose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LEXICON_ROWS, VALUE_ROWS, ruleById } from '../../../src/extract/rules/catalogue.ts';
import { entriesOf, rowMatches } from '../../../src/extract/rules/lexicon.ts';

/** Pinned: change these with the rows, saying why in the commit. */
const LEXICON_ROW_COUNT = 79;
const LEXICON_ENTRY_COUNT = 979;
const VALUE_ROW_COUNT = 20;

test('every lexicon row matches its example', () => {
  for (const row of LEXICON_ROWS) assert.ok(rowMatches(row, row.example), `${row.id} does not match its example ${JSON.stringify(row.example)}`);
});

test('no lexicon row matches its counter-example', () => {
  for (const row of LEXICON_ROWS) assert.ok(!rowMatches(row, row.counterExample), `${row.id} matches its counter-example ${JSON.stringify(row.counterExample)}`);
});

test('rows have unique well-formed ids, a reason, page types and distinct examples', () => {
  const rows = [...LEXICON_ROWS, ...VALUE_ROWS];
  const ids = rows.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.filter((id, i) => ids.indexOf(id) !== i)}`);
  for (const r of rows) {
    assert.match(r.id, /^[a-z-]+\.[a-z-]+$/, r.id);
    assert.ok(r.reason.length >= 20, `${r.id}: reason`);
    assert.ok(r.appliesTo === 'all' || r.appliesTo.length > 0, `${r.id}: appliesTo`);
    assert.notEqual(r.example, r.counterExample, r.id);
    assert.equal(ruleById(r.id), r);
  }
  for (const r of LEXICON_ROWS) {
    assert.ok(r.match.terms.length > 0, `${r.id}: no terms`);
    assert.equal(new Set(r.match.terms).size, r.match.terms.length, `${r.id}: repeated term`);
  }
});

test('the catalogue size is pinned', () => {
  assert.equal(LEXICON_ROWS.length, LEXICON_ROW_COUNT);
  assert.equal(VALUE_ROWS.length, VALUE_ROW_COUNT);
  assert.equal(
    LEXICON_ROWS.reduce((n, r) => n + entriesOf(r), 0),
    LEXICON_ENTRY_COUNT,
  );
});

test('the stages’ page-type policy is one table: each rule applies to the types it lists and no other', async () => {
  const { PAGE_POLICY, applies } = await import('../../../src/extract/rules/page-policy.ts');
  const types = ['article', 'forum', 'product', 'listing', 'documentation', 'service', 'generic'] as const;
  for (const [rule, listed] of Object.entries(PAGE_POLICY)) {
    assert.ok(listed.length > 0, rule);
    for (const t of types) assert.equal(applies(rule as keyof typeof PAGE_POLICY, t), (listed as readonly string[]).includes(t), `${rule} on ${t}`);
  }
  assert.equal(applies('main-content.thread', 'forum'), true);
  assert.equal(applies('main-content.thread', 'article'), false);
});
