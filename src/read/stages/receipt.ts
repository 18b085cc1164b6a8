// Stage 5 of the read spine: receipts (trust.md §3.6–3.9, issue 29).
//   `receiptFor` — in: the kind (extraction | negative), the context and the facts to sign; out: the receipt step's
//     output, or null when receipts are off, the failure is not provable, or signing failed (never faked).
//   `receiptSigner` — in: context, Acquired, Materialised; out: how a plan is signed and what its telemetry is
//     (the budget stage signs trial receipts to size its reserve; assemble signs the real one).
//     `receiptOf` is the receipt a response carries: signed over what is returned and, under a budget, shed to
//     its reserve (capsule, leaves, time anchor, signature go first, each named in the warnings).
//   `deliverRead` — in: a full response and the caller's detail level; out: the response at that level, its signed
//     receipt written to the receipt log below `full` (kept inline when the log cannot be written).
import type { PlanResult } from '../../budget/plan.ts';
import { BUDGET_TOKEN_UNIT_ID, type TokenCost } from '../../budget/tokens.ts';
import type { RuntimeContext } from '../../runtime/context.ts';
import type { Services } from '../../runtime/services.ts';
import { receiptLogService } from '../../store/receipt-log.ts';
import { finalUrlOf, receiptRefOf, type DetailLevel } from '../detail.ts';
import { transcodeReceiptStep, type ReceiptStepOutput } from '../receipt-step.ts';
import type { WireBlock } from '../sidecars.ts';
import { receiptCompanion } from '../safety.ts';
import { assembleRead, type AssembleOptions } from './assemble.ts';
import type { Acquired } from './acquire.ts';
import type { ReadContext, TranscodeResult } from './context.ts';
import type { Materialised } from './extract.ts';

/** Failures a negative receipt can prove (trust.md §3.9): walls the page itself put up. */
const PROVABLE = ['captcha_or_challenge', 'requires_login', 'paywall', 'http_401', 'http_403', 'http_404', 'http_410'];

export interface ReceiptFacts {
  finalUrl: string | null;
  backend: string | null;
  contentHash?: string;
  tokens?: number;
  confidence?: number;
  blocks?: ReadonlyArray<{ text: string; sourceSelector: string }>;
  leafSetComplete?: boolean;
  markdown?: string;
  failureCode?: string;
  statusCode?: number;
  elapsedMs: number;
  playbook?: { id: string; version: string };
  sizingOnly?: boolean;
}

export async function receiptFor(kind: 'extraction' | 'negative', ctx: ReadContext, facts: ReceiptFacts): Promise<ReceiptStepOutput | Record<string, unknown> | null> {
  const { opts, deps } = ctx;
  if (kind === 'negative') {
    if (!transcodeReceiptStep || !facts.failureCode || !PROVABLE.includes(facts.failureCode)) return null;
  }
  if (!transcodeReceiptStep) return null;
  try {
    const out = await transcodeReceiptStep({
      kind,
      url: opts.inputUrl,
      finalUrl: facts.finalUrl,
      backend: facts.backend,
      contentHash: facts.contentHash ?? null,
      tokens: facts.tokens ?? 0,
      confidence: facts.confidence ?? 0,
      blocks: facts.blocks ?? [],
      leafSetComplete: facts.leafSetComplete ?? false,
      ...(facts.markdown !== undefined ? { markdown: facts.markdown } : {}),
      ...(facts.failureCode ? { failureCode: facts.failureCode } : {}),
      ...(facts.statusCode ? { statusCode: facts.statusCode } : {}),
      ...(facts.playbook ? { playbook: facts.playbook } : {}),
      emitCapsule: opts.emitCapsule,
      ...(facts.sizingOnly ? { sizingOnly: true } : {}),
      runtime: deps.runtime,
      services: deps.services,
    });
    if (!out) return null;
    return kind === 'negative' ? { tokensUsed: 0, truncationStrategy: null, elapsedMs: facts.elapsedMs, ...out } : out;
  } catch {
    // A receipt that cannot be produced is absent, never faked.
    return null;
  }
}

export interface ReceiptSigner {
  /** The read's confidence under a plan (quality score, the browser's bonus, a cut's penalty). */
  confidenceFor: (plan: PlanResult) => number;
  /** The receipt's telemetry fields under a plan. */
  telemetryFor: (plan: PlanResult, elapsedMs: number) => Record<string, unknown>;
  /** Signs the extraction receipt of a plan (sizingOnly: a trial of the real size, never shown). */
  signFor: (plan: PlanResult, contentHash: string, sizingOnly?: boolean) => Promise<ReceiptStepOutput | Record<string, unknown> | null>;
  /**
   * The receipt a response carries: its telemetry (`base`) and the signature over what is returned; under a budget
   * where it travels inline, shed to `reserve`. Every part it cannot carry is named in `warn`.
   */
  receiptOf: (plan: PlanResult, contentHash: string, base: Record<string, unknown>, reserve: number, warn: string[]) => Promise<Record<string, unknown>>;
}

export function receiptSigner(ctx: ReadContext, acquired: Acquired, material: Materialised): ReceiptSigner {
  const { opts } = ctx;
  const { page, winner, doc, playbookStamp } = acquired;
  // The receipt's Merkle leaves (trust.md §3.7) cover the blocks the response returns: with json_blocks, the
  // blocks the budget kept. Without json_blocks no blocks are returned, so no leaves travel either (reading.md
  // §10: blocks cost nothing unless requested) — as in the reference's representative result.
  const retainedBlocks = (p: PlanResult): Array<{ text: string; sourceSelector: string }> =>
    opts.jsonBlocks ? ((p.sidecars.blocks ?? []) as WireBlock[]).map((b) => ({ text: b.text, sourceSelector: b.sourceSelector })) : [];
  const leafSetCompleteFor = (p: PlanResult) => !p.truncated && !material.fitReport && !opts.selectors && !material.deltaOnly;
  const quality = page.state.ok ? page.state.quality : undefined;
  const confidenceFor = (p: PlanResult) => {
    const c = quality ? Math.max(0, Math.min(1, quality.score + (winner.backend === 'browser_playwright' ? 0.05 : 0) - (p.truncated ? 0.05 : 0))) : 0;
    return Math.round(c * 10_000) / 10_000;
  };
  const telemetryFor = (p: PlanResult, elapsedMs: number) => ({
    tokensUsed: p.budget?.total ?? p.markdownTokens,
    tokenEstimator: BUDGET_TOKEN_UNIT_ID,
    truncationStrategy: p.strategy,
    ...(confidenceFor(p) > 0 ? { confidence: confidenceFor(p) } : {}),
    elapsedMs,
  });
  const signFor = (p: PlanResult, hash: string, sizingOnly = false) =>
    receiptFor('extraction', ctx, {
      sizingOnly,
      finalUrl: doc.finalUrl,
      backend: winner.backend,
      contentHash: hash,
      tokens: p.budget?.total ?? p.markdownTokens,
      confidence: confidenceFor(p),
      blocks: retainedBlocks(p),
      leafSetComplete: leafSetCompleteFor(p),
      markdown: p.markdown,
      elapsedMs: ctx.clock.mark(),
      ...(playbookStamp ? { playbook: playbookStamp } : {}),
    });
  const receiptOf = async (p: PlanResult, hash: string, base: Record<string, unknown>, reserve: number, warn: string[]) => {
    const signed = ((await signFor(p, hash)) ?? null) as Record<string, unknown> | null;
    // The safety verdict (issue 34) rides as an unsigned companion of a signed receipt, outside the v1 canonical bytes.
    const receipt: Record<string, unknown> = { ...base, ...(signed ?? {}), ...(signed?.signed && material.safety ? { safety: receiptCompanion(material.safety) } : {}) };
    if (ctx.effectiveMax !== null && ctx.receiptInline) shedReceipt(receipt, reserve, material.cost, warn);
    if (opts.emitCapsule && receipt.capsule === undefined && !warn.includes('receipt_capsule_omitted_by_budget')) {
      warn.push('emit_capsule_unavailable: capsules need signed receipts (OCCAM_RECEIPTS is off or signing failed)');
    }
    return receipt;
  };
  return { confidenceFor, telemetryFor, signFor, receiptOf };
}

/** A receipt that does not fit its reserve sheds optional parts; it is never faked or shortened. */
function shedReceipt(receipt: Record<string, unknown>, reserve: number, cost: TokenCost, warn: string[]): void {
  const shed: Array<[string, string]> = [
    ['capsule', 'receipt_capsule_omitted_by_budget'],
    ['blockLeaves', 'receipt_leaves_omitted_by_budget'],
    ['timeAnchor', 'receipt_time_anchor_omitted_by_budget'],
    ['signed', 'receipt_signature_omitted_by_budget'],
  ];
  for (const [field, warning] of shed) {
    if (cost(JSON.stringify(receipt)) <= reserve) break;
    if (receipt[field] === undefined) continue;
    delete receipt[field];
    warn.push(warning);
  }
}

/**
 * Delivers a full read at `detail`: below `full`, a signed receipt is written to the receipt log first and the
 * response carries its reference. A log that cannot be written keeps the receipt inline (never lost) and says so.
 */
export async function deliverRead(
  full: TranscodeResult,
  detail: DetailLevel,
  ctx: { runtime: RuntimeContext; services: Services },
  options: AssembleOptions = {},
): Promise<TranscodeResult> {
  if (detail === 'full') return full;
  const ref = receiptRefOf(full);
  if (ref) {
    try {
      const log = await ctx.services.use(receiptLogService);
      await log.put({ id: ref.id, receipt: full.receipt as Record<string, unknown>, url: finalUrlOf(full), loggedAtMs: ctx.runtime.now() });
    } catch (err) {
      ctx.runtime.warn(`[occam.receipts] receipt log not written, the receipt travels inline: ${(err as Error).message}`);
      return { ...assembleRead(full, detail, options), receipt: full.receipt, receiptLog: 'unavailable' };
    }
  }
  return assembleRead(full, detail, options);
}
