// reading.md §22 / #51: every golden fixture's expectations (expectations.jsonl) hold at the extraction level.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractDocument } from '../../../src/extract/index.ts';
import { CORPUS_DIR, GOLDEN_DIR, loadGoldenExpectations } from '../../helpers/fixtures.ts';

const GOLDEN = GOLDEN_DIR;


const expectations = loadGoldenExpectations();

function fixturePath(fixture: string): string {
  return join(GOLDEN, /\.\w+$/.test(fixture) ? fixture : `${fixture}.html`);
}

test('golden corpus: 22 expectations are present', () => {
  assert.equal(expectations.length, 22);
});

for (const e of expectations) {
  test(`reading.md #51 golden ${e.id} (${e.fixture})`, () => {
    const file = fixturePath(e.fixture);
    const html = readFileSync(file, 'utf8');
    const r = extractDocument(
      { html, url: `https://fixtures.test/golden/${file.split('/').pop()}`, contentType: file.endsWith('.xml') ? 'application/rss+xml' : 'text/html' },
      { feed: e.json_feed === true },
    );
    if (!e.expect_ok) {
      assert.equal(r.state.ok, false, `expected failure, got ok with ${r.markdown.length} chars`);
      if (!r.state.ok) assert.equal(r.state.code, e.failure_code);
      return;
    }
    assert.equal(r.state.ok, true, r.state.ok ? '' : `unexpected ${r.state.code}`);
    const md = r.markdown;
    if (e.min_chars !== undefined) assert.ok(md.length >= e.min_chars, `markdown ${md.length} < min ${e.min_chars}`);
    if (e.max_chars !== undefined) assert.ok(md.length <= e.max_chars, `markdown ${md.length} > max ${e.max_chars}`);
    for (const s of e.must_contain ?? []) assert.ok(md.includes(s), `missing: ${s}`);
    for (const s of e.must_not_contain ?? []) assert.ok(!md.includes(s), `must not contain: ${s}`);
    if (e.min_blocks !== undefined) assert.ok(r.blocks.length >= e.min_blocks, `blocks ${r.blocks.length}`);
    if (e.min_tables !== undefined) assert.ok(r.tables.length >= e.min_tables, `tables ${r.tables.length}`);
    const cells = r.tables.flatMap((t) => [...t.headers, ...t.rows.flat()]);
    for (const s of e.table_contains ?? []) assert.ok(cells.some((c) => c.includes(s)), `no table cell contains ${s}`);
    if (e.feed_title !== undefined) assert.equal(r.feed?.title, e.feed_title);
    if (e.min_feed_items !== undefined) assert.ok((r.feed?.items.length ?? 0) >= e.min_feed_items);
    assert.equal(md, r.blocks.map((b) => b.markdown).join('\n\n'), 'markdown is the join of the blocks');
  });
}

test('reading.md #1 / §22: representative fixture reproduces the reference output byte for byte', () => {
  const html = readFileSync(`${CORPUS_DIR}/representative-input.html`, 'utf8');
  const expected = readFileSync(`${CORPUS_DIR}/representative-output.md`, 'utf8');
  const r = extractDocument({ html, url: 'http://127.0.0.1:8080/representative-input.html' });
  assert.equal(r.state.ok, true);
  assert.ok(r.markdown.startsWith('# Web context without the chrome'));
  for (const s of ['Northstar', 'Search the journal', 'Related reading', 'Weekly engineering notes', 'Your privacy choices', 'Accept analytics', 'Copyright 2026', 'analyticsQueue']) {
    assert.ok(!r.markdown.includes(s), s);
  }
  assert.equal(r.markdown, expected);
  assert.equal(Buffer.byteLength(r.markdown, 'utf8'), 1736);
  if (r.state.ok) assert.equal(r.state.quality.verdict, 'rich');
});
