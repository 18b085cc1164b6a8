// The one read spine (reading.md §2, §14; issue 29): occam_transcode, `occam read`, digest, cascade, batch and
// watch all call transcode(). It runs named stages over one context (src/read/stages/), one way through:
//   options (context.ts) → acquire (acquire.ts: canary, cache, fetch, publisher Markdown, browser)
//   → extract (extract.ts: materialise the Markdown, blocks, sidecars)
//   → budget (budget.ts: src/budget/ceiling.ts fits what the reader sees to max_tokens, building each candidate
//     through assemble.ts) → assemble (assemble.ts: the full response, then the caller's detail level)
//   → receipt (receipt.ts: signed in assemble, logged by deliverRead below `full`) → cache write.
// A stage that cannot go on returns a Halt: its typed failure (failure.ts) or an early answer (cache hit, canary).
// Nothing throws out of transcode(): every failure becomes the [F-nest] envelope with a taxonomy code.
import { readEnv } from '../config/env.ts';
import { nestedFailure, normaliseError } from '../contract/failures.ts';
import { boundedEcho } from './url-input.ts';
import type { TranscodeArgs } from './options.ts';
import { extractWorkersService } from './extract-worker.ts';
import { parseDetail, sectionsMaxFor, type DetailLevel } from './detail.ts';
import { isHalt, openReadSignal, prepareRead, readContext, startRead, type ReadContext, type ReadState, type TranscodeDeps, type TranscodeResult } from './stages/context.ts';
import { failRead } from './stages/failure.ts';
import { acquireStage, cacheResponse } from './stages/acquire.ts';
import { materialise } from './stages/extract.ts';
import { budgetStage } from './stages/budget.ts';
import { fullAssembler } from './stages/assemble.ts';
import { deliverRead, receiptSigner } from './stages/receipt.ts';

export type { BrowserBackend, TranscodeDeps, TranscodeResult } from './stages/context.ts';

/** Runs one read. Never throws. */
export async function transcode(args: TranscodeArgs, deps: TranscodeDeps): Promise<TranscodeResult> {
  // Called without `detail` (internal readers: digest, cascade, verify, batch) the pipeline answers in full; the
  // tools and verbs resolve the caller's level (default lean, OCCAM_RESPONSE_DETAIL) before they call.
  let detail: DetailLevel;
  try {
    detail = parseDetail(args.detail) ?? 'full';
  } catch (err) {
    return nestedFailure({ code: 'invalid_arguments', message: (err as Error).message }, { url: { url: boundedEcho(String(args.url ?? '')), finalUrl: null } });
  }
  const result = await readOnce(args, deps, detail);
  // playbooks.md §13.4: with OCCAM_ATLAS_MCP on, every read outcome feeds the per-host failure atlas.
  if (readEnv<boolean>('OCCAM_ATLAS_MCP', deps.runtime.env)) {
    const { failureAtlasService } = await import('../optin/atlas.ts');
    const target = (result.url as { url?: string } | undefined)?.url || (typeof args.url === 'string' ? args.url : '');
    await (await deps.services.use(failureAtlasService)).record(target, result.ok, result.ok ? null : ((result.failure as { code?: string } | undefined)?.code ?? null));
  }
  // The receipt stage's delivery: below `full` the signed receipt goes to the receipt log, the response to its level.
  deps.trace?.('receipt');
  return deliverRead(result, detail, deps, { sectionsMax: sectionsMaxFor(deps.resolveMaxTokens(typeof args.max_tokens === 'number' ? args.max_tokens : null)) });
}

/** The options stage, then the stages under the read's deadline and cancellation. */
async function readOnce(args: TranscodeArgs, deps: TranscodeDeps, detail: DetailLevel): Promise<TranscodeResult> {
  const state: ReadState = startRead(args, deps, detail);
  deps.trace?.('options');
  const prepared = await prepareRead(state, args);
  if (isHalt(prepared)) return prepared.halt;
  const { signal, close } = openReadSignal(deps, prepared.opts);
  const ctx = readContext(state, prepared, signal);
  // The read holds off the parse workers' next spare until its work has ended (src/read/extract-worker.ts).
  const endRead = (await deps.services.use(extractWorkersService)).reading();
  try {
    const work = runStages(ctx);
    work.then(endRead, endRead);
    const aborted = new Promise<TranscodeResult>((resolve) => {
      // A timeout names the stages that ran and how long each took (the one still running included).
      const settle = () => resolve(failRead(state, { code: 'timeout', message: (signal.reason as Error)?.message ?? 'The read was cancelled.' }));
      if (signal.aborted) settle();
      else signal.addEventListener('abort', settle, { once: true });
    });
    return await Promise.race([work, aborted]);
  } catch (err) {
    // Defensive: the stages handle their own failures; anything here is an unclassified pipeline fault.
    const { code, message } = normaliseError(err);
    return failRead(state, { code: code === 'extraction_failed' ? 'transcode_failed' : code, message });
  } finally {
    close();
  }
}

/** acquire → extract → budget (building through assemble, signing through receipt) → cache write. */
async function runStages(ctx: ReadContext): Promise<TranscodeResult> {
  const { trace } = ctx.deps;
  trace?.('acquire');
  const acquired = await acquireStage(ctx);
  if (isHalt(acquired)) return acquired.halt;
  trace?.('extract');
  const material = await materialise(ctx, acquired);
  if (isHalt(material)) return material.halt;
  trace?.('budget');
  const signer = receiptSigner(ctx, acquired, material);
  const assemble = fullAssembler(ctx, acquired, material, signer);
  const build: typeof assemble = (plan, reserve, level) => {
    trace?.('assemble');
    return assemble(plan, reserve, level);
  };
  const fitted = await budgetStage(ctx, material, signer, build, acquired.doc.finalUrl);
  if (isHalt(fitted)) return fitted.halt;
  await cacheResponse(acquired, fitted);
  return fitted;
}
