import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClientCapabilityStore, outputBudgetFor, suggestedProfileFor } from '../../../src/mcp/capabilities.ts';

test('tools.md #9: output budget = round(20 % of context) clamped to 512–16384', () => {
  const cases: Array<[number, number]> = [
    [1024, 512], [2560, 512], [2563, 513], [8192, 1638], [32768, 6554],
    [81917, 16383], [81920, 16384], [128000, 16384], [2000000, 16384],
  ];
  for (const [ctx, budget] of cases) assert.equal(outputBudgetFor(ctx), budget, String(ctx));
});

test('tools.md #10: suggestedProfile thresholds', () => {
  assert.equal(suggestedProfileFor(8191), 'reader');
  assert.equal(suggestedProfileFor(8192), 'researcher');
  assert.equal(suggestedProfileFor(32767), 'researcher');
  assert.equal(suggestedProfileFor(32768), 'full');
});

test('tools.md §5.4: explicit max_tokens wins, configured budget is inherited, unconfigured means no cap', () => {
  const store = new ClientCapabilityStore({}, () => {});
  assert.equal(store.resolveMaxTokens(undefined), null);
  store.configure(64000, 'm');
  assert.equal(store.resolveMaxTokens(undefined), 12800);
  assert.equal(store.resolveMaxTokens(300), 300);
  assert.throws(() => store.configure(1023, null), RangeError);
  assert.equal(store.snapshot.contextTokens, 64000, 'a rejected configure changes nothing');
});

test('tools.md #12/#13: env bootstrap and clear', () => {
  const warnings: string[] = [];
  const store = new ClientCapabilityStore({ OCCAM_CLIENT_CONTEXT_TOKENS: '64000', OCCAM_CLIENT_MODEL_ID: ' m1 ' }, (l) => warnings.push(l));
  assert.deepEqual(store.snapshot, {
    configured: true, contextTokens: 64000, outputBudgetTokens: 12800, suggestedProfile: 'full', modelId: 'm1', source: 'env',
  });
  store.configure(8192, null);
  assert.equal(store.snapshot.source, 'tool');
  store.bootstrapFromEnv();
  assert.equal(store.snapshot.source, 'env');
  const bad = new ClientCapabilityStore({ OCCAM_CLIENT_CONTEXT_TOKENS: '500' }, (l) => warnings.push(l));
  assert.equal(bad.snapshot.configured, false);
  assert.equal(warnings.length, 1);
});
