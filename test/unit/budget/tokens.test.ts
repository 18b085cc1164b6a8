import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bpeTokens, estimateTokens, loadBpeCounter, loadBudgetCost } from '../../../src/budget/tokens.ts';

test('reading.md #30: heuristic-unicode-v1 estimator values', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('abcd'), 1);
  assert.equal(estimateTokens('abcde'), 2);
  assert.equal(estimateTokens('日本語'), 3);
  assert.equal(estimateTokens('Привет'), 3);
  assert.equal(estimateTokens('🌍'), 1);
});

test('o200k_base counts real BPE tokens; the budget unit is the larger of both counts', async () => {
  await loadBpeCounter();
  assert.equal(bpeTokens(''), 0);
  assert.equal(bpeTokens('hello world'), 2);
  const cost = await loadBudgetCost();
  // Hex digests tokenize worse than 4 chars/token: the BPE count dominates there.
  const hex = 'a3f9c2e1b7d4'.repeat(8);
  assert.equal(cost(hex), Math.max(estimateTokens(hex), bpeTokens(hex)));
  assert.ok(cost(hex) >= bpeTokens(hex));
  const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
  assert.ok(cost(prose) >= estimateTokens(prose));
});
