// Token counting for budgets (reading.md §11). Two counts exist and a budget must hold under both:
//  - `heuristic-unicode-v1`, the spec's model-independent estimator (pure, no data files);
//  - the o200k_base BPE count (gpt-tokenizer), the closest thing to what a current model really sees.
// Every budget decision charges the LARGER of the two, so a response that fits `max_tokens` fits it by the
// contract's estimator and by a real tokenizer. The BPE tables are loaded lazily on first use.

export const HEURISTIC_ESTIMATOR_ID = 'heuristic-unicode-v1';
export const BPE_TOKENIZER_ID = 'o200k_base';
/** Reported as `tokenEstimator`: the budget unit is max(heuristic, o200k_base). */
export const BUDGET_TOKEN_UNIT_ID = `${HEURISTIC_ESTIMATOR_ID}+${BPE_TOKENIZER_ID}`;

/** Weight of one UTF-16 code unit in the heuristic estimator. */
export function unitWeight(code: number): number {
  if (code <= 0x7f) return 0.25;
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff)
  ) {
    return 1;
  }
  return 0.5;
}

/** reading.md §11: 0 for "", else max(1, ceil(sum of unit weights)). */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += unitWeight(text.charCodeAt(i));
  return Math.max(1, Math.ceil(sum));
}

type CountFn = (text: string) => number;
let bpeCount: CountFn | null = null;
let bpeLoading: Promise<CountFn> | null = null;

/** Loads the o200k_base tables once (about half a second, first read only). */
export async function loadBpeCounter(): Promise<CountFn> {
  if (bpeCount) return bpeCount;
  bpeLoading ??= import('gpt-tokenizer/encoding/o200k_base').then((mod) => {
    const count = mod.countTokens as (text: string) => number;
    bpeCount = (text) => (text.length === 0 ? 0 : count(text));
    return bpeCount;
  });
  return bpeLoading;
}

/** The o200k_base count; only after loadBpeCounter() resolved (the planner is synchronous). */
export function bpeTokens(text: string): number {
  if (!bpeCount) throw new Error('bpe counter not loaded: await loadBpeCounter() first');
  return bpeCount(text);
}

/** A cost function the pure planner takes, so tests can pass a cheaper or an adversarial one. */
export type TokenCost = (text: string) => number;

/** The budget unit: the larger of the heuristic estimate and the o200k_base count. */
export async function loadBudgetCost(): Promise<TokenCost> {
  const count = await loadBpeCounter();
  // Planning re-counts the same blocks many times (re-plans, manifests); a small memo keeps that cheap.
  const memo = new Map<string, number>();
  return (text) => {
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const n = Math.max(estimateTokens(text), count(text));
    if (text.length <= 20_000) {
      if (memo.size >= 4096) memo.delete(memo.keys().next().value as string);
      memo.set(text, n);
    }
    return n;
  };
}

/** Token cost of a JSON sidecar as it is serialised into the response (compact form). */
export function jsonCost(cost: TokenCost, value: unknown): number {
  if (value === undefined) return 0;
  return cost(JSON.stringify(value));
}
