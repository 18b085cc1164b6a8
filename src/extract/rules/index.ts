// Value rows of the extraction rules catalogue (issue 28): named thresholds and single patterns as data rows saying
// what they are for, which page types they apply to, and an example they fire on and one they must not fire on.
// Lexicons (phrase, class/id, selector, URL/host lists) are rows of rules/lexicon.ts; rules/catalogue.ts lists both
// kinds; rules/page-policy.ts says which stage-level rule applies to which page type. Thresholds still inside
// function bodies (boilerplate.ts, main-content.ts, precision.ts …) move here one by one.
import type { PageType } from '../types.ts';

export interface RuleRow<T> {
  /** Stable id, `<stage>.<rule>` ("thread.min-posts"): trace entries and tests name rules by it. */
  id: string;
  /** Why the rule exists: the page shape it answers. */
  reason: string;
  /** Page types the rule applies to ('all' when the page type does not matter). */
  appliesTo: readonly PageType[] | 'all';
  /** The rule's value: a threshold, a pattern, a weight. */
  value: T;
  /** A page shape (or text) the rule fires on. */
  example: string;
  /** A close neighbour it must not fire on. */
  counterExample: string;
}

/** Declares a row; the value is what code reads (`THREAD_MIN_POSTS.value`). */
export function rule<T>(row: RuleRow<T>): RuleRow<T> {
  return row;
}
