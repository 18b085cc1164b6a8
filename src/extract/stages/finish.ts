// Stage 10 — finish.
//   in:  the final blocks, the page's reading (classify), signals and visible text (parse), the request's status and
//        evidence (ExtractInput), the main-content stage's strategy and opinion, the prune report
//   out: the ExtractResult: each link target linked once (markdown.ts), the Markdown (`blocks` joined by blank
//        lines), the page-state verdict (detect.ts, reading.md §2 step 8 order: challenge → login → thin) read on the
//        blocks as linked in the page, and the trace when asked for
import { assessPageState } from '../detect.ts';
import { linkTargetsOnce } from '../markdown.ts';
import type { PrecisionReport } from '../precision.ts';
import type { SecondOpinion } from '../second-opinion.ts';
import type { ContentBlock, TraceEntry } from '../types.ts';

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

/** The read's decisions as trace entries: boilerplate removal, the candidate choice, each precision reason. */
export function traceOf(boilerplateRemoved: number, opinion: SecondOpinion | undefined, precision: PrecisionReport): TraceEntry[] {
  const trace: TraceEntry[] = [{ stage: 'boilerplate', rule: 'boilerplate', removed: boilerplateRemoved }];
  if (opinion) trace.push({ stage: 'main-content', rule: `second-opinion:${opinion.chosen}`, removed: 0 });
  for (const [reason, n] of Object.entries(precision.removed)) trace.push({ stage: 'precision', rule: reason, removed: n ?? 0 });
  return trace;
}
