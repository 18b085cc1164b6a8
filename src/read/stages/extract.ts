// Stage 2 of the read spine: extract (reading.md §7, §2 step 9).
//   `extractBody` — in: one acquired body (HTTP or browser) and the playbook overlay's shaper; out: the extracted
//     page, the playbook selector that shaped it, the parse time. It runs inside each acquire attempt (the router
//     needs to know whether an extract is usable) under the memory ledger's reservation for the body.
//   `materialise` — in: ReadContext and Acquired; out: Materialised (the Markdown after selectors, fit, link
//     compaction and diff/delta, its parsed sections, the requested sidecars, the wire blocks) or a Halt with the
//     typed failure (content_selectors_miss, thin_extract when nothing is left).
import { applySelectors, fitMarkdown } from '../../budget/fit.ts';
import { decomposeQuery } from '../../budget/focus.ts';
import type { SidecarKind } from '../../budget/plan.ts';
import { parseDocument, tableOfContents } from '../../budget/sections.ts';
import { loadBudgetCost, type TokenCost } from '../../budget/tokens.ts';
import { readEnv } from '../../config/env.ts';
import { readSafely, type SafetyPolicy, type SafetyReport } from '../safety.ts';
import type { NestedFailureInfo } from '../../contract/failures.ts';
import { extractAcquired, type AcquiredBody, type ExtractedPage, type ExtractionOptions } from '../extraction.ts';
import { extractWorkersService } from '../extract-worker.ts';
import { memoryLedgerService, parseReservation } from '../memory.ts';
import {
  chunkMarkdown,
  compactLinks,
  diffBlocks,
  linkEachTargetOnce,
  linkedMarkdownOf,
  rankBlocks,
  tagTrust,
  toWireBlocks,
  toWireTables,
  type BlockDiff,
  type WireBlock,
} from '../sidecars.ts';
import { halt, type Halt, type ReadContext } from './context.ts';
import { failRead, failureOf } from './failure.ts';
import type { Acquired } from './acquire.ts';

/** The playbook overlay's extract options for one HTML body, and the selector that matched. */
export type OverlayShaper = (html: string) => { selectors: Record<string, unknown>; matched: string | undefined };

/** Extracts one acquired body under its memory reservation. */
export async function extractBody(
  ctx: ReadContext,
  body: AcquiredBody,
  bytes: number,
  shape: OverlayShaper | null,
  options: Pick<ExtractionOptions, 'jsonFeed' | 'backend'>,
): Promise<{ page: ExtractedPage; matched: string | undefined; parseMs: number }> {
  const { services } = ctx.deps;
  const ledger = await services.use(memoryLedgerService);
  const workers = await services.use(extractWorkersService);
  const release = await ledger.reserve(parseReservation(bytes), ctx.signal);
  const parseStart = performance.now();
  let page: ExtractedPage;
  let shaped: ReturnType<OverlayShaper>;
  try {
    shaped = shape ? shape(body.text) : { selectors: {}, matched: undefined };
    page = await extractAcquired(body, { ...options, sessionBound: Boolean(ctx.opts.sessionProfile), ...shaped.selectors, workers, signal: ctx.signal, trace: ctx.deps.explain });
  } finally {
    release();
  }
  return { page, matched: shaped.matched, parseMs: performance.now() - parseStart };
}

export interface Materialised {
  /** The Markdown the budget plans over. */
  markdown: string;
  parsed: ReturnType<typeof parseDocument>;
  sidecars: Partial<Record<SidecarKind, unknown[]>>;
  wireBlocks: WireBlock[];
  diff: BlockDiff | undefined;
  deltaOnly: boolean;
  fitReport: { paragraphsDropped: number; tokensDropped: number } | null;
  query: ReturnType<typeof decomposeQuery> | null;
  cost: TokenCost;
  /** When materialising began (compileMs runs from here to the fitted response). */
  compileStart: number;
  /** The read's safety report (issue 34), absent when there is nothing to say. */
  safety: SafetyReport | undefined;
}

/** The materialise half of the extract stage. */
export async function materialise(ctx: ReadContext, acquired: Acquired): Promise<Materialised | Halt> {
  const { opts, deps } = ctx;
  const { page, doc, winner, recovery, browserTried } = acquired;
  const compileStart = performance.now();
  const cost: TokenCost = await loadBudgetCost();
  // Selectors and fit keep part of the page: they cut from the page as linked, and each target is linked once in
  // what they keep (the extract links it where the whole page first names it, which may be outside the cut).
  const cutting = Boolean(opts.selectors || opts.fit) && page.blocks.some((b) => b.linkedMarkdown !== undefined);
  let markdown = cutting ? linkedMarkdownOf(page.blocks) : page.markdown;
  let fitReport: { paragraphsDropped: number; tokensDropped: number } | null = null;
  const query = opts.focusQuery ? decomposeQuery(opts.focusQuery) : null;
  if (opts.selectors) {
    try {
      markdown = applySelectors(parseDocument(markdown), opts.selectors);
    } catch (err) {
      return halt(failRead(ctx, failureOf(err) as NestedFailureInfo, { finalUrl: doc.finalUrl, ...(recovery ? { recovery } : {}) }, browserTried));
    }
  }
  if (opts.fit) {
    // `section` alone means "read this heading": fit then only drops boilerplate and filler.
    const fit = fitMarkdown(parseDocument(markdown), query, cost, { boilerplateOnly: opts.fitImpliedBySection && !query });
    if (fit.applied) {
      markdown = fit.markdown;
      fitReport = { paragraphsDropped: fit.paragraphsDropped, tokensDropped: fit.tokensDropped };
    }
  }
  if (cutting) markdown = linkEachTargetOnce(markdown);
  if (opts.compactLinks) markdown = compactLinks(markdown);
  if (!markdown.trim()) {
    return halt(failRead(ctx, { code: 'thin_extract', message: 'Nothing was left after selection and pruning.' }, { finalUrl: doc.finalUrl }, browserTried));
  }
  // Safe reading (issue 34): hidden text removed by the extraction, sentences addressing the AI reader (src/read/safety.ts).
  const safe = readSafely({ markdown, hidden: page.hidden, policy: readEnv<SafetyPolicy>('OCCAM_SAFETY', ctx.deps.runtime.env, ctx.deps.runtime.warn) });
  if (safe.refusal) return halt(failRead(ctx, safe.refusal, { finalUrl: doc.finalUrl, safety: safe.safety }, browserTried));
  markdown = safe.markdown;

  // Blocks are computed anyway (diff, receipts); they cost budget only when requested.
  let wireBlocks: WireBlock[] = toWireBlocks(page.blocks, { compactLinks: opts.compactBlockLinks });
  let diff: BlockDiff | undefined;
  if (opts.diffAgainst) diff = diffBlocks(wireBlocks, opts.diffAgainst);
  let deltaOnly = false;
  if (opts.deltaOnly && opts.diffAgainst && opts.jsonBlocks && diff) {
    const added = new Set(diff.addedBlocks.map((b) => b.hash));
    const addedSources = page.blocks.filter((b) => added.has(toWireBlocks([b], { compactLinks: true })[0].hash));
    const addedMarkdown = linkEachTargetOnce(linkedMarkdownOf(addedSources));
    markdown = opts.compactLinks ? compactLinks(addedMarkdown) : addedMarkdown;
    wireBlocks = wireBlocks.filter((b) => added.has(b.hash));
    deltaOnly = true;
  }
  if (opts.jsonBlocks && opts.rankBlocks && query) wireBlocks = rankBlocks(wireBlocks, query);
  if (opts.jsonBlocks && opts.tagTrust) wireBlocks = tagTrust(wireBlocks);

  const parsed = parseDocument(markdown);
  const sidecars: Partial<Record<SidecarKind, unknown[]>> = {};
  if (opts.jsonBlocks) sidecars.blocks = wireBlocks;
  if (opts.jsonTables) sidecars.tables = toWireTables(page.tables);
  const chunkSize = readEnv<number>('OCCAM_CHUNK_SIZE', deps.runtime.env, deps.runtime.warn);
  if (opts.chunking) sidecars.chunks = chunkMarkdown(markdown, chunkSize);
  if (opts.includeMediaRefs) sidecars.media = page.mediaRefs.slice(0, 32);
  if (opts.jsonFeed && page.feed) sidecars.feed = page.feed.items;
  if (opts.toc) sidecars.toc = tableOfContents(parsed);
  if (opts.screenshot && winner.screenshot) sidecars.screenshot = [winner.screenshot];
  return { markdown, parsed, sidecars, wireBlocks, diff, deltaOnly, fitReport, query, cost, compileStart, safety: safe.safety };
}
