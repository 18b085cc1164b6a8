// Stage 10 — finish.
//   in:  the final blocks, the page's reading (classify), signals and visible text (parse), the request's status and
//        evidence (ExtractInput), the main-content stage's strategy and opinion, the prune report
//   out: the ExtractResult: each link target linked once (markdown.ts), the Markdown (`blocks` joined by blank
//        lines), the page-state verdict (detect.ts, reading.md §2 step 8 order: challenge → login → thin) read on the
//        blocks as linked in the page, and the trace when asked for (which stage removed what by which rule id)
import { assessPageState } from '../detect.ts';
import { linkTargetsOnce } from '../markdown.ts';
import type { PrecisionReport } from '../precision.ts';
import type { SecondOpinion } from '../second-opinion.ts';
import type { ContentBlock, TraceEntry, TraceStage } from '../types.ts';
import { TRACE_SAMPLES } from './strip-chrome.ts';

/** Block by block in reading order, so a target keeps its link where the read first names it (markdown.ts). */
export function withEachTargetLinkedOnce(blocks: ContentBlock[]): ContentBlock[] {
  const linked = new Set<string>();
  return blocks.map((b) => {
    if (b.kind === 'code') return b;
    const markdown = linkTargetsOnce(b.markdown, linked);
    return markdown === b.markdown ? b : { ...b, markdown, linkedMarkdown: b.markdown };
  });
}

export { assessPageState };

/**
 * The read's decisions as trace entries, stage by stage: strip-chrome's removals by rule, the candidate choice and
 * the pruning inside the main content (main-content), and the block pass (prune-blocks). `beforePrune` is the
 * precision report as the main-content stage left it (its counts and how many samples it had taken).
 */
export function traceOf(
  removals: ReadonlyMap<string, { removed: number; samples: string[] }> | undefined,
  opinion: SecondOpinion | undefined,
  beforePrune: { removed: PrecisionReport['removed']; samples: number },
  precision: PrecisionReport,
): TraceEntry[] {
  const trace: TraceEntry[] = [];
  for (const [rule, r] of removals ?? []) trace.push({ stage: 'strip-chrome', rule, removed: r.removed, ...(r.samples.length ? { samples: r.samples } : {}) });
  if (opinion) trace.push({ stage: 'main-content', rule: `second-opinion:${opinion.chosen}`, removed: 0 });
  const samples = precision.samples ?? [];
  const of = (stage: TraceStage, reason: string, removed: number, from: number, to: number): TraceEntry => {
    const texts = samples.slice(from, to).filter((s) => s.reason === reason).map((s) => s.text);
    return { stage, rule: `${stage}.${reason}`, removed, ...(texts.length ? { samples: texts.slice(0, TRACE_SAMPLES) } : {}) };
  };
  for (const [reason, n] of Object.entries(beforePrune.removed)) if (n) trace.push(of('main-content', reason, n, 0, beforePrune.samples));
  for (const [reason, n] of Object.entries(precision.removed)) {
    const pruned = (n ?? 0) - (beforePrune.removed[reason as keyof PrecisionReport['removed']] ?? 0);
    if (pruned > 0) trace.push(of('prune-blocks', reason, pruned, beforePrune.samples, samples.length));
  }
  return trace;
}
