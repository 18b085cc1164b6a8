// The planner fills by per-block costs plus one token per paragraph break, then trims by the exact cost of the
// rendered text (`enforce`). With the real budget unit the estimate is never too low (both the heuristic and
// o200k charge at most one token for a join), so only a cost function where joins cost more than the estimate
// reaches the trim: here a paragraph break costs four tokens. On such a page the budget is met only because the
// exact-cost trim drops what the estimate let in — in every strategy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decomposeQuery } from '../../../src/budget/focus.ts';
import { HEAD_SAFE_MARKER, RECEIPT_RESERVE_TOKENS, SANDWICH_MARKER, planResponse, type PlanInput } from '../../../src/budget/plan.ts';
import { parseDocument } from '../../../src/budget/sections.ts';
import { loadBudgetCost, type TokenCost } from '../../../src/budget/tokens.ts';

const unit: TokenCost = await loadBudgetCost();
const BREAK_EXTRA = 3;
/** The budget unit plus three tokens per paragraph break the blockwise estimate does not see. */
const joinHeavy: TokenCost = (text) => unit(text) + BREAK_EXTRA * (text.split('\n\n').length - 1);

const input = (markdown: string, over: Partial<PlanInput>): PlanInput => ({
  doc: parseDocument(markdown),
  maxTokens: null,
  query: null,
  fragment: null,
  sidecars: {},
  cost: joinHeavy,
  ...over,
});

// Many short paragraphs: every join is underestimated by three tokens, so a greedy fill overshoots by far more
// than the cap's slack.
const shortParas = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${label} note ${i} stays short.`);
const PAGE = ['# Field notes', ...shortParas('Intro', 30), '## Storage layout', ...shortParas('Storage', 30), '## Networking', ...shortParas('Network', 30)].join('\n\n');

function assertFits(plan: ReturnType<typeof planResponse>, maxTokens: number, where: string) {
  const cap = maxTokens - RECEIPT_RESERVE_TOKENS;
  assert.equal(plan.markdownTokens, joinHeavy(plan.markdown), `${where}: markdownTokens is the exact cost`);
  assert.ok(plan.markdownTokens <= cap, `${where}: exact cost ${plan.markdownTokens} ≤ markdown cap ${cap}`);
  assert.ok(plan.budget!.total <= maxTokens, `${where}: total ${plan.budget!.total} ≤ ${maxTokens}`);
  // What the trim dropped is accounted as omitted, never reported as kept.
  const doc = parseDocument(PAGE);
  doc.blocks.forEach((b, i) => {
    if (plan.fates[i] === 'kept') assert.ok(plan.markdown.includes(b.text), `${where}: kept block ${i} is present`);
  });
  const kept = doc.blocks.filter((_, i) => plan.fates[i] !== 'omitted').length;
  assert.ok(kept > 1, `${where}: something beyond one block is kept (${kept})`);
}

test('exact-cost trim: head_safe meets the cap on a page where the blockwise estimate overshoots', () => {
  for (const maxTokens of [160, 220, 300]) {
    const plan = planResponse(input(PAGE, { maxTokens }));
    assert.equal(plan.strategy, 'head_safe');
    assert.ok(plan.markdown.endsWith(HEAD_SAFE_MARKER), 'the tail marker survives the trim');
    assertFits(plan, maxTokens, `head_safe ${maxTokens}`);
  }
});

test('exact-cost trim: sandwich (a query no section answers) keeps its marker and meets the cap', () => {
  for (const maxTokens of [180, 260]) {
    const plan = planResponse(input(PAGE, { maxTokens, query: decomposeQuery('zebra quantum') }));
    assert.equal(plan.strategy, 'sandwich');
    assert.ok(plan.markdown.includes(SANDWICH_MARKER));
    assertFits(plan, maxTokens, `sandwich ${maxTokens}`);
  }
});

test('exact-cost trim: focus_window keeps the chosen section first and meets the cap', () => {
  for (const maxTokens of [180, 260]) {
    const plan = planResponse(input(PAGE, { maxTokens, query: decomposeQuery('storage layout') }));
    assert.equal(plan.strategy, 'focus_window');
    assert.ok(plan.markdown.startsWith('## Storage layout'));
    assertFits(plan, maxTokens, `focus_window ${maxTokens}`);
  }
});
