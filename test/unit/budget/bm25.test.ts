// bm25Scores counts each paragraph's query-term hits through a per-term lookup (linear in the page's tokens);
// the scores must equal the textbook per-token computation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bm25Scores } from '../../../src/budget/fit.ts';
import { termMatches, termsOf } from '../../../src/budget/focus.ts';

function reference(paragraphs: string[], query: string[]): number[] {
  const docs = paragraphs.map((p) => termsOf(p));
  const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length);
  const raw = docs.map((d) =>
    query.reduce((s, q) => {
      const tf = d.filter((t) => termMatches(t, q)).length;
      if (!tf) return s;
      const df = docs.filter((x) => x.some((t) => termMatches(t, q))).length;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      return s + (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * d.length) / Math.max(1, avg)));
    }, 0),
  );
  const max = Math.max(0, ...raw);
  return raw.map((s) => (max > 0 ? s / max : 0));
}

test('bm25Scores equals the per-token BM25 (k1 1.2, b 0.75), stems and repeats included', () => {
  const paragraphs = [
    'Caching cached responses: the cache keeps what the origin sent, and caches expire.',
    'Workers start cold; a cold start costs a few hundred milliseconds per worker.',
    'Nothing here matches the query at all, which is fine.',
    'Cache, cache, cache — and one more worker for good measure.',
    '',
  ];
  const query = ['cache', 'worker', 'cold'];
  const got = bm25Scores(paragraphs, query);
  const want = reference(paragraphs, query);
  assert.equal(got.length, want.length);
  got.forEach((g, i) => assert.ok(Math.abs(g - want[i]) < 1e-12, `paragraph ${i}: ${g} vs ${want[i]}`));
  assert.ok(got.some((g) => g === 1) && got[2] === 0);
});

test('bm25Scores equals the per-token BM25 on random pages whose terms prefix each other both ways', () => {
  // A seeded generator: the same pages every run. Stems of 3–7 letters with suffixes, so that a page term can be a
  // query term's prefix, the other way round, equal, or too short (under 4 characters) to match by prefix.
  let seed = 14;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const stems = ['cach', 'cache', 'work', 'worker', 'col', 'cold', 'plain', 'plainly', 'xyz', 'numbe', 'number'];
  const suffixes = ['', 's', 'd', 'ing', 'er', 'ers'];
  const word = () => stems[rand(stems.length)] + suffixes[rand(suffixes.length)];
  for (let round = 0; round < 20; round++) {
    const paragraphs = Array.from({ length: 1 + rand(30) }, () => Array.from({ length: rand(25) }, word).join(' '));
    const query = [...new Set(Array.from({ length: 1 + rand(8) }, word))];
    const got = bm25Scores(paragraphs, query);
    const want = reference(paragraphs, query);
    got.forEach((g, i) => assert.ok(Math.abs(g - want[i]) < 1e-9, `round ${round}, paragraph ${i}: ${g} vs ${want[i]}`));
  }
});
