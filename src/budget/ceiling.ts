// The whole-response ceiling (issue 14, issue 29): the one loop that makes a read's response — as its reader sees
// it — fit `max_tokens`. The read layer supplies how to plan the payload under a planner budget, how to build the
// response from a plan at an envelope level, and how to measure what the reader sees; this module decides the
// steps: compact the envelope, re-plan the payload smaller, give back what the coarse steps overshot. Without a
// budget it plans and builds once. The read spine's budget stage (src/read/stages/budget.ts) calls nothing else.
import { SELF_REFERENCE_SLACK } from './envelope.ts';
import type { PlanResult } from './plan.ts';

/** Markdown keeps at least this share of the budget before the envelope is compacted further (by level). */
const PAYLOAD_FLOORS = [0.5, 0.5, 0.35, 0.2, 0.1, 0];
const SHRINK_ROUNDS = 24;
const GIVE_BACK_ROUNDS = 5;
/** The give-back search stops once the planner budget is known to within this many tokens. */
const GIVE_BACK_RESOLUTION = 8;
/** Tokens added to a refused budget's suggestion, so the next try is not at the edge again. */
const SUGGESTION_MARGIN = 16;
/** A manifest or index of more than max/ENTRY_TOKENS entries starts from its summaries. */
const LISTED_ENTRY_TOKENS = 24;

export interface Fitted {
  plan: PlanResult;
  reserve: number;
}

export interface CeilingInput<R> {
  /** The caller's max_tokens; null: no budget (one plan, one build at envelope level 0, nothing measured). */
  max: number | null;
  /** Tokens of the caller's own wrapper around the response (the `occam` facade, a digest item). */
  overhead?: number;
  /** What the measured response may reach. Default: max minus the wrapper and the self-reference slack. */
  target?: number;
  /** Envelope levels available (1 = none: the reader never sees what they shed). */
  levels: number;
  /** Sections the document has (a truncated read lists them in its index). */
  sections: number;
  plan: (plannerMax: number | null) => Promise<Fitted>;
  build: (fitted: Fitted, level: number) => Promise<R>;
  measure: (response: R) => number;
}

export type CeilingResult<R> =
  /** `whole`: the measured response (null without a budget: never measured). */
  | { ok: true; fitted: Fitted; response: R; whole: number | null }
  | { ok: false; suggestedMinTokens: number; fixedTokens?: number };

/** Shrinks until the measured response fits its target, then gives back what fits. */
export async function fitToCeiling<R>(input: CeilingInput<R>): Promise<CeilingResult<R>> {
  const { max, levels, measure } = input;
  if (max === null) {
    const fitted = await input.plan(null);
    return { ok: true, fitted, response: await input.build(fitted, 0), whole: null };
  }
  const target = input.target ?? Math.max(1, max - (input.overhead ?? 0) - SELF_REFERENCE_SLACK);
  let plannerMax = max;
  let fitted = await input.plan(plannerMax);
  // A long manifest or index cannot fit a budget in full: start with their summaries (give-back may undo it).
  const listed = Math.max(fitted.plan.omitted?.manifest?.length ?? 0, fitted.plan.truncated ? input.sections : 0);
  let level = levels > 1 && listed * LISTED_ENTRY_TOKENS > max ? 1 : 0;
  let response = await input.build(fitted, level);
  let stalled = 0;
  for (let round = 0; round < SHRINK_ROUNDS; round++) {
    const total = measure(response);
    if (total <= target) break;
    const excess = total - target;
    const payload = fitted.plan.budget?.total ?? 0;
    const current = plannerMax;
    // A re-plan that kept the same payload (block granularity) steps harder the next time.
    const nextMax = current - excess * 2 ** stalled;
    const canShrink = nextMax < current && (fitted.plan.markdownTokens > 0 || Object.values(fitted.plan.sidecars).some((v) => v?.length));
    if (level === 0 && levels > 1) level = 1;
    else if (canShrink && nextMax >= PAYLOAD_FLOORS[level] * max && stalled < 3) plannerMax = nextMax;
    else if (level < levels - 1) {
      level++;
      stalled = 0;
    } else if (canShrink && nextMax >= 1 && payload > 0 && stalled < 6) plannerMax = nextMax;
    else return { ok: false, suggestedMinTokens: max + excess + SUGGESTION_MARGIN, fixedTokens: Math.max(0, total - payload) };
    if (plannerMax !== current) {
      const before = fitted.plan.budget?.total;
      fitted = await input.plan(plannerMax);
      stalled = fitted.plan.budget?.total === before ? stalled + 1 : 0;
    }
    response = await input.build(fitted, level);
  }
  // The coarse steps above may overshoot: give back envelope levels, then payload, while the whole still fits.
  if (measure(response) <= target) {
    while (level > 0) {
      const lighter = await input.build(fitted, level - 1);
      if (measure(lighter) > target) break;
      response = lighter;
      level--;
    }
    let lo = plannerMax;
    let hi = max + 1;
    for (let round = 0; round < GIVE_BACK_ROUNDS && hi - lo > GIVE_BACK_RESOLUTION; round++) {
      const mid = Math.floor((lo + hi) / 2);
      const trial = await input.plan(mid);
      const built = await input.build(trial, level);
      if (measure(built) <= target) {
        lo = mid;
        fitted = trial;
        response = built;
      } else hi = mid;
    }
  }
  const whole = measure(response);
  if (whole > target) return { ok: false, suggestedMinTokens: max + (whole - target) + SUGGESTION_MARGIN };
  return { ok: true, fitted, response, whole };
}
