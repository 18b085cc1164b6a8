// The seed of the extraction rules catalogue (issue 28): every rule or constant added from here on is a data row
// saying what it is for, which page types it applies to, and an example it fires on and one it must not fire on.
// Lexicons and thresholds that predate the catalogue still live beside their code; they move here one by one.
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
