// Stage 3 — strip chrome.
//   in:  the tree (parse), the page type (classify), the playbook's strip selectors
//   out: the tree with page chrome removed in place (boilerplate.ts: tags, ARIA roles, class/id lexicons of
//        rules/chrome.ts, promo banners, strip selectors), how much text that removed, and — when the pattern
//        rules ate most of the page — a fresh tree stripped by structural rules only (so `doc`/`selectors` may be
//        new objects: later stages must use the ones returned here); with a trace, every removal by rule id
// Text a person cannot see goes first (visibility.ts: attributes, inline styles, the page's own <style> rules, the
// browser's marks; rows in rules/visibility.ts), each removal reported so the agent learns what the page hid — on
// `doc` before removeBoilerplate, and again on the fresh tree of the conservative restart.
// On a product page the option groups are spelled out first (shop.ts), so a <select> of sizes survives as text.
import { removeBoilerplate } from '../boilerplate.ts';
import { removeHiddenText, type VisibilityReport, type VisibilityTuning } from '../visibility.ts';
import { textOf, type Document, type Element, type SelectorIndex } from '../dom.ts';
import { spellOptionGroups } from '../shop.ts';
import type { PageType } from '../types.ts';
import { listOf } from '../rules/lexicon.ts';
import { PROMO_BANNER_SELECTORS as PROMO_BANNER_SELECTORS_ROW } from '../rules/chrome.ts';
import { parseTree } from './parse.ts';
import { applies } from '../rules/page-policy.ts';
import { RESTART_BELOW_SHARE as RESTART_BELOW_SHARE_ROW, RESTART_MIN_CHARS as RESTART_MIN_CHARS_ROW } from '../rules/stages.ts';

/** reading.md §10 step 2: promo banners removed before extraction. */
export const PROMO_BANNER_SELECTORS = listOf(PROMO_BANNER_SELECTORS_ROW);

/** Pattern rules that leave less than this share of a page of more than RESTART_MIN_CHARS ate the page. */
const RESTART_BELOW_SHARE = RESTART_BELOW_SHARE_ROW.value;
const RESTART_MIN_CHARS = RESTART_MIN_CHARS_ROW.value;

export interface Stripped {
  doc: Document;
  selectors: SelectorIndex;
  /** What the hidden-text pass removed (of the tree that is kept). */
  hidden: VisibilityReport;
  /** Characters of text the first pass removed. */
  removedChars: number;
  /** With a trace: removals by rule id, with the start of the first texts (of the pass whose tree is kept). */
  removals?: Map<string, { removed: number; samples: string[] }>;
}

/** Removed texts a trace keeps per rule. */
export const TRACE_SAMPLES = 3;
const SAMPLE_CHARS = 80;

export function stripChrome(
  tree: { doc: Document; selectors: SelectorIndex },
  html: string,
  pageType: PageType,
  stripSelectorsOption: readonly string[] | undefined,
  trace = false,
  visibility?: Partial<VisibilityTuning>,
): Stripped {
  let { doc, selectors } = tree;
  const stripSelectors = [...PROMO_BANNER_SELECTORS, ...(stripSelectorsOption ?? [])];
  let removals = trace ? new Map<string, { removed: number; samples: string[] }>() : undefined;
  const onRemove = (into: Map<string, { removed: number; samples: string[] }> | undefined) =>
    into
      ? (rule: string, el: Element) => {
          const entry = into.get(rule) ?? { removed: 0, samples: [] };
          entry.removed++;
          const text = textOf(el).replace(/\s+/g, ' ').trim();
          if (text && entry.samples.length < TRACE_SAMPLES) entry.samples.push(text.slice(0, SAMPLE_CHARS));
          into.set(rule, entry);
        }
      : undefined;
  let hidden = removeHiddenText(doc, { pageType, selectors, tuning: visibility });
  if (applies('strip-chrome.option-groups', pageType)) spellOptionGroups(doc);
  const cleaned = removeBoilerplate(doc, { pageType, stripSelectors, onRemove: onRemove(removals) });
  if (cleaned.textBefore > RESTART_MIN_CHARS && cleaned.textAfter < cleaned.textBefore * RESTART_BELOW_SHARE) {
    // The pattern rules ate most of the page (a site whose class names all look like chrome): start again from a
    // fresh parse with structural rules only.
    ({ doc, selectors } = parseTree(html));
    hidden = removeHiddenText(doc, { pageType, selectors, tuning: visibility });
    if (applies('strip-chrome.option-groups', pageType)) spellOptionGroups(doc);
    removals = trace ? new Map([['strip-chrome.restart-conservative', { removed: 0, samples: [] }]]) : undefined;
    removeBoilerplate(doc, { pageType, stripSelectors, mode: 'conservative', onRemove: onRemove(removals) });
  }
  return { doc, selectors, hidden, removedChars: Math.max(0, cleaned.textBefore - cleaned.textAfter), ...(removals ? { removals } : {}) };
}
