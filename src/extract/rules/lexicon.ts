// Lexicon rows of the rules catalogue (issue 28): every phrase list, class/id/selector list and URL/host list the
// extraction code uses is a row here, with the reason it exists, the page types it is meant for, and an example it
// matches and a counter-example it must not (test/unit/extract/rules-catalogue.test.ts runs both for every row).
// The code reads a row only through the helpers below, which turn it into the matcher it always used: a RegExp
// whose alternation is the row's terms, a Set, a list.
import type { PageType } from '../types.ts';

/** Where a pattern row's terms go: the alternation `(term|term|…)`'s inside. */
export const TERMS = '%TERMS%';
/** A whole class/id token: bounded by the string's ends, whitespace, `_` or `-` (`post-share-buttons` holds `share`). */
export const CLASS_TOKEN = `(^|[\\s_-])(${TERMS})(?=$|[\\s_-])`;
/** A whole class/id only: bounded by the string's ends or whitespace (`category-estallido-comentarios` holds none). */
export const WHOLE_TOKEN = `(^|\\s)(${TERMS})(?=$|\\s)`;

export type LexiconMatch =
  /** One pattern: `shape` with the terms (regular-expression fragments, one entry each) as its alternation. */
  | { kind: 'pattern'; shape: string; flags: string; terms: readonly string[] }
  /** One pattern per term (regular-expression sources), all with the same flags. */
  | { kind: 'patterns'; flags: string; terms: readonly string[] }
  /** Exact strings (tokens, roles, schema.org types, selectors, markers). */
  | { kind: 'exact'; terms: readonly string[] };

export interface LexiconRow {
  /** Stable id, `<topic>.<lexicon>`: trace entries, rule-hit counts and tests name rows by it. */
  id: string;
  /** Why the lexicon exists: the page shape it answers. */
  reason: string;
  /** Page types it is meant for ('all' when the page type does not matter). */
  appliesTo: readonly PageType[] | 'all';
  match: LexiconMatch;
  /** A text (class string, line, URL …) the row matches. */
  example: string;
  /** A close neighbour it must not match. */
  counterExample: string;
}

/** Declares a lexicon row. */
export function lexicon<const M extends LexiconMatch>(row: LexiconRow & { match: M }): LexiconRow & { match: M } {
  return row;
}

/** A pattern row's source: its shape around the alternation of its terms (a fragment other patterns may embed). */
export function sourceOf(row: LexiconRow & { match: { kind: 'pattern' } }): string {
  return row.match.shape.replace(TERMS, () => row.match.terms.join('|'));
}

/**
 * The matchers built from rows, and which row (and, for a patterns row, which term) each came from: scripts/rule-
 * hits.ts attributes the code's matches to rows through it. Filled once at module load; weak, so it holds nothing.
 */
export const MATCHER_ORIGIN = new WeakMap<object, { row: LexiconRow; term?: number; embed?: (source: string) => string }>();

/** A pattern row as the RegExp the code tests with (one instance per call: stateful `g` patterns are not shared). */
export function patternOf(row: LexiconRow & { match: { kind: 'pattern' } }): RegExp {
  const pattern = new RegExp(sourceOf(row), row.match.flags);
  MATCHER_ORIGIN.set(pattern, { row });
  return pattern;
}

/** A pattern that embeds a pattern row's source (`embed` builds the whole source around it). */
export function embeddedPatternOf(row: LexiconRow & { match: { kind: 'pattern' } }, embed: (source: string) => string, flags: string): RegExp {
  const pattern = new RegExp(embed(sourceOf(row)), flags);
  MATCHER_ORIGIN.set(pattern, { row, embed });
  return pattern;
}

/** A patterns row as its RegExps, in order. */
export function patternsOf(row: LexiconRow & { match: { kind: 'patterns' } }): RegExp[] {
  return row.match.terms.map((t, term) => {
    const pattern = new RegExp(t, row.match.flags);
    MATCHER_ORIGIN.set(pattern, { row, term });
    return pattern;
  });
}

/** An exact row as a Set. */
export function setOf(row: LexiconRow & { match: { kind: 'exact' } }): ReadonlySet<string> {
  const set = new Set(row.match.terms);
  MATCHER_ORIGIN.set(set, { row });
  return set;
}

/** An exact row as a list, in order. */
export function listOf(row: LexiconRow & { match: { kind: 'exact' } }): readonly string[] {
  return row.match.terms;
}

/** Whether a row matches a text as a whole: the test's and scripts/rule-hits.ts' view of a row. */
export function rowMatches(row: LexiconRow, text: string): boolean {
  const m = row.match;
  if (m.kind === 'exact') return m.terms.includes(text);
  if (m.kind === 'patterns') return m.terms.some((t) => new RegExp(t, m.flags).test(text));
  return new RegExp(m.shape.replace(TERMS, () => m.terms.join('|')), m.flags).test(text);
}

/** How many entries a row holds (the catalogue's size is the sum). */
export function entriesOf(row: LexiconRow): number {
  return row.match.terms.length;
}
