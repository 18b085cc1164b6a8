// Stage 8 — prune blocks.
//   in:  the titled blocks, the page type and title (classify), how many body blocks preceded the title heading
//        (title stage), and the report the main-content stage's pruning began
//   out: the blocks the precision pass keeps (precision.ts refineBlocks: recirculation headings and their blocks,
//        comment and review sections by page type, prompts, credits, residue, teaser runs …), heading paths
//        recomputed; the report counts every removal by reason (the trace reads it)
import { refineBlocks, type PrecisionReport } from '../precision.ts';
import type { ContentBlock, PageType } from '../types.ts';
import { recomputeHeadingPaths } from './heading-paths.ts';

export function pruneBlocks(blocks: ContentBlock[], page: { pageType: PageType; title: string | undefined; beforeTitle: number }, report: PrecisionReport): ContentBlock[] {
  return recomputeHeadingPaths(refineBlocks(blocks, page, report));
}
