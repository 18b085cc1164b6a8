// The page-type policy of the stages (issue 28): which stage-level rule applies to which page type, as one table
// instead of `pageType === …` branches in the stage files. A stage asks `applies(rule, pageType)`. The block pass
// (precision.ts), boilerplate.ts and main-content.ts still carry their own page-type branches (not moved yet).
import type { PageType } from '../types.ts';

export const PAGE_POLICY = {
  /** strip-chrome: a <select> of sizes or colours is spelled out as its offers before chrome goes (shop.ts). */
  'strip-chrome.option-groups': ['product'],
  /** main-content: the thread's run of posts must lie inside the main content (forum.ts threadShape). */
  'main-content.thread': ['forum'],
  /** clean-blocks: a card grid's picture named after its heading is the card's picture, and stays. */
  'clean-blocks.card-pictures': ['listing', 'product'],
  /** clean-blocks: a second copy of any prose block goes, however short (variant panels, sticky buy bars). */
  'clean-blocks.any-length-repeats': ['product'],
  /** declared-description: the JSON-LD description stands in for a script-rendered product text. */
  'declared-description.json-ld': ['product'],
  /** finish: documentation pages are judged as docs by the page-state verdict (detect.ts isDocs). */
  'finish.docs-verdict': ['documentation'],
} as const satisfies Record<string, readonly PageType[]>;

export type PolicyRule = keyof typeof PAGE_POLICY;

/** Whether a stage-level rule applies to a page type. */
export function applies(rule: PolicyRule, pageType: PageType): boolean {
  return (PAGE_POLICY[rule] as readonly PageType[]).includes(pageType);
}
