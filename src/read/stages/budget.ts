// Stage 3 of the read spine: budget (issue 14, issue 29 — what the reader sees fits max_tokens).
//   in:  ReadContext, Materialised, the receipt signer and the full assembler (assemble.ts)
//   out: the fitted full response — compile report and receipt charged with the whole response's cost,
//        compileMs stamped — or a Halt with invalid_arguments (budget_below_envelope) and the budget that would
//        hold the page.
// The loop itself is src/budget/ceiling.ts `fitToCeiling`, the one ceiling function: this stage supplies how a
// plan is made (the receipt's reserve sized by trial signatures), how a response is built (assemble), and how it
// is measured (what the reader sees: the response at the measured detail level, or the caller's own view).
import { fitToCeiling, type Fitted } from '../../budget/ceiling.ts';
import { ENVELOPE_LEVELS } from '../../budget/envelope.ts';
import { planResponse, RECEIPT_REF_RESERVE_TOKENS, RECEIPT_RESERVE_TOKENS, type PlanResult } from '../../budget/plan.ts';
import { halt, type Halt, type ReadContext, type TranscodeResult } from './context.ts';
import type { Materialised } from './extract.ts';
import { assembleRead, sha256Hex, type FullAssembler } from './assemble.ts';
import { failRead } from './failure.ts';
import type { ReceiptSigner } from './receipt.ts';

export async function budgetStage(ctx: ReadContext, material: Materialised, signer: ReceiptSigner, build: FullAssembler, finalUrl: string): Promise<TranscodeResult | Halt> {
  const { opts, effectiveMax, deps } = ctx;
  const { parsed, query, sidecars, cost } = material;
  const { signFor, telemetryFor } = signer;
  // What the reader sees: the response at the measured detail level, or the caller's own view (the CLI's printed
  // text). The budget is spent on it (issue 29).
  const seenText = (r: TranscodeResult) =>
    deps.view ? deps.view(r) : JSON.stringify(assembleRead(r, ctx.budgetDetail, { sectionsMax: ctx.sectionsMax }));

  // The budget covers the receipt as it will be serialised: plan with the spec's 48-token reserve, then measure
  // a trial receipt (same blocks, a stand-in hash) and re-plan with its real cost, never more than half the
  // budget — the markdown keeps at least the other half.
  const planWith = (maxTokens: number | null, receiptReserve?: number) =>
    planResponse({ doc: parsed, maxTokens, query, fragment: opts.fragment, sidecars, cost, ...(receiptReserve !== undefined ? { receiptReserve } : {}) });
  const planFitted = async (maxTokens: number | null): Promise<Fitted> => {
    let reserve = RECEIPT_RESERVE_TOKENS;
    let plan: PlanResult = planWith(maxTokens);
    if (maxTokens === null) return { plan, reserve };
    if (!ctx.receiptInline) return { plan: planWith(maxTokens, RECEIPT_REF_RESERVE_TOKENS), reserve: RECEIPT_REF_RESERVE_TOKENS };
    const ceiling = Math.floor(maxTokens / 2);
    for (let round = 0; round < 3; round++) {
      const trial = (await signFor(plan, sha256Hex(plan.markdown), true)) as Record<string, unknown> | null;
      const telemetry = telemetryFor(plan, 99_999);
      let need = cost(JSON.stringify({ ...telemetry, ...(trial ?? {}) }));
      if (need <= reserve) break;
      if (need > ceiling && trial?.signed) {
        // Too big for half the budget with its leaves: try the bare signed envelope, else telemetry only
        // (the final shedding in assemble then drops what the reserve cannot hold).
        need = cost(JSON.stringify({ ...telemetry, signed: trial.signed }));
        if (need > ceiling) break;
      }
      const next = Math.min(Math.max(need, reserve + 1), ceiling);
      if (next <= reserve) break;
      reserve = next;
      plan = planWith(maxTokens, reserve);
    }
    return { plan, reserve };
  };

  const ceiling = await fitToCeiling({
    max: effectiveMax,
    overhead: deps.envelopeOverhead ?? 0,
    // Envelope levels compact the full response; below full the reader never sees what they shed.
    levels: ctx.receiptInline ? ENVELOPE_LEVELS : 1,
    sections: parsed.sections.length,
    plan: planFitted,
    build: (f, level) => build(f.plan, f.reserve, level),
    measure: (r) => cost(seenText(r)),
  });
  if (!ceiling.ok) {
    const need = ceiling.suggestedMinTokens;
    const fixed = ceiling.fixedTokens !== undefined ? ` (its fixed fields alone need about ${ceiling.fixedTokens} tokens)` : '';
    return halt(failRead(ctx, { code: 'invalid_arguments', message: `max_tokens ${effectiveMax} cannot hold this page's response${fixed}; ask for at least ${need}.`, reason: 'budget_below_envelope' }, { finalUrl, suggestedMinTokens: need }));
  }
  const { response } = ceiling;
  if (ceiling.whole !== null) chargeWhole(response, ceiling.whole, ceiling.fitted);
  ctx.timings.compileMs = Math.round(performance.now() - material.compileStart);
  if (response.timings) (response.timings as Record<string, number>).compileMs = ctx.timings.compileMs;
  return response;
}

/** The compile report, completeness hint and receipt count the whole response, not only the payload. */
function chargeWhole(response: TranscodeResult, whole: number, fitted: Fitted): void {
  const compile = response.compile as { tokensEstimated?: number; budget?: Record<string, number> } | undefined;
  if (compile) {
    if (compile.budget) {
      compile.budget.envelope = Math.max(0, whole - compile.budget.total);
      compile.budget.total = whole;
    }
    compile.tokensEstimated = whole;
  }
  const completeness = response.completeness as { suggestedMinTokens?: number } | undefined;
  if (completeness?.suggestedMinTokens) completeness.suggestedMinTokens += Math.max(0, whole - (fitted.plan.budget?.total ?? 0));
  if (response.receipt && typeof response.receipt === 'object') (response.receipt as Record<string, unknown>).tokensUsed = whole;
}
