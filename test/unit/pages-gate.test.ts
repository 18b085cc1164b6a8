// The page-corpus gate in-process (bench/reading-corpus.ts): every page of test/pages through Occam's extractor only
// (no baselines), scored against its expected.md: mean word F1 per type against the floors in test/pages/floors.json,
// pages with a format miss (a kept ¶ marker, a lost code language) against the ceilings there. A change to
// the reading engine that drops a type below its floor fails `npm test`, and so CI. Also checks the corpus itself:
// every type has enough pages, every page folder its three files, and the generated pages equal what the generator
// writes (so nobody edits a generated expected.md by hand and the source drifts from it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MIN_PAGES_PER_TYPE,
  PAGE_FILES,
  PAGE_TYPES,
  PAGES_DIR,
  belowFloors,
  corpusProblems,
  floorsFrom,
  loadCorpus,
  formatMisses,
  loadFloors,
  loweredFloors,
  occamExtract,
  scoreCorpus,
  summariseByType,
} from '../../bench/reading-corpus.ts';
import { ALL_PAGES, PAGE_BYTES_MAX, PAGE_BYTES_MIN, filesOf } from '../pages/generate/generate.ts';

test('the corpus has every page type with enough pages, and every page folder has its three files', () => {
  assert.deepEqual(corpusProblems(), []);
  const pages = loadCorpus();
  for (const type of PAGE_TYPES) assert.ok(pages.filter((p) => p.type === type).length >= MIN_PAGES_PER_TYPE, type);
});

test('corpusProblems reports a missing file, an empty expectation and a type with too few pages', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-pages-'));
  try {
    const page = (type: string, id: string, files: Record<string, string>): void => {
      mkdirSync(join(root, type, id), { recursive: true });
      for (const [f, text] of Object.entries(files)) writeFileSync(join(root, type, id, f), text);
    };
    page('article', 'a1', { 'page.html': '<p>x</p>', 'expected.md': '# T\n\nbody', 'PROVENANCE.md': 'written for the project' });
    page('article', 'a2', { 'page.html': '<p>x</p>', 'expected.md': '# T\n\nbody' });
    page('article', 'a3', { 'page.html': '<p>x</p>', 'expected.md': '  \n', 'PROVENANCE.md': 'p' });
    const problems = corpusProblems(root);
    assert.ok(problems.includes('article/a2: PROVENANCE.md missing'), problems.join('\n'));
    assert.ok(problems.includes('article/a3: expected.md is empty'), problems.join('\n'));
    assert.ok(problems.includes(`article: 3 pages, fewer than ${MIN_PAGES_PER_TYPE}`), problems.join('\n'));
    assert.ok(problems.includes(`forum: 0 pages, fewer than ${MIN_PAGES_PER_TYPE}`), problems.join('\n'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('generated pages are committed exactly as the generator writes them, each a realistic size', () => {
  for (const p of ALL_PAGES) {
    const bytes = Buffer.byteLength(p.html);
    assert.ok(bytes >= PAGE_BYTES_MIN && bytes <= PAGE_BYTES_MAX, `${p.type}/${p.id}: ${bytes} bytes`);
    for (const [name, text] of Object.entries(filesOf(p))) {
      assert.ok((PAGE_FILES as readonly string[]).includes(name));
      assert.equal(readFileSync(join(PAGES_DIR, p.type, p.id, name), 'utf8'), text, `${p.type}/${p.id}/${name} differs from test/pages/generate (run node test/pages/generate/generate.ts)`);
    }
  }
});

test('Occam stays at or above every per-type floor and within every format ceiling on the page corpus', async () => {
  const summary = summariseByType(await scoreCorpus(occamExtract));
  const failures = belowFloors(summary, loadFloors());
  const table = PAGE_TYPES.map((t) => `${t} ${summary[t]?.f1.toFixed(4)}`).join(', ');
  assert.deepEqual(failures, [], `per-type mean F1: ${table}`);
});

test('the gate fails a type below its floor and floors are never silently lowered', () => {
  const floors = loadFloors();
  const atFloor = Object.fromEntries(PAGE_TYPES.map((t) => [t, { pages: 10, f1: floors.floors[t], precision: 1, recall: 1, tokens: 1, ms: 1, formatMisses: floors.formatCeilings[t] }]));
  assert.deepEqual(belowFloors(atFloor, floors), []);
  const forumLow = { ...atFloor, forum: { ...atFloor.forum, f1: floors.floors.forum - 0.001 } };
  assert.equal(belowFloors(forumLow, floors).length, 1);
  assert.match(belowFloors(forumLow, floors)[0], /^forum: mean F1 .* below its floor/);
  const { forum: _dropped, ...withoutForum } = atFloor;
  assert.deepEqual(belowFloors(withoutForum, floors), ['forum: no pages scored']);
  // Rewriting the floors from the figures they were set from changes nothing; a forum regression would lower one.
  const atMeasured = Object.fromEntries(PAGE_TYPES.map((t) => [t, { ...atFloor[t], f1: floors.measured[t] }]));
  assert.deepEqual(floorsFrom(atMeasured, floors.margin).floors, floors.floors);
  const next = floorsFrom({ ...atMeasured, forum: { ...atMeasured.forum, f1: floors.measured.forum - 0.05 } }, floors.margin);
  assert.deepEqual(loweredFloors(floors, next).map((l) => l.split(':')[0]), ['forum']);
  const docsWorse = { ...atFloor, documentation: { ...atFloor.documentation, formatMisses: floors.formatCeilings.documentation + 1 } };
  assert.deepEqual(belowFloors(docsWorse, floors), [`documentation: ${floors.formatCeilings.documentation + 1} pages with format misses, above the ceiling ${floors.formatCeilings.documentation}`]);
  // Floors are the measured mean minus the margin, rounded down to 0.01.
  assert.equal(floorsFrom({ ...atFloor, article: { ...atFloor.article, f1: 0.9952 } }, 0.01).floors.article, 0.98);
});

test('format checks catch a kept permalink marker and a lost code language, and ignore fences that name no language', () => {
  const expected = '## Example\n\n```python\nprint(1)\n```\n\n```text\nplain\n```';
  assert.deepEqual(formatMisses('## Example\n\n```python\nprint(1)\n```\n\n```\nplain\n```', expected), []);
  assert.deepEqual(formatMisses('## Example¶\n\n```\nprint(1)\n```', expected), ['¶ marker kept', 'code language python lost']);
  assert.deepEqual(formatMisses('```highlight\nprint(1)\n```', expected), ['code language python lost']);
});
