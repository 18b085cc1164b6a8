// The one ceiling loop (src/budget/ceiling.ts): a response whose measured size is payload + a fixed envelope fits
// the target with the payload given back to within the search resolution; an envelope alone over the target is
// refused with a suggestion that would hold it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitToCeiling, type Fitted } from '../../../src/budget/ceiling.ts';
import type { PlanResult } from '../../../src/budget/plan.ts';

/** A page of `size` tokens in blocks of `block`: a plan keeps whole blocks within its budget. */
function page(size: number, block: number) {
  const plan = async (plannerMax: number | null): Promise<Fitted> => {
    const kept = plannerMax === null ? size : Math.min(size, Math.max(0, Math.floor(plannerMax / block) * block));
    const fake = { markdownTokens: kept, truncated: kept < size, budget: { total: kept }, sidecars: {}, omitted: undefined } as unknown as PlanResult;
    return { plan: fake, reserve: 0 };
  };
  return plan;
}

test('fitToCeiling: payload + envelope fits the target, and the payload is given back up to it', async () => {
  for (const [size, block, envelope, max] of [[5000, 25, 60, 700], [5000, 10, 300, 1000], [300, 25, 60, 2000]]) {
    const r = await fitToCeiling({
      max,
      target: max,
      levels: 1,
      sections: 4,
      plan: page(size, block),
      build: async (f) => ({ payload: f.plan.markdownTokens }),
      measure: (resp) => resp.payload + envelope,
    });
    assert.ok(r.ok);
    assert.ok(r.whole !== null && r.whole <= max, `${r.whole} ≤ ${max}`);
    const best = Math.min(size, Math.floor((max - envelope) / block) * block);
    assert.ok(r.response.payload >= best - 2 * block, `payload ${r.response.payload} close to ${best}`);
  }
});

test('fitToCeiling: an envelope larger than the budget is refused with a budget that would hold it', async () => {
  const r = await fitToCeiling({
    max: 200,
    target: 200,
    levels: 1,
    sections: 1,
    plan: page(5000, 25),
    build: async (f) => ({ payload: f.plan.markdownTokens }),
    measure: (resp) => resp.payload + 260,
  });
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.suggestedMinTokens >= 260, JSON.stringify(r));
});
