// The rules catalogue (issue 28): every row of src/extract/rules/ in one list, so tests, scripts/rule-hits.ts and
// the trace name rules by id from one place. Lexicon rows (rules/lexicon.ts) hold the phrase, class/id, selector
// and URL/host lists; value rows (rules/index.ts) hold named thresholds. Adding a topic file means adding it here.
import type { RuleRow } from './index.ts';
import type { LexiconRow } from './lexicon.ts';
import * as chrome from './chrome.ts';
import * as docs from './docs.ts';
import * as duplicate from './duplicate.ts';
import * as forum from './forum.ts';
import * as mainContent from './main-content.ts';
import * as markdown from './markdown.ts';
import * as pageState from './page-state.ts';
import * as pageType from './page-type.ts';
import * as phrases from './phrases.ts';
import * as product from './product.ts';
import * as recirculation from './recirculation.ts';
import * as secondOpinion from './second-opinion.ts';
import * as sections from './sections.ts';
import * as shop from './shop.ts';
import * as stages from './stages.ts';
import * as thread from './thread.ts';

const rowsOf = <T>(...topics: Array<Record<string, T>>): T[] => topics.flatMap((t) => Object.values(t));

/** Every lexicon row, topic by topic in file order. */
export const LEXICON_ROWS: readonly LexiconRow[] = rowsOf<LexiconRow>(chrome, sections, phrases, mainContent, forum, shop, pageType, pageState, markdown);

/** Every value row (named thresholds and patterns that are no lexicon). */
export const VALUE_ROWS: ReadonlyArray<RuleRow<unknown>> = rowsOf<RuleRow<unknown>>(docs, duplicate, product, recirculation, secondOpinion, stages, thread);

/** A row by id. */
export function ruleById(id: string): LexiconRow | RuleRow<unknown> | undefined {
  return LEXICON_ROWS.find((r) => r.id === id) ?? VALUE_ROWS.find((r) => r.id === id);
}
